"""The one corpus loop: read -> pipeline and/or transform -> select -> write, for every verb
that reads a corpus and writes one (``run``, ``convert``, and any verb to come).

A verb is a thin argument parser that fills a :class:`CorpusJob` and returns
:func:`run_corpus`'s exit status. A new verb plugs in what it does to one document::

    def run(args):
        job = CorpusJob(args.input, args.out, to_format=args.to_format,
                        transform=Redact(args.mode),   # Document -> Document
                        label="deidentify")
        return run_corpus(job)

Where it runs (:mod:`annotator.engines`): in this process (one worker), in ``workers`` local
processes, or on Dask (``engine="dask"``: a LocalCluster of ``workers`` processes, or the cluster
of ``scheduler``). Batches of unit files (paths, never documents) go to the workers, which read
them, run the pipeline and the transform, write the outputs themselves (a shared filesystem for
a cluster) and send back only one small record per document (:class:`Written`: the manifest
line, or :class:`Failed`), so the client never holds the corpus; at most a few batches per
worker are in flight, so memory does not grow with the corpus. Exceptions: a one-file input
format (i2b2-2006) is read here, and a one-file output format is collected here and written at
the end. A batch whose worker process dies (killed, out of memory) runs once more, alone; lost
again, its documents fail with E317 (what they had written is removed) and, with
``keep_going``, the others go on. :func:`run` is the same from Python, on paths
(``annotator.corpus.run``).

The transform runs after the pipeline (if any) on each document, in the worker process when
there are workers (so it must be picklable: a module-level function or an instance of a
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
from itertools import islice
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from annotator import engines, formats
from annotator.atomic import write_atomic
from annotator.corpus_files import (Failure, InputFiles, read_documents, read_units, remove_written, units,
                                    write_digested, write_documents)
from annotator.document import Document
from annotator.document_tuples import decode, encode
from annotator.errors import AnnotatorError, ProcessingError, input_error
from annotator.gc_pause import gc_relaxed

if TYPE_CHECKING:  # the pipeline module (and every processing resource it brings) is imported on use:
    from annotator.pipeline import Pipeline  # a verb without a pipeline (convert, deidentify) starts without it

Transform = Callable[[Document], Document]


@dataclass
class CorpusJob:
    """What one run of the corpus loop reads, does and writes.

    ``source``: a file or folder (a path or a str); ``out``: the output folder (a file for a one-file format);
    ``from_format``: sniffed when None; ``to_format``: the input format when None;
    ``pipeline`` then ``transform``: what is done to each document (either may be None);
    ``set_name``/``types``: what is written (see :func:`select_output`); ``label``: the progress
    bar's name; ``resume``: skip the documents the output folder's manifest shows complete;
    ``errors``: a JSONL file to record every failed document in; ``engine`` ("processes", the
    default, or "dask"), ``workers`` and ``scheduler``: where the work runs
    (:func:`annotator.engines.engine`).
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
    engine: str | None = None
    scheduler: Any = None
    keep_going: bool = False
    lenient: bool = False
    read_options: dict[str, Any] | None = None
    debug: bool = False
    label: str = "run"
    resume: bool = False
    errors: Path | None = None

    def __post_init__(self) -> None:
        self.source, self.out = Path(self.source), Path(self.out)
        if self.errors is not None:
            self.errors = Path(self.errors)


