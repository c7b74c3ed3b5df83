"""deid-en on general-domain English text with international values (issue 28): hyphened and dotted
initials before a surname, US street lines with their flat or suite, Indian address lines, towns in
no list before a country and the lines of an address block (the whole name, the whole street line
with its unit, every town: i2b2 2014 and HIPAA Safe Harbor)."""

from __future__ import annotations

import pytest
from resourcehelp import phi

from annotator import Document


def covered(pipeline, text: str, value: str) -> bool:
    """Every letter and digit of ``value`` (in ``text``) lies inside a PHI annotation."""
    doc = pipeline(Document(text, name="t"))
    inside = set()
    for a in doc.annset("PHI"):
        inside.update(range(a.start, a.end))
    start = text.index(value)
    return all(start + i in inside for i, c in enumerate(value) if c.isalnum())


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
