"""``annotator view INPUT --out DIR [--from FMT] [--sets S,...] [--types T,...]``: HTML pages.

Writes one self-contained page per document, DIR/NAME.html (no network: styles and script are
inline): the text with a coloured element per annotation, a legend whose boxes show or hide each
type and set, offsets and features on hover and click; then DIR/index.html, a table of the
documents with their annotation counts per type. --sets lists the sets to show (an empty name,
as in ",PHI", is the default set; default: every set), --types the types (default: all). Runs
through the corpus loop, so --workers, --keep-going, --resume and --errors are as for annotator run.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from annotator import formats
from annotator.cli import Subparsers
from annotator.cli.corpus_options import add_corpus_options, corpus_options


def names(text: str) -> list[str]:
    """A comma-separated list (an empty item is kept: the default set)."""
    return [item.strip() for item in text.split(",")]


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("view", help="write HTML pages showing the annotations, and a corpus index",
                                   description=__doc__.split("\n\n")[1])
    parser.add_argument("input", type=Path, help="input file or folder")
    parser.add_argument("--out", type=Path, required=True, help="output folder")
    parser.add_argument("--from", dest="from_format", choices=formats.names(), help="input format (default: sniffed)")
    parser.add_argument("--sets", type=names, metavar="S,...", help="sets to show (default: all; '' is the default set)")
    parser.add_argument("--types", type=names, metavar="T,...", help="types to show (default: all)")
    add_corpus_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from annotator.runner import CorpusJob, Manifest, run_corpus
    from annotator.view.index import write_index
    from annotator.view.writer import HtmlPages

    status = run_corpus(CorpusJob(args.input, args.out, args.from_format, HtmlPages(args.sets, args.types),
                                  label="view", **corpus_options(args)))
    done = Manifest(args.out, resume=True).documents()
    if done:
        write_index(args.out, sorted(done), title=f"{args.input.name or args.input}")
    return status
