"""The Pseudonymiser: replaces PHI per policy and moves every annotation to the new offsets."""

from __future__ import annotations

import logging
import pickle
from importlib import import_module

import pytest

from annotator import Document
from annotator.deid.pseudonymiser import Pseudonymiser
from annotator.errors import AnnotatorError, DeidError

TEXT = "Paciente Ana García, varón de 45 años, su madre Carmen. Tel 912345678."


def note() -> Document:
    doc = Document(TEXT, name="note-1", features={"source": "test"})
    phi = doc.annset()
    for type, surface in [("NOMBRE_SUJETO_ASISTENCIA", "Ana García"), ("SEXO_SUJETO_ASISTENCIA", "varón"),
                          ("EDAD_SUJETO_ASISTENCIA", "45 años"), ("FAMILIARES_SUJETO_ASISTENCIA", "madre"),
                          ("FAMILIARES_SUJETO_ASISTENCIA", "Carmen"), ("NUMERO_TELEFONO", "912345678")]:
        start = TEXT.index(surface)
        phi.add(type, start, start + len(surface), {"note": surface[:2]})
    work = doc.annset("work")
    work.add("Sentence", 0, len(TEXT))
    work.add("Token", TEXT.index("Ana"), TEXT.index("Ana") + 3)        # inside a replaced span
    work.add("Token", TEXT.index(" Ana") , TEXT.index("Ana") + 3)      # crosses its start
    work.add("Token", TEXT.index("Tel"), TEXT.index("Tel") + 3)        # after it: moved
    work.add("Split", TEXT.index("."), TEXT.index(".") + 1)
    return doc


def spans_equal_slices(doc: Document) -> None:
    for name in doc.annset_names():
        for ann in doc.annset(name):
            assert 0 <= ann.start <= ann.end <= len(doc.text)


@pytest.mark.parametrize("mode", ["placeholder", "mask", "redact"])
def test_modes_replace_phi_and_keep_what_names_no_one(mode):
    doc = note()
    out = Pseudonymiser(mode)(doc)
    assert doc.text == TEXT  # a new document; the input is untouched
    phi = {a.id: a for a in out.annset()}
    surfaces = {doc.annset().get(i).type + ":" + doc.text[doc.annset().get(i).start:doc.annset().get(i).end]:
                out.text[a.start:a.end] for i, a in phi.items()}
    expected = {
        "placeholder": {"NOMBRE_SUJETO_ASISTENCIA:Ana García": "[PNAME]", "EDAD_SUJETO_ASISTENCIA:45 años": "[AGE]",
                        "FAMILIARES_SUJETO_ASISTENCIA:Carmen": "[ONAME]", "NUMERO_TELEFONO:912345678": "[PHONE]"},
        "mask": {"NOMBRE_SUJETO_ASISTENCIA:Ana García": "**********", "EDAD_SUJETO_ASISTENCIA:45 años": "*******",
                 "FAMILIARES_SUJETO_ASISTENCIA:Carmen": "******", "NUMERO_TELEFONO:912345678": "*********"},
        "redact": {"NOMBRE_SUJETO_ASISTENCIA:Ana García": "", "EDAD_SUJETO_ASISTENCIA:45 años": "",
                   "FAMILIARES_SUJETO_ASISTENCIA:Carmen": "", "NUMERO_TELEFONO:912345678": ""},
    }[mode]
    kept = {"SEXO_SUJETO_ASISTENCIA:varón": "varón", "FAMILIARES_SUJETO_ASISTENCIA:madre": "madre"}
    assert surfaces == {**expected, **kept}
    states = {doc.annset().get(i).type + ":" + doc.covered_text(doc.annset().get(i)): a.features["deid"] for i, a in phi.items()}
    assert states == {"NOMBRE_SUJETO_ASISTENCIA:Ana García": "replaced", "SEXO_SUJETO_ASISTENCIA:varón": "kept",
                      "EDAD_SUJETO_ASISTENCIA:45 años": "shifted", "FAMILIARES_SUJETO_ASISTENCIA:madre": "kept",
                      "FAMILIARES_SUJETO_ASISTENCIA:Carmen": "replaced", "NUMERO_TELEFONO:912345678": "replaced"}
    assert all(a.features["note"] == doc.annset().get(a.id).features["note"] for a in out.annset())
    assert out.name == "note-1" and out.features == {"source": "test"}
    for secret in ("Ana", "García", "45", "Carmen", "912345678"):
        assert secret not in out.text
    if mode == "mask":
        assert len(out.text) == len(TEXT)
        assert [(a.start, a.end) for a in out.annset()] == [(a.start, a.end) for a in doc.annset()]


