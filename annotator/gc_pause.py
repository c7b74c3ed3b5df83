"""``gc_paused()``: pause Python's cyclic garbage collector for a block of bulk work;
``gc_relaxed()``: let it collect young objects less often over a batch of documents.

Annotation work allocates many objects that stay alive (a document's annotations) or are freed by
reference counting (matching tuples); the collector's passes over every live annotation then cost
a third or more of a run. Used around bulk adds, JAPE phases and each document of a pipeline;
cycles made meanwhile are collected once the collector is back on. Nests safely.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def gc_paused() -> Iterator[None]:
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


BATCH_THRESHOLD = 100_000


@contextmanager
def gc_relaxed(threshold: int = BATCH_THRESHOLD) -> Iterator[None]:
    """Raise the collector's first-generation threshold (700 by default) to ``threshold`` for a
    batch of documents, then restore it.

    After each document the collector is back on with some thousand new objects counted, so with
    the default threshold it walks every new annotation at once, and again in older generations. A document's objects are freed by reference
    counting when the next one replaces it, which lowers the count again, so with a threshold
    above a document's size such walks become rare. Cycles are still collected, only later.
    """
    old = gc.get_threshold()
    gc.set_threshold(*relaxed_thresholds(threshold))
    try:
        yield
    finally:
        gc.set_threshold(*old)


def relaxed_thresholds(threshold: int = BATCH_THRESHOLD) -> tuple[int, ...]:
    """The collector's current thresholds with the first generation's raised to ``threshold``
    (never lowered): what :func:`gc_relaxed` sets, and a worker process keeps for its life."""
    first, *older = gc.get_threshold()
    return (max(threshold, first), *older)
