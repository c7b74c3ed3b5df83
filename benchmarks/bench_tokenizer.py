"""Tokenizer and sentence-splitter throughput (issue 4, items 3 and 4).

Input: the 750 MEDDOCAN train+dev texts (``../shared/corpora/meddocan/{train,dev}/brat/*.txt``,
2.2 MB). Measured, each the median of ``--runs`` runs, in characters per second:

1. ``tokenizer``: ``Document(text)`` + the tokenizer PR (every Token and SpaceToken added);
2. ``sentence-splitter``: ``Document(text)`` + the splitter PR (language es) on raw text;
3. ``tokenizer + sentence-splitter``: both PRs on each new document.

Both CPU time of this process (``time.process_time``: characters per second per core, not
disturbed by other jobs on the machine) and wall-clock time are shown. The whole chain with the
gazetteer is measured by ``bench_pipeline.py``.

    python benchmarks/bench_tokenizer.py [--runs 5]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gazetteer_data  # noqa: E402
from timing import Seconds, machine, median_time, print_table  # noqa: E402

from annotator import Document  # noqa: E402
from annotator.processing.sentence_splitter import SentenceSplitter  # noqa: E402
from annotator.processing.tokenizer import Tokenizer  # noqa: E402

TARGET_CPS = 1_000_000


def measure(texts: list[str], prs: list[Callable[[Document], None]], runs: int) -> tuple[Seconds, int]:
    """Median CPU and wall seconds of annotating every text, and the annotations made."""
    made = 0

    def annotate() -> None:
        nonlocal made
        made = 0
        for text in texts:
            doc = Document(text)
            for pr in prs:
                pr(doc)
            made += len(doc.annset())

    return median_time(annotate, runs), made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    texts = [text for _, text in gazetteer_data.meddocan_texts()]
    if not texts:
        sys.exit(f"no MEDDOCAN texts under {gazetteer_data.MEDDOCAN}")
    chars = sum(map(len, texts))
    tokenizer, splitter = Tokenizer(), SentenceSplitter(language="es")
    print(machine())
    print(f"{len(texts)} MEDDOCAN train+dev texts, {chars:,} characters; median of {args.runs} runs")
    rows = []
    for name, prs in (("tokenizer", [tokenizer]), ("sentence-splitter (es)", [splitter]),
                      ("tokenizer + sentence-splitter", [tokenizer, splitter])):
        (cpu, wall), made = measure(texts, prs, args.runs)
        rows.append([name, f"{made:,}", f"{cpu:.3f}", f"{chars / cpu:,.0f}", f"{wall:.3f}", f"{chars / wall:,.0f}"])
    print_table(["chain", "annotations", "CPU s", "chars/s per core", "wall s", "chars/s wall"], rows)
    print(f"target for tokenizer + splitter + gazetteer: {TARGET_CPS:,} chars/s per core (bench_pipeline.py)")


if __name__ == "__main__":
    main()
