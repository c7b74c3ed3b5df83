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

Runs that survive: a per-document output folder gets a manifest, ``OUT/.annotator-manifest.jsonl``
(:class:`Manifest`; started afresh unless ``resume``), one line per document appended once its
files are written; ``resume`` skips the documents it shows complete (same input checksums, output
files present with the recorded checksums) and runs the others again. ``errors``: a JSONL file of
every failed document, written atomically at the end of the run.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from contextlib import closing, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from tqdm import tqdm

from annotator import formats
from annotator.atomic import write_atomic
from annotator.corpus import Failure, InputFiles, read_documents, read_units, units, write_documents
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
    bar's name; ``resume``: skip the documents the output folder's manifest shows complete;
    ``errors``: a JSONL file to record every failed document in.
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
    resume: bool = False
    errors: Path | None = None

    def __post_init__(self) -> None:
        self.source, self.out = Path(self.source), Path(self.out)
        if self.errors is not None:
            self.errors = Path(self.errors)


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

    def __call__(self, doc: Document) -> Document | Failure | Written:
        name = doc.name
        try:
            if self.transform is not None:
                doc = self.transform(doc)
            doc = select_output(doc, self.set_name, self.types)
            writer = formats.get(self.fmt)
            if writer.many:
                writer.render_many([doc])  # fails here, alone, not in the whole file
                return doc
            written = write_documents([doc], self.out, self.fmt, self.inputs)
        except AnnotatorError as exc:
            return Failure(name, exc)
        return Written(name, {path.name: sha256(path) for path in written})


@dataclass(frozen=True)
class Written:
    """A document whose files are written: its name and ``{file name in OUT: sha256}``."""

    document: str
    outputs: dict[str, str]


MANIFEST = ".annotator-manifest.jsonl"


def sha256(path: Path) -> str:
    """The hex SHA-256 of a file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class Manifest:
    """``OUT/.annotator-manifest.jsonl``: one JSON line per finished document,
    ``{"document", "inputs": {path: sha256}, "outputs": {file name in OUT: sha256}}``, each
    appended with one ``os.write`` to a file opened O_APPEND, so a killed run leaves whole lines
    and at most a torn last one (ignored, and cut off before appending). Lines are not fsynced:
    ``--resume`` trusts a line only when the outputs it names have its checksums, so a line that
    outlives its files after a power cut costs a re-run, never a wrong skip.
    Without ``resume`` the file is started afresh; the last line of a document wins."""

    def __init__(self, folder: Path, resume: bool) -> None:
        self.folder = folder
        self.path = folder / MANIFEST
        self.done: dict[str, dict[str, Any]] = self._read() if resume else {}
        self._fd: int | None = None
        if not resume and self.path.is_file():
            self._open(os.O_TRUNC)

    def _open(self, flags: int = 0) -> None:
        """Open for appending (on the first line: an output folder is made by its first document)."""
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | flags, 0o666)
        except OSError as exc:
            raise input_error("E131", self.path, None, action="open the manifest", reason=exc.strerror) from None

    def _read(self) -> dict[str, dict[str, Any]]:
        try:
            data = self.path.read_bytes()
            whole = data[: data.rfind(b"\n") + 1]
            if len(whole) < len(data):  # a torn last line: cut it off so the next line starts clean
                os.truncate(self.path, len(whole))
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise input_error("E131", self.path, None, action="read the manifest", reason=exc.strerror) from None
        done = {}
        for line in whole.splitlines():
            try:
                entry = json.loads(line)
                done[entry["document"]] = entry
            except (ValueError, TypeError, KeyError):
                continue
        return done

    def complete(self, name: str, sources: list[Path]) -> bool:
        """Whether ``name`` is done: its line is there, its inputs have the recorded checksums and
        its outputs exist with theirs."""
        entry = self.done.get(name)
        if entry is None or entry.get("inputs") != _checksums(sources):
            return False
        outputs = entry.get("outputs")
        if not isinstance(outputs, dict) or not outputs:
            return False
        for file, digest in outputs.items():
            path = self.folder / file
            if not isinstance(file, str) or Path(file).name != file or not path.is_file() or sha256(path) != digest:
                return False
        return True

    def append(self, name: str, sources: list[Path], outputs: dict[str, str]) -> None:
        line = json.dumps({"document": name, "inputs": _checksums(sources), "outputs": outputs}, ensure_ascii=False)
        if self._fd is None:
            self._open()
        os.write(self._fd, (line + "\n").encode("utf-8"))

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)


def _checksums(sources: list[Path]) -> dict[str, str]:
    """``{absolute path: sha256}`` of the existing files among ``sources``."""
    return {os.path.abspath(p): sha256(p) for p in sources if p.is_file()}


def _code(error: AnnotatorError) -> str:
    """The E### of an error, else (a PR that raised: "PR: ExceptionType: message") the exception type."""
    match = re.match(r"E\d{3}\b", error.message)
    if match:
        return match.group()
    parts = error.message.split(": ", 2)
    return parts[1] if isinstance(error, ProcessingError) and len(parts) == 3 else type(error).__name__


