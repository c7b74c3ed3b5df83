"""One compiled pipeline serves several threads at once: the shipped MEDDOCAN pipeline, loaded once
and run from 8 threads over interleaved documents, gives exactly what it gives in one thread
(compiled grammars and PRs keep no per-run state where another run can see it)."""

from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from annotator import Document, Pipeline
from tests.conftest import SHARED

REPO = Path(__file__).resolve().parents[2]
PIPELINE = REPO / "resources" / "pipelines" / "meddocan.xml"
SAMPLES = REPO / "resources" / "samples" / "meddocan"
DEV = SHARED / "corpora" / "meddocan" / "dev" / "brat"
THREADS = 8
ROUNDS = 3


def texts() -> list[str]:
    """The shipped samples, each also cut in two at a line break (more documents, of other
    sizes), and the first dev documents when the corpus is there."""
    found = []
    for path in sorted(SAMPLES.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        cut = text.find("\n", len(text) // 2) + 1
        found += [text, text[:cut], text[cut:]]
    found += [p.read_text(encoding="utf-8") for p in sorted(DEV.glob("*.txt"))[:12]]
    return found


def output(doc: Document) -> dict:
    """Everything the pipeline wrote: per set, each annotation and relation with id, type,
    offsets and features."""
    return {name: (sorted((a.id, a.type, a.start, a.end, repr(sorted(a.features.items()))) for a in annset),
                   sorted((r.id, r.type, r.members, repr(sorted(r.features.items()))) for r in annset.relations.values()))
            for name in doc.annset_names() for annset in [doc.annset(name)]}


def test_eight_threads_running_one_pipeline_give_the_single_thread_output():
    pipeline = Pipeline.from_xml(PIPELINE)
    docs = texts()
    expected = [output(pipeline(Document(text, name=f"d{i}"))) for i, text in enumerate(docs)]
    assert any(expected[0].get("PHI", ([], []))[0])  # the pipeline found something to compare
    start = threading.Barrier(THREADS)

    def work(k: int) -> list[tuple[int, dict]]:
        start.wait()  # all threads begin together; each starts at another document
        order = [(k + j) % len(docs) for j in range(ROUNDS * len(docs))]
        return [(i, output(pipeline(Document(docs[i], name=f"d{i}")))) for i in order]

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often: runs overlap inside every PR
    try:
        with ThreadPoolExecutor(THREADS) as pool:
            results = list(pool.map(work, range(THREADS)))
    finally:
        sys.setswitchinterval(interval)
    for k, got in enumerate(results):
        for i, found in got:
            assert found == expected[i], f"thread {k}, document {i}"
