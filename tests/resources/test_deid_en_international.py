"""deid-en on general-domain English text with international values (issue 28): hyphened and dotted
initials before a surname, US street lines with their flat or suite, Indian address lines, towns in
no list before a country and the lines of an address block (the whole name, the whole street line
with its unit, every town: i2b2 2014 and HIPAA Safe Harbor)."""

from __future__ import annotations

import pytest
from resourcehelp import covered, phi


@pytest.mark.parametrize("text, expected", [
    # the hyphened initials of a double given name, before any capitalised part
    ("Contact: J.-P. Martin, phone to follow.", [("PATIENT", "J.-P. Martin")]),
    ("The letter came from A.-M. White on Monday.", [("PATIENT", "A.-M. White")]),
    ("Signed P.-M. Van Damme", [("PATIENT", "P.-M. Van Damme")]),
    ("Dr. J.-L. Rintala saw her.", [("DOCTOR", "J.-L. Rintala")]),
    # a dotted initial before a surname that is also a US town
    ("I spoke with R. Thompson yesterday.", [("PATIENT", "R. Thompson")]),
    ("The invoice came from L. Clark.", [("PATIENT", "L. Clark")]),
])
def test_initials_before_a_surname(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text", [
    "Culture grew S. aureus and E. coli.",
    "I. Introduction",
])
def test_initials_of_species_and_headings_stay_untouched(hipaa, text):
    assert phi(hipaa, text) == []


@pytest.mark.parametrize("text, expected", [
    # a flat or suite after a US street line: the street's last word is its type, whatever it is
    ("She lives at 6663 Robert Pine Apt. 989 in town.", [("STREET", "6663 Robert Pine Apt. 989")]),
    ("Mail to 4655 Pajula Neck Suite 759 please.", [("STREET", "4655 Pajula Neck Suite 759")]),
    ("Office: 738 Holly Lodge Ste 46 downstairs.", [("STREET", "738 Holly Lodge Ste 46")]),
    # the unit's words end at its number: a lower-case word after it is no part of it
    ("She lives at 085 Ray Crossroad Suite 973 in town.", [("STREET", "085 Ray Crossroad Suite 973")]),
    # more of the US street types (USPS Publication 28)
    ("Home: 28982 Klimov Port", [("STREET", "28982 Klimov Port")]),
    ("He moved to 71 Quarry Spring last year.", [("STREET", "71 Quarry Spring")]),
])
def test_us_street_lines_with_their_unit(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text", [
    "He has had 2 Neck Apt episodes.",
    "Given 5 Units at 10 Suite.",
    "Neck: 2 Lymph Nodes palpable.",
    "Plan: 3 Day Course of antibiotics.",
])
def test_clinical_numbers_before_capitalised_words_stay_untouched(hipaa, text):
    assert phi(hipaa, text) == []


@pytest.mark.parametrize("text, value", [
    # Indian address lines: a house or door number, a flat, plot or "#" number and the parts of its place
    ("Address: H.No. 7-1-863, Gandhi Nagar", "H.No. 7-1-863, Gandhi Nagar"),
    ("He lives at D.No. 4/12, Gandhi Colony, Vijayawada.", "D.No. 4/12, Gandhi Colony"),
    ("Address: Flat 6B, Prakash Residency, Kochi", "Flat 6B, Prakash Residency"),
    ("Deliver to Plot No. 45, Kunda Nagar tomorrow.", "Plot No. 45, Kunda Nagar"),
    ("Address: #13, 8th Cross, Wason Layout", "#13, 8th Cross, Wason Layout"),
])
def test_indian_address_lines(hipaa, text, value):
    assert (("STREET", value)) in phi(hipaa, text)


@pytest.mark.parametrize("text, part", [
    ("Take 2 tablets, No. 5 Complex.", "Complex"),
    ("Room #3, Main Block was cleaned.", "Main Block"),
])
def test_indian_heads_without_an_address_stay_untouched(hipaa, text, part):
    assert not any(t == "STREET" and part in v for t, v in phi(hipaa, text))


@pytest.mark.parametrize("text, value", [
    # a town in no list before a comma and a country (or region)
    ("Mr. Rabl visited Kerrybury, Philippines.", "Kerrybury"),
    ("Mr. Tomescu visited Vysoké nad Jizerou, Croatia.", "Vysoké nad Jizerou"),
    ("The parcel went to Port Viktoriashire, Belgium.", "Port Viktoriashire"),
    # a town's prefix word after a strong place cue
    ("We moved to West Biancatown in the spring.", "West Biancatown"),
    # the lines of an address block after its street line: postcode, town, country
    ("Ship to: Manuel Campano\n623 Hollie Ferry\n65753 Honkajoki\nCroatia", "65753 Honkajoki"),
    ("Ship to: Tina Williams\nHeinz-Josef-Scheel-Ring 31/85\n77278 Denisland\nBelgium", "77278 Denisland"),
])
def test_towns_in_address_position(hipaa, text, value):
    assert covered(hipaa, text, value)


@pytest.mark.parametrize("text", [
    "Thanks, Canada.",
    "Made in Germany, Italy and France.",
    "Fever, Nigeria travel.",
    "12 Elm Street\nPlan: review in clinic",
    "12 Elm Street\nPain: Better today",
])
def test_words_before_a_country_or_after_a_street_that_are_no_town(hipaa, text):
    assert not any(t == "CITY" for t, _ in phi(hipaa, text))