def run_corpus(job: CorpusJob) -> int:
    """Run ``job``; failures are printed on stderr as they happen. Exit status: 0, or 1 if any
    document failed. Raises :class:`~annotator.errors.AnnotatorError` (nothing written) when the
    input cannot be listed or an output path is an input file or a companion of one."""
    src_format, unit_files = units(job.source, job.from_format)
    reader = formats.get(src_format)
    to_format = job.to_format or src_format
    writer = formats.get(to_format)
    inputs = InputFiles(unit_files, reader)
    per_document = not (reader.many or writer.many)  # one-file formats: no manifest, no --resume
    if job.resume and not per_document:
        raise input_error("E160", None, None, fmt=src_format if reader.many else to_format)
    if per_document:
        inputs.refuse(job.out / MANIFEST)
    if job.errors is not None:
        inputs.refuse(job.errors)
    documents: Iterable[Document | Failure] = read_documents(job.source, src_format, lenient=job.lenient)
    unit_of = {} if reader.many else {reader.stem(path): path for path in unit_files}  # document name -> file
    if reader.many:  # document names are inside the files: read them first (one parse either way)
        documents = list(documents)
        names = [d.name for d in documents if isinstance(d, Document)]
    else:
        names = list(unit_of)
    _check_plan(job, inputs, names, writer)
    manifest = Manifest(job.out, job.resume) if per_document else None
    if manifest is not None and job.resume:
        todo = [path for path in unit_files if not manifest.complete(reader.stem(path), reader.sources(path))]
        documents = read_units(todo, src_format, lenient=job.lenient)
    with closing(manifest) if manifest is not None else nullcontext():
        return _loop(job, documents, to_format, inputs, manifest, reader, unit_of)


def _loop(job: CorpusJob, documents: Iterable[Document | Failure], to_format: str, inputs: InputFiles,
          manifest: Manifest | None, reader: formats.Format, unit_of: dict[str, Path]) -> int:
    """Process and write ``documents``; report failures (stderr, ``job.errors``); exit status."""
    failures: list[str] = []
    records: list[dict[str, str | None]] = []

    def report(line: str, error: AnnotatorError, document: str, path: str | None, details: str = "") -> None:
        failures.append(line)
        records.append({"document": document, "path": path, "code": _code(error), "message": error.message})
        tqdm.write(line, file=sys.stderr)
        if job.debug and details:
            tqdm.write(details.rstrip(), file=sys.stderr)

    def at(name: str) -> str | None:
        return str(unit_of[name]) if name in unit_of else None

    def readable() -> Iterator[Document]:
        for item in documents:
            if isinstance(item, Failure):
                report(str(item), item.error, reader.stem(Path(item.path)), item.path)
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
                name = item.path or ""
                report(str(item), item, name, at(name) or item.path, item.details)
            elif isinstance(item, Failure):
                report(str(item), item.error, item.path, at(item.path) or item.error.path)
            elif isinstance(item, Written) and manifest is not None:
                unit = unit_of.get(item.document)
                manifest.append(item.document, reader.sources(unit) if unit else [], item.outputs)
            elif isinstance(item, Document):
                collected.append(item)
            if failures and not job.keep_going:
                break
    if collected and (job.keep_going or not failures):
        write_documents(collected, job.out, to_format, inputs)
    if job.errors is not None:
        write_atomic(job.errors, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8"))
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
