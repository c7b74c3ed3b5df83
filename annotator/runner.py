"""The one corpus loop: read -> pipeline and/or transform -> select -> write, for every verb
that reads a corpus and writes one (``run``, ``convert``, and any verb to come).

A verb is a thin argument parser that fills a :class:`CorpusJob` and returns
:func:`run_corpus`'s exit status. A new verb plugs in what it does to one document::

    def run(args):
        job = CorpusJob(args.input, args.out, to_format=args.to_format,
                        transform=Redact(args.mode),   # Document -> Document
                        label="deidentify")
        return run_corpus(job)

The transform runs after the pipeline (if any) on each document, in the worker process when
``workers > 1`` (so it must be picklable: a module-level function or an instance of a
module-level class); it may change the document in place or return a new one. An
:class:`~annotator.errors.AnnotatorError` it raises fails that document alone. The loop then
keeps the set/types asked for (:func:`select_output`) and writes the document in the output
format: per-document files ``OUT/NAME+suffix`` as each document is done, or a one-file
format such as i2b2-2006 at the end.

What the loop guarantees, so that a verb need not: no output path is an input file or a
companion of one (:class:`~annotator.corpus.InputFiles`), checked for the whole run before the
first byte is written (E129/E111/E132; document names come from the unit files) and again for
each file written; fail closed (a document that cannot be read, processed or written is
reported as one line and not written; the run stops at the first failure unless
``keep_going``); a progress bar on stderr; a count of failures at the end and exit status 1.
"""

from __future__ import annotations

import sys
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from tqdm import tqdm

from annotator import formats
from annotator.corpus import Failure, InputFiles, read_documents, units, write_documents
from annotator.document import Document
from annotator.errors import AnnotatorError, ProcessingError, input_error
from annotator.pipeline import Pipeline

Transform = Callable[[Document], Document]


@dataclass
class CorpusJob:
    """What one run of the corpus loop reads, does and writes.

    ``source``: a file or folder (a path or a str); ``out``: the output folder (a file for a one-file format);
    ``from_format``: sniffed when None; ``to_format``: the input format when None;
    ``pipeline`` then ``transform``: what is done to each document (either may be None);
    ``set_name``/``types``: what is written (see :func:`select_output`); ``label``: the progress
    bar's name.
    """

    source: Path
    out: Path
    from_format: str | None = None
    to_format: str | None = None
    pipeline: Pipeline | None = None
    transform: Transform | None = None
    set_name: str | None = None
    types: list[str] | None = None
    workers: int = 1
    keep_going: bool = False
    lenient: bool = False
    debug: bool = False
    label: str = "run"

    def __post_init__(self) -> None:
        self.source, self.out = Path(self.source), Path(self.out)


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


@dataclass(frozen=True)
class _Finish:
    """Everything after the pipeline for one document (in the worker process, so that transforms,
    rendering and writing are parallel too): transform, select, then write it (per-document
    format; returns None) or check that it renders alone and return it (one-file format, written
    at the end). A failure is returned as a :class:`Failure`."""

    transform: Transform | None
    set_name: str | None
    types: list[str] | None
    fmt: str
    out: Path
    inputs: InputFiles

    def __call__(self, doc: Document) -> Document | Failure | None:
        name = doc.name
        try:
            if self.transform is not None:
                doc = self.transform(doc)
            doc = select_output(doc, self.set_name, self.types)
            writer = formats.get(self.fmt)
            if writer.many:
                writer.render_many([doc])  # fails here, alone, not in the whole file
                return doc
            write_documents([doc], self.out, self.fmt, self.inputs)
        except AnnotatorError as exc:
            return Failure(name, exc)
        return None


def run_corpus(job: CorpusJob) -> int:
    """Run ``job``; failures are printed on stderr as they happen. Exit status: 0, or 1 if any
    document failed. Raises :class:`~annotator.errors.AnnotatorError` (nothing written) when the
    input cannot be listed or an output path is an input file or a companion of one."""
    src_format, unit_files = units(job.source, job.from_format)
    reader = formats.get(src_format)
    to_format = job.to_format or src_format
    writer = formats.get(to_format)
    inputs = InputFiles(unit_files, reader)
    documents: Iterable[Document | Failure] = read_documents(job.source, src_format, lenient=job.lenient)
    if reader.many:  # document names are inside the files: read them first (one parse either way)
        documents = list(documents)
        names = [d.name for d in documents if isinstance(d, Document)]
    else:
        names = [reader.stem(path) for path in unit_files]
    _check_plan(job, inputs, names, writer)

    failures: list[str] = []

    def report(line: str, details: str = "") -> None:
        failures.append(line)
        tqdm.write(line, file=sys.stderr)
        if job.debug and details:
            tqdm.write(details.rstrip(), file=sys.stderr)

    def readable() -> Iterator[Document]:
        for item in documents:
            if isinstance(item, Failure):
                report(str(item))
                if not job.keep_going:
                    return
                continue
            yield item

    finish = _Finish(job.transform, job.set_name, job.types, to_format, job.out, inputs)
    collected: list[Document] = []  # for a one-file output format, written at the end
    pipeline = job.pipeline or Pipeline()
    results: Iterator[Any] = pipeline.pipe(readable(), job.workers, errors="yield", transform=finish)
    with closing(results):
        for item in tqdm(results, unit="doc", desc=job.label, disable=None, file=sys.stderr):
            if isinstance(item, ProcessingError):
                report(str(item), item.details)
            elif isinstance(item, Failure):
                report(str(item))
            elif isinstance(item, Document):
                collected.append(item)
            if failures and not job.keep_going:
                break
    if collected and (job.keep_going or not failures):
        write_documents(collected, job.out, to_format, inputs)
    if failures:
        print(f"annotator: {len(failures)} document(s) failed and were not written", file=sys.stderr)
        return 1
    return 0


def _check_plan(job: CorpusJob, inputs: InputFiles, names: list[str], writer: formats.Format) -> None:
    """Refuse the run before anything is written when an output path it will write (every
    suffix the output format writes, for every document name) is an input file or a companion
    of one: E129 when ``--out`` is the input itself (a file, or the input folder by any path),
    else E111 (an input file) or E132 (a companion); E116 when ``--out`` is a folder for a one-file
    format or a file for a per-document one."""
    out = job.out
    targets = [out] if writer.many else [out / f"{name}{suffix}" for name in names for suffix in writer.suffixes]
    if out in inputs:
        raise input_error("E129", out, None, file=out)
    into_input = out.exists() and out.resolve() == job.source.resolve()
    for target in targets:
        if target in inputs:
            if into_input:
                raise input_error("E129", out, None, file=target)
            inputs.refuse(target)
    if writer.many and out.is_dir():
        raise input_error("E116", out, None, expected="an output file", found="a folder")
    if not writer.many and out.exists() and not out.is_dir():
        raise input_error("E116", out, None, expected="an output folder", found="a file")
