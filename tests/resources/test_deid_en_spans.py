"""The span rules of deid-en (resources/grammars/deid-en/README.md, "Span rules"): where a PHI value
starts and ends after HIPAA Safe Harbor and the i2b2 2014 guidelines, and value forms of other
countries (phone groupings, postcodes, dates), each with the PHI-free text it must leave alone."""

from __future__ import annotations

import pytest
from resourcehelp import phi


@pytest.mark.parametrize("text, expected", [
    # an initial after the last name part, with its period
    ("Letter copied to Mrs Gwen T. in the practice.", [("PATIENT", "Gwen T.")]),
    ("Phoned Susan R. about her smear result.", [("PATIENT", "Susan R.")]),
    # several initials before the surname
    ("Results sent to A. K. Lewis and filed.", [("PATIENT", "A. K. Lewis")]),
    ("Mr. P. J. Kowalczyk reviewed in clinic.", [("PATIENT", "P. J. Kowalczyk")]),
    # particles, with the hyphen of al- / el-
    ("Mr Karim al-Hassan reports less pain.", [("PATIENT", "Karim al-Hassan")]),
    ("Referred by Dr Samira el-Masri.", [("DOCTOR", "Samira el-Masri")]),
    ("Mrs Joana dos Reis declined the vaccine.", [("PATIENT", "Joana dos Reis")]),
    ("David van der Merwe attended with his wife.", [("PATIENT", "David van der Merwe")]),
    # particles with the part after them, or before the first part, in no list (guidelines 2.3)
    ("My name is Brian de Lopes and I need help.", [("PATIENT", "Brian de Lopes")]),
    ("de la Rosa, Alfonso", [("PATIENT", "de la Rosa, Alfonso")]),
    # a particle-like word before a word in lower case is no part of the name
    ("We saw Mr Lee de novo today.", [("PATIENT", "Lee")]),
    # "I" after a name is the pronoun, not an initial
    ("Mr Evans I. think is improving.", [("PATIENT", "Evans")]),
    # a city and its country are no "Surname, First"
    ("Born in Paris, France, moved in 1999.", [("CITY", "Paris"), ("COUNTRY", "France")]),
    # surname first after a name field, its particles capitalised: one name
    ("Patient: De la Cruz, Rafael", [("PATIENT", "De la Cruz, Rafael")]),
    ("Name: Van der Berg, Pieter", [("PATIENT", "Van der Berg, Pieter")]),
    # an English word opening the clause is no first name in no list, though the next is a surname
    ("Contact Paul Whitaker about the results.", [("PATIENT", "Paul Whitaker")]),
    ("Remind Peter Okonkwo to fast.", [("PATIENT", "Peter Okonkwo")]),
    # ... but after another name it is a name part
    ("Cases today: Lam Ka Yan and others.", [("PATIENT", "Lam Ka Yan")]),
])
def test_the_whole_name(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Transferred to St. Vincent's Medical Center overnight.", [("HOSPITAL", "St. Vincent's Medical Center")]),
    ("Palliative input from St Oswald's Hospice.", [("HOSPITAL", "St Oswald's Hospice")]),
    ("Discussed with Helen Ley Hospice team.", [("HOSPITAL", "Helen Ley Hospice")]),
    ("Follow-up booked at Mt. Hood Community Hospital.", [("HOSPITAL", "Mt. Hood Community Hospital")]),
    ("Registered with the Beech Tree Surgery.", [("HOSPITAL", "Beech Tree Surgery")]),
    ("Lives at Willow Bank Care Home.", [("HOSPITAL", "Willow Bank Care Home")]),
    # in lower case, as in search queries: a name or place of the lists before the head word
    ("readmissions st lukes hospital 2019", [("HOSPITAL", "st lukes hospital")]),
    ("letters from bristol royal infirmary", [("HOSPITAL", "bristol royal infirmary")]),
    ("hip surgery waiting list", []),
    ("sexual health clinic audit", []),
    # a period ends a name: the sentence after it is no part of a hospital
    ("Seen by Dr Ward. Hospital stay was short.", [("DOCTOR", "Ward")]),
])
def test_the_whole_facility(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    ("NI number JK 48 21 07 B on the form.", [("SSN", "JK 48 21 07 B")]),
    ("National insurance: PR 552107 C.", [("SSN", "PR 552107 C")]),
    ("Member ID: WX 5530981 verified.", [("HEALTHPLAN", "WX 5530981")]),
    ("MRN# TK-771204 on the wristband.", [("MEDICALRECORD", "TK-771204")]),
    # national identity numbers after their label, with their internal spaces
    ("Aadhaar number 4821 7730 9152 verified.", [("SSN", "4821 7730 9152")]),
    ("Passport no. K4471029 copied.", [("IDNUM", "K4471029")]),
    # account numbers by their check digits: IBAN (mod 97), card numbers (Luhn)
    ("Refund to NL91 ABNA 0417 1643 00 requested.", [("ACCOUNT", "NL91 ABNA 0417 1643 00")]),
    ("Direct debit FR7630006000011234567890189 set up.", [("ACCOUNT", "FR7630006000011234567890189")]),
    ("Paid with card 5500 0000 0000 0004 today.", [("ACCOUNT", "5500 0000 0000 0004")]),
    # identifiers punctuated two ways, or digits and a hyphen
    ("CPF 234.567.890-12 on the form.", [("SSN", "234.567.890-12")]),
    ("Document 345.678.901-23 on the form.", [("IDNUM", "345.678.901-23")]),
    ("Employer 45.997.418/0001-53 pays.", [("IDNUM", "45.997.418/0001-53")]),
    ("Registration 850712-2345678 checked.", [("IDNUM", "850712-2345678")]),
    # a national phone grouping does not take a date and a time, or an SSN
    ("Bloods 01.02.2021 1230, SSN 078-05-1120.", [("DATE", "01.02.2021"), ("SSN", "078-05-1120")]),
])
def test_the_whole_identifier(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # the unit before or after the street, floors too, a direction after the type
    ("Moved to Floor 3, 18 Castle Street last month.", [("STREET", "Floor 3, 18 Castle Street")]),
    ("Office: 700 Pine Avenue, Suite 410.", [("STREET", "700 Pine Avenue, Suite 410")]),
    ("Address 55 King St E, Apt 9D.", [("STREET", "55 King St E, Apt 9D")]),
    ("Post to PO Box 2231, Leeds.", [("STREET", "PO Box 2231"), ("CITY", "Leeds")]),
    # the unit's number standing for the house number; ranges and units written with a slash
    ("Moved to Flat 7, Kingsley Road last week.", [("STREET", "Flat 7, Kingsley Road")]),
    ("Staying at 3/41 Beach Street with family.", [("STREET", "3/41 Beach Street")]),
    ("Works at 21-23 Mill Road.", [("STREET", "21-23 Mill Road")]),
    ("Office at 90 Park Avenue, 12th Floor today.", [("STREET", "90 Park Avenue, 12th Floor")]),
    # a lower-case type after the number, a shortened compound type
    ("Sent to 4, rue des Lilas, Paris.", [("STREET", "4, rue des Lilas"), ("CITY", "Paris")]),
    ("Lives at Bergstr. 17, Berlin.", [("STREET", "Bergstr. 17"), ("CITY", "Berlin")]),
    # street type first, number after or before; one word with its type inside
    ("Lives at Via Garibaldi 14, Rome.", [("STREET", "Via Garibaldi 14"), ("CITY", "Rome")]),
    ("Flat at 8 Rue du Bac, Paris.", [("STREET", "8 Rue du Bac"), ("CITY", "Paris")]),
    ("Sent to Lindenallee 27 in Berlin.", [("STREET", "Lindenallee 27"), ("CITY", "Berlin")]),
    # more street types after the name (USPS Publication 28, AS/NZS 4819), the number with them
    ("Moved to 4417 Harlan Parkways.", [("STREET", "4417 Harlan Parkways")]),
    ("Lives at 12 Tamsin Circuit.", [("STREET", "12 Tamsin Circuit")]),
    ("Post to 88 Corbett Roads please.", [("STREET", "88 Corbett Roads")]),
    # one word with its type inside, as Nordic, Finnish and Dutch streets
    ("Sent to Nørregade 14 today.", [("STREET", "Nørregade 14")]),
    ("Sent to Mannerheimintie 22 today.", [("STREET", "Mannerheimintie 22")]),
    ("Sent to Kerkdreef 9 today.", [("STREET", "Kerkdreef 9")]),
    # the type first in more languages, a "No." or "N°" before the number
    ("Sent to Vicolo Stretto 5 today.", [("STREET", "Vicolo Stretto 5")]),
    ("Sent to Jalan Merdeka No. 12 today.", [("STREET", "Jalan Merdeka No. 12")]),
    ("Sent to rue Sainte-Catherine 19 today.", [("STREET", "rue Sainte-Catherine 19")]),
    # the name and the number after an address cue, without a type word, with a type word of its own
    # after the name, or hyphened names before the type
    ("She lives at Dvořákova 412 now.", [("STREET", "Dvořákova 412")]),
    ("Address: Ilica 86", [("STREET", "Ilica 86")]),
    ("Address: Trubarjeva cesta 7", [("STREET", "Trubarjeva cesta 7")]),
    ("Address: Rákóczi utca 41", [("STREET", "Rákóczi utca 41")]),
    ("Address: Otto-Hahn-Straße 3", [("STREET", "Otto-Hahn-Straße 3")]),
])
def test_the_whole_street_line(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Last smear Jun 14th '19, normal.", [("DATE", "Jun 14th '19")]),
    ("Surgery on 9 Oct '18 went well.", [("DATE", "9 Oct '18")]),
    ("Seen on the 21st of Jan '20 by the GP.", [("DATE", "21st of Jan '20")]),
    ("Symptoms since August '22.", [("DATE", "August '22")]),
    ("Admitted 12th September 2020.", [("DATE", "12th September 2020")]),
    ("Bloods on 14.07.2022 normal.", [("DATE", "14.07.2022")]),
    # an ISO 8601 date-time is one value with its time
    ("Specimen received 2022-07-14T09:41:07Z.", [("DATE", "2022-07-14T09:41:07Z")]),
    ("Scan logged 2023-01-30 16:05 by radiology.", [("DATE", "2023-01-30 16:05")]),
    ("Event 2020-11-02T23:15:00+05:30 recorded.", [("DATE", "2020-11-02T23:15:00+05:30")]),
    # a time after another date stays out
    ("Next visit 14/07/2022 at 10:30.", [("DATE", "14/07/2022")]),
])
def test_every_common_date_form(hipaa, text, expected):
    assert phi(hipaa, text) == expected