def test_other_sets_move_widen_or_drop(caplog):
    doc = note()
    with caplog.at_level(logging.WARNING, logger="annotator"):
        out = Pseudonymiser("placeholder")(doc)
    work = {(a.type, out.text[a.start:a.end], a.features.get("deid")) for a in out.annset("work")}
    assert work == {("Sentence", out.text, None), ("Token", "[PNAME]", "covered"), ("Token", "Tel", None),
                    ("Split", ".", None)}
    assert len(out.annset("work")) == 4  # the token crossing the name's start is dropped ...
    assert "E708 1 annotation(s) of set(s) 'work' crossed a replaced span" in caplog.text  # ... with a warning
    assert {a.id for a in out.annset("work")} <= {a.id for a in doc.annset("work")}


def test_redact_leaves_zero_length_annotations_at_the_cut():
    out = Pseudonymiser("redact")(note())
    name = next(a for a in out.annset() if a.type == "NOMBRE_SUJETO_ASISTENCIA")
    assert name.start == name.end == len("Paciente ")
    assert out.text.startswith("Paciente , varón de , su madre . Tel .")
    token = next(a for a in out.annset("work") if a.type == "Token" and a.features.get("deid") == "covered")
    assert (token.start, token.end) == (name.start, name.end)


def test_overlapping_phi_is_replaced_once_and_relations_follow():
    doc = Document("Dr. Ana García Ruiz firma.", name="d")
    phi = doc.annset()
    a = phi.add("NOMBRE_PERSONAL_SANITARIO", 4, 19)
    b = phi.add("NOMBRE_SUJETO_ASISTENCIA", 8, 14)
    c = phi.add("SEXO_SUJETO_ASISTENCIA", 20, 25)  # names no one, kept
    phi.add_relation("same", [a.id, c.id], {"x": 1})
    out = Pseudonymiser("placeholder")(doc)
    assert out.text == "Dr. [DNAME] firma."
    assert {(x.type, out.text[x.start:x.end]) for x in out.annset()} == {
        ("NOMBRE_PERSONAL_SANITARIO", "[DNAME]"), ("NOMBRE_SUJETO_ASISTENCIA", "[DNAME]"),
        ("SEXO_SUJETO_ASISTENCIA", "firma")}
    assert [(r.type, r.members, r.features) for r in out.annset().relations.values()] == [("same", [a.id, c.id], {"x": 1})]


def test_brat_fragments_move_with_their_annotation():
    doc = Document("Ana vive en calle Mayor y luego 5.", name="d")
    doc.annset().add("NOMBRE_SUJETO_ASISTENCIA", 0, 3)
    doc.annset("x").add("CALLE", 12, 33, {"fragments": "12 23;32 33"})
    out = Pseudonymiser("placeholder")(doc)
    street = next(iter(out.annset("x")))
    start, end = (int(n) for n in street.features["fragments"].split(";")[1].split())
    assert out.text[start:end] == "5" and out.text[street.start:street.end] == "calle Mayor y luego 5"


def test_only_the_chosen_set_and_types_are_phi():
    doc = note()
    doc.annset("PHI").add("NOMBRE_SUJETO_ASISTENCIA", 9, 12)
    out = Pseudonymiser("placeholder", set_name="PHI")(doc)
    assert out.text == TEXT.replace("Ana", "[PNAME]")
    hina = Document("Saw Mrs Abby Hayward today.", name="h")
    hina.annset().add("Token", 0, 3)
    hina.annset().add("Patient", 8, 20)
    out = Pseudonymiser("placeholder", types=["Patient", "Doctor"])(hina)
    assert out.text == "Saw Mrs [PNAME] today."
    assert {a.type: a.features.get("deid") for a in out.annset()} == {"Token": None, "Patient": "replaced"}


def test_a_type_without_policy_fails_the_document():
    doc = note()
    doc.annset().add("Banana", 0, 3)
    with pytest.raises(DeidError, match="E705 type.s. Banana of set '' have no de-identification policy"):
        Pseudonymiser("mask")(doc)
    with pytest.raises(DeidError, match="E705 type.s. EDAD_SUJETO_ASISTENCIA, .*NOMBRE_SUJETO_ASISTENCIA.* in the hina table"):
        Pseudonymiser("mask", tagset="hina")(note())


@pytest.mark.parametrize("kwargs, code", [
    ({"mode": "hash"}, "E700"), ({"mode": "mask", "tagset": "x"}, "E701"), ({"language": "de"}, "E703"),
    ({"mode": "surrogate"}, "E702"), ({"mode": "mask", "key": b"short"}, "E704"),
])
def test_bad_arguments_are_coded(kwargs, code):
    with pytest.raises(DeidError, match=code):
        Pseudonymiser(**kwargs)


def test_the_key_is_made_once_and_travels_with_the_transform():
    p = Pseudonymiser("mask")
    assert len(p.key) == 32 and p.key != Pseudonymiser("mask").key
    assert pickle.loads(pickle.dumps(p)).key == p.key
    assert p.key.hex() not in repr(p)


