"""A pipeline's passes over a few fixed documents, for instruction counts under callgrind.

Loads PIPELINE, reads the first ``--docs`` documents of CORPUS (sorted by name) and copies them
for each pass (before any runs), runs the pipeline once over a copy of the first (so that whatever
is built on first use is built), then ``--passes`` times over fresh copies of all of them. With
``--callgrind`` only the passes are instrumented (``callgrind_control -i on`` before them, ``off``
after), so the ``totals:`` line of the output file is their instructions. A garbage collection
runs before the passes, so that the collections inside them do not depend on what loading left:

    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/passes.out \\
        python benchmarks/pipeline_passes.py meddocan ../shared/corpora/meddocan/dev/brat --from text --callgrind
    grep totals: /tmp/passes.out

With ``--split OUT`` (OUT: valgrind's ``--callgrind-out-file``) callgrind also dumps after each PR
and after each JAPE phase run (:meth:`annotator.jape.runtime.PhaseRun.run`), so that each dump file
``OUT.1``, ``OUT.2`` ... holds one of them, and the script prints their instructions summed per PR
(``pr:NAME``) and phase (``phase:NAME``, which its JAPE PR's ``pr:`` line then leaves out). Each dump
runs ``callgrind_control`` (not instrumented), so this takes minutes more; ``callgrind_annotate OUT.N``
shows what one phase spends in C. Starting ``callgrind_control`` costs the instrumented process about
half a million instructions per dump, counted in the label it ends (noise for small phases).

Only public names are used, so the script runs against an older tree too (PYTHONPATH=that tree).
"""

from __future__ import annotations

import argparse
import copy
import gc
import os
import re
import subprocess
import sys
from collections import Counter

from annotator import Pipeline
from annotator.cli.run import parse_override
from annotator.corpus import Failure, read_documents
from annotator.jape.runtime import PhaseRun


def _control(*args: str) -> None:
    subprocess.run(["callgrind_control", *args, str(os.getpid())], check=True, capture_output=True)


def _split_passes(pipeline: Pipeline, passes: list, out: str) -> None:
    """The passes with a callgrind dump after each PR and each JAPE phase; print the sums per label."""
    labels: list[str] = []

    def dump(label: str) -> None:
        labels.append(label)
        _control("-d")

    run = PhaseRun.run

    def run_and_dump(self: PhaseRun) -> None:
        run(self)
        dump(f"phase:{self.phase.name}")

    PhaseRun.run = run_and_dump  # type: ignore[method-assign]
    dump("start")  # before the first document: left out
    for fresh in passes:
        for doc in fresh:
            for step in pipeline.steps:
                if step.runs_on(doc):
                    step.pr(doc)
                dump(f"pr:{step.name}")
    PhaseRun.run = run  # type: ignore[method-assign]
    counts: Counter[str] = Counter()
    for i, label in enumerate(labels[1:], 2):
        with open(f"{out}.{i}") as f:
            counts[label] += int(re.search(r"^(?:summary|totals): (\d+)", f.read(), re.M).group(1))
    total = sum(counts.values())
    for label, count in counts.most_common():
        print(f"{label:40} {count:>15,} {100 * count / total:6.1f}%")
    print(f"{'total':40} {total:>15,}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pipeline", help="a shipped pipeline's name or a pipeline XML file")
    parser.add_argument("corpus", help="a file or folder of documents")
    parser.add_argument("--from", dest="fmt", default=None, help="the corpus's format (default: sniffed)")
    parser.add_argument("--docs", type=int, default=5, help="how many documents (the first by name)")
    parser.add_argument("--passes", type=int, default=1, help="passes over them after the first document")
    parser.add_argument("--callgrind", action="store_true", help="instrument the passes only (run under callgrind)")
    parser.add_argument("-p", dest="params", action="append", default=[], metavar="NAME.param=value",
                        type=parse_override, help="set a PR parameter, as for annotator run")
    parser.add_argument("--split", metavar="OUT", help="with --callgrind: dump after each PR and JAPE phase "
                                                      "(OUT: valgrind's --callgrind-out-file) and sum the dumps")
    args = parser.parse_args(argv)
    pipeline = Pipeline.load(args.pipeline, dict(args.params))
    docs = []
    for doc in read_documents(args.corpus, args.fmt):
        if isinstance(doc, Failure):
            print(f"{doc}", file=sys.stderr)
            return 1
        docs.append(doc)
    docs = sorted(docs, key=lambda d: d.name)[:args.docs]
    first, *passes = [copy.deepcopy(docs) for _ in range(args.passes + 1)]
    pipeline(first[0])
    gc.collect()
    if args.callgrind:
        _control("-i", "on")
    if args.split:
        _split_passes(pipeline, passes, args.split)
    else:
        for fresh in passes:
            for doc in fresh:
                pipeline(doc)
    if args.callgrind:
        _control("-i", "off")
    print(f"{args.passes} passes over {len(docs)} documents, {sum(len(d.text) for d in docs):,} characters",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