def test_a_two_digit_year_alone_is_a_date_only_under_i2b2(hipaa, i2b2):
    text = "Diagnosed in '04 and again in the '90s."
    assert phi(hipaa, text) == []
    assert phi(i2b2, text) == [("DATE", "'04"), ("DATE", "'90s")]


@pytest.mark.parametrize("text, expected", [
    # i2b2 2014 annotates weekdays; a weekday before a date is one of its elements (deid-guidelines.md)
    ("Next appointment: Tuesday, April 11, 2023 at 10:30 AM.", [("DATE", "Tuesday, April 11, 2023")]),
    ("Seen on Mon 3/12/2021 in clinic.", [("DATE", "Mon 3/12/2021")]),
    ("Booked for Friday 14 May 2021.", [("DATE", "Friday 14 May 2021")]),
    ("Confused since Sunday 28th March.", [("DATE", "Sunday 28th March")]),
    # a weekday and an ordinal day name a date
    ("More confused since Sunday 28th, says her son.", [("DATE", "Sunday 28th")]),
    ("See you on Tuesday the 4th.", [("DATE", "Tuesday the 4th")]),
    # a weekday alone stays out, and so does a number after it that is no ordinal day
    ("Rash started on Monday, no new soaps.", []),
    ("On Monday 2 tablets were missed.", []),
    ("Clinic closed on Friday for the inspection.", []),
])
def test_a_weekday_before_a_date_is_part_of_it(hipaa, text, expected):
    assert phi(hipaa, text) == expected


