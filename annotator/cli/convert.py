"""``annotator convert SRC DST --from FMT --to FMT [--map MAPPING] [--keep-going]``.

Converts a file or a folder between formats (``--from`` may be left out when the input can be
sniffed), optionally retyping annotations with a schema mapping. A document that fails is
reported as one line ``path:line: message`` and nothing is written for it; without
``--keep-going`` the run stops at the first failure. Exit code 1 when anything failed.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from tqdm import tqdm

from annotator import formats, schemas
from annotator.corpus import Failure, read_documents, units, write_documents
from annotator.errors import AnnotatorError, input_error

log = logging.getLogger("annotator")


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "convert",
        help="convert documents between formats",
        description=__doc__.split("\n\n")[1],
    )
    parser.add_argument("src", help="input file or folder")
    parser.add_argument("dst", help="output folder (or file, for i2b2-2006)")
    parser.add_argument("--from", dest="src_format", choices=formats.names(), help="input format (default: sniffed)")
    parser.add_argument("--to", dest="dst_format", choices=formats.names(), required=True, help="output format")
    parser.add_argument("--map", dest="mapping", metavar="MAPPING",
                        help=f"retype annotations: a mapping name ({', '.join(schemas.mapping_names())}) or a YAML file")
    parser.add_argument("--keep-going", action="store_true", help="convert the other documents after a failure")
    parser.add_argument("--lenient", action="store_true",
                        help="surface-text mismatches are warnings (as in the official scorers)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    src, dst = Path(args.src), Path(args.dst)
    mapping = schemas.load_mapping(args.mapping) if args.mapping else None
    src_format, paths = units(src, args.src_format)
    if dst.exists() and dst.resolve() == src.resolve() or any(dst.resolve() == p.resolve() for p in paths):
        raise input_error("E129", dst, None, file=dst)
    many = formats.get(args.dst_format).many
    failures: list[Failure] = []
    collected = []
    unmapped: set[str] = set()
    documents = read_documents(src, src_format, lenient=args.lenient)
    for item in tqdm(documents, unit="doc", desc="convert", disable=None, file=sys.stderr):
        if isinstance(item, Failure):
            failure = item
        else:
            failure = _convert(item, mapping, unmapped, collected if many else None, dst, args.dst_format)
        if failure is not None:
            failures.append(failure)
            tqdm.write(str(failure), file=sys.stderr)
            if not args.keep_going:
                break
    if collected and (args.keep_going or not failures):
        write_documents(collected, dst, args.dst_format)
    if unmapped:
        log.warning("types not in mapping %s, left unchanged: %s", args.mapping, ", ".join(sorted(unmapped)))
    if failures:
        print(f"annotator: {len(failures)} document(s) failed", file=sys.stderr)
        return 1
    return 0


def _convert(doc, mapping, unmapped: set[str], collected: list | None, dst: Path, fmt: str) -> Failure | None:
    """Map and write one document (or keep it for a one-file format); its failure, if any."""
    try:
        if mapping is not None:
            unmapped |= schemas.apply_mapping(doc, mapping)
        if collected is not None:
            formats.get(fmt).render_many([doc])  # fails here, alone, rather than in the whole file
            collected.append(doc)
        else:
            write_documents([doc], dst, fmt)
    except AnnotatorError as exc:
        return Failure(doc.name, exc)
    return None
