"""The MEDDOCAN grammar's rules for the guidelines' catch-all type (OTROS_SUJETO_ASISTENCIA), on
sentences written from the guideline definitions (deid-guidelines.md, section 3.3)."""

from __future__ import annotations

import pytest

from annotator import Document, Pipeline


@pytest.fixture(scope="module")
def rules() -> Pipeline:
    return Pipeline.load("meddocan")


def spans(pipeline: Pipeline, text: str) -> set[tuple[str, str]]:
    return {(a.type, text[a.start:a.end]) for a in pipeline(Document(text)).annset("PHI")}


@pytest.mark.parametrize("text, value", [
    ("Se domicilia el pago en la cuenta IBAN ES91 2100 0418 4502 0005 1332.", "ES91 2100 0418 4502 0005 1332"),
    ("Consta en el expediente nº 2345/2009 del juzgado.", "2345/2009"),
    ("Según el protocolo notarial número 1.234, firmado por el paciente.", "1.234"),
    ("Inscrito en el Registro Civil: 23-45.", "23-45"),
])
def test_an_identifying_number_after_its_cue_is_otros_and_the_cue_stays_out(rules, text, value):
    assert ("OTROS_SUJETO_ASISTENCIA", value) in spans(rules, text)


def test_a_cue_without_a_number_gives_no_span(rules):
    found = spans(rules, "Se revisó el expediente clínico 2 días después.")
    assert not {kind for kind, _ in found} & {"OTROS_SUJETO_ASISTENCIA"}
