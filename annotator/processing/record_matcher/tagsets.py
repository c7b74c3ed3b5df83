"""Record field -> output annotation type, one table per tag set: the ``record_fields`` of each
tag set's file (``corpora_schemas/meddocan.yaml``, ``i2b2-2014.yaml``, ``i2b2-2006.yaml``, or an
installed tag set's, read by :mod:`annotator.schemas`).

``(doctor)`` is a name after a doctor's title (Dr., Dra., Prof., ...), ``(person)`` a name after
another title (Sr., Mrs., ...) that is not the record's name, ``(other)`` any field the table does
not list. i2b2 has no type for other people: they are PATIENT there (as the 2014 guidelines treat
a patient's relatives), and i2b2 2006 has no e-mail or "other" type: ID, the closest. An address
part after the first comma is typed as a postcode when it is 4-5 digits, else as a city.
"""

from __future__ import annotations

from annotator import schemas

DOCTOR = "(doctor)"
PERSON = "(person)"
OTHER = "(other)"


def tag_sets() -> list[str]:
    """The tag sets that have a record-field table."""
    return [name for name in schemas.tag_set_names() if schemas.record_fields(name)]


def type_of(tagset: str, field: str) -> str:
    """The annotation type of a record field (or of DOCTOR, PERSON) in ``tagset``."""
    table = schemas.record_fields(tagset)
    return table.get(field, table[OTHER])
