"""MEDDOCAN pipeline benchmark (issue 7): whole-pipeline throughput on the MEDDOCAN train + dev texts.

Runs resources/pipelines/meddocan.xml (tokenizer, gazetteer, regex gazetteer, JAPE grammar) in
one process over every train and dev text (750 documents, ~2.2 M characters), several times,
and prints characters per second of the first pass (a fresh pipeline, as ``annotator run`` on a
new corpus: every memoised test starts empty) and the median of the later passes, and the
per-PR share of the time. The target is 300,000 characters per second per core, for both.
Needs ../shared (the corpus); skips without it.

    python benchmarks/bench_meddocan.py [--runs 3] [--limit N] [--pipeline FILE]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections import defaultdict
from pathlib import Path

from annotator import Document
from annotator.gc_pause import gc_paused, gc_relaxed
from annotator.pipeline import Pipeline

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpora" / "meddocan"
PIPELINE = ROOT / "resources" / "pipelines" / "meddocan.xml"


def texts(limit: int | None) -> list[tuple[str, str]]:
    paths = sorted((CORPUS / "train" / "brat").glob("*.txt")) + sorted((CORPUS / "dev" / "brat").glob("*.txt"))
    return [(p.stem, p.read_text(encoding="utf-8")) for p in paths[:limit]]


def print_passes(chars: int, first: tuple[float, float], later: list[tuple[float, float]]) -> None:
    """The table of a first pass and the median of the later ones: seconds, CPU s, chars/s."""
    print(f"{'':<30}{'seconds':>10}{'CPU s':>10}{'chars/s':>12}{'chars/CPU s':>13}")
    rows = [("first pass (fresh pipeline)", *first)]
    if later:
        rows.append((f"median of {len(later)} later passes", statistics.median(w for w, _ in later),
                     statistics.median(c for _, c in later)))
    for label, wall, cpu in rows:
        print(f"{label:<30}{wall:>10.2f}{cpu:>10.2f}{chars / wall:>12,.0f}{chars / cpu:>13,.0f}")


def run_once(pipeline: Pipeline, docs: list[tuple[str, str]], per_pr: dict[str, float]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) for one pass over ``docs``."""
    start, cpu = time.perf_counter(), time.process_time()
    with gc_relaxed():  # as Pipeline.pipe() (annotator run) does
        for name, text in docs:
            doc = Document(text, name=name)
            with gc_paused():  # as Pipeline.__call__ does; the steps are run here one by one to time them
                for step in pipeline.steps:
                    t0 = time.perf_counter()
                    step.pr(doc)
                    per_pr[step.name] += time.perf_counter() - t0
    return time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="passes after the first")
    parser.add_argument("--limit", type=int, default=None, help="only the first N documents")
    parser.add_argument("--pipeline", type=Path, default=PIPELINE, help="another pipeline file (e.g. a snapshot)")
    args = parser.parse_args()
    if not CORPUS.is_dir():
        print(f"skipped: {CORPUS} not found")
        return
    docs = texts(args.limit)
    chars = sum(len(t) for _, t in docs)
    t0 = time.perf_counter()
    pipeline = Pipeline.from_xml(args.pipeline)
    load = time.perf_counter() - t0
    per_pr: dict[str, float] = defaultdict(float)
    first = run_once(pipeline, docs, per_pr)
    later = [run_once(pipeline, docs, per_pr) for _ in range(args.runs)]
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"input: {len(docs)} MEDDOCAN train+dev texts, {chars:,} characters; pipeline load {load:.2f} s")
    print_passes(chars, first, later)
    print("target: 300,000 characters per second per core (chars/CPU s: not slowed by other processes)")
    total = sum(per_pr.values())
    for name, spent in sorted(per_pr.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<26}{100 * spent / total:5.1f} %")


if __name__ == "__main__":
    main()
