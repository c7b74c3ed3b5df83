"""MEDDOCAN stacked hybrid benchmark (issue 16): model loading and whole-pipeline throughput.

Measured in this one process, on the MEDDOCAN train + dev texts (750 documents, ~2.2 M characters):

1. loading the hybrid's CRF model file (``load_tagger``: archive, JSON, crfsuite), median of
   ``--runs`` loads, wall clock; target < 2 s. The whole pipeline's load (gazetteers, grammars, POS
   model, CRF) is printed beside it.
2. ``resources/pipelines/meddocan-hybrid.xml`` (rules, POS tagger, CRF, span-precedence) over every
   text: the first pass (fresh pipeline) and the median of ``--runs`` later passes, in characters
   per CPU second of this process (= per core; the machine is shared with other jobs, so CPU time
   is the figure that counts, the wall clock is printed beside it); target 150,000. Per-PR shares.

    python benchmarks/bench_hybrid.py [--runs 3] [--limit N]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections import defaultdict
from pathlib import Path

from bench_learning import load_times
from bench_meddocan import CORPUS, print_passes, run_once, texts

from annotator.pipeline import Pipeline

ROOT = Path(__file__).resolve().parent.parent
PIPELINE = ROOT / "resources" / "pipelines" / "meddocan-hybrid.xml"
MODEL = ROOT / "resources" / "models" / "meddocan-hybrid.zip"
TARGET = 150_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="model loads, and pipeline passes after the first")
    parser.add_argument("--limit", type=int, default=None, help="only the first N documents")
    args = parser.parse_args()
    if not CORPUS.is_dir():
        print(f"skipped: {CORPUS} not found")
        return
    loads, _ = load_times(MODEL, "crf", args.runs)
    start = time.perf_counter()
    pipeline = Pipeline.from_xml(PIPELINE)
    pipeline_load = time.perf_counter() - start
    docs = texts(args.limit)
    chars = sum(len(t) for _, t in docs)
    per_pr: dict[str, float] = defaultdict(float)
    first = run_once(pipeline, docs, per_pr)
    later = [run_once(pipeline, docs, per_pr) for _ in range(args.runs)]
    print(f"machine: {platform.machine()} python {platform.python_version()}, load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} (shared: CPU seconds are the figure)")
    print(f"model {MODEL.name}: {MODEL.stat().st_size / 1e6:.2f} MB, load {statistics.median(loads):.3f} s wall "
          f"(median of {args.runs}; target < 2 s); whole pipeline load {pipeline_load:.2f} s")
    print(f"input: {len(docs)} MEDDOCAN train+dev texts, {chars:,} characters")
    print_passes(chars, first, later)
    print(f"target: {TARGET:,} characters per CPU second (per core)")
    total = sum(per_pr.values())
    for name, spent in sorted(per_pr.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<26}{100 * spent / total:5.1f} %")


if __name__ == "__main__":
    main()
