"""The feature ``confidence`` of the Spanish MEDDOCAN pipelines' PHI spans: the rules' by the rule
that made it (resources/grammars/meddocan/actions/confidence.py), the CRF's by its marginals, kept by
the hybrid's merge; ``-p policy.minConfidence=...``; the curve on MEDDOCAN dev."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from annotator import Document, Pipeline
from annotator.corpus import read_documents
from annotator.evaluation.phi_values import confidence_curve, evaluate_values
from annotator.jape.actions import load_actions_file
from annotator.paths import RESOURCES

GRAMMAR = RESOURCES / "grammars" / "meddocan"
SAMPLES = sorted((RESOURCES / "samples" / "meddocan").glob("*.txt"))
SPANISH = ("meddocan", "meddocan-hybrid", "meddocan-crf", "meddocan-records")

actions = load_actions_file(GRAMMAR / "actions")
table = actions.confidence


def texts() -> list[Document]:
    return [Document(path.read_text(encoding="utf-8"), name=path.stem) for path in SAMPLES]


@pytest.fixture(scope="module")
def rules() -> Pipeline:
    return Pipeline.load("meddocan")


@pytest.fixture(scope="module")
def hybrid() -> Pipeline:
    pytest.importorskip("pycrfsuite", reason="the crf-tagger needs the learn extra")
    return Pipeline.load("meddocan-hybrid")


def test_every_rule_span_of_the_samples_has_its_rule_s_confidence(rules):
    seen = set()
    for doc in map(rules, texts()):
        assert doc.annset("PHI")
        for ann in doc.annset("PHI"):
            value, rule = ann.features["confidence"], ann.features["rule"]
            assert isinstance(value, float) and 0.0 <= value <= 1.0
            assert value == actions.rule_confidence(rule) and value != table.OTHER, rule
            seen.add(value)
    assert len(seen) >= 3  # header fields, signature parts and narrative rules differ


def test_the_table_names_every_rule_of_the_grammar():
    """Every ``rule`` value of the phases that make PHI has its band (the fallback is for rules added
    later); the blocking rules make no PHI and have none."""
    named = set()
    for phase in ("fields", "context", "subject"):
        named |= set(re.findall(r'rule = "([^"]+)"', (GRAMMAR / f"{phase}.jape").read_text(encoding="utf-8")))
    assert len(named) > 50
    assert named <= set(table.RULES), sorted(named - set(table.RULES))
    blocking = set(re.findall(r'rule = "([^"]+)"', (GRAMMAR / "blocking.jape").read_text(encoding="utf-8")))
    assert blocking and not blocking & set(table.RULES)
    assert all(0.0 <= v <= 1.0 for v in table.RULES.values())


def test_reliable_rules_outrank_heuristic_ones_and_a_new_rule_gets_the_least():
    field, signature = actions.rule_confidence("field:nhc"), actions.rule_confidence("signature:street")
    form, cue, listed = (actions.rule_confidence(r) for r in ("sex-de-age", "relative", "place-after-preposition"))
    assert field > signature > form > cue > listed > actions.rule_confidence("some-new-rule") > 0.0


def test_a_header_value_is_surer_than_a_listed_word_in_the_narrative(rules):
    doc = rules(Document("Nombre: Ernesto.\nApellidos: Rivera Bueno.\n\nEstuvo en Sevilla durante un mes.\n", name="t"))
    found = {doc.text[a.start:a.end]: a.features["confidence"] for a in doc.annset("PHI")}
    assert found["Ernesto"] == found["Rivera Bueno"] == table.FIELD
    assert found["Sevilla"] == table.LIST


def test_every_span_of_the_hybrid_has_the_confidence_of_the_span_it_kept(hybrid):
    from_crf = 0
    for doc in map(hybrid, texts()):
        crf = {(a.type, a.start, a.end): a.features["confidence"] for a in doc.annset("CRF")}
        for ann in doc.annset("PHI"):
            value = ann.features["confidence"]
            assert isinstance(value, float) and 0.0 <= value <= 1.0
            if "rule" in ann.features:
                assert value == actions.rule_confidence(ann.features["rule"])
            else:
                assert value == crf[(ann.type, ann.start, ann.end)]
                from_crf += 1
    assert from_crf  # the hybrid keeps some CRF spans (CALLE, TERRITORIO, ... are the CRF's alone)


@pytest.mark.parametrize("name", SPANISH)
def test_each_spanish_pipeline_ends_with_the_policy_filter_that_keeps_every_span_by_default(tmp_path, name):
    if name in ("meddocan-hybrid", "meddocan-crf"):
        pytest.importorskip("pycrfsuite", reason="the crf-tagger needs the learn extra")
    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps({"document": "sample", "name": "Gloria Cruz Castro"}) + "\n", encoding="utf-8")
    pipeline = Pipeline.load(name, {"record-matcher.records": str(records)} if name == "meddocan-records" else {})
    last = pipeline.steps[-1]
    assert last.name == "policy" and type(last.pr).__name__ == "PolicyFilter"
    assert last.pr.minConfidence == 0.0 and last.pr.inputASName == "PHI"
    if name == "meddocan-records":  # a record match of its own has no confidence: the filter counts it as 1
        doc = pipeline(Document("Nombre: Gloria.\nLa paciente Gloria Cruz Castro acude.\n", name="sample"))
        assert {doc.text[a.start:a.end] for a in doc.annset("PHI")} >= {"Gloria", "Gloria Cruz Castro"}


@pytest.mark.parametrize("name", ["meddocan", "meddocan-hybrid"])
def test_min_confidence_drops_exactly_the_spans_below_it(name):
    if name != "meddocan":
        pytest.importorskip("pycrfsuite", reason="the crf-tagger needs the learn extra")
    every = Pipeline.load(name)
    sure = Pipeline.load(name, overrides={"policy.minConfidence": "0.8"})
    dropped = 0
    for doc in texts():
        kept = {(a.type, a.start, a.end) for a in sure(Document(doc.text, name=doc.name)).annset("PHI")}
        spans = {(a.type, a.start, a.end): a.features["confidence"] for a in every(doc).annset("PHI")}
        assert kept == {s for s, value in spans.items() if value >= 0.8}
        dropped += len(spans) - len(kept)
    assert dropped  # the samples have spans below 0.8


@pytest.mark.parametrize("name", ["meddocan", "meddocan-hybrid"])
def test_the_curve_on_meddocan_dev(meddocan_dir: Path, name):
    """Recall falls or stays as the threshold rises; at 0 the figures are those without a curve."""
    if name != "meddocan":
        pytest.importorskip("pycrfsuite", reason="the crf-tagger needs the learn extra")
    gold = list(read_documents(meddocan_dir / "dev" / "brat", "brat", lenient=True))
    pipeline = Pipeline.load(name)
    system = [pipeline(Document(doc.text, name=doc.name)) for doc in gold]
    points = confidence_curve(gold, system, system_set="PHI")
    plain = evaluate_values(gold, system, system_set="PHI")
    recalls = [p.result.total.recall for p in points]
    assert points[0].threshold == 0.0 and recalls == sorted(recalls, reverse=True)
    at_zero = points[0].result
    assert (at_zero.total, at_zero.token_precision, at_zero.token_recall) == \
        (plain.total, plain.token_precision, plain.token_recall)
    assert plain.total.recall > 0.95 and recalls[-1] < recalls[0]  # the threshold does cost recall
