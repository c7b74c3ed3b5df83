"""The feature ``confidence`` of deid-en's PHI annotations (resources/grammars/deid-en/actions/):
on every value of the English test material, from the rule that made it, total and monotone in prio,
and applied by ``-p policy.minConfidence=...``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from annotator import Document, Pipeline

REPO = Path(__file__).resolve().parents[2]
ACTIONS = REPO / "resources" / "grammars" / "deid-en" / "actions" / "__init__.py"


@pytest.fixture(scope="module")
def actions():
    # a package (its __init__ imports its own modules): found under a name of its own, as the jape PR does
    spec = importlib.util.spec_from_file_location("deid_en_actions", ACTIONS,
                                                  submodule_search_locations=[str(ACTIONS.parent)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def confidences(pipeline, text: str) -> dict[str, float]:
    doc = pipeline(Document(text, name="t"))
    return {text[a.start:a.end]: a.features["confidence"] for a in doc.annset("PHI")}


@pytest.mark.parametrize("policy", ["hipaa", "i2b2-2014"])
def test_every_phi_value_of_the_material_has_a_confidence_in_0_1(material, policy):
    pipeline = Pipeline.load("deid-en", overrides={"policy.policy": policy})
    seen = set()
    for part in material.PARTS:
        for gold in material.load(part, policy):
            for ann in pipeline(Document(gold.text, name=gold.name)).annset("PHI"):
                value = ann.features["confidence"]
                assert isinstance(value, float) and 0.0 <= value <= 1.0, (gold.name, ann)
                seen.add(value)
    assert len(seen) >= 4  # the rules differ in how sure they are


def test_formats_and_labels_score_above_a_bare_name_word(hipaa):
    found = confidences(hipaa, "Gonzalez called about MRN: 3318472, email jo@example.org, on 12/01/2019.")
    assert found["3318472"] >= 0.9 and found["jo@example.org"] >= 0.9 and found["12/01/2019"] >= 0.9
    assert found["Gonzalez"] < 0.5
    title, bare = confidences(hipaa, "Mr Whitaker phoned."), confidences(hipaa, "labs whitaker")
    assert title["Whitaker"] > bare["whitaker"]


def test_a_zip_after_a_town_and_state_has_a_confidence(hipaa):
    found = confidences(hipaa, "Nancy Clark 01852")
    assert set(found) == {"Nancy Clark", "01852"} and 0.0 < found["01852"] <= 1.0


def test_the_mapping_is_total_and_monotone_in_prio(actions):
    # a rule another grammar file adds with a prio of its own gets a value without an entry
    values = [actions.confidence({"prio": prio, "rule": "SomeNewRule"}) for prio in range(-20, 200)]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values == sorted(values) and values[0] < values[-1]
    assert actions.confidence({}) == values[20]  # no prio: as prio 0


def test_a_rule_table_entry_raises_the_band_and_a_candidate_may_set_its_own(actions):
    assert actions.confidence({"prio": 65, "rule": "Pattern"}) > actions.confidence({"prio": 65, "rule": "FullName"})
    assert actions.confidence({"prio": 95, "rule": "Pattern"}) == actions.confidence({"prio": 95})
    assert actions.confidence({"prio": 95, "rule": "CatchAll", "confidence": "0.1"}) == 0.1


def test_min_confidence_drops_the_values_below_it(hipaa):
    text = "Gonzalez called about MRN: 3318472."
    strict = Pipeline.load("deid-en", overrides={"policy.minConfidence": "0.5"})
    assert set(confidences(hipaa, text)) == {"Gonzalez", "3318472"}
    assert set(confidences(strict, text)) == {"3318472"}
