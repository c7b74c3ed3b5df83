"""POS tagger benchmark (issue 6): tokens per second tagging the MEDDOCAN train+dev texts in a pipeline.

Input: every ``../shared/corpora/meddocan/{train,dev}/brat/*.txt`` in name order, tokenised and
sentence-split once by the ``tokenizer`` and ``sentence-splitter`` PRs (not timed). Timed: a
``Pipeline([pos-tagger])`` over all documents, one core. A *cold* run uses a freshly loaded model
(its per-word-type score cache empty); *warm* runs reuse it, as a long-running pipeline does.
Prints the model load time, the cold run and the median of the warm runs, as wall time and as
CPU time of the process (the per-core figure; wall time suffers when other jobs share the cores).

    python benchmarks/bench_pos.py [--runs 5]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

from annotator import Document
from annotator.pipeline import Pipeline
from annotator.processing import pos_tagger
from annotator.processing.pos_tagger import POSTagger
from annotator.processing.sentence_splitter import SentenceSplitter
from annotator.processing.tokenizer import Tokenizer

from shared_data import SHARED

MEDDOCAN = SHARED / "corpora" / "meddocan"


def load_documents() -> list[Document]:
    paths = sorted(MEDDOCAN.glob("train/brat/*.txt")) + sorted(MEDDOCAN.glob("dev/brat/*.txt"))
    if not paths:
        raise SystemExit(f"MEDDOCAN texts not found under {MEDDOCAN}")
    docs = [Document(p.read_text(encoding="utf-8"), name=p.name) for p in paths]
    prepare = Pipeline([Tokenizer(), SentenceSplitter(language="es")])
    for doc in docs:
        prepare(doc)
    return docs


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def time_run(pipeline: Pipeline, docs: list[Document]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) for one pass over ``docs``."""
    wall, cpu = time.perf_counter(), time.process_time()
    for doc in docs:
        pipeline(doc)
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="warm runs per model (default 5)")
    args = parser.parse_args()
    docs = load_documents()
    tokens = sum(len(doc.annset().with_type("Token")) for doc in docs)
    sentences = sum(len(doc.annset().with_type("Sentence")) for doc in docs)
    print(f"machine: {cpu_name()}, Python {platform.python_version()}, 1 process")
    print(f"input: {len(docs)} MEDDOCAN train+dev documents, {tokens:,} tokens, {sentences:,} sentences\n")
    print("Seconds are wall / CPU time of this process (CPU time = one core's work, whatever the load).\n")
    print("| model | load s | cold run s | cold tok/s (CPU) | warm median s | warm tok/s (CPU, median) | "
          "warm tok/s (wall, median) |")
    print("|---|---|---|---|---|---|---|")
    for language in ("es", "en"):
        pos_tagger._shared_model.cache_clear()  # a fresh model: empty word-type cache
        start = time.perf_counter()
        pipeline = Pipeline([POSTagger(language=language)], provides="Token,Sentence")
        load = time.perf_counter() - start
        cold_wall, cold_cpu = time_run(pipeline, docs)
        warm = [time_run(pipeline, docs) for _ in range(args.runs)]
        wall = statistics.median(w for w, _ in warm)
        cpu = statistics.median(c for _, c in warm)
        print(f"| {pos_tagger.MODELS[language].name} | {load:.2f} | {cold_wall:.2f} / {cold_cpu:.2f} | "
              f"{tokens / cold_cpu:,.0f} | {wall:.2f} / {cpu:.2f} | {tokens / cpu:,.0f} | {tokens / wall:,.0f} |")
    tagged = sum(1 for doc in docs for t in doc.annset().with_type("Token") if t.features.get("category"))
    print(f"\ntokens with a category: {tagged:,} of {tokens:,}")


if __name__ == "__main__":
    main()
