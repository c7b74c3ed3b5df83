"""The shipped pipelines' grammars (hina, deid-en, meddocan, annie) give the same annotations with
the fast and the reference JAPE strategies, on a sample of MEDDOCAN dev and of the English
de-identification material. (The whole of both: benchmarks/dump_annotations.py with
``-p NAME.strategy=reference`` for each JAPE step, then ``cmp``.)"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from annotator import Document, Pipeline
from annotator.processing.jape import JapeTransducer

REPO = Path(__file__).resolve().parents[2]
MEDDOCAN_DEV = REPO.parent / "shared" / "corpora" / "meddocan" / "dev" / "brat"


def english_sample() -> list[Document]:
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        material = importlib.import_module("deid_en_material")
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    return material.load("dev")[:8] + material.load("genres-dev")[:4]


def english_long() -> list[Document]:
    """Notes joined into documents long enough for the fast path to check the rules' cuts (the
    phases with ``cuts = true``)."""
    notes = [doc.text for doc in english_sample()[:8]] * 3
    return [Document("\n\n".join(notes), name="joined")]


def meddocan_sample() -> list[Document]:
    if not MEDDOCAN_DEV.is_dir():
        pytest.skip("../shared (MEDDOCAN) is absent")
    files = sorted(MEDDOCAN_DEV.glob("*.txt"))[:3]
    return [Document(f.read_text(encoding="utf-8"), name=f.stem) for f in files]


def dump(pipeline: Pipeline, docs: list[Document]) -> list[tuple]:
    out = []
    for doc in docs:
        done = pipeline(Document(doc.text, name=doc.name))
        for name in done.annset_names():
            out += [(doc.name, name, a.type, a.start, a.end, repr(sorted(a.features.items(), key=repr)))
                    for a in done.annset(name)]
    return sorted(out)


@pytest.mark.parametrize(("name", "sample"), [("hina", english_sample), ("annie", english_sample),
                                              ("deid-en", english_sample), ("deid-en", english_long),
                                              ("meddocan", meddocan_sample),
                                              ("hina", meddocan_sample)])
def test_shipped_grammars_annotate_alike_with_both_strategies(name: str, sample) -> None:
    docs = sample()
    fast = Pipeline.load(name)
    japes = [step.name for step in fast.steps if isinstance(step.pr, JapeTransducer)]
    assert japes
    reference = Pipeline.load(name, {f"{step}.strategy": "reference" for step in japes})
    assert all(reference[step].strategy == "reference" for step in japes)
    assert dump(fast, docs) == dump(reference, docs)