def run(
    pipeline: Pipeline | str | Path | None,
    src: str | Path,
    dest: str | Path,
    *,
    engine: str | None = None,
    workers: int = 1,
    scheduler: Any = None,
    from_format: str | None = None,
    to_format: str | None = None,
    set_name: str | None = None,
    types: list[str] | None = None,
    transform: Transform | None = None,
    keep_going: bool = False,
    resume: bool = False,
    errors: str | Path | None = None,
    lenient: bool = False,
    read_options: dict[str, Any] | None = None,
    debug: bool = False,
) -> int:
    """Run ``pipeline`` (a :class:`Pipeline`, a shipped pipeline's name or a pipeline file; None:
    only ``transform``) over the corpus at ``src`` (a file or folder, on paths: documents are read
    and written by the workers) into ``dest``, as ``annotator run`` does; also
    ``annotator.corpus.run``. ``engine="dask"`` runs on a LocalCluster of ``workers`` processes,
    or on the cluster of ``scheduler`` (an address or a ``distributed.Client``). Without
    ``set_name`` and ``types`` the pipeline's declared output is written (``types`` alone: of its
    declared set). ``read_options``: the reader's options by name (``typesystem`` for uima-xmi).
    Failures are printed on stderr; returns 0, or 1 if any document failed."""
    if isinstance(pipeline, (str, Path)):
        from annotator.pipeline import Pipeline

        pipeline = Pipeline.load(pipeline)
    if pipeline is not None and set_name is None:
        if types is None:
            types = list(pipeline.output_types) if pipeline.output_types is not None else None
        set_name = pipeline.output_set
    return run_corpus(CorpusJob(
        src, dest, from_format, to_format, pipeline=pipeline, transform=transform, set_name=set_name, types=types,
        workers=workers, engine=engine, scheduler=scheduler, keep_going=keep_going, lenient=lenient, debug=debug,
        resume=resume, errors=errors, read_options=read_options,
    ))


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
class Written:
    """A document whose files are written: its name, ``{input path: sha256}`` and
    ``{file name in OUT: sha256}`` (its manifest line), what the output format's folder
    files need of it (``Format.used``) and the unit file it was read from (None: read by the client)."""

    document: str
    inputs: dict[str, str]
    outputs: dict[str, str]
    used: Any = None
    path: str | None = None


@dataclass(frozen=True)
class Failed:
    """A document that failed: the line reported on stderr, and its ``--errors`` record."""

    line: str
    document: str
    path: str | None
    code: str
    message: str
    details: str = ""

    @classmethod
    def of(cls, line: str, error: AnnotatorError, document: str, path: str | None) -> "Failed":
        return cls(line, document, path, _code(error), error.message, getattr(error, "details", ""))


@dataclass(frozen=True)
class Rendered:
    """A document for a one-file output format (as tuples: :func:`annotator.document_tuples.encode`),
    written by the client at the end."""

    data: tuple


Record = Written | Failed | Rendered


