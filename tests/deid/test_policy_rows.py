"""Every row of every policy table (corpora_schemas/deid/*.yaml) is what the Pseudonymiser does:
a document with one value of the row's type, de-identified in surrogate and placeholder mode,
keeps it (action keep), or writes something else in its place marked ``replaced`` or ``shifted``
(its action), or, where no realistic value exists (no kind), the row's placeholder."""

from __future__ import annotations

import pytest

from annotator import Document
from annotator.deid import policy
from annotator.deid.pseudonymiser import Pseudonymiser

KEY = bytes(range(32))
LANGUAGE = {"meddocan": "es", "hina": "en", "i2b2-2006": "en", "i2b2-2014": "en"}
#: a value of each kind, per language, that its generator replaces (or shifts)
SAMPLES = {
    "es": {"name": "Ana García", "profession": "enfermera", "place": "Majadahonda", "country": "Francia",
           "street": "Calle Mayor 5", "hospital": "Hospital Universitario La Paz", "date": "12/03/2019",
           "age": "45 años", "phone": "912345678", "id": "28/12345678/90", "email": "ana.garcia@ejemplo.es",
           "url": "www.ejemplo.es", "ip": "192.168.1.20", "": "un tatuaje en el brazo"},
    "en": {"name": "John Smith", "profession": "plumber", "place": "Springfield", "country": "France",
           "street": "12 Main Street", "hospital": "Riverside Memorial Hospital", "date": "03/12/2019",
           "age": "45", "phone": "617-555-1234", "id": "MRN 1234567", "email": "john.smith@example.com",
           "url": "www.example.com", "ip": "192.168.1.20", "": "a tattoo on the arm"},
}
#: what a kept row is written as here (a value of the type)
KEPT = {"es": "varón", "en": "Texas"}
ROWS = [(tag_set, row) for tag_set in policy.tag_sets() for row in policy.table(tag_set).values()]


def one_value(tag_set: str, row: policy.Policy) -> tuple[Document, str]:
    language = LANGUAGE[tag_set]
    value = KEPT[language] if row.action == "keep" else SAMPLES[language][row.kind]
    if tag_set == "i2b2-2014" and row.type == "ZIP":
        value = "02115"
    text = f"Nota: {value}. Fin."
    doc = Document(text, name=f"{tag_set}-{row.type}")
    doc.annset().add(row.type, 6, 6 + len(value))
    return doc, value


@pytest.mark.parametrize("mode", ["surrogate", "placeholder"])
@pytest.mark.parametrize("tag_set, row", ROWS, ids=[f"{t}-{r.type}" for t, r in ROWS])
def test_every_row_is_what_the_pseudonymiser_does(tag_set, row, mode, generators):
    doc, value = one_value(tag_set, row)
    out = Pseudonymiser(mode, tagset=tag_set, language=LANGUAGE[tag_set], key=KEY)(doc)
    (ann,) = out.annset()
    written = out.covered_text(ann)
    if row.action == "keep":
        assert (written, ann.features["deid"]) == (value, "kept")
        return
    assert ann.features["deid"] == {"replace": "replaced", "shift": "shifted"}[row.action]
    assert written != value and value not in out.text
    if mode == "placeholder" or not row.kind:
        assert written == f"[{row.placeholder}]"
    else:
        assert "[" not in written


@pytest.mark.parametrize("language, value", [
    ("es", "recién nacida"), ("es", "Lactante"), ("es", "adolescente"), ("es", "neonato"), ("en", "newborn"),
    ("en", "infant"), ("en", "her 40s"), ("sv", "nyfödd")])
def test_an_age_written_without_a_number_is_kept(language, value, generators):
    """The README: a life stage or a decade names no age to shift (and no one): kept, marked so."""
    tag_set, type = ("meddocan", "EDAD_SUJETO_ASISTENCIA") if language == "es" else ("i2b2-2014", "AGE")
    doc = Document(f"Edad: {value}.", name="age")
    doc.annset().add(type, 6, 6 + len(value))
    out = Pseudonymiser("surrogate", tagset=tag_set, language=language, key=KEY)(doc)
    (ann,) = out.annset()
    assert (out.covered_text(ann), ann.features["deid"]) == (value, "kept")
    out = Pseudonymiser("placeholder", tagset=tag_set, language=language, key=KEY)(doc)
    (ann,) = out.annset()
    assert out.covered_text(ann) == "[AGE]"  # like any age


@pytest.mark.parametrize("value", ["un mes", "tres semanas", "cuarenta años"])
def test_an_age_in_words_is_shifted(value, generators):
    doc = Document(f"Edad: {value}.", name="age")
    doc.annset().add("EDAD_SUJETO_ASISTENCIA", 6, 6 + len(value))
    out = Pseudonymiser("surrogate", tagset="meddocan", language="es", key=KEY)(doc)
    (ann,) = out.annset()
    assert ann.features["deid"] == "shifted" and out.covered_text(ann) != value
