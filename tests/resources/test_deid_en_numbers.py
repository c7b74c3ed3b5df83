"""deid-en on numbers, dates and identifiers written as other countries write them (issue 28, "values
unlike ours" and "span boundaries"): action ``structured`` (resources/grammars/deid-en/actions/).
Each value must be covered whole (every letter and digit inside PHI spans, the guidelines' whole
value), and PHI-free text of the same shapes must stay untouched."""

from __future__ import annotations

import pytest
from resourcehelp import covered, phi


@pytest.mark.parametrize("text, value", [
    # E.164: "+" and a country code of 1-3 digits, then any grouping, 8-15 digits in all
    ("You can reach the son at (+30) 2877 893287 any time.", "(+30) 2877 893287"),
    ("He left +44151 4960877 as a contact.", "+44151 4960877"),
    ("Text (+358) 877893287 to confirm.", "(+358) 877893287"),
    ("Her daughter is on (+57) 323 470 17 46 most days.", "(+57) 323 470 17 46"),
    # a one-digit trunk prefix and its groups (Russia 8, Thailand and Georgia 0)
    ("Please call her on 8 972 979 2622 after six.", "8 972 979 2622"),
    ("He left 0 32 877 89 32 as a contact.", "0 32 877 89 32"),
    # the French grouping in five pairs, whole
    ("You can reach the son at 03 08 08 33 49 any time.", "03 08 08 33 49"),
    # any grouping after "reach ... at" or "office number is"
    ("You can reach the son at 6933 907579 any time.", "6933 907579"),
    ("Our office number is (10) 877893.", "(10) 877893"),
])
def test_phones_of_other_countries(hipaa, text, value):
    assert covered(hipaa, text, value)


@pytest.mark.parametrize("text, value", [
    # Canadian postcodes without their space, after a place, a province code, a comma or a cue
    ("She lives at 081 rue Mathieu, Montréal G1C7Y8.", "G1C7Y8"),
    ("Ottawa, ON K1A0B1", "K1A0B1"),
    ("Postal code E4R1S5.", "E4R1S5"),
    # a postcode cue with "is" before its value
    ("Her PLZ is 57837.", "57837"),
    # Portugal's 4-3 and Poland's 2-3 beside a town of the gazetteer
    ("Moved to Covilhã 9681-453 last year.", "9681-453"),
    ("Addressed to Kraków 31-042.", "31-042"),
])
def test_postcodes_of_other_countries(hipaa, text, value):
    assert covered(hipaa, text, value)


@pytest.mark.parametrize("text, value", [
    # a capitalised month and a day without a year
    ("Admitted August 27 with chest pain.", "August 27"),
    ("The letter dated September 30 was received.", "September 30"),
    ("The letter dated 3 Sept was lost.", "3 Sept"),
    # a day with its period, as German writes it
    ("She was born on 7. February 1955.", "7. February 1955"),
])
def test_dates_without_a_year_or_with_a_dotted_day(hipaa, text, value):
    assert covered(hipaa, text, value)


@pytest.mark.parametrize("text, expected", [
    # "seen on": the year after the day stays in, "on" out
    ("Seen on Apr 15, 2017 in clinic.", [("DATE", "Apr 15, 2017")]),
    ("Seen on June 26, 2003.", [("DATE", "June 26, 2003")]),
])
def test_a_date_after_seen_on_is_whole_without_on(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, value", [
    # the key word "ID" and its value with a letter prefix (the key word and ":" stay out)
    ("ID: EH 10077", "EH 10077"),
    ("I.D. no. 8804 5728 2617 was checked.", "8804 5728 2617"),
    # a letter prefix before a space stays in the identifier
    ("Tax number V 679160.", "V 679160"),
    # digit groups of a label's value run on, a suffix letter stays in
    ("Licence #DV 02 16 95 C", "DV 02 16 95 C"),
    ("SSN: ZZ 909960 T", "ZZ 909960 T"),
    # twelve digits in groups of four (Aadhaar), dotted identifiers (Swiss AHV)
    ("Case ref 4442 7276 3896 opened.", "4442 7276 3896"),
    ("Tax number 756.3068.1759.27.", "756.3068.1759.27"),
])
def test_identifiers_with_their_prefix_and_groups(hipaa, text, value):
    assert covered(hipaa, text, value)


