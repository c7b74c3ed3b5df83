"""Throughput of records.xml (tokenizer + pattern library + record matcher) with a 10-field record per document (issue 15).

Input: the 750 MEDDOCAN train+dev texts (``../shared/corpora/meddocan/{train,dev}/brat``, 2.2 MB),
each with a record of 10 fields: name, id, insurance, phone, fax, date, address, city, postcode,
email: the values of the note's gold header (``records_corpus.record_of``), and for the fields the
header lacks, fixed made-up values (so every record has 10 fields, about 11 values). Measured, each
the median of ``--runs`` runs, in characters per second of this process's CPU time (per core; the
wall clock is shown beside it, it suffers from other jobs on the machine):

1. ``tokenizer``: ``Document(text)`` + the tokenizer PR, for reference;
2. ``pattern library``: the PRs of ``resources/patterns/library.xml`` (regex gazetteer + JAPE)
   alone, on documents tokenized beforehand (not timed);
3. ``records.xml without library``: ``Document(text)`` + tokenizer + record matcher;
4. ``records.xml``: ``Document(text)`` + the whole pipeline (tokenizer + pattern library + record
   matcher).

Rows 3 and 4 run the pipeline through :meth:`Pipeline.pipe`, as ``annotator run`` does (the
collector relaxed for the whole run); until 2026-11-26 they called it on each document, which
collects after each: 6-10% more CPU for records.xml (three interleaved rounds).

The PRs keep what they learn across runs (the regex gazetteer which patterns fit the strings of
characters it met): the first run is slower than the median.

The issue's target: records.xml >= 1 MB of text per second per core (the seed did 7 documents/s).

    python benchmarks/bench_records.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import records_corpus  # noqa: E402
from timing import machine, median_of, median_time, print_table, run_as_corpus, timed  # noqa: E402

from annotator import Document, Pipeline, formats  # noqa: E402
from annotator.gc_pause import gc_paused  # noqa: E402
from annotator.paths import RESOURCES  # noqa: E402
from annotator.processing.tokenizer import Tokenizer  # noqa: E402

FIELDS = ["name", "id", "insurance", "phone", "fax", "date", "address", "city", "postcode", "email"]


def ten_fields(record: dict[str, list[str]], index: int) -> dict[str, list[str]]:
    """``record`` with every field of FIELDS, made-up values where it has none."""
    made_up = {
        "name": f"Lucía Fernández García{index % 7}", "id": f"{1000000 + index * 7919}",
        "insurance": f"28 {30000000 + index * 104729}",
        "phone": f"+34 91{index % 10} {100 + index % 900} {1000 + index}",
        "fax": f"91 {200 + index % 700} {3000 + index}",
        "date": f"{1 + index % 28}/{1 + index % 12}/19{40 + index % 60}",
        "address": f"Calle del Olmo {index % 90 + 1}, Madrid", "city": "Madrid", "postcode": f"{28000 + index % 99}",
        "email": f"paciente{index}@example.org",
    }
    return {field: record.get(field) or [made_up[field]] for field in FIELDS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    brat = formats.get("brat")
    gold = [doc for split in ("train", "dev")
            for unit in brat.units(records_corpus.MEDDOCAN / split / "brat") for doc in brat.read(unit)]
    records = {doc.name: ten_fields(records_corpus.record_of(doc), i) for i, doc in enumerate(gold)}
    texts = [(doc.name, doc.text) for doc in gold]
    chars = sum(len(t) for _, t in texts)
    values = sum(len(v) for r in records.values() for v in r.values()) / len(records)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "records.jsonl"
        lines = (json.dumps({"document": n, **r}, ensure_ascii=False) + "\n" for n, r in records.items())
        path.write_text("".join(lines), encoding="utf-8")
        pipeline = Pipeline.load("records", {"record-matcher.records": str(path)})
        without_library = Path(tmp) / "records-without-library.xml"
        without_library.write_text(
            (RESOURCES / "pipelines" / "records.xml").read_text(encoding="utf-8").replace(
                '<include href="../patterns/library.xml"/>', ""),
            encoding="utf-8")
        pipeline_without = Pipeline.from_xml(without_library, {"record-matcher.records": str(path)})
        library = [step.pr for step in Pipeline.load("patterns").steps if not isinstance(step.pr, Tokenizer)]
        tokenizer = Tokenizer()

        def tokenize() -> None:
            for name, text in texts:
                tokenizer(Document(text, name=name))

        def tokenized() -> list[Document]:
            docs = [Document(text, name=name) for name, text in texts]
            for doc in docs:
                tokenizer(doc)
            return docs

        def run_library() -> None:
            with gc_paused():  # as a Pipeline runs its PRs
                for doc in docs:
                    for pr in library:
                        pr(doc)

        def run(this: Pipeline) -> None:
            run_as_corpus(this, (Document(text, name=name) for name, text in texts))

        samples = []
        for _ in range(args.runs):
            docs = tokenized()
            samples.append(timed(run_library))
        rows = []
        for label, action in (("tokenizer", tokenize), ("pattern library", None),
                              ("records.xml without library", lambda: run(pipeline_without)),
                              ("records.xml", lambda: run(pipeline))):
            t = median_of(samples) if action is None else median_time(action, args.runs)
            rows.append([label, f"{chars / t.cpu / 1e6:.2f}", f"{chars / t.wall / 1e6:.2f}",
                         f"{len(texts) / t.cpu:.0f}"])
    print(machine())
    print(f"{len(texts)} documents, {chars / 1e6:.2f} M characters, records of {len(FIELDS)} fields "
          f"({values:.1f} values) each; median of {args.runs} runs")
    print_table(["what", "MB/s per core (CPU)", "MB/s (wall)", "documents/s per core"], rows)


if __name__ == "__main__":
    main()
