"""``annotator deidentify INPUT --out DIR``: write de-identified text, annotations moved with it.

Reads annotated documents (or, with --pipeline, runs a pipeline on them first) and replaces every
PHI annotation of one set as its tag set's de-identification policy says (replaced, shifted or
kept: the tables are in corpora_schemas/deid/README.md): --mode surrogate (realistic values,
the default), placeholder ([PNAME], [DATE], ...), mask (same-length *) or redact (removed).
The new text is written with every annotation moved to the new offsets (a replaced one gets the
feature deid: replaced, shifted or kept). The set: --set, else the pipeline's output set, else
the set the input format reads into (the default set). Surrogates are keyed: without --key-file a
random key is made for the run (consistent within the run only); with it (at least 32 random
bytes, created with mode 600 when missing, never written out) the same value gets the same
surrogate across the corpus and date and age offsets follow the patient. Fail closed: a document
that cannot be de-identified is reported as one line and not written. Where it runs (--workers,
--engine dask, --scheduler) and --resume/--errors are as for annotator run.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path

from annotator import formats
from annotator.cli import EXIT_USAGE, Subparsers
from annotator.cli.corpus_options import add_corpus_options, corpus_options
from annotator.deid import LANGUAGES, MODES
from annotator.errors import DeidError, coded, log


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "deidentify", help="write de-identified text (surrogates, placeholders, masks or redaction), annotations moved",
        description=__doc__.split("\n\n")[1],
    )
    parser.add_argument("input", type=Path, help="input file or folder (annotated; plain text with --pipeline)")
    parser.add_argument("--out", type=Path, required=True, help="output folder")
    parser.add_argument("--mode", choices=MODES, default="surrogate", help="how PHI is replaced (default: surrogate)")
    parser.add_argument("--from", dest="from_format", choices=formats.names(), help="input format (default: sniffed)")
    parser.add_argument("--to", dest="to_format", choices=formats.names(), help="output format (default: the input format)")
    parser.add_argument("--set", dest="set_name", metavar="NAME",
                        help="the set holding the PHI (default: the pipeline's output set, else the default set)")
    parser.add_argument("--language", choices=LANGUAGES,
                        help="language of the texts (default: the pipeline's); needed by --mode surrogate")
    parser.add_argument("--key-file", type=Path, metavar="F",
                        help="secret key file (created, mode 600, when missing): consistent surrogates across the corpus")
    parser.add_argument("--pipeline", metavar="NAME|FILE", help="run this pipeline first (a shipped name or an XML file)")
    parser.add_argument("--html", type=Path, metavar="DIR", help="also write DIR/NAME.html: original and de-identified text side by side")
    add_corpus_options(parser)
    parser.set_defaults(func=run)


def read_key(path: Path) -> bytes:
    """The key in ``path``; a new one (32 random bytes, mode 600) when the file does not exist."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    except OSError as exc:
        raise DeidError(coded("E710", action="create it", reason=exc.strerror), path=path) from None
    else:
        with os.fdopen(fd, "wb") as handle:
            handle.write(os.urandom(32))
    try:
        key = path.read_bytes()
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError as exc:
        raise DeidError(coded("E710", action="read it", reason=exc.strerror), path=path) from None
    if len(key) < 32:
        raise DeidError(coded("E711", length=len(key)), path=path)
    if mode & 0o077:
        log.warning("%s", DeidError(coded("E712", mode=f"{mode:03o}"), path=path))
    return key


def run(args: argparse.Namespace) -> int:
    from annotator.deid.pseudonymiser import Pseudonymiser
    from annotator.runner import CorpusJob, run_corpus

    pipeline = None
    if args.pipeline:
        from annotator.pipeline import Pipeline  # (its processing resources: only when one runs)

        pipeline = Pipeline.load(args.pipeline)
    language = args.language or (pipeline.language if pipeline is not None else "")
    if args.mode == "surrogate" and not language:
        print(f"annotator: error: {coded('E702', known=', '.join(LANGUAGES))}", file=sys.stderr)
        return EXIT_USAGE
    set_name = args.set_name
    types = None
    if set_name is None:
        set_name = (pipeline.output_set or "") if pipeline is not None else ""
    if pipeline is not None and set_name == (pipeline.output_set or "") and pipeline.output_types is not None:
        types = pipeline.output_types
    key = read_key(args.key_file) if args.key_file is not None else None
    transform = Pseudonymiser(args.mode, language=language, set_name=set_name, key=key, per_patient=key is not None,
                              types=types, sets=[set_name] if pipeline is not None else None)
    if args.html is not None:
        from annotator.view.side_by_side import SideBySide

        transform = SideBySide(transform, args.html, set_name, types)
    written_set, written_types = (set_name, list(types) if types is not None else None) if pipeline is not None else (None, None)
    return run_corpus(CorpusJob(
        args.input, args.out, args.from_format, args.to_format, pipeline=pipeline, transform=transform,
        set_name=written_set, types=written_types, label="deidentify", **corpus_options(args),
    ))
