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

Only public names are used, so the script runs against an older tree too (PYTHONPATH=that tree).
"""

from __future__ import annotations

import argparse
import copy
import gc
import os
import subprocess
import sys

from annotator import Pipeline
from annotator.cli.run import parse_override
from annotator.corpus import Failure, read_documents


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
        subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], check=True, capture_output=True)
    for fresh in passes:
        for doc in fresh:
            pipeline(doc)
    if args.callgrind:
        subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], check=True, capture_output=True)
    print(f"{args.passes} passes over {len(docs)} documents, {sum(len(d.text) for d in docs):,} characters",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
