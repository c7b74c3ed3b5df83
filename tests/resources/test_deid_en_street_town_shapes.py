"""deid-en on street lines and towns in no list (issue 28; guidelines 2.3: the whole street line with
its unit, every town): a unit before a street line, a street line whose words are taken for a name
or are in no list, and towns named in the English way after a person (Faker's English address
providers and English place names write them so: "Evansmouth", "Port Jane", "Taylor Ville"), a town
in no list after a place word, and a dotted initial before a name."""

from __future__ import annotations

import pytest
from resourcehelp import covered, phi


@pytest.mark.parametrize("text, value", [
    # a town ending after a given or family name of the lists
    ("Ms. Davies asked whether Dr. Varga can see her in Evansmouth next week.", "Evansmouth"),
    ("Ms. Wirth asked whether she can be seen in Boakyefurt next week.", "Boakyefurt"),
    ("He moved from Leeds to Archerstad in 2019.", "Archerstad"),
    ("Ms. Lapierre asked whether Dr. Varga can see her in Douglastown next week.", "Douglastown"),
    ("Text from Ana: landed in West Olanrewajuborough, back on Friday.", "West Olanrewajuborough"),
    # a prefix word and a name, a name and "Ville", where a town stands
    ("The family moved to Port Jane last year.", "Port Jane"),
    ("We received a letter from Zahra Hariyah of Taylor Ville, Japan.", "Taylor Ville"),
    # a town in no list after an organisation and "in"
    ("Darren Pölitz works for Pettersen Gruppen in Aylinovabury.", "Aylinovabury"),
])
def test_towns_named_after_a_person(hipaa, text, value):
    assert covered(hipaa, text, value)


@pytest.mark.parametrize("text", [
    "Huntington disease runs in the family.",
    "Please bring your Passport and the Report.",
    "Port wine stain on the left cheek.",
    "West Nile virus serology negative.",
    "Support from Physiotherapy was arranged.",
    "New Grace Notes were filed.",
])
def test_words_of_town_shape_stay_untouched(hipaa, text):
    assert phi(hipaa, text) == []


@pytest.mark.parametrize("text, expected", [
    # a house number before words taken for a name: the street line, with its unit after it
    ("The parcel went to 435 Sirap Key, Ste 36 instead.", ("STREET", "435 Sirap Key, Ste 36")),
    ("Address: 6332 Ayinke Bridge, Unit 508, South Tadeberg", ("STREET", "6332 Ayinke Bridge, Unit 508")),
    ("Referral from Dr. T. da Costa, 764 Charles Indlela, Cilegon, South Africa.", ("STREET", "764 Charles Indlela")),
    # a street named without its type and its number, at a field's start
    ("Next of kin: John Teixeira, Budatínska 22, Santiagoville", ("STREET", "Budatínska 22")),
    ("Mr. Ammann says his new address is Hurbanovo námestie 4, Flat 25D, Ribeiro.",
     ("STREET", "Hurbanovo námestie 4, Flat 25D")),
    # the unit before a street line
    ("Address: Suite 645, Jeanette-Dobes-Platz 6-2, Bern", ("STREET", "Suite 645, Jeanette-Dobes-Platz 6-2")),
    ("Mail to Suite 300, Boulevard San Martin N° 9762, Rosario.", ("STREET", "Suite 300, Boulevard San Martin N° 9762")),
    ("Flat 4B, 87, rue Vasseur, Paris", ("STREET", "Flat 4B, 87, rue Vasseur")),
])
def test_whole_street_lines(hipaa, text, expected):
    assert expected in phi(hipaa, text)


@pytest.mark.parametrize("text, expected", [
    ("Seen at 10 John Smith reviewed.", [("PATIENT", "John Smith")]),
    ("Kind regards, Emma Hall, 12 Rose Lane", [("PATIENT", "Emma Hall"), ("STREET", "12 Rose Lane")]),
])
def test_names_and_numbers_that_are_no_street(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text", [
    "Continue Metformin 500, Lisinopril 10.",
    "Grade 2, Stage 3",
    "Plan: Apixaban 5, review.",
    "Type 2, well controlled.",
    "Gravida 2, Para 1",
    "Dose: Vitamin D 1000, daily.",
    "Hb 12, WCC 8",
    "Apgar 9, 10",
    "Power 5, tone normal.",
    "ECOG 1, fit.",
    "Cranial nerves 2, 3 intact.",
])
def test_clinical_words_and_numbers_stay_untouched(hipaa, text):
    assert phi(hipaa, text) == []


@pytest.mark.parametrize("text, value", [
    # a town in no list after a place word, before punctuation or "and"
    ("My name is Javier Valenzuela and I live in Balgoij.", "Balgoij"),
    ("Yafi Aasif, 24, from Drniš, was seen.", "Drniš"),
    ("Her daughter lives at 3160 Fosu Row Apt. 734 near Melissant.", "Melissant"),
    # a dotted initial right before a name
    ("V. Brekke, 35, was seen at the clinic.", "V. Brekke"),
    ("I am writing to refer I. Lindell, 82, who lives in Oslo.", "I. Lindell"),
])
def test_towns_after_a_place_word_and_initials_before_names(hipaa, text, value):
    assert covered(hipaa, text, value)


@pytest.mark.parametrize("text", [
    "Seen in Cardiology.",
    "Results from Quest.",
    "Switched from Amoxil.",
    "Referred from Outpatients, seen in Resus.",
    "Transferred from Majors and seen in Minors.",
    "Enrolled in Medicaid.",
    "Culture grew S. aureus and E. coli.",
    "I. Introduction",
])
def test_words_after_a_place_word_stay_untouched(hipaa, text):
    assert phi(hipaa, text) == []


@pytest.mark.parametrize("text", [
    "Referred from Outpatients, seen in Resus.",
    "Transferred from Majors and seen in Minors.",
    "She is Gravida 2, Para 1, at 32 weeks.",
])
def test_safe_words_are_no_town_nor_street_beside_a_name(hipaa, text):
    # the rules for words in no list run where another value is: a safe word of the catch-all's
    # vocabulary (outpatients, resus, gravida) is none
    assert phi(hipaa, "Seen by Dr Smith. " + text) == [("DOCTOR", "Smith")]


@pytest.mark.parametrize("text, town", [
    # a town in no list after a place word, then a word in lower case; a prefix word before it;
    # after "to" only when the clause tells of going there
    ("Dr. Hale can see her in Vrbnica next month.", "Vrbnica"),
    ("Mrs Obi will stay in North Kelvedon until June.", "North Kelvedon"),
    ("Dr. Amadi moved from Leeds to Zarnesti in 2019.", "Zarnesti"),
    ("Mr Lund flew back to Skarsvik on Friday.", "Skarsvik"),
])
def test_town_after_a_place_word_before_a_lower_case_word(hipaa, text, town):
    assert ("CITY", town) in phi(hipaa, text)


@pytest.mark.parametrize("text", [
    "Dr. Hale changed the dose to Rivaroxaban on Monday.",
    "Mr Lund was referred to Haematology in March.",
    "Dr. Hale is allergic to Tazocin and penicillin.",
    "Ms Obi was seen in Physiotherapy last week.",
])
def test_no_town_after_to_without_going_nor_a_specialty(hipaa, text):
    assert not any(type_ == "CITY" for type_, _value in phi(hipaa, text))


def test_town_before_a_particle_stays_whole(hipaa):
    text = "Dr. Hale landed in Curaco de Vélez, Djibouti, on Monday."
    assert ("CITY", "Curaco de Vélez") in phi(hipaa, text)
