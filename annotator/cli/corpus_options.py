"""The options of a verb that runs the corpus loop over many documents: where the work runs
(--workers, --engine, --scheduler) and how a run survives (--keep-going, --resume, --errors).
``run`` and ``deidentify`` share them, so both take the same words for the same things."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from annotator.errors import coded


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


def add_corpus_options(parser: argparse.ArgumentParser) -> None:
    """Where the work runs, then :func:`add_survival_options`."""
    parser.add_argument("--workers", type=positive, metavar="N",
                        help="worker processes: local ones, or the LocalCluster's with --engine dask (default 1)")
    parser.add_argument("--engine", choices=("processes", "dask"),
                        help="where the workers run: local processes (default) or Dask (pip install \"annotator[dask]\")")
    parser.add_argument("--scheduler", metavar="tcp://HOST:8786",
                        help="run on that Dask cluster's workers (implies --engine dask; not with --workers); "
                             "inputs and outputs must be on a filesystem the workers share")
    add_survival_options(parser)
    add_reader_options(parser)
    parser.set_defaults(parser=parser)


def add_reader_options(parser: argparse.ArgumentParser) -> None:
    """The reader options (``Format.read_options``) every verb that reads a corpus takes."""
    parser.add_argument("--typesystem", type=Path, metavar="FILE",
                        help="uima-xmi: the UIMA type system (default: TypeSystem.xml or typesystem.xml beside "
                             "the files, else DKPro Core's)")


def reader_options(args: argparse.Namespace) -> dict[str, Any]:
    """The reader options of :func:`add_reader_options`, by ``Format.read`` keyword."""
    return dict(typesystem=args.typesystem)


def add_survival_options(parser: argparse.ArgumentParser) -> None:
    """--keep-going, --resume, --errors: what a run does about failed and finished documents."""
    parser.add_argument("--keep-going", action="store_true", help="go on after a document fails")
    parser.add_argument("--resume", action="store_true",
                        help="skip the documents the output folder's .annotator-manifest.jsonl shows complete "
                             "(same input checksums, outputs present and unchanged); not for one-file formats")
    parser.add_argument("--errors", type=Path, metavar="FILE.jsonl",
                        help="also record every failed document there, one JSON line each")


def corpus_options(args: argparse.Namespace) -> dict[str, Any]:
    """The :class:`~annotator.runner.CorpusJob` fields the options above give; --scheduler with
    --workers or --engine processes is a usage error (exit 2)."""
    if args.scheduler is not None and (args.workers is not None or args.engine == "processes"):
        args.parser.error(coded("E162") if args.workers is not None else coded("E165"))
    return dict(engine=args.engine, workers=args.workers or 1, scheduler=args.scheduler,
                keep_going=args.keep_going, resume=args.resume, errors=args.errors,
                read_options=reader_options(args))
