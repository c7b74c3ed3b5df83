"""The MEDDOCAN pipeline end to end on the shipped sample documents (three dev documents, CC BY 4.0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.document import Document
from annotator.paths import RESOURCES
from annotator.pipeline import Pipeline

SAMPLES = RESOURCES / "samples" / "meddocan"


def gold(path: Path) -> set[tuple[str, int, int]]:
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("T"):
            kind, start, end = line.split("\t")[1].split()
            found.add((kind, int(start), int(end)))
    return found


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline.from_xml(RESOURCES / "pipelines" / "meddocan.xml")


def test_samples_are_de_identified_with_high_f1(pipeline):
    """The samples are held out (dev; the lists are learned from train): strict F1 was 0.95 on them
    when they were chosen, the whole dev set's is about the same; 0.90 leaves room for rule changes
    and still fails when a header or signature rule breaks."""
    tp = fp = fn = 0
    for txt in sorted(SAMPLES.glob("*.txt")):
        doc = Document(txt.read_text(encoding="utf-8"), name=txt.stem)
        pipeline(doc)
        system = {(a.type, a.start, a.end) for a in doc.annset("PHI")}
        expected = gold(txt.with_suffix(".ann"))
        tp += len(system & expected)
        fp += len(system - expected)
        fn += len(expected - system)
    assert tp + fn == 60  # the three gold files
    assert 2 * tp / (2 * tp + fp + fn) >= 0.90


def test_phi_go_to_their_own_set_and_say_which_rule_made_them(pipeline):
    doc = Document("Nombre: Ernesto.\nApellidos: Rivera Bueno.\nInforme clínico del paciente: "
                   "Varón de 70 años, natural de Marruecos, que acude con su madre el 3 de mayo de 2010.\n")
    pipeline(doc)
    found = {(a.type, doc.text[a.start:a.end]) for a in doc.annset("PHI")}
    assert found == {
        ("NOMBRE_SUJETO_ASISTENCIA", "Ernesto"), ("NOMBRE_SUJETO_ASISTENCIA", "Rivera Bueno"),
        ("SEXO_SUJETO_ASISTENCIA", "Varón"), ("EDAD_SUJETO_ASISTENCIA", "70 años"),
        ("PAIS", "Marruecos"), ("FAMILIARES_SUJETO_ASISTENCIA", "madre"), ("FECHAS", "3 de mayo de 2010"),
    }
    assert all(a.features.get("rule") for a in doc.annset("PHI"))
    assert not doc.annset().with_type("FECHAS", "PAIS")


def test_eponyms_block_place_and_country_rules(pipeline):
    doc = Document("Se realizó tinción de rojo Congo y se aplicó la escala de Glasgow.")
    pipeline(doc)
    assert not doc.annset("PHI")


def test_patient_description_profession_and_month_phases(pipeline):
    doc = Document("Informe clínico del paciente: Lactante varón de 3 meses que ingresa en el mes de octubre.\n"
                   "Historia Actual: Varón de 40 años, pescador, natural de Cádiz.\n")
    pipeline(doc)
    found = {(a.type, doc.text[a.start:a.end]) for a in doc.annset("PHI")}
    assert {("ID_SUJETO_ASISTENCIA", "Lactante"), ("SEXO_SUJETO_ASISTENCIA", "varón"),
            ("EDAD_SUJETO_ASISTENCIA", "3 meses"), ("FECHAS", "octubre"),
            ("PROFESION", "pescador"), ("EDAD_SUJETO_ASISTENCIA", "40 años")} <= found


def test_the_patients_name_is_found_where_the_history_repeats_it(pipeline):
    text = ("Nombre: Teresa.\nApellidos: Puertas Rondon.\nMédico: Dra. Teresa Puertas Gil NºCol: 28 28 12345.\n"
            "Informe clínico del paciente: La Sra. Teresa Puertas Rondon, de 36 años. Teresa refiere dolor.\n")
    doc = Document(text)
    pipeline(doc)
    names = [(a.type, text[a.start:a.end]) for a in sorted(doc.annset("PHI"), key=lambda a: a.start)
             if a.type.startswith("NOMBRE")]
    assert names == [("NOMBRE_SUJETO_ASISTENCIA", "Teresa"), ("NOMBRE_SUJETO_ASISTENCIA", "Puertas Rondon"),
                     ("NOMBRE_PERSONAL_SANITARIO", "Teresa Puertas Gil"),
                     ("NOMBRE_SUJETO_ASISTENCIA", "Teresa Puertas Rondon"), ("NOMBRE_SUJETO_ASISTENCIA", "Teresa")]


def test_infant_ages_years_relatives_with_names_and_unnamed_centres(pipeline):
    text = ("Informe clínico del paciente: Varón de 26 días de vida. A los ocho meses de vida se "
            "repitió la prueba (TC 2005, normal), con 2000 mg de paracetamol. Gestante de 27 semanas. "
            "Acudió a su Centro de Salud; avisando a su madre Teresa Rodriguez y a su hermano Juan.\n")
    doc = Document(text)
    pipeline(doc)
    found = {(a.type, text[a.start:a.end]) for a in doc.annset("PHI")}
    assert {("EDAD_SUJETO_ASISTENCIA", "26 días"), ("EDAD_SUJETO_ASISTENCIA", "ocho meses"),
            ("FECHAS", "2005"), ("FAMILIARES_SUJETO_ASISTENCIA", "madre Teresa Rodriguez"),
            ("FAMILIARES_SUJETO_ASISTENCIA", "hermano"), ("FAMILIARES_SUJETO_ASISTENCIA", "Juan")} <= found
    assert not {kind for kind, value in found if value in ("2000", "27 semanas", "Centro de Salud")}


def test_places_after_de_and_eponyms_with_a_qualifier(pipeline):
    text = "Fue trasladada a otro centro hospitalario de Barcelona; cumple los criterios revisados de El Escorial."
    doc = Document(text)
    pipeline(doc)
    assert {(a.type, text[a.start:a.end]) for a in doc.annset("PHI")} == {("TERRITORIO", "Barcelona")}
