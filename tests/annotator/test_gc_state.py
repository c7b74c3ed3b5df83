"""Running annotator code leaves the caller's garbage collector as it was: on or off, with its
thresholds, whether a pipeline runs one document, a stream (finished, abandoned, failed, in worker
processes) or a grammar, and the caller's own code between documents runs with the collector on.
(How the library tunes the collector while it works is its own business: benchmarks/.)"""

from __future__ import annotations

import gc

import pytest
from pipeline_test_prs import Fail, Words  # noqa: F401  (registers the test-* PRs)

from annotator import Document, Pipeline
from annotator.jape import compile_grammar


def state() -> tuple[bool, tuple[int, ...]]:
    return gc.isenabled(), gc.get_threshold()


def docs(*texts: str) -> list[Document]:
    return [Document(text, name=f"d{i}") for i, text in enumerate(texts)]


def test_one_document_and_a_finished_stream():
    before = state()
    pipeline = Pipeline([Words()])
    pipeline(Document("a b"))
    assert state() == before
    seen = []
    for doc in pipeline.pipe(docs("a b", "c d e")):
        seen.append((len(doc.annset().with_type("Word")), gc.isenabled()))
    assert seen == [(2, True), (3, True)]  # the loop body runs with the collector on
    assert state() == before


def test_an_abandoned_and_a_failing_stream():
    before = state()
    stream = Pipeline([Words()]).pipe(docs("a", "b", "c"))
    next(stream)
    stream.close()
    assert state() == before
    with pytest.raises(Exception, match="found BOOM"):
        list(Pipeline([Words(), Fail()]).pipe(docs("a", "BOOM", "c")))
    assert state() == before


def test_worker_processes_leave_the_callers_collector_alone():
    before = state()
    out = list(Pipeline([Words()]).pipe(docs("a b", "c d e", "f"), workers=2))
    assert [len(d.annset().with_type("Word")) for d in out] == [2, 3, 1]
    assert state() == before


def test_a_collector_the_caller_switched_off_or_tuned_stays_so(tmp_path):
    grammar_file = tmp_path / "g.jape"
    grammar_file.write_text("Phase: P\nInput: Word\nRule: R ({Word}):w --> :w.Seen = {}\n", encoding="utf-8")
    grammar = compile_grammar(grammar_file)
    before = gc.get_threshold()
    gc.disable()
    gc.set_threshold(123_456, *before[1:])
    try:
        pipeline = Pipeline([Words()])
        for doc in pipeline.pipe(docs("a b")):
            grammar(doc)
            assert len(doc.annset().with_type("Seen")) == 2
        pipeline(Document("c"))
        doc.annset().add_many([("T", 0, 1, {})])
        assert state() == (False, (123_456, *before[1:]))
    finally:
        gc.set_threshold(*before)
        gc.enable()
