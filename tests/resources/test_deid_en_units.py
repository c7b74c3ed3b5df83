"""deid-en on generic units and street lines with their units (issue 28; guidelines 2.3: generic
units are not annotated, a street line is PHI with its unit): a clinic named by generic words, a
role word after a first name that is a common word, a unit after a street line without a comma,
a street line whose unit takes the next line's number, street types first of Mexico and Spain."""

from __future__ import annotations

import pytest
from resourcehelp import phi


@pytest.mark.parametrize("text", [
    "Booked into the Pain Clinic for Tuesday.",
    "Seen in the Paediatrics Clinic; no change.",
    "Results from the Rheumatology Clinic were normal.",
    "We will Discuss the Headache Clinic at the next visit.",
    "Referred to Sexual Health Clinics last year.",
])
def test_clinic_named_by_generic_words_is_no_phi(hipaa, text):
    assert not any(type_ == "HOSPITAL" for type_, _value in phi(hipaa, text))


@pytest.mark.parametrize("text, hospital", [
    # a name, a place, a prefix or a surname of the lists names the clinic
    ("She was admitted to Brown Clinic on Monday.", "Brown Clinic"),
    ("Referred to the Hartfield Clinic for review.", "Hartfield Clinic"),
    ("Seen at St. Agnes Clinic last week.", "St. Agnes Clinic"),
    # a unit of a named facility is unique
    ("Follow up in Diabetes Clinic at Riverbend Hospital in May.", "Diabetes Clinic"),
])
def test_clinic_named_by_a_name_stays_a_hospital(hipaa, text, hospital):
    assert ("HOSPITAL", hospital) in phi(hipaa, text)


@pytest.mark.parametrize("text", [
    "Chart checked by the Ward Nurse before lunch.",
    "The Grant Surgeon signed the form.",
])
def test_role_or_head_word_is_no_surname_after_a_common_first_name(hipaa, text):
    assert phi(hipaa, text) == []


def test_name_of_a_common_first_name_and_a_surname_stays(hipaa):
    assert ("PATIENT", "Will Jenkins") in phi(hipaa, "Will Jenkins was seen today.")


@pytest.mark.parametrize("text, street", [
    # the unit after the street line, a space before it
    ("He moved to 48 Larch Avenue Suite 210 in May.", "48 Larch Avenue Suite 210"),
    ("Address: 7 Harbour Road Apt. 3B, Port Louis", "7 Harbour Road Apt. 3B"),
    ("Entrega en Calle Olmo 44 Interior 12, Puebla", "Calle Olmo 44 Interior 12"),
    ("Send it to Calle Sauce 3 Edif. 14, Toluca", "Calle Sauce 3 Edif. 14"),
])
def test_unit_after_a_street_line_without_a_comma(hipaa, text, street):
    assert ("STREET", street) in phi(hipaa, text)


@pytest.mark.parametrize("text, street", [
    # the unit's number run takes the next line's postcode: the street keeps its first line
    ("Postal address\n512 Kestrel Way Suite 12\n40210 Lyon\nFrance", "512 Kestrel Way Suite 12"),
    ("Home address\n9 Orchard Lane Apt. 4\n2040 Hove", "9 Orchard Lane Apt. 4"),
])
def test_street_line_before_a_postcode_line_keeps_its_unit(hipaa, text, street):
    assert ("STREET", street) in phi(hipaa, text)


def test_no_street_line_of_a_dose_before_a_field(hipaa):
    assert not any(type_ == "STREET" for type_, _value in phi(hipaa, "Medication: Augmentin 625 mg tds\nRoute: oral"))


@pytest.mark.parametrize("text, street", [
    ("Domicilio: Andador Sur Robles 18, Querétaro", "Andador Sur Robles 18"),
    ("She lives at Peatonal Hidalgo 207, Oaxaca.", "Peatonal Hidalgo 207"),
    ("Envío a Cuesta del Carmen 5, Burgos", "Cuesta del Carmen 5"),
    ("Address: Retorno Jacarandas 31, Morelia", "Retorno Jacarandas 31"),
])
def test_street_types_first_of_mexico_and_spain(hipaa, text, street):
    assert ("STREET", street) in phi(hipaa, text)
