"""Format adapter throughput (issue 2, item 3): read and write every format on MEDDOCAN train.

Input: the 500 MEDDOCAN train documents (``../shared/corpora/meddocan/train/brat``), read once
as brat. For each format: ``write`` = :func:`annotator.corpus.write_documents` of all 500 to a
temporary folder (render + atomic writes), ``read`` = :func:`annotator.corpus.read_documents`
of that folder (parse + validate). Each figure is the median of ``--runs`` runs, in documents per
second, as CPU time of this process (``time.process_time``, not disturbed by other jobs on the
machine) and wall-clock time, and in megabytes (10**6 bytes) of the written files per CPU second.
The one target: uima-xmi reads and writes at least 5 MB of XMI per CPU second (issue 32); the other
figures are for comparison.

    python benchmarks/bench_formats.py [--runs 3] [FORMAT ...]
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import machine, median_of, print_table, timed  # noqa: E402

from annotator import formats  # noqa: E402
from annotator.corpus import Failure, read_documents, write_documents  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpora" / "meddocan" / "train" / "brat"
ORDER = ["brat", "meddocan-xml", "i2b2-2014", "gate-xml", "bdoc", "conll", "text", "i2b2-2006", "uima-xmi",
         "bioc-xml", "bioc-json"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("formats", nargs="*", default=ORDER, help="the formats to measure (default: all)")
    args = parser.parse_args()
    logging.getLogger("annotator").setLevel(logging.ERROR)  # CoNLL alignment warnings are expected
    if not CORPUS.is_dir():
        sys.exit(f"MEDDOCAN corpus not found at {CORPUS}")
    docs = [d for d in read_documents(CORPUS, "brat") if not isinstance(d, Failure)]
    assert sorted(ORDER) == formats.names()
    print(f"{machine()}; {len(docs)} documents, median of {args.runs} runs")
    rows = []
    for fmt in args.formats:
        writes, reads = [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as tmp:
                dest = Path(tmp) / ("all.xml" if formats.get(fmt).many else "out")
                writes.append(timed(lambda: write_documents(docs, dest, fmt)))
                reads.append(timed(lambda: [d for d in read_documents(dest, fmt)]))
                size = sum(p.stat().st_size for p in ([dest] if dest.is_file() else dest.iterdir()))
        n = len(docs)
        (write_cpu, write_wall), (read_cpu, read_wall) = median_of(writes), median_of(reads)
        rows.append([fmt] + [f"{n / seconds:,.0f}" for seconds in (write_cpu, write_wall, read_cpu, read_wall)]
                    + [f"{size / 1e6:.1f}", f"{size / 1e6 / write_cpu:.1f}", f"{size / 1e6 / read_cpu:.1f}"])
    print_table(["format", "write doc/s (cpu)", "(wall)", "read doc/s (cpu)", "(wall)", "MB written",
                 "write MB/s (cpu)", "read MB/s (cpu)"], rows)


if __name__ == "__main__":
    main()
