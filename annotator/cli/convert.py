"""``annotator convert SRC DST --from FMT --to FMT [--map MAPPING] [--keep-going]``.

Converts a file or a folder between formats (``--from`` may be left out when the input can be
sniffed), optionally retyping annotations with a schema mapping. A document that fails is
reported as one line ``path:line: message`` and nothing is written for it; without
``--keep-going`` the run stops at the first failure. Exit code 1 when anything failed. Nothing
is written when an output file would be an input file or a companion of one.
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from annotator import formats
from annotator.cli import Subparsers
from annotator.cli.corpus_options import add_reader_options, add_survival_options, reader_options

if TYPE_CHECKING:
    from annotator.document import Document

log = logging.getLogger("annotator")


def add_parser(subparsers: Subparsers) -> None:
    from annotator.schemas import mapping_names

    parser = subparsers.add_parser(
        "convert",
        help="convert documents between formats",
        description=__doc__.split("\n\n")[1],
    )
    parser.add_argument("src", type=Path, help="input file or folder")
    parser.add_argument("dst", type=Path, help="output folder (or file, for i2b2-2006)")
    parser.add_argument("--from", dest="src_format", choices=formats.names(), help="input format (default: sniffed)")
    parser.add_argument("--to", dest="dst_format", choices=formats.names(), required=True, help="output format")
    parser.add_argument("--map", dest="mapping", metavar="MAPPING",
                        help=f"retype annotations: a mapping name ({', '.join(mapping_names())}) or a YAML file")
    add_survival_options(parser)
    add_reader_options(parser)
    parser.add_argument("--lenient", action="store_true",
                        help="surface-text mismatches are warnings (as in the official scorers)")
    parser.set_defaults(func=run)


class Retype:
    """The ``--map`` transform: retype each document's annotations by a schema mapping, noting
    the types the mapping does not mention (left unchanged; warned about once, at the end)."""

    def __init__(self, mapping: dict[str, str | None]) -> None:
        self.mapping = mapping
        self.unmapped: set[str] = set()

    def __call__(self, doc: Document) -> Document:
        from annotator.schemas import apply_mapping

        self.unmapped |= apply_mapping(doc, self.mapping)
        return doc


def run(args: argparse.Namespace) -> int:
    from annotator.runner import CorpusJob, run_corpus
    from annotator.schemas import load_mapping

    retype = Retype(load_mapping(args.mapping)) if args.mapping else None
    status = run_corpus(CorpusJob(
        args.src, args.dst, args.src_format, args.dst_format, transform=retype, keep_going=args.keep_going,
        lenient=args.lenient, label="convert", resume=args.resume, errors=args.errors,
        read_options=reader_options(args),
    ))
    if retype is not None and retype.unmapped:
        log.warning("types not in mapping %s, left unchanged: %s", args.mapping, ", ".join(sorted(retype.unmapped)))
    return status