@dataclass(frozen=True)
class _Work:
    """What a worker does with one batch: read each unit file (or take each document read by the
    client, for a one-file input format), run the pipeline and the transform, select, then write
    the document's files (per-document output format) or check that it renders alone and return
    it (one-file format). Returns a small :data:`Record` per document, never the corpus."""

    pipeline: Pipeline | None
    transform: Transform | None
    set_name: str | None
    types: list[str] | None
    src_format: str
    to_format: str
    out: Path
    inputs: InputFiles
    lenient: bool
    read_options: dict[str, Any] | None

    def __call__(self, batch: list[str | Document | tuple | Failure]) -> list[Record]:
        reader = formats.get(self.src_format)
        records: list[Record] = []
        with gc_relaxed():
            for item in batch:
                if isinstance(item, str):  # a unit file
                    unit = Path(item)
                    for doc in read_units([unit], self.src_format, lenient=self.lenient, options=self.read_options):
                        records.append(_read_failure(doc, reader) if isinstance(doc, Failure)
                                       else self._one(doc, unit, reader))
                elif isinstance(item, Failure):
                    records.append(_read_failure(item, reader))
                elif isinstance(item, Document):
                    records.append(self._one(item, None, reader))
                else:
                    records.append(self._one(decode(item), None, reader))
        return records

    def _one(self, doc: Document, unit: Path | None, reader: formats.Format) -> Record:
        name = doc.name
        try:
            if self.pipeline is not None:
                self.pipeline(doc)
        except ProcessingError as exc:
            return Failed.of(str(exc), exc, name, str(unit) if unit else exc.path)
        try:
            if self.transform is not None:
                doc = self.transform(doc)
            doc = select_output(doc, self.set_name, self.types)
            writer = formats.get(self.to_format)
            if writer.many:
                writer.render_many([doc])  # fails here, alone, not in the whole file
                return Rendered(encode(doc))
            written = write_digested([doc], self.out, self.to_format, self.inputs)
        except AnnotatorError as exc:
            return Failed.of(str(Failure(name, exc)), exc, name, str(unit) if unit else exc.path)
        sources = reader.sources(unit) if unit is not None else []
        return Written(name, _checksums(sources), {path.name: digest for path, digest in written.items()},
                       writer.used(doc), str(unit) if unit else None)


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
        self._fd: int | None = None
        if not resume and self.path.is_file():
            self._open(os.O_TRUNC)

    def _open(self, flags: int = 0) -> None:
        """Open for appending (on the first line: an output folder is made by its first document)."""
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | flags, 0o666)
        except OSError as exc:
            raise input_error("E131", self.path, None, action="open the manifest", reason=exc.strerror) from None

    def complete(self, units: Iterable[tuple[str, list[Path]]]) -> bytearray:
        """For each (document name, its input files): 1 if it is done (its last line is there,
        its inputs have the recorded checksums and its outputs exist with theirs), else 0. The
        file is read as a stream, keeping only where each document's last line starts; a torn
        last line is cut off first, so the next line appended starts clean."""
        try:
            with open(self.path, "r+b") as handle:
                starts: dict[str, int] = {}
                offset = 0
                for line in handle:
                    if not line.endswith(b"\n"):  # a torn last line
                        handle.truncate(offset)
                        break
                    try:
                        starts[json.loads(line)["document"]] = offset
                    except (ValueError, TypeError, KeyError):
                        pass
                    offset += len(line)
                return bytearray(self._complete(handle, starts.get(name), sources) for name, sources in units)
        except FileNotFoundError:
            return bytearray(0 for _ in units)
        except OSError as exc:
            raise input_error("E131", self.path, None, action="read the manifest", reason=exc.strerror) from None

    def documents(self) -> list[str]:
        """The names of the documents that have a whole line, in the order they first finished."""
        names: dict[str, None] = {}
        try:
            with open(self.path, "rb") as handle:
                for line in handle:
                    try:
                        names[json.loads(line)["document"]] = None
                    except (ValueError, TypeError, KeyError):
                        pass
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise input_error("E131", self.path, None, action="read the manifest", reason=exc.strerror) from None
        return list(names)

    def _complete(self, handle: Any, start: int | None, sources: list[Path]) -> bool:
        if start is None:
            return False
        handle.seek(start)
        entry = json.loads(handle.readline())
        if entry.get("inputs") != _checksums(sources):
            return False
        outputs = entry.get("outputs")
        if not isinstance(outputs, dict) or not outputs:
            return False
        for file, digest in outputs.items():
            path = self.folder / file
            if not isinstance(file, str) or Path(file).name != file or not path.is_file() or sha256(path) != digest:
                return False
        return True

    def append(self, done: Written) -> None:
        line = json.dumps({"document": done.document, "inputs": done.inputs, "outputs": done.outputs},
                          ensure_ascii=False)
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
    runner = engines.engine(job.engine, job.workers, job.scheduler)
    src_format, unit_files = units(job.source, job.from_format)
    reader = formats.get(src_format)
    to_format = job.to_format or src_format
    writer = formats.get(to_format)
    inputs = InputFiles(job.source, src_format)
    per_document = not (reader.names_inside or writer.many)  # one-file formats: no manifest, no --resume
    if job.resume and not per_document:
        raise input_error("E160", None, None, fmt=src_format if reader.names_inside else to_format)
    if per_document:
        inputs.refuse(job.out / MANIFEST)
    if job.errors is not None:
        inputs.refuse(job.errors)
    if reader.names_inside:  # document names are inside the files: read them here (one parse either way)
        documents = list(read_documents(job.source, src_format, lenient=job.lenient, options=job.read_options))
        _check_plan(job, inputs, (d.name for d in documents if isinstance(d, Document)), writer)
    else:
        _check_plan(job, inputs, (reader.stem(path) for path in unit_files), writer)
    manifest = Manifest(job.out, job.resume) if per_document else None
    if reader.names_inside:
        items: Iterable[Any] = documents if runner.in_process else \
            [encode(item) if isinstance(item, Document) else item for item in documents]
        total = len(documents)
    else:  # unit files as plain strings, one batch at a time: a corpus may have millions
        done = manifest.complete((reader.stem(path), reader.sources(path)) for path in unit_files) \
            if job.resume else bytearray(len(unit_files))
        items = (os.fspath(path) for path, skip in zip(unit_files, done) if not skip)
        total = len(unit_files) - sum(done)
    work = _Work(job.pipeline, job.transform, job.set_name, job.types, src_format, to_format, job.out, inputs,
                 job.lenient, job.read_options)
    with closing(manifest) if manifest is not None else nullcontext():
        return _loop(job, runner, work, items, total, manifest, reader)


