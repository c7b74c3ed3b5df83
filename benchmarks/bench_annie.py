"""Throughput of the ``annie`` pipeline (issue 31: >= 200,000 characters per CPU second).

Input (fixed): the text of UD English EWT train (../shared/resources-data/treebanks/en_ewt,
web prose, CC BY-SA 4.0), its sentences in file order joined by spaces (a paragraph of the
treebank on a line of its own) into documents of about ``--size`` characters (10,000: a news
article or a long letter). Measured, each the median of ``--runs`` runs, in characters per
second of this process's CPU time: the tokenizer in GATE's style alone, each PR of annie.xml
cumulatively (the pipeline cut after it), and the whole pipeline run as ``annotator run`` runs
it (:meth:`Pipeline.pipe`). ``--limit`` keeps the first N characters of the treebank's text.

    python benchmarks/bench_annie.py [--runs 3] [--size 10000] [--limit 0]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import machine, median_time, print_table, run_as_corpus  # noqa: E402

from annotator import Document, Pipeline  # noqa: E402
from shared_data import SHARED  # noqa: E402

EWT = SHARED / "resources-data" / "treebanks" / "en_ewt" / "en_ewt-ud-train.conllu"


def documents(size: int, limit: int) -> list[str]:
    """EWT train's text in documents of about ``size`` characters (whole sentences)."""
    texts, current, length, total = [], [], 0, 0
    for line in EWT.read_text(encoding="utf-8").splitlines():
        if line.startswith("# newpar") and current:
            current.append("\n")
        if line.startswith("# text = "):
            sentence = line[len("# text = "):]
            current.append(sentence + " ")
            length += len(sentence) + 1
            if length >= size:
                texts.append("".join(current).strip())
                total += len(texts[-1])
                current, length = [], 0
                if limit and total >= limit:
                    break
    if current and not (limit and total >= limit):
        texts.append("".join(current).strip())
    return texts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--limit", type=int, default=0, help="characters of text to keep (0 = all)")
    args = parser.parse_args()
    if not EWT.exists():
        sys.exit(f"needs {EWT}")
    texts = documents(args.size, args.limit)
    chars = sum(map(len, texts))
    pipeline = Pipeline.load("annie")
    print(machine())
    rows = []
    steps = [step.pr for step in pipeline.steps]

    def upto(n: int):
        return lambda: [[pr(doc) for pr in steps[:n]] for doc in map(Document, texts)]

    runners = {"tokenizer (style=gate)": upto(1)}
    for n in range(2, len(steps) + 1):
        runners[f"+ {pipeline.steps[n - 1].label}"] = upto(n)
    runners["annie.xml (as annotator run)"] = lambda: run_as_corpus(pipeline, map(Document, texts))
    for name, run in runners.items():
        run()  # warm up
        seconds = median_time(run, args.runs)
        rows.append([f"{len(texts):,}", f"{chars:,}", name, f"{seconds.cpu:.3f}",
                     f"{chars / seconds.cpu:,.0f}", f"{seconds.wall:.3f}"])
    print_table(["documents", "characters", "what", "CPU s", "chars/s (CPU)", "wall s"], rows)


if __name__ == "__main__":
    main()
