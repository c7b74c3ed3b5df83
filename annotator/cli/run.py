"""``annotator run PIPELINE INPUT --out OUTDIR``: run a pipeline over a corpus.

Runs a shipped pipeline by name (see annotator pipelines) or a pipeline XML file on a file or
folder of documents (in --workers local processes, or on Dask: --engine dask --workers N starts a
local cluster, --scheduler tcp://HOST:8786 uses a running one; each worker loads the pipeline
once, reads its documents and writes their outputs itself; the output is identical to one
process; a batch whose worker process dies is run once more, then reported as failed) and
writes them one by one (default --to: the input format; a one-file format such as i2b2-2006 at the
end). --set and --types choose what is written: that set's annotations (of those types) become the
output documents' default set; without either, the pipeline's declared output (its <output>), and
if it declares none, the documents whole; --types alone picks types of the declared output set. Fail closed: a document that cannot be read,
processed or written is reported as one line ("name: PR: ExceptionType: message" for a PR that
raised; its traceback with --debug) and not written; the run stops at the first failure unless
--keep-going (with several workers, documents after it that were already done are written);
the exit code is 1 if any document failed. Nothing is written when an output file would be an
input file or a companion of one (the .ann beside a .txt, ...). OUTDIR/.annotator-manifest.jsonl
lists every finished document with the checksums of its inputs and outputs; --resume skips those
still complete, so a killed run goes on where it stopped; --errors FILE.jsonl records every failed
document as a JSON line (document, path, code, message).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from annotator import formats
from annotator.cli import Subparsers
from annotator.cli.corpus_options import add_corpus_options, corpus_options
from annotator.errors import coded


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "run", help="run a pipeline (a shipped one by name, or an XML file) over documents",
        description=__doc__.split("\n\n")[1],
        epilog="PR instance names for -p: the name attribute of <pr>, else its type; a second PR of "
               "the same type without a name is TYPE-2, then TYPE-3, ...",
    )
    parser.add_argument("pipeline", help="shipped pipeline name (annotator pipelines lists them) or pipeline XML file")
    parser.add_argument("input", type=Path, help="input file or folder")
    parser.add_argument("--out", type=Path, required=True, help="output folder")
    parser.add_argument("--from", dest="from_format", choices=formats.names(), help="input format (default: sniffed)")
    parser.add_argument("--to", dest="to_format", choices=formats.names(),
                        help="output format (default: the input format)")
    parser.add_argument("--set", dest="set_name", metavar="NAME",
                        help="annotation set to write (default: the pipeline's declared output, else all sets)")
    parser.add_argument("--types", metavar="T,...", type=lambda s: [t for t in s.split(",") if t],
                        help="annotation types to write (default: the pipeline's declared output, else all)")
    add_corpus_options(parser)
    parser.add_argument("--lenient", action="store_true",
                        help="surface-text mismatches in the input are warnings (as in the official scorers)")
    parser.add_argument("-p", dest="params", action="append", default=[], metavar="NAME.param=value",
                        type=parse_override,
                        help="set a PR parameter (repeatable); relative paths resolve against the working folder")
    parser.add_argument("--debug", action="store_true", help="print the traceback of a failing PR")
    parser.set_defaults(func=run)


def parse_override(text: str) -> tuple[str, str]:
    """``"tokenizer.language=es"`` -> ``("tokenizer.language", "es")``; anything else is a usage
    error (exit 2, as argparse reports a bad option)."""
    key, eq, value = text.partition("=")
    name, dot, param = key.strip().rpartition(".")
    if not (eq and dot and name and param):
        raise argparse.ArgumentTypeError(coded("E313", text=text))
    return key.strip(), value


def run(args: argparse.Namespace) -> int:
    from annotator.pipeline import Pipeline
    from annotator.runner import run as run_pipeline

    return run_pipeline(
        Pipeline.load(args.pipeline, dict(args.params)), args.input, args.out, from_format=args.from_format,
        to_format=args.to_format, set_name=args.set_name, types=args.types, lenient=args.lenient,
        debug=args.debug, **corpus_options(args),
    )