class _Upper:
    """A test double for the generator of a kind: checks the plumbing, not the surrogates."""

    def __init__(self, ctx):
        self.ctx = ctx

    def __call__(self, span):
        surface = self.ctx.surface(span)
        return surface if span.kind == "age" else f"<{span.kind}:{span.role}:{surface.upper()}>"


def test_surrogate_mode_calls_one_generator_per_kind_with_the_document_context(monkeypatch):
    made = []

    def generator(kind, ctx):
        made.append((kind, ctx.name, ctx.language, [s.type for s in ctx.spans], ctx.key, ctx.per_patient))
        return _Upper(ctx)

    monkeypatch.setattr("annotator.deid.pseudonymiser.generator", generator)
    key = bytes(range(32))
    out = Pseudonymiser("surrogate", language="es", key=key, per_patient=True)(note())
    assert out.text == TEXT.replace("Ana García", "<name:patient:ANA GARCÍA>").replace(
        "Carmen", "<name:relative:CARMEN>").replace("912345678", "<phone::912345678>")
    phi_types = ["NOMBRE_SUJETO_ASISTENCIA", "EDAD_SUJETO_ASISTENCIA", "FAMILIARES_SUJETO_ASISTENCIA", "NUMERO_TELEFONO"]
    assert made == [(k, "note-1", "es", phi_types, key, True) for k in ("name", "age", "phone")]
    age = next(a for a in out.annset() if a.type == "EDAD_SUJETO_ASISTENCIA")
    assert age.features["deid"] == "kept"  # the generator gave it back unchanged


@pytest.mark.parametrize("failure, code", [(ValueError("boom"), "E707"), (None, "E707")])
def test_a_failing_generator_fails_the_document(monkeypatch, failure, code):
    def generator(kind, ctx):
        def make(span):
            if failure is not None:
                raise failure
            return 42
        return make

    monkeypatch.setattr("annotator.deid.pseudonymiser.generator", generator)
    with pytest.raises(DeidError, match=code) as info:
        Pseudonymiser("surrogate", language="es")(note())
    assert info.value.path == "note-1"


def test_a_missing_generator_module_is_coded(monkeypatch):
    def generator(kind, ctx):
        return import_module(f"annotator.deid.surrogates.no_such_module_for_{kind}").FACTORIES[kind](ctx)

    monkeypatch.setattr("annotator.deid.pseudonymiser.generator", generator)
    doc = Document("Tel 912345678", name="d")
    doc.annset().add("NUMERO_TELEFONO", 4, 13)
    with pytest.raises(DeidError, match="E706 no surrogate generator for kind 'phone'"):
        Pseudonymiser("surrogate", language="es")(doc)


def test_any_other_failure_becomes_an_annotator_error(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("bug")

    monkeypatch.setattr("annotator.deid.policy.table_for", broken)
    with pytest.raises(AnnotatorError, match="E709 de-identification failed: RuntimeError: bug"):
        Pseudonymiser("mask")(note())


def test_a_relative_with_an_age_is_shifted_as_an_age():
    doc = Document("Su hija de 50 años y su madre.", name="d")
    doc.annset().add("FAMILIARES_SUJETO_ASISTENCIA", 3, 18)
    doc.annset().add("FAMILIARES_SUJETO_ASISTENCIA", 24, 29)
    out = Pseudonymiser("placeholder")(doc)
    assert out.text == "Su [AGE] y su madre."
    assert [a.features["deid"] for a in out.annset()] == ["shifted", "kept"]


def test_a_document_without_the_set_fails_but_an_empty_set_is_fine():
    doc = Document("Nada que ocultar.", name="d")
    with pytest.raises(DeidError, match=r"E715 no annotation set 'PHI' in the document \(its sets: none\)"):
        Pseudonymiser("mask", set_name="PHI")(doc)
    doc.annset("PHI")
    assert Pseudonymiser("mask", set_name="PHI")(doc).text == doc.text


def test_only_the_sets_asked_for_are_carried_over():
    out = Pseudonymiser("mask", sets=[""])(note())
    assert out.annset_names() == [""] and len(out.annset()) == 6


def test_a_date_its_generator_cannot_read_becomes_its_placeholder(caplog):
    """Regression: MEDDOCAN train gold tags ``Colombia`` as FECHAS; that failed the whole document."""
    doc = Document("Nacido en Colombia el 12/03/2019.", name="noisy")
    doc.annset().add("FECHAS", 10, 18)
    doc.annset().add("FECHAS", 22, 32)
    with caplog.at_level(logging.WARNING, logger="annotator"):
        out = Pseudonymiser("surrogate", language="es", key=bytes(32))(doc)
    first, second = sorted(out.annset(), key=lambda a: a.start)
    assert out.text[first.start:first.end] == "[DATE]"
    assert out.text[second.start:second.end] not in ("12/03/2019", "[DATE]")
    assert "Colombia" not in out.text
    assert "E716 FECHAS 10-18 written as its placeholder [DATE]" in caplog.text
