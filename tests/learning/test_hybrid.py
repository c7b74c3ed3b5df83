"""The shipped MEDDOCAN stacked hybrid (meddocan-hybrid.xml): it loads, and tags the sample documents."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator import formats
from annotator.learning.tagger import CrfTagger
from annotator.pipeline import Pipeline

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "resources" / "samples" / "meddocan"


@pytest.fixture(scope="module")
def hybrid() -> Pipeline:
    pytest.importorskip("pycrfsuite", reason="the crf-tagger needs the learn extra")
    return Pipeline.load("meddocan-hybrid")


def test_the_hybrid_s_crf_reads_the_rules_output_and_its_output_set_is_phi(hybrid):
    crf = next(step.pr for step in hybrid.steps if isinstance(step.pr, CrfTagger))
    config = crf.info.features
    assert "annotations" in config.classes and config.stack_set == "PHI"
    assert hybrid.output_set == "PHI"
    assert crf.info.corpus["documents"] == 500, "trained on MEDDOCAN train only"


@pytest.mark.parametrize("txt", sorted(SAMPLES.glob("*.txt")), ids=lambda p: p.stem)
def test_the_hybrid_tags_a_sample_close_to_its_gold(hybrid, txt):
    gold = next(iter(formats.get("brat").read(txt)))
    doc = hybrid(type(gold)(gold.text, name=gold.name))
    wanted = {(a.type, a.start, a.end) for a in gold.annset()}
    found = {(a.type, a.start, a.end) for a in doc.annset("PHI")}
    assert doc.annset("CRF"), "the CRF's own spans stay in their set"
    assert 2 * len(wanted & found) / (len(wanted) + len(found)) >= 0.9
