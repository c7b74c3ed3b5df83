"""Exact-span scores of the Hina pipeline on short UK primary-care sentences (issue 17, item 2).

The sentences are ``tests/data/hina/dev.txt`` (rules are tuned on it) and ``heldout.txt`` (scored
only at the end); one sentence a line, gold written inline as ``[[Type|text]]``. A found span is
right when its type, start and end all equal a gold span's; types are the pipeline's declared
output (Patient, Doctor, OtherName, Place).

    python benchmarks/eval_hina.py [--heldout] [--show]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

from annotator import Document, Pipeline

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "hina"
_GOLD = re.compile(r"\[\[(\w+)\|([^\]]+)\]\]")

Span = tuple[str, int, int]


def load(path: Path) -> list[tuple[str, set[Span]]]:
    """The sentences of a file (``#`` lines skipped) as (text, gold spans)."""
    items = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        text, gold, last = "", set(), 0
        for m in _GOLD.finditer(line):
            text += line[last:m.start()]
            gold.add((m.group(1), len(text), len(text) + len(m.group(2))))
            text += m.group(2)
            last = m.end()
        items.append((text + line[last:], gold))
    return items


def found_spans(pipeline: Pipeline, text: str) -> set[Span]:
    """The pipeline's output spans on one sentence."""
    doc = pipeline(Document(text))
    return {(a.type, a.start, a.end) for a in doc.annset(pipeline.output_set) if a.type in pipeline.output_types}


def score(pipeline: Pipeline, items: list[tuple[str, set[Span]]]) -> tuple[Counter, list[tuple[str, set, set]]]:
    """Counts per (type, tp|fp|fn) and the sentences with errors (text, missed, spurious)."""
    counts: Counter = Counter()
    errors = []
    for text, gold in items:
        found = found_spans(pipeline, text)
        for kind, spans in (("tp", found & gold), ("fp", found - gold), ("fn", gold - found)):
            for span in spans:
                counts[span[0], kind] += 1
        if found != gold:
            errors.append((text, gold - found, found - gold))
    return counts, errors


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def f1(counts: Counter) -> float:
    """Micro-averaged exact-span F1 over every type."""
    total = {k: sum(v for (_, kind), v in counts.items() if kind == k) for k in ("tp", "fp", "fn")}
    return prf(total["tp"], total["fp"], total["fn"])[2]


def table(counts: Counter, types: tuple[str, ...]) -> str:
    lines = [f"| {'type':10} | {'gold':>4} | {'found':>5} | {'tp':>4} | {'P':>5} | {'R':>5} | {'F1':>5} |",
             "|------------|------|-------|------|-------|-------|-------|"]
    rows = [(t, counts[t, "tp"], counts[t, "fp"], counts[t, "fn"]) for t in types]
    rows.append(("all", *(sum(r[i] for r in rows) for i in (1, 2, 3))))
    for name, tp, fp, fn in rows:
        p, r, f = prf(tp, fp, fn)
        lines.append(f"| {name:10} | {tp + fn:>4} | {tp + fp:>5} | {tp:>4} | {p:>5.3f} | {r:>5.3f} | {f:>5.3f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heldout", action="store_true", help="score heldout.txt too")
    parser.add_argument("--show", action="store_true", help="list the sentences with errors")
    args = parser.parse_args()
    pipeline = Pipeline.load("hina")
    for name in ("dev", "heldout") if args.heldout else ("dev",):
        items = load(DATA / f"{name}.txt")
        counts, errors = score(pipeline, items)
        print(f"\n{name}: {len(items)} sentences, {len(errors)} with an error\n")
        print(table(counts, pipeline.output_types))
        if args.show:
            for text, missed, spurious in errors:
                print(f"- {text}\n    missed {sorted(missed)} spurious {sorted(spurious)}")


if __name__ == "__main__":
    main()
