"""``gc_paused()``: pause Python's cyclic garbage collector for a block of bulk work.

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