def test_a_weekday_before_a_year_or_month_alone_stays_out_of_hipaa(hipaa, i2b2):
    text = "Since Tuesday, March the cough is worse."
    assert phi(hipaa, text) == []
    assert phi(i2b2, text) == [("DATE", "March")]


@pytest.mark.parametrize("text, expected", [
    # national groupings with a trunk 0 or an area code in brackets
    ("Daughter's number (0113) 496 0821.", [("PHONE", "(0113) 496 0821")]),
    ("Office (03) 8765 4321 in the letter.", [("PHONE", "(03) 8765 4321")]),
    ("Mobile 0433 221 908 after work.", [("PHONE", "0433 221 908")]),
    ("Praxis 089/21098765 called.", [("PHONE", "089/21098765")]),
    ("Appelez le 04.78.12.34.56 demain.", [("PHONE", "04.78.12.34.56")]),
    ("Clinic line 06-4321-9876 in Osaka.", [("PHONE", "06-4321-9876"), ("CITY", "Osaka")]),
    ("Her son on 080-9876-5432 agreed.", [("PHONE", "080-9876-5432")]),
    ("Number +55 (21) 98877-6655 given.", [("PHONE", "+55 (21) 98877-6655")]),
    # E.164 and 00 prefixes
    ("Husband reachable on +234 809 555 0143.", [("PHONE", "+234 809 555 0143")]),
    ("Brother in Zurich: 0041 31 555 12 34.", [("CITY", "Zurich"), ("PHONE", "0041 31 555 12 34")]),
    # after a cue word, any grouping
    ("Please ring 08123456789 to rebook.", [("PHONE", "08123456789")]),
    # the country code in brackets before the number, after a cue
    ("Phone: (+358) 401234567 for the daughter.", [("PHONE", "(+358) 401234567")]),
    ("Mobile (+57)3104567890 abroad.", [("PHONE", "(+57)3104567890")]),
    # an extension joined to the number stays inside
    ("Direct line 617-555-0143 ext. 208 for the nurse.", [("PHONE", "617-555-0143 ext. 208")]),
    ("Landlord (212)555-0187x34 will call back.", [("PHONE", "(212)555-0187x34")]),
    # the country code stays inside where the library's form ends before it
    ("Sister abroad: +1 (646) 109-2231.", [("PHONE", "+1 (646) 109-2231")]),
    ("Mum's mobile +55 (31) 9 9123 4567 abroad.", [("PHONE", "+55 (31) 9 9123 4567")]),
])
def test_phone_groupings_of_other_countries(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # the province code between the town and the postcode is a STATE (the address chain)
    ("Ottawa ON K2P 1L4 is the new address.", [("CITY", "Ottawa"), ("STATE", "ON"), ("ZIP", "K2P 1L4")]),
    ("Moved to Dublin D08 VF8H last year.", [("CITY", "Dublin"), ("ZIP", "D08 VF8H")]),
    ("Address ends 3011 XB Rotterdam.", [("ZIP", "3011 XB"), ("CITY", "Rotterdam")]),
    ("Now at 75014 Paris with her sister.", [("ZIP", "75014"), ("CITY", "Paris")]),
    ("Adresse: Ringstrasse 4, 20095 Hamburg.", [("STREET", "Ringstrasse 4"), ("ZIP", "20095"), ("CITY", "Hamburg")]),
    ("Sister lives in Delhi 110017 now.", [("CITY", "Delhi"), ("ZIP", "110017")]),
    ("PIN code 400076 on the letter.", [("ZIP", "400076")]),
    ("CEP 22041-001 on the referral.", [("ZIP", "22041-001")]),
    ("〒530-0001 on the envelope.", [("ZIP", "530-0001")]),
    ("Vienna 1090, Austria.", [("CITY", "Vienna"), ("ZIP", "1090"), ("COUNTRY", "Austria")]),
    ("Lives in Melbourne VIC 3004 now.", [("CITY", "Melbourne"), ("STATE", "VIC"), ("ZIP", "3004")]),
    # after a postcode cue: Portuguese, Polish and Czech/Slovak/Greek/Swedish shapes
    ("Postcode: 4470-211 on the form.", [("ZIP", "4470-211")]),
    ("ZIP 31-042 on the form.", [("ZIP", "31-042")]),
    ("Post code 602 00 on the form.", [("ZIP", "602 00")]),
])
def test_postcodes_of_other_countries(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # after a street line: the postcode and the town in no list, as each country orders them
    ("Send it to Nørregade 14, 8830 Tjelle.", [("STREET", "Nørregade 14"), ("ZIP", "8830"), ("CITY", "Tjelle")]),
    ("Address: Otto-Hahn-Straße 3, 48161 Gievenbeck.",
     [("STREET", "Otto-Hahn-Straße 3"), ("ZIP", "48161"), ("CITY", "Gievenbeck")]),
    ("Send it to 14 Rua Ilheu, 4470-211 Vilar-do-Pinheiro.",
     [("STREET", "14 Rua Ilheu"), ("ZIP", "4470-211"), ("CITY", "Vilar-do-Pinheiro")]),
    ("Send it to 9 Kowhai Street, Otaramarae 3072.", [("STREET", "9 Kowhai Street"), ("CITY", "Otaramarae"), ("ZIP", "3072")]),
    ("Send it to Vicolo Stretto 5, 37011, Cisano (VR)",
     [("STREET", "Vicolo Stretto 5"), ("ZIP", "37011"), ("CITY", "Cisano"), ("STATE", "VR")]),
    # a four-digit postcode that is also a year, before its town
    ("Send it to Nørregade 14, 1984 Tjelle.", [("STREET", "Nørregade 14"), ("ZIP", "1984"), ("CITY", "Tjelle")]),
    # a town's prefix word joins it
    ("Send it to 7 Elm Road, Port Tawhiri.", [("STREET", "7 Elm Road"), ("CITY", "Port Tawhiri")]),
    # not a year or English words after the street
    ("She lived at 5 Elm Street, 2019 onwards.", [("STREET", "5 Elm Street")]),
    ("She lived at 5 Elm Street, Most days are fine.", [("STREET", "5 Elm Street")]),
    ("She lived at 5 Elm Street. Later she moved.", [("STREET", "5 Elm Street")]),
])
def test_the_rest_of_an_address_after_its_street(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text", [
    "Drug chart: doses given 0800 1400 2200 as prescribed.",
    "Ratings 01 02 03 04 05 on the scale.",
    "Vitamin D 1000 IU daily; 2000 IU in winter.",
    "Staged T3N 1M0 after the MRI.",
    "Chest X-ray at 14:25 showed no change.",
    "Observations 0600 1000 1400 stable.",
    "HbA1c 58 mmol/mol, eGFR 72, weight 82.5 kg.",
    "A '12-lead' ECG was done.",
    "Managed a level 2 walk test; stage 2 of 3 Park plan.",
    "Line flushed, 2 via Hickman catheter.",
    # a failed check digit is no account number
    "Batch total 4929 1234 5678 9012 counted.",
    "Seen in clinic 2019, review 2020.",
    "Clinic every Monday at 10am.",
])
def test_phi_free_text_stays_untouched(hipaa, text):
    assert phi(hipaa, text) == []