@pytest.mark.parametrize("text, expected", [
    # a comma between the month and the year: the year stays in the date
    ("He called on 20 January, 1952 about the results.", [("DATE", "20 January, 1952")]),
    ("Seen on 3rd March, 2021 in clinic.", [("DATE", "3rd March, 2021")]),
    ("Moved abroad in January, 1952.", [("DATE", "January, 1952")]),
    # the year first with a month name between hyphens or slashes
    ("Seen on 1952-Jan-20 in clinic.", [("DATE", "1952-Jan-20")]),
    ("Biopsy taken 2021/Mar/03.", [("DATE", "2021/Mar/03")]),
])
def test_dates_with_a_comma_before_the_year_or_the_year_first(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, value", [
    # a postcode beside a town in no list, the two before a country (after a comma or a line break)
    ("She lives in Smithberg 9760, New Zealand.", "9760"),
    ("He lives in Aarhus 8000, Denmark.", "8000"),
    ("She lives in Strážnice 729 74, Czech Republic.", "729 74"),
    ("Send to 1307 Vallélian-sur-Monnard, Switzerland.", "1307"),
    ("178/286 Burns Artery\nPerryburgh 2913\nAustralia", "2913"),
    ("Dolgi most 48\nMetlika 9911\nSlovenia", "9911"),
])
def test_a_postcode_in_a_town_line_before_a_country(hipaa, text, value):
    assert covered(hipaa, text, value)


@pytest.mark.parametrize("text, value", [
    # an Indian PIN code after a town in no list
    ("She lives in Bangalore 560001.", "560001"),
    ("Thirumalagiri - 508223", "508223"),
    ("Address: Kottayampatti 625017", "625017"),
])
def test_an_indian_pin_code_after_a_town_is_a_postcode(hipaa, text, value):
    assert ("ZIP", value) in phi(hipaa, text)


@pytest.mark.parametrize("text, value", [
    # six digits after an English word or a name are no PIN code
    ("Order 560001 was sent.", "560001"),
    ("Dr Smith 345678", "345678"),
    ("Invoice 345678 paid.", "345678"),
])
def test_six_digits_after_a_word_or_a_name_are_no_pin_code(hipaa, text, value):
    assert ("ZIP", value) not in phi(hipaa, text)


@pytest.mark.parametrize("text", [
    "The trial enrolled Cohort 2019, Norway.",
    "She spent 3 years, France and Spain.",
    "Doses of Ramipril 2500\nNorway",
])
def test_a_year_or_a_count_before_a_country_is_no_postcode(hipaa, text):
    assert [v for t, v in phi(hipaa, text) if t == "ZIP"] == []


def test_the_key_word_stays_out_of_an_identifier(hipaa):
    assert phi(hipaa, "ID: EH 10077") == [("IDNUM", "EH 10077")]


@pytest.mark.parametrize("text", [
    "Given Mar 3 mg at night.",
    "May 5 patients were seen today.",
    "Model A1B2C3 pump was replaced.",
    "Version 2.3.1.4567.1234 of the app crashed.",
    "Take at 0800 1400 2200 daily.",
    "Reach the ward at 2 pm.",
    "Na 139 K 4.1, +2 oedema, 8 10 12 14 16.",
    "Hb 12.3 g/dL, WBC 7.4, platelets 250, BP 120/80.",
    "ICD-10 I21.4 and E11.9 recorded; T2N0M0, Gleason 3+4=7.",
    "Dose 0.5 mg/kg at 08:00 and 20:00, INR 2.5 target 2-3.",
    # a year alone is no date, nor a year beside a month and a count; a count before a country
    "In 2019 May 3 patients were seen in clinic.",
    "Given in 2021, Mar 3 tablets were left.",
])
def test_phi_free_numbers_stay_untouched(hipaa, text):
    assert phi(hipaa, text) == []
