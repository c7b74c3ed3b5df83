"""The leak metric: original PHI still in de-identified text, kept values and non-PHI apart."""

from __future__ import annotations

from annotator import Document
from annotator.deid.pseudonymiser import Pseudonymiser
from annotator.evaluation.leak import evaluate_leak, format_report

TEXT = "Rosa Pérez vio rosa la piel. Rosa Pérez, mujer, vive en Lugo. Tel 600123123 y 600123123."


def original() -> Document:
    doc = Document(TEXT, name="d1")
    phi = doc.annset()
    phi.add("NOMBRE_SUJETO_ASISTENCIA", 0, 10)
    phi.add("NOMBRE_SUJETO_ASISTENCIA", 29, 39)
    phi.add("SEXO_SUJETO_ASISTENCIA", 41, 46)
    phi.add("TERRITORIO", 56, 60)
    phi.add("NUMERO_TELEFONO", 66, 75)
    phi.add("NUMERO_TELEFONO", 78, 87)
    return doc


def test_a_clean_output_leaks_nothing_and_lists_kept_values_apart():
    result = evaluate_leak([original()], [Pseudonymiser("placeholder")(original())])
    assert result.total.mentions == 5 and result.total.found == 0
    assert result.leaked == [] and result.fraction_left == 0.0
    assert [(m.type, m.surface) for m in result.kept] == [("SEXO_SUJETO_ASISTENCIA", "mujer")]


def test_every_surface_left_is_found_as_a_whole_word_ignoring_case_and_accents():
    leaky = Document(TEXT.replace("Lugo", "Lugones").replace("600123123 y", "XXX y").upper().replace("É", "E"), name="d1")
    leaky.annset().add("NOMBRE_SUJETO_ASISTENCIA", 0, 10, {"deid": "replaced"})
    result = evaluate_leak([original()], [leaky])
    leaked = sorted((m.type, m.surface) for m in result.leaked)
    assert leaked == [("NOMBRE_SUJETO_ASISTENCIA", "Rosa Pérez"), ("NOMBRE_SUJETO_ASISTENCIA", "Rosa Pérez"),
                      ("NUMERO_TELEFONO", "600123123"), ("NUMERO_TELEFONO", "600123123")]  # 'Lugo' is not a word of 'LUGONES'
    assert result.per_type["NUMERO_TELEFONO"].leaked_long == 2
    assert result.fraction_left == (10 + 10 + 9 + 9) / (10 + 10 + 4 + 9 + 9)
    report = format_report(result)
    assert "NUMERO_TELEFONO" in report and "'Rosa Pérez'" in report and "PHI characters left: 0.9048" in report


def test_surfaces_also_in_the_non_phi_text_are_listed_apart():
    doc = Document("Rosa dijo: la piel rosa.", name="d")
    doc.annset().add("NOMBRE_SUJETO_ASISTENCIA", 0, 4)
    out = Document("Lucía dijo: la piel rosa.", name="d")
    result = evaluate_leak([doc], [out])
    assert result.leaked == [] and [m.surface for m in result.also_non_phi] == ["Rosa"]
    assert result.per_type["NOMBRE_SUJETO_ASISTENCIA"].found == 1


def test_kept_is_read_from_the_output_feature_else_from_the_policy():
    doc = Document("Nacido en 1961 en Madrid.", name="d")
    doc.annset().add("FECHAS", 10, 14)
    doc.annset().add("TERRITORIO", 18, 24)
    out = Document(doc.text, name="d")
    out.annset().add("FECHAS", 10, 14, {"deid": "kept"}, id=0)  # a year alone, kept by the generator
    result = evaluate_leak([doc], [out])
    assert [m.surface for m in result.kept] == ["1961"]
    assert [m.surface for m in result.leaked] == ["Madrid"]  # no feature: the policy says replaced


def test_unpaired_and_unknown_documents_are_warned_about():
    doc = Document("Banana split", name="a")
    doc.annset().add("Banana", 0, 6)
    result = evaluate_leak([doc, Document("x", name="b")], [Document("Banana split", name="a"), Document("y", name="c")])
    assert any(w.startswith("E233 document 'a': type(s) Banana") for w in result.warnings)
    assert any(w.startswith("E234 1 original") for w in result.warnings)
    assert any(w.startswith("E235 1 de-identified") for w in result.warnings)
    assert [m.surface for m in result.leaked] == ["Banana"]


def test_a_value_found_only_inside_shifted_values_is_listed_apart_but_a_surrogate_equal_to_a_real_name_leaks():
    doc = Document("Vista en marzo de 2019 y en abril de 2019 por Ana y Eva.", name="d")
    for surface in ("marzo de 2019", "abril de 2019"):
        doc.annset().add("FECHAS", doc.text.index(surface), doc.text.index(surface) + len(surface))
    for surface in ("Ana", "Eva"):
        doc.annset().add("NOMBRE_PERSONAL_SANITARIO", doc.text.index(surface), doc.text.index(surface) + 3)
    out = Document("Vista en abril de 2019 y en mayo de 2019 por Eva y Sol.", name="d")
    for state, surface in (("shifted", "abril de 2019"), ("shifted", "mayo de 2019"), ("replaced", "Eva"), ("replaced", "Sol")):
        out.annset().add("X", out.text.index(surface), out.text.index(surface) + len(surface), {"deid": state})
    result = evaluate_leak([doc], [out])
    assert [m.surface for m in result.shifted_onto] == ["abril de 2019"]
    assert [m.surface for m in result.leaked] == ["Eva"]
    assert result.per_type["FECHAS"].found == 1 and result.per_type["FECHAS"].left_chars == 0
