"""Throughput of deid-en.xml (issue 17: >= 300,000 characters per second per core) and deid-en-safe.xml
(issue 28: >= 200,000).

Inputs (fixed): (1) the English test material (tests/data/deid_en/notes.txt, 299 short notes; read
by deid_en_material.py), 20 copies, joined into documents of 100 notes (about 4,600 characters, the
size of a discharge summary): dense, a PHI value every 60 characters; (2) the same, one document
per note (46 characters: search-query size, where the per-document cost of every PR dominates);
(3) the UD English EWT dev treebank's text (../shared/resources-data/treebanks, web prose, CC BY-SA
4.0), one document per treebank document, when ../shared is there. Measured, each the median of ``--runs``
runs, in characters per second of this process's CPU time (per core; the wall clock beside it
suffers from the other jobs of a shared machine): the tokenizer alone, the tokenizer + the pattern
library (patterns.xml), the whole of deid-en.xml and of deid-en-safe.xml. The pipelines run as ``annotator run`` runs
them, through :meth:`Pipeline.pipe` (the garbage collector relaxed for the run, each document
dropped once done); until 2026-11-26 this kept every annotated document of a run in a list and
called the pipeline on each: 11-13% more CPU for deid-en.xml on 100-note documents (three
interleaved rounds), a cost no corpus run has.

    python benchmarks/bench_deid_en.py [--runs 5]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import deid_en_material  # noqa: E402
from timing import machine, median_time, print_table, run_as_corpus  # noqa: E402

from annotator import Document, Pipeline  # noqa: E402
from shared_data import SHARED  # noqa: E402

EWT = SHARED / "resources-data" / "treebanks" / "en_ewt" / "en_ewt-ud-dev.conllu"
COPIES = 20


NOTES_PER_DOCUMENT = 100


def notes() -> list[str]:
    texts = [d.text for part in ("dev", "heldout") for d in deid_en_material.load(part)]
    return texts * COPIES


def joined(texts: list[str]) -> list[str]:
    return ["\n\n".join(texts[i:i + NOTES_PER_DOCUMENT]) for i in range(0, len(texts), NOTES_PER_DOCUMENT)]


def ewt() -> list[str]:
    """One text per document of UD English EWT dev (paragraphs on lines of their own)."""
    documents: list[list[str]] = []
    for line in EWT.read_text(encoding="utf-8").splitlines():
        if line.startswith("# newdoc") or not documents:
            documents.append([])
        if line.startswith("# newpar") and documents[-1]:
            documents[-1].append("\n")
        if line.startswith("# text = "):
            documents[-1].append(line[len("# text = "):] + " ")
    return ["".join(d).strip() for d in documents if d]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    pipelines = {name: Pipeline.load(name) for name in ("patterns", "deid-en", "deid-en-safe")}
    tokenizer = Pipeline.load("patterns").steps[0].pr
    inputs = {"notes x20, 100 a document": joined(notes()), "notes x20, 1 a document": notes()}
    if EWT.exists():
        inputs["EWT dev"] = ewt()
    print(machine())
    rows = []
    for input_name, texts in inputs.items():
        chars = sum(map(len, texts))
        runners = {"tokenizer": lambda: [tokenizer(Document(t)) for t in texts],
                   "patterns.xml": lambda: run_as_corpus(pipelines["patterns"], map(Document, texts)),
                   "deid-en.xml": lambda: run_as_corpus(pipelines["deid-en"], map(Document, texts)),
                   "deid-en-safe.xml": lambda: run_as_corpus(pipelines["deid-en-safe"], map(Document, texts))}
        for name, run in runners.items():
            run()  # warm up
            seconds = median_time(run, args.runs)
            rows.append([input_name, f"{len(texts):,}", f"{chars:,}", name, f"{seconds.cpu:.3f}",
                         f"{chars / seconds.cpu:,.0f}", f"{seconds.wall:.3f}"])
    print_table(["input", "documents", "characters", "what", "CPU s", "chars/s (CPU)", "wall s"], rows)


if __name__ == "__main__":
    main()