@pytest.mark.parametrize("text, expected", [
    # a value ends at a line break or a form's field gap: a name its first line ...
    ("Name: Maria K.\nAge: 45", [("PATIENT", "Maria K.")]),
    ("Consultant: A. Zielinska   Date: 03/03/2021", [("DOCTOR", "A. Zielinska"), ("DATE", "03/03/2021")]),
    # ... a facility, whose head word ends it, its last
    ("Kind regards,\nDr Priya Raman\nFallowfield Medical Practice",
     [("DOCTOR", "Priya Raman"), ("HOSPITAL", "Fallowfield Medical Practice")]),
])
def test_a_value_ends_at_a_break(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # the unit after any street line, in the words of other countries
    ("Lives at Rua Augusta 1508, apto 32.", [("STREET", "Rua Augusta 1508, apto 32")]),
    ("Address: Av. Corrientes 1847, Piso 5, Depto B.", [("STREET", "Av. Corrientes 1847, Piso 5, Depto B")]),
    ("She lives at 12 rue des Lilas, Bât. B, Lyon.", [("STREET", "12 rue des Lilas, Bât. B"), ("CITY", "Lyon")]),
    # a postal district after a town
    ("Seen at Beaumont Hospital, Dublin 9, today.", [("HOSPITAL", "Beaumont Hospital"), ("CITY", "Dublin 9")]),
])
def test_the_unit_of_a_street_and_a_postal_district(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # the words between two parts of an address: a town (an English word too before a postcode) or a state code
    ("Address: Unit 3, 78 Mill Lane, Cork T12 X70A",
     [("STREET", "Unit 3, 78 Mill Lane"), ("CITY", "Cork"), ("ZIP", "T12 X70A")]),
    ("Send it to 48 Harbour Street, Haymarket NSW 2000.",
     [("STREET", "48 Harbour Street"), ("CITY", "Haymarket"), ("STATE", "NSW"), ("ZIP", "2000")]),
    # not a department after a hospital
    ("Seen at St Mary's Hospital, Cardiology, Leeds.", [("HOSPITAL", "St Mary's Hospital"), ("CITY", "Leeds")]),
])
def test_the_words_between_parts_of_an_address(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # an identifier with its letter prefix joined by a hyphen or slash
    ("Order PE-88120934 was shipped.", [("IDNUM", "PE-88120934")]),
    ("Ms Wanjiru Kamau (KNH/2021/04417) was seen.", [("PATIENT", "Wanjiru Kamau"), ("IDNUM", "KNH/2021/04417")]),
    ("Tracking CO-880412773 by courier.", [("IDNUM", "CO-880412773")]),
    # codes with fewer digits are no identifiers
    ("COVID-19 and HIV-1 tests, ICD-10 E11.9, BRCA-2 negative.", []),
])
def test_an_identifier_with_its_prefix(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a country in lower case, as in search queries; a lower-case English word stays
    ("travel to nigeria", [("COUNTRY", "nigeria")]),
    ("sale of goods in bath", []),
])
def test_lower_case_places(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # the particles between two parts of a name
    ("Fernando Pereira da Silva signed the lease.", [("PATIENT", "Fernando Pereira da Silva")]),
    ("Please ship to Nurul Izzah binti Abdullah today.", [("PATIENT", "Nurul Izzah binti Abdullah")]),
    # a capitalised word in no list beside a name is part of it; a title is not
    ("Hyun-woo Lee, 33, lives in Busan.", [("PATIENT", "Hyun-woo Lee"), ("CITY", "Busan")]),
    ("Herr Dieter Schäfer was seen.", [("PATIENT", "Dieter Schäfer")]),
])
def test_the_parts_of_a_name_join(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # capitalised words between a place or name and an eponym head: a disease or test, no PHI
    ("West Nile virus is spread by mosquitoes.", []),
    ("The Montreal Cognitive Assessment takes ten minutes.", []),
    # a hospital's head word is none of them
    ("Referred to Leeds General Infirmary fracture clinic.", [("HOSPITAL", "Leeds General Infirmary")]),
])
def test_eponyms_with_words_between(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a profession with a word before its head
    ("He is a civil engineer in Dubai.", [("PROFESSION", "civil engineer"), ("CITY", "Dubai")]),
    ("Job title: payroll clerk", [("PROFESSION", "payroll clerk")]),
    ("He is a heavy smoker.", []),
])
def test_professions_with_a_modifier(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a street without a house number after "on", "along", "off"
    ("He lives on Elm Street with his wife.", [("STREET", "Elm Street")]),
    ("Address: Suite 4, 22 Ocean Parade.", [("STREET", "Suite 4, 22 Ocean Parade")]),
    ("Turn on Monday Road?", []),
])
def test_a_street_without_a_number(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # an initial in lower case after a name at the end of a query; not the word "a"
    ("okafor r", [("PATIENT", "okafor r")]),
    ("smith a", [("PATIENT", "smith")]),
])
def test_a_lower_case_initial_ends_a_query(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a facility named head first, up to the first English word
    ("Seen at Centro de Salud Lavapiés today", [("HOSPITAL", "Centro de Salud Lavapiés")]),
    ("Transferred to Hospital Pablo Tobón Uribe by air", [("HOSPITAL", "Hospital Pablo Tobón Uribe")]),
    ("Hospital Course: uneventful", []),
    # an organisation's head word: capitalised in the name, in lower case not; the head first
    ("Pick up at Walgreens Pharmacy.", [("ORGANIZATION", "Walgreens Pharmacy")]),
    ("She studied at the University of Nairobi.", [("ORGANIZATION", "University of Nairobi")]),
])
def test_facilities_and_organisations_with_their_heads(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.fixture(scope="module")
def safe():
    from annotator import Pipeline
    return Pipeline.load("deid-en-safe")


@pytest.mark.parametrize("text, expected", [
    # the catch-all of deid-en-safe leaves the rules' eponyms alone (keepTypes=Block)
    ("He had West Nile virus last year.", []),
    ("Montreal Cognitive Assessment score 24/30.", []),
    ("He had West Nile virus, seen by Okonkwo.", [("DOCTOR", "Okonkwo")]),
])
def test_the_catchall_keeps_to_the_blocks(safe, text, expected):
    assert phi(safe, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a title's name does not cross a form's field gap, and a form's name fields are cues
    ("Title: Mrs   Forename: Gurpreet   Surname: Kaur", [("PATIENT", "Gurpreet"), ("PATIENT", "Kaur")]),
    ("Title: Mr\nFamily name: Tan", [("PATIENT", "Tan")]),
    ("Last: Monday 3 May", [("DATE", "Monday 3 May")]),  # a weekday before a date is in it
    ("First: Review", []),
])
def test_form_name_fields(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # the street type first in lower case before a name and a number; a block before a street line
    ("She lives at ul. Tverskaya 12, kv. 45, Moscow.", [("STREET", "ul. Tverskaya 12, kv. 45"), ("CITY", "Moscow")]),
    # (the part of an address's value whole: the number is part of the street's name)
    ("Address: Blk 123 Ang Mo Kio Ave 3", [("STREET", "Blk 123 Ang Mo Kio Ave 3")]),
    ("Block 5 was busy.", []),
    ("Apply ul. to the wound 12 times", []),
])
def test_street_type_first_and_block(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a district in no list, by its suffix
    ("She lives in Gangnam-gu, Seoul.", [("CITY", "Gangnam-gu"), ("CITY", "Seoul")]),
    ("Moved to Yeoksam-dong last year.", [("CITY", "Yeoksam-dong")]),
    ("Non-ri was fine", []),
])
def test_district_by_its_suffix(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a hospital's short form in lower case without its head, as queries write it; not the ST segment
    # nor the herb
    ("readmissions st marys 2019", [("HOSPITAL", "st marys")]),
    ("mt sinai cardiology referrals", [("HOSPITAL", "mt sinai")]),
    ("st depression on ecg", []),
    ("st johns wort 300mg", []),
    ("Takes St John's wort daily.", []),
])
def test_lower_case_hospital_short_forms(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a form's role field, as "Consultant Dr X" is (the name after the colon)
    ("School nurse: Comfort Mensah, 0161 496 0321", [("DOCTOR", "Comfort Mensah"), ("PHONE", "0161 496 0321")]),
    ("Requesting clinician: Zhang Wei\nTests: FBC", [("DOCTOR", "Zhang Wei")]),
    # across a line break a role word's name is the next line, no name
    ("Escort: Tamsin Lee, RN\nNext review", [("DOCTOR", "Tamsin Lee")]),
])
def test_role_field(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a clinician's role or credential after a name and a comma, ending its clause
    ("Losa Tuilagi, practice nurse", [("DOCTOR", "Losa Tuilagi")]),
    ("Dressing changed by Oyelaran Bamidele, RN.", [("DOCTOR", "Oyelaran Bamidele")]),
    ("Thanks, nurse.", []),
    ("Leeds, nurse-led clinic", [("CITY", "Leeds")]),  # a town, no clinician
])
def test_name_before_role(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # who writes a chat line: a handle is a USERNAME, a capitalised word in no list a name
    ("08:02 amy.chen: Who's on call tonight?", [("USERNAME", "amy.chen")]),
    ("Kemi: Can someone cover clinic in the morning?", [("PATIENT", "Kemi")]),
    ("Plan: Review in clinic.", []),
    ("Note: Bloods are due.", []),
    ("Adresse: Rue de la Paix", []),
])
def test_chat_speaker(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a profession in apposition (after a comma and "a", or after an age) and after "44-year-old"
    ("This 44-year-old taxi driver has a cough.", [("PROFESSION", "taxi driver")]),
    ("Dmitri Sokolov, a piano tuner.", [("PATIENT", "Dmitri Sokolov"), ("PROFESSION", "piano tuner")]),
    ("Siosaia Fifita, 23, rugby player, lives in Apia.", [("PATIENT", "Siosaia Fifita"), ("PROFESSION", "rugby player"),
                                                          ("CITY", "Apia")]),
    # a student is no profession
    ("Chen Wei is a 29-year-old graduate student.", [("PATIENT", "Chen Wei")]),
])
def test_profession_in_apposition(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # an organisation by its context: a form's field, a profession's employer, the head first
    ("Pharmacy: Boots", [("ORGANIZATION", "Boots")]),
    ("Travel insurance: Allianz Travel", [("ORGANIZATION", "Allianz Travel")]),
    ("Insurance: None", []),
    ("She is a flight attendant with Korean Air.", [("PROFESSION", "flight attendant"), ("ORGANIZATION", "Korean Air")]),
    ("Department: Finance, Banco Santander", [("ORGANIZATION", "Banco Santander")]),
    ("She has worked at the Musée d'Orsay since 1992.", [("ORGANIZATION", "Musée d'Orsay")]),
])
def test_organisation_by_context(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a house, villa or plot before the street, a direction word after its type, a numbered street
    ("Address: House 7, Ring Road East", [("STREET", "House 7, Ring Road East")]),
    ("Suite 300, 1010 Sherbrooke Street West", [("STREET", "Suite 300, 1010 Sherbrooke Street West")]),
    ("Villa 27, Street 14, Dubai", [("STREET", "Villa 27, Street 14"), ("CITY", "Dubai")]),
    ("A lot of 12 people", []),
])
def test_house_before_street(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # the type first in the words of more countries; "No." before the number; Colombia's crossings
    ("Abdullah, No. 8, Jalan Ampang, Unit 15-3", [("PATIENT", "Abdullah"), ("STREET", "No. 8, Jalan Ampang, Unit 15-3")]),
    ("Yosef ben David, 72, Rehov Herzl 45, Apt 6", [("PATIENT", "Yosef ben David"), ("STREET", "Rehov Herzl 45, Apt 6")]),
    ("Sent to Carrera 7 No. 71-21, Apto 902", [("STREET", "Carrera 7 No. 71-21, Apto 902")]),
    # a second number after a slash and a Polish flat
    ("of ul. Marszałkowska 84/92 m. 15", [("STREET", "ul. Marszałkowska 84/92 m. 15")]),
    # Korean roads by their suffix
    ("45 Teheran-ro 10-gil, Gangnam-gu", [("STREET", "45 Teheran-ro 10-gil"), ("CITY", "Gangnam-gu")]),
])
def test_street_forms_of_more_countries(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a street without its type before a postcode; a floor after the street line
    ("Local address: Unter den Linden 77, 10117 Berlin", [("STREET", "Unter den Linden 77"), ("ZIP", "10117"),
                                                         ("CITY", "Berlin")]),
    ("New address: Coolsingel 40, 3e verdieping, 3011 AD Rotterdam", [("STREET", "Coolsingel 40, 3e verdieping"),
                                                                     ("ZIP", "3011 AD"), ("CITY", "Rotterdam")]),
    ("Ward 7, 10117 Berlin", [("DEPARTMENT", "Ward 7"), ("ZIP", "10117"), ("CITY", "Berlin")]),
])
def test_street_before_postcode(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a state code cut from its postcode's digits is no state; four digits ending an address line
    ("Pharmacy, 7 High Street, Keswick CA12 5AQ\nAmoxicillin", [("STREET", "7 High Street"),
                                               ("CITY", "Keswick"), ("ZIP", "CA12 5AQ")]),
    ("14 Kloof Street, Cape Town, 8001\nCell", [("STREET", "14 Kloof Street"), ("CITY", "Cape Town"), ("ZIP", "8001")]),
    ("Moved to London, 2019\nnext", [("CITY", "London")]),
])
def test_postcode_ends_address(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # an age after "turned" and in brackets after a date of birth (over 89: PHI under hipaa)
    ("Esther Rosenberg turned 95 last week.", [("PATIENT", "Esther Rosenberg"), ("AGE", "95")]),
    ("Joseph Nolan, DOB 1931-06-02 (90)\nSeen today.", [("PATIENT", "Joseph Nolan"), ("DATE", "1931-06-02"), ("AGE", "90")]),
    ("He turned 90 degrees to the left.", []),
    # a log-in after "user" has a digit, a dot or an underscore; an Indian plate has four parts
    ("User jmwangi2 logged in.", [("USERNAME", "jmwangi2")]),
    ("A user friendly design.", []),
    ("The vehicle with plate KA 05 MN 4471 was towed.", [("VEHICLE", "KA 05 MN 4471")]),
    # an organisation's field after a line that ends in a name
    ("Prescriber: Dr Ewan Fraser\nPharmacy: Boots", [("DOCTOR", "Ewan Fraser"), ("ORGANIZATION", "Boots")]),
])
def test_ages_log_ins_plates_fields(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a lake, mountain or hotel named head first; a town after a hospital at the line's end
    ("Herds alpacas near Lake Titicaca.", [("LOCATION-OTHER", "Lake Titicaca")]),
    ("Local address: Hotel Adlon", [("LOCATION-OTHER", "Hotel Adlon")]),
    ("From: St. Vincent's Hospital, Darlinghurst\nTo: ward", [("HOSPITAL", "St. Vincent's Hospital"),
                                                            ("CITY", "Darlinghurst")]),
    ("Seen at St Mary's Hospital, Cardiology\nNext", [("HOSPITAL", "St Mary's Hospital")]),
])
def test_places_head_first_and_after_a_facility(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a hyphenated given name, and hyphenated parts after a cue (an English word joined to a name
    # by a hyphen is no English word: Rust-Weihmann)
    ("Marc-Jules Girard was admitted.", [("PATIENT", "Marc-Jules Girard")]),
    ("My name is Leif Rust-Weihmann.", [("PATIENT", "Leif Rust-Weihmann")]),
    ("My name is Anne-Marie Long-Smith", [("PATIENT", "Anne-Marie Long-Smith")]),
])
def test_hyphenated_name_parts(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # lower case, as in queries: a particle or an apostrophe before the surname is the evidence
    # (the first name may be a month word; a particle is no first name)
    ("jan van der berg", [("PATIENT", "jan van der berg")]),
    ("ct head sarah o'connor 12/03/2021", [("PATIENT", "sarah o'connor"), ("DATE", "12/03/2021")]),
    ("find notes for mohammed al-farsi", [("PATIENT", "mohammed al-farsi")]),
    ("maria de souza bloods", [("PATIENT", "maria de souza")]),
    ("the van der waals forces", []),
])
def test_lower_case_name_with_particle(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a postcode after its label and a verb, in the shapes of several countries
    ("Her postcode is 2883-057.", [("ZIP", "2883-057")]),
    ("His zip code was 5980 SG, he said.", [("ZIP", "5980 SG")]),
    ("The postcode is B4G4B7.", [("ZIP", "B4G4B7")]),
    ("The postcode is invalid.", []),
])
def test_postcode_after_label_and_verb(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a phone number after "call" and a name, in any grouping
    ("Please call Joseph Palmer on 5280.2759.", [("PATIENT", "Joseph Palmer"), ("PHONE", "5280.2759")]),
    ("Please call Luís Pacheco-Sá on (351) 931 570 248.", [("PATIENT", "Luís Pacheco-Sá"), ("PHONE", "(351) 931 570 248")]),
    # a date after it is none
    ("Please call Sam on 12 May 2021.", [("PATIENT", "Sam"), ("DATE", "12 May 2021")]),
])
def test_phone_after_call_and_name(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a smaller town of the world (GeoNames cities5000) after a place cue only
    ("She was born in Schärding last year.", [("CITY", "Schärding")]),
    ("He lives in Ilmajoki.", [("CITY", "Ilmajoki")]),
    ("Schärding is lovely.", []),
])
def test_smaller_world_town_after_cue(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # more street types (USPS Publication 28 suffix names, British ones), capitalised only
    ("Lives at 963 Jessica Garden, Allentown.", [("STREET", "963 Jessica Garden"), ("CITY", "Allentown")]),
    ("Moved to 739 Edwards Grange last May.", [("STREET", "739 Edwards Grange")]),
    ("She had 3 recent falls and 2 heights phobia.", []),
])
def test_more_street_types(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a company's legal form is part of its name, after an employer cue too
    ("He works for Novo Nordisk A/S in Copenhagen.", [("ORGANIZATION", "Novo Nordisk A/S"), ("CITY", "Copenhagen")]),
    ("She works at Siemens GmbH.", [("ORGANIZATION", "Siemens GmbH")]),
    ("Works at Philips B.V. in Eindhoven.", [("ORGANIZATION", "Philips B.V."), ("CITY", "Eindhoven")]),
    ("Works for Shell N.V. as a driver.", [("ORGANIZATION", "Shell N.V."), ("PROFESSION", "driver")]),
    # after a form's employer field, or the word employer alone: the whole name with its form
    ("Employer: Gorenje d.d.", [("ORGANIZATION", "Gorenje d.d.")]),
    ("Employer: Hitachi K.K.", [("ORGANIZATION", "Hitachi K.K.")]),
    ("Employer Barilla S.p.A. sent the form.", [("ORGANIZATION", "Barilla S.p.A.")]),
    ("Her employer Lindqvist Haulage wrote.", [("ORGANIZATION", "Lindqvist Haulage")]),
    # a firm of partners after an employer cue is one organisation
    ("Employer: Okafor, Reyes and Lindqvist", [("ORGANIZATION", "Okafor, Reyes and Lindqvist")]),
    ("He works for Pryce, Mendel & Osei as a clerk.",
     [("ORGANIZATION", "Pryce, Mendel & Osei"), ("PROFESSION", "clerk")]),
    # more legal forms (Spanish, Italian, Hungarian, Swedish, Polish, Turkish, Mexican), "and" in their language
    ("Employer: Ibarra y Soler S.L.", [("ORGANIZATION", "Ibarra y Soler S.L.")]),
    ("Her employer is Bassi, Ferri e Lodi s.r.l. now.", [("ORGANIZATION", "Bassi, Ferri e Lodi s.r.l.")]),
    ("Employer: Kovács és Tóth Kft.", [("ORGANIZATION", "Kovács és Tóth Kft.")]),
    ("Employed by Lindgren Åkesson HB since May.", [("ORGANIZATION", "Lindgren Åkesson HB")]),
    ("Her employer is Wróbel-Nowak Sp. z o.o. now.", [("ORGANIZATION", "Wróbel-Nowak Sp. z o.o.")]),
    ("Employer: Yıldız Demir A.Ş.", [("ORGANIZATION", "Yıldız Demir A.Ş.")]),
    ("He works at Zamora y Ruiz S.A. de C.V. now.", [("ORGANIZATION", "Zamora y Ruiz S.A. de C.V.")]),
])
def test_the_whole_company(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, firm", [
    # after an addressee's cue, which starts a name's rule of its own there
    ("Please post it c/o Lindahl ApS, Box 12.", "Lindahl ApS"),
    ("Invoice c/o Moreau Sàrl. attached.", "Moreau Sàrl."),
    ("FAO Adeyemi, Bakare and Olawale", "Adeyemi, Bakare and Olawale"),
    ("Forms c/o Halász Kkt. today.", "Halász Kkt."),
    # after a place's cue: by its legal form, a family's words or a firm's head word; partners of the name lists
    ("This is Ana from Okoro and Sons, call me back.", "Okoro and Sons"),
    ("A letter from Ferrante e figli arrived.", "Ferrante e figli"),
    ("Calls from Souza Lima - ME about the bill.", "Souza Lima - ME"),
    ("Sent from Garza y Asociados Sociedad Anónima today.", "Garza y Asociados Sociedad Anónima"),
    ("A fax came from Okonkwo, Petrov and Lindqvist today.", "Okonkwo, Petrov and Lindqvist"),
    # more legal forms and heads, with up to five words before them
    ("Employer: Kertész és társa Bt.", "Kertész és társa Bt."),
    ("Employer: Brandt Vogel GbR", "Brandt Vogel GbR"),
    ("She works for Nguyễn Lê Công ty Cổ phần in Hue.", "Nguyễn Lê Công ty Cổ phần"),
    ("He works for Blue Harbor Shipping Logistics Corporation now.", "Blue Harbor Shipping Logistics Corporation"),
])
def test_firms_after_addressee_and_place_cues(hipaa, text, firm):
    assert ("ORGANIZATION", firm) in phi(hipaa, text)


