"""gc_paused() and gc_relaxed(): the collector's state is changed for the block and restored."""

import gc

import pytest

from annotator import Document
from annotator.gc_pause import BATCH_THRESHOLD, gc_paused, gc_relaxed
from annotator.pipeline import Pipeline
from annotator.processing.tokenizer import Tokenizer


def test_gc_paused_nests_and_restores() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner block does not switch it back on early
    assert gc.isenabled()


def test_gc_relaxed_raises_the_young_threshold_and_restores_it() -> None:
    before = gc.get_threshold()
    with gc_relaxed():
        assert gc.get_threshold() == (BATCH_THRESHOLD, *before[1:])
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError):
        with gc_relaxed():
            raise RuntimeError("boom")
    assert gc.get_threshold() == before


def test_gc_relaxed_never_lowers_a_higher_threshold() -> None:
    before = gc.get_threshold()
    gc.set_threshold(2 * BATCH_THRESHOLD, *before[1:])
    try:
        with gc_relaxed():
            assert gc.get_threshold()[0] == 2 * BATCH_THRESHOLD
    finally:
        gc.set_threshold(*before)


def test_cycles_are_still_collected_while_relaxed() -> None:
    class Node:
        pass

    with gc_relaxed():
        node = Node()
        node.self = node
        gc.collect()  # a full collection still finds the cycle once it is garbage
        alive = len([o for o in gc.get_objects() if type(o) is Node])
        del node
        gc.collect()
        assert alive == 1 and not [o for o in gc.get_objects() if type(o) is Node]


def test_pipe_relaxes_the_collector_only_while_iterating() -> None:
    before = gc.get_threshold()
    pipeline = Pipeline([Tokenizer()])
    seen = []
    for doc in pipeline.pipe(Document(text) for text in ("a b", "c d e")):
        seen.append((len(doc.annset().with_type("Token")), gc.get_threshold()[0]))
    assert seen == [(2, BATCH_THRESHOLD), (3, BATCH_THRESHOLD)]
    assert gc.get_threshold() == before


def _young_threshold(doc: Document) -> int:
    return gc.get_threshold()[0]


def test_worker_processes_collect_relaxed() -> None:
    pipeline = Pipeline([Tokenizer()])
    docs = [Document(text) for text in ("a b", "c d e", "f")]
    assert list(pipeline.pipe(docs, workers=2, transform=_young_threshold)) == [BATCH_THRESHOLD] * 3
