"""deid-en on general-domain English text (issue 28), spans after the guidelines
(../shared/reference/deid-guidelines.md 2.3): a titled person's name before "of" and a facility is a
name of its own, the facility keeps its head words."""

from __future__ import annotations

import pytest
from resourcehelp import phi


@pytest.mark.parametrize("text, expected", [
    ("Seen today by Dr. Halvorsen of Evensen Medical Center for follow-up.",
     [("DOCTOR", "Halvorsen"), ("HOSPITAL", "Evensen Medical Center")]),
    ("She was referred by Dr. Lindqvist of Brightwater Clinic",
     [("DOCTOR", "Lindqvist"), ("HOSPITAL", "Brightwater Clinic")]),
    ("Dr. Anna Berg of St. Mary's Hospital called.", [("DOCTOR", "Anna Berg"), ("HOSPITAL", "St. Mary's Hospital")]),
    ("Prof. Okafor of the Royal Infirmary Hospital wrote.", [("DOCTOR", "Okafor"), ("HOSPITAL", "Royal Infirmary Hospital")]),
    ("Letter from Mrs Hale of Brightwater Clinic.", [("PATIENT", "Hale"), ("HOSPITAL", "Brightwater Clinic")]),
])
def test_a_titled_name_before_of_and_a_facility(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # no title: the facility's own name may hold "of" ("University of Vermont Medical Center")
    ("Transferred to University of Vermont Medical Center today.", [("HOSPITAL", "University of Vermont Medical Center")]),
])
def test_of_inside_a_facility_name_without_a_title(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a numbered street of Colombia: its letter, "Bis" and quarter after either number
    ("Address: Carrera 84 # 29-70 Sur, Medellín.", ("STREET", "Carrera 84 # 29-70 Sur")),
    ("Send it to Transversal 5 Bis # 12-30, Cali.", ("STREET", "Transversal 5 Bis # 12-30")),
    ("Address: Calle 45 Sur # 12-30, Medellín", ("STREET", "Calle 45 Sur # 12-30")),
    ("Home: Kra. 7 No. 45-10, Bogotá", ("STREET", "Kra. 7 No. 45-10")),
    # the crossing after a named street
    ("Avenida Boyacá No. 23-45, Bogotá", ("STREET", "Avenida Boyacá No. 23-45")),
    # the unit and the neighbourhood on the street's line (guidelines 2.3: the whole street line with its unit)
    ("Address: Calle Reforma 45, int. 3, Col. Juárez, Puebla", ("STREET", "Calle Reforma 45, int. 3, Col. Juárez")),
    ("Office: Av. Insurgentes Sur 1234, Col. Roma, Ciudad de México.", ("STREET", "Av. Insurgentes Sur 1234, Col. Roma")),
    ("Address: Rua das Flores, 25, Bairro Centro, Curitiba", ("STREET", "Rua das Flores, 25, Bairro Centro")),
    ("Address: Calle 10 No. 5-51, barrio El Poblado, Medellín", ("STREET", "Calle 10 No. 5-51, barrio El Poblado")),
    ("Calzada de Tlalpan 1020, oficina 201, Coyoacán", ("STREET", "Calzada de Tlalpan 1020, oficina 201")),
])
def test_latin_american_street_lines(hipaa, text, expected):
    found = phi(hipaa, text)
    assert expected in found
    assert all(t != "STREET" for t, v in found if v != expected[1])  # the town after it is no street


@pytest.mark.parametrize("text", [
    "Calle 10 was closed.",
    "Seen at 10, int. 3 was normal.",
    "He said the barrio was quiet.",
])
def test_latin_american_street_words_alone_stay_untouched(hipaa, text):
    assert not any(t == "STREET" for t, _ in phi(hipaa, text))
