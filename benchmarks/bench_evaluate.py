"""Evaluation benchmark (issue 3): MEDDOCAN dev scored with the three meddocan evaluations, and the
i2b2 2014 scorer (all 42 kotfic sections) on 1,000 generated documents.

Inputs are fixed: the 250 MEDDOCAN dev documents (brat gold against the XML copy as system,
sentence files for the leak score), and 1,000 synthetic i2b2-style notes from a seeded
generator (~25 PHI tags each; the system side drops, shifts and relabels some). Prints the
median wall-clock and CPU time of several runs per task: scoring alone (documents already in memory), and for MEDDOCAN
also reading both sides from disk plus scoring.

    python benchmarks/bench_evaluate.py [--runs 5]
"""

from __future__ import annotations

import argparse
import random

from timing import machine, median_time, print_table

from annotator import Document
from annotator.corpus import read_documents
from annotator.evaluation import evaluate_diff, evaluate_i2b2, evaluate_meddocan

from shared_data import SHARED

DEV = SHARED / "corpora" / "meddocan" / "dev"

_WORDS = ["patient", "seen", "today", "for", "follow-up", "of", "diabetes", ",", "BP", "130/80", ".", "plan", "labs"]
_PHI = [
    ("NAME", "PATIENT", "John Smith"), ("NAME", "DOCTOR", "Dr. Ann Lee"), ("DATE", "DATE", "2067-05-03"),
    ("AGE", "AGE", "45"), ("LOCATION", "HOSPITAL", "Mercy Hospital"), ("LOCATION", "CITY", "Boston"),
    ("ID", "MEDICALRECORD", "123-45-678"), ("CONTACT", "PHONE", "(555) 123-4567"), ("PROFESSION", "PROFESSION", "teacher"),
]


def i2b2_corpus(n: int = 1000, seed: int = 0) -> tuple[list[Document], list[Document]]:
    """``n`` generated gold notes and a system copy with dropped, shifted and relabelled tags."""
    rng = random.Random(seed)
    gold, system = [], []
    for i in range(n):
        parts, tags, pos = [], [], 0
        for _ in range(25):
            filler = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 12))) + " "
            cat, type_, surface = rng.choice(_PHI)
            parts += [filler, surface, " "]
            start = pos + len(filler)
            tags.append((cat, type_, start, start + len(surface)))
            pos = start + len(surface) + 1
        text = "".join(parts)
        name = f"{100 + i // 5}-{i % 5 + 1:02d}"
        g, s = Document(text, name=name), Document(text, name=name)
        for cat, type_, start, end in tags:
            g.annset().add(type_, start, end)
            roll = rng.random()
            if roll < 0.1:
                continue
            if roll < 0.2:
                end = min(end + 2, len(text))
            elif roll < 0.25:
                type_ = "USERNAME" if cat == "NAME" else type_
            s.annset().add(type_, start, end)
        gold.append(g)
        system.append(s)
    return gold, system


def _shrink_every_third(doc: Document) -> Document:
    """A copy whose every third annotation ends one character earlier (partial matches for the diff)."""
    out = Document(doc.text, name=doc.name)
    for i, a in enumerate(doc.annset()):
        out.annset().add(a.type, a.start, a.end - 1 if i % 3 == 0 and a.end - a.start > 1 else a.end)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rows = []
    if DEV.is_dir():
        def read():
            return list(read_documents(DEV / "brat", "brat", lenient=True)), list(read_documents(DEV / "xml", "meddocan-xml", lenient=True))

        gold, system = read()

        def score_meddocan():
            evaluate_meddocan(gold, system, sentences=DEV / "sentence_splitted")

        def read_and_score():
            g, s = read()
            evaluate_meddocan(g, s, sentences=DEV / "sentence_splitted")

        rows.append(("meddocan: 3 evaluations + leak, 250 dev docs (scoring)", median_time(score_meddocan, args.runs), 2.0))
        rows.append(("meddocan: read brat + XML and score, 250 dev docs", median_time(read_and_score, args.runs), 2.0))
        shrunk = [_shrink_every_third(d) for d in system]
        rows.append(("diff: 250 dev docs, every 3rd span one char shorter", median_time(lambda: evaluate_diff(gold, shrunk), args.runs), None))
    else:
        print(f"(MEDDOCAN dev not found at {DEV}: meddocan rows skipped)")
    gold, system = i2b2_corpus()
    n_tags = sum(len(d.annset()) for d in gold)
    rows.append((f"i2b2-2014: 42 sections, 1,000 docs, {n_tags:,} gold tags", median_time(lambda: evaluate_i2b2(gold, system), args.runs), 5.0))

    print(f"{machine()}; median of {args.runs} runs")
    print_table(["task", "wall s", "cpu s", "target s"],
                [[name, f"{wall:.3f}", f"{cpu:.3f}", f"< {target:g}" if target else "-"] for name, (cpu, wall), target in rows])


if __name__ == "__main__":
    main()
