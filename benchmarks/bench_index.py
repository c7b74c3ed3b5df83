"""Interval-index benchmark (issue 2): build, covering + overlapping per token, within(sentence).

Input: a fixed 400,000-character document made of the MEDDOCAN train texts in name order (or,
without ../shared, a deterministic synthetic text), tokenised by ``\\w+|[^\\w\\s]`` (~70,000
tokens) with a Sentence per line or per ". ". Prints the median of several runs per task, beside
intervaltree (the `bench` extra) for the covering loop when it is installed.

    python benchmarks/bench_index.py [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import re

from timing import machine, median_time, print_table

from annotator import Document

from shared_data import SHARED

SIZE = 400_000
MEDDOCAN = SHARED / "corpora" / "meddocan" / "train" / "brat"


def fixed_text() -> tuple[str, str]:
    if MEDDOCAN.is_dir():
        parts, total = [], 0
        for path in sorted(MEDDOCAN.glob("*.txt")):
            parts.append(path.read_text(encoding="utf-8"))
            total += len(parts[-1])
            if total >= SIZE:
                break
        return "\n".join(parts)[:SIZE], "MEDDOCAN train texts"
    rng = random.Random(0)
    words = ["paciente", "de", "45", "años", "con", "dolor", ",", "fiebre", ".", "Dr.", "García"]
    return " ".join(rng.choice(words) for _ in range(SIZE // 5))[:SIZE], "synthetic text"


def spans(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    tokens = [m.span() for m in re.finditer(r"\w+|[^\w\s]", text)]
    sentences = [m.span() for m in re.finditer(r"[^\n.]+\.?", text)]
    return tokens, sentences


def build(text: str, tokens, sentences) -> Document:
    doc = Document(text)
    s = doc.annset()
    for start, end in tokens:
        s.add("Token", start, end)
    for start, end in sentences:
        s.add("Sentence", start, end)
    s.covering(0, 0)  # forces the index build, so that it is part of "build"
    return doc


def covering_and_overlapping(doc: Document) -> int:
    s = doc.annset()
    n = 0
    for tok in s.with_type("Token"):
        n += len(s.covering(tok.start, tok.end)) + len(s.overlapping(tok.start, tok.end))
    return n


def within_sentences(doc: Document) -> int:
    s = doc.annset()
    tokens = s.with_type("Token")
    len(tokens.covering(0, 0))  # the per-type index exists before timing, as in a pipeline
    return sum(len(tokens.within(sent.start, sent.end)) for sent in s.with_type("Sentence"))


def intervaltree_covering(tokens, sentences) -> int:
    from intervaltree import IntervalTree

    tree = IntervalTree.from_tuples([(s, e, "Token") for s, e in tokens] + [(s, e, "S") for s, e in sentences if e > s])
    return sum(len([iv for iv in tree.overlap(s, e) if iv.begin <= s and iv.end >= e]) for s, e in tokens)


def median_wall(fn, runs: int) -> tuple[float, object]:
    """The median wall-clock seconds of ``runs`` calls of ``fn``, and what the last call returned."""
    results = []
    return median_time(lambda: results.append(fn()), runs).wall, results[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    text, source = fixed_text()
    tokens, sentences = spans(text)
    doc = build(text, tokens, sentences)
    print(f"input: {len(text):,} characters of {source}; {len(tokens):,} Token, {len(sentences):,} Sentence")
    print(f"{machine()}; median of {args.runs} runs (wall clock)\n")
    rows = [
        ("build set + index", "< 0.5 s", *median_wall(lambda: build(text, tokens, sentences), args.runs)),
        ("covering + overlapping per token", "< 0.5 s", *median_wall(lambda: covering_and_overlapping(doc), args.runs)),
        ("Token within(sentence), all sentences", "< 0.1 s", *median_wall(lambda: within_sentences(doc), args.runs)),
    ]
    try:
        rows.append(("intervaltree: covering per token", "(reference)",
                     *median_wall(lambda: intervaltree_covering(tokens, sentences), max(1, args.runs // 2))))
    except ImportError:
        print("intervaltree not installed (pip install -e '.[bench]'): reference row skipped")
    table = []
    for name, target, seconds, result in rows:
        count = len(result.annset()) if isinstance(result, Document) else result
        table.append([name, target, f"{seconds:.3f}", f"{count:,}"])
    print_table(["task", "target", "median s", "results"], table)


if __name__ == "__main__":
    main()
