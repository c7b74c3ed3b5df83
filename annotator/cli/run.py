"""``annotator run PIPELINE.xml INPUT --out OUTDIR``: run an XML pipeline over a corpus.

Reads a file or folder of documents, runs the pipeline on each (in --workers local processes;
the output is identical to one process) and writes them one by one (default --to: the input
format; a one-file format such as i2b2-2006 at the end). --set and --types choose what is
written: that set's annotations (of those types) become the output documents' default set;
without either, documents are written whole. Fail closed: a document that cannot be read,
processed or written is reported as one line ("name: PR: ExceptionType: message" for a PR that
raised; its traceback with --debug) and not written; the run stops at the first failure unless
--keep-going (with several workers, documents after it that were already done are written);
the exit code is 1 if any document failed.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import closing
from functools import partial
from pathlib import Path
from typing import Iterator

from tqdm import tqdm

from annotator import formats
from annotator.corpus import Failure, read_documents, units, write_documents
from annotator.document import Document
from annotator.errors import AnnotatorError, ProcessingError, input_error
from annotator.pipeline import Pipeline, pipeline_error


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "run", help="run an XML pipeline over documents",
        description=__doc__.split("\n\n")[1],
        epilog="PR instance names for -p: the name attribute of <pr>, else its type; a second PR of "
               "the same type without a name is TYPE-2, then TYPE-3, ...",
    )
    parser.add_argument("pipeline", type=Path, help="pipeline XML file")
    parser.add_argument("input", type=Path, help="input file or folder")
    parser.add_argument("--out", type=Path, required=True, help="output folder")
    parser.add_argument("--from", dest="from_format", choices=formats.names(), help="input format (default: sniffed)")
    parser.add_argument("--to", dest="to_format", choices=formats.names(),
                        help="output format (default: the input format)")
    parser.add_argument("--set", dest="set_name", metavar="NAME", help="annotation set to write (default: all sets)")
    parser.add_argument("--types", metavar="T,...", type=lambda s: [t for t in s.split(",") if t],
                        help="annotation types to write (default: all)")
    parser.add_argument("--workers", type=_positive, default=1, metavar="N", help="worker processes (default 1)")
    parser.add_argument("--keep-going", action="store_true", help="go on after a document fails")
    parser.add_argument("--lenient", action="store_true",
                        help="surface-text mismatches in the input are warnings (as in the official scorers)")
    parser.add_argument("-p", dest="params", action="append", default=[], metavar="NAME.param=value",
                        help="set a PR parameter (repeatable); relative paths resolve against the working folder")
    parser.add_argument("--debug", action="store_true", help="print the traceback of a failing PR")
    parser.set_defaults(func=run)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


def parse_overrides(items: list[str]) -> dict[str, str]:
    """``["tokenizer.language=es"]`` -> ``{"tokenizer.language": "es"}``."""
    overrides = {}
    for text in items:
        key, eq, value = text.partition("=")
        name, dot, param = key.strip().rpartition(".")
        if not (eq and dot and name and param):
            raise pipeline_error("E313", text=text)
        overrides[key.strip()] = value
    return overrides


def select_output(doc: Document, set_name: str | None, types: list[str] | None) -> Document:
    """What gets written: ``doc`` itself when neither is given, else a document whose default set
    holds the annotations of ``set_name`` (default ``""``) of ``types`` (default all), with their
    ids and the relations among them."""
    if set_name is None and types is None:
        return doc
    source = doc.annset(set_name or "")
    out = Document(doc.text, name=doc.name, features=doc.features)
    target = out.annset()
    target.add_all(source.with_type(*types) if types is not None else source, keep_ids=True)
    for rel in source.relations.values():
        if all(target.get(m) is not None for m in rel.members):
            target.add_relation(rel.type, rel.members, rel.features, rel.id)
    return out


def write_selected(doc: Document, set_name: str | None, types: list[str] | None, out: Path,
                   fmt: str) -> Failure | None:
    """Write what :func:`select_output` keeps of ``doc`` (run in the worker process, so that
    rendering and writing are parallel too); the Failure of the write, if any."""
    try:
        write_documents([select_output(doc, set_name, types)], out, fmt)
    except AnnotatorError as exc:
        return Failure(doc.name, exc)
    return None


def run(args: argparse.Namespace) -> int:
    pipeline = Pipeline.from_xml(args.pipeline, parse_overrides(args.params))
    src_format, paths = units(args.input, args.from_format)
    to_format = args.to_format or src_format
    out = args.out
    if out.exists() and (out.resolve() == args.input.resolve() or any(out.resolve() == p.resolve() for p in paths)):
        raise input_error("E129", out, None, file=out)
    many = formats.get(to_format).many
    collected: list[Document] = []  # for a one-file output format, written at the end
    failures: list[str] = []

    def report(line: str, details: str = "") -> None:
        failures.append(line)
        tqdm.write(line, file=sys.stderr)
        if args.debug and details:
            tqdm.write(details.rstrip(), file=sys.stderr)

    def readable() -> Iterator[Document]:
        for item in read_documents(args.input, src_format, lenient=args.lenient):
            if isinstance(item, Failure):
                report(str(item))
                if not args.keep_going:
                    return
                continue
            yield item

    if many:
        finish = partial(select_output, set_name=args.set_name, types=args.types)
    else:
        finish = partial(write_selected, set_name=args.set_name, types=args.types, out=out, fmt=to_format)
    results = pipeline.pipe(readable(), args.workers, errors="yield", transform=finish)
    with closing(results):
        for item in tqdm(results, unit="doc", desc="run", disable=None, file=sys.stderr):
            if isinstance(item, ProcessingError):
                report(str(item), item.details)
            elif isinstance(item, Failure):
                report(str(item))
            elif many:
                try:
                    formats.get(to_format).render_many([item])  # fails here, alone, not in the whole file
                    collected.append(item)
                except AnnotatorError as exc:
                    report(str(Failure(item.name, exc)))
            if failures and not args.keep_going:
                break
    if collected and (args.keep_going or not failures):
        write_documents(collected, out, to_format)
    if failures:
        print(f"annotator: {len(failures)} document(s) failed and were not written", file=sys.stderr)
        return 1
    return 0