def _batches(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    """``items`` in lists of ``size`` (the last may be shorter), taken as they are needed."""
    items = iter(items)
    while batch := list(islice(items, size)):
        yield batch


def _loop(job: CorpusJob, runner: engines.Engine, work: _Work, items: Iterable[Any], total: int,
          manifest: Manifest | None, reader: formats.Format) -> int:
    """Run ``work`` on the ``total`` ``items`` in batches on ``runner``; report failures (stderr,
    ``job.errors``), add each written document to the output folder's own files
    (``Format.folder_files``: a document they cannot hold fails there and then), append to the
    manifest, write a one-file output and the folder's files at the end; exit status. The
    ``--errors`` file is written even when that end fails. Nothing is kept per document but the
    ``--errors`` line of a failed one."""
    failed = 0
    error_lines: list[str] = []
    collected: list[Document] = []  # for a one-file output format, written at the end
    writer = formats.get(work.to_format)
    folder = writer.folder_files(job.out)

    def report(record: Failed) -> None:
        nonlocal failed
        failed += 1
        if job.errors is not None:
            error_lines.append(json.dumps({"document": record.document, "path": record.path, "code": record.code,
                                           "message": record.message}, ensure_ascii=False) + "\n")
        write(record.line, file=sys.stderr)
        if job.debug and record.details:
            write(record.details.rstrip(), file=sys.stderr)

    batches = runner.map(work, _batches(items, runner.batch_size(total)))
    if hasattr(sys.stderr, "isatty") and not sys.stderr.isatty():  # where tqdm(disable=None) shows no bar:
        progress, write = _NoBar(), print  # and no tqdm import (a cost of every start)
    else:
        from tqdm import tqdm

        progress, write = tqdm(total=total, unit="doc", desc=job.label, file=sys.stderr), tqdm.write
    with closing(batches), progress:
        for batch, records in batches:
            if isinstance(records, engines.Lost):
                reason = records.reason
                records = [_lost(item, reason, reader) for item in batch]
                _unwrite(work, [r.document for r in records if r.message == reason])
            for record in records:
                if isinstance(record, Failed):
                    report(record)
                elif isinstance(record, Written):
                    try:
                        if record.used is not None:
                            folder.add(record.used)
                    except AnnotatorError as exc:  # the folder's own files cannot hold it: it fails alone
                        remove_written(work.out, [record.document], work.to_format, work.inputs)
                        report(Failed.of(str(exc), exc, record.document, record.path or exc.path))
                        continue
                    if manifest is not None:
                        manifest.append(record)
                elif isinstance(record, Rendered):
                    collected.append(decode(record.data))
            progress.update(len(batch))
            if failed and not job.keep_going:
                break
    try:
        if collected and (job.keep_going or not failed):
            write_documents(collected, job.out, work.to_format, work.inputs)
        if not writer.many and job.out.is_dir():
            folder.write()
    finally:
        if job.errors is not None:
            write_atomic(job.errors, "".join(error_lines).encode("utf-8"))
    if failed:
        print(f"annotator: {failed} document(s) failed and were not written", file=sys.stderr)
        return 1
    return 0


class _NoBar(nullcontext):
    """The progress bar where none is shown."""

    def update(self, n: int) -> None:
        pass


def _unwrite(work: _Work, names: list[str]) -> None:
    """Remove what the documents of a lost batch wrote before their worker died (fail closed: a
    document reported as failed has no output)."""
    if not formats.get(work.to_format).many:
        remove_written(work.out, names, work.to_format, work.inputs)


def _read_failure(failure: Failure, reader: formats.Format) -> Failed:
    return Failed.of(str(failure), failure.error, reader.stem(Path(failure.path)), failure.path)


def _lost(item: str | tuple | Failure, reason: str, reader: formats.Format) -> Failed:
    """The failure of a document whose batch was lost with its worker (a read failure stays one)."""
    if isinstance(item, Failure):
        return _read_failure(item, reader)
    name, path = (reader.stem(Path(item)), item) if isinstance(item, str) else (item[1], None)
    return Failed(f"{name}: {reason}", name, path, reason.split(" ", 1)[0], reason)


def _check_plan(job: CorpusJob, inputs: InputFiles, names: Iterable[str], writer: formats.Format) -> None:
    """Refuse the run before anything is written when an output path it will write (every
    suffix the output format writes, for every document name) is an input file or a companion
    of one: E129 when ``--out`` is the input itself (a file, or the input folder by any path),
    else E111 (an input file) or E132 (a companion); E116 when ``--out`` is a folder for a one-file
    format or a file for a per-document one."""
    out = job.out
    targets = [out] if writer.many else (out / f"{name}{suffix}" for name in names for suffix in writer.suffixes)
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
