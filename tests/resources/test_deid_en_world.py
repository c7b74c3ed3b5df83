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