@pytest.mark.parametrize("text", [
    "Referred from Cardiology, Neurology and Urology.",
    "Transferred to ICU, HDU and Theatres.",
    "Admitted with Pneumonia, Sepsis and AKI.",
    "Seen in Dermatology, Rheumatology and Renal today.",
])
def test_lists_of_clinical_words_are_no_firm(hipaa, text):
    assert phi(hipaa, text) == []


@pytest.mark.parametrize("text, name", [
    # a family name found by its context or its list, then a comma and the given name (a name of the
    # lists, or a word in no list nor vocabulary), before a clause's end: one name
    ("My name is Lindqvist, Joachim and I live here.", "Lindqvist, Joachim"),
    ("The case was discussed with Kovačević, Draga at the meeting.", "Kovačević, Draga"),
    ("Re: Haugland, Solveig, DOB 3 May 1980", "Haugland, Solveig"),
])
def test_family_name_comma_given_name(hipaa, text, name):
    assert name in [value for _type, value in phi(hipaa, text)]


@pytest.mark.parametrize("text, expected", [
    # no given name after the comma: a department, a weekday, an English word, a second family name
    ("Seen by Dr Patel, Cardiology.", [("DOCTOR", "Patel")]),
    ("Seen by Dr Patel, Monday.", [("DOCTOR", "Patel")]),
    ("Dr Patel, thanks.", [("DOCTOR", "Patel")]),
])
def test_no_given_name_after_the_comma(hipaa, text, expected):
    assert phi(hipaa, text) == expected
