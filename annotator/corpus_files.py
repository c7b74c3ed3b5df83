"""Reading and writing many documents in any format of :mod:`annotator.formats`.

``read_documents`` yields a :class:`Failure` in place of a document that cannot be read, so a
caller can report it and go on; ``write_documents`` renders each document completely before
writing any byte of it and writes every file atomically. :class:`InputFiles` is what a corpus
consists of on disk (the files read and their companions), keyed by resolved path, so that no
output is ever one of them (checked by the corpus loop, :mod:`annotator.runner`, before the
first byte is written, and again by ``write_documents`` for each file).

The corpus loop (:mod:`annotator.runner`) is built on this module; :mod:`annotator.corpus` offers
both as the public API.
"""

from __future__ import annotations

import hashlib
import os
import uuid
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from annotator import formats
from annotator.atomic import write_atomic
from annotator.document import Document
from annotator.errors import AnnotatorError, InputError, input_error, log


@dataclass
class Failure:
    """A document (or file) that could not be read: where, and why."""

    path: str
    error: AnnotatorError

    def __str__(self) -> str:
        return str(self.error) if self.error.path else f"{self.path}: {self.error}"


class UnitFiles:
    """The unit files of a corpus in order, as a folder and its file names held in one string (a
    corpus may have millions of files: no Path or str object each); iterated as Paths."""

    def __init__(self, folder: Path, names: list[str]) -> None:
        self.folder = folder
        self._names = "\0".join(names)  # no file name holds a NUL
        self._count = len(names)

    def __len__(self) -> int:
        return self._count

    def names(self) -> Iterator[str]:
        start = 0
        for _ in range(self._count):
            end = self._names.find("\0", start)
            end = len(self._names) if end < 0 else end
            yield self._names[start:end]
            start = end + 1

    def __iter__(self) -> Iterator[Path]:
        return (self.folder / name for name in self.names())


def units(src: str | Path, fmt: str | None = None) -> tuple[str, UnitFiles]:
    """The format name and the unit files of ``src`` (a file, or every unit of a folder by name)."""
    src = Path(src)
    if not src.exists():
        raise input_error("E128", src, None, file=src)
    name = fmt or formats.sniff(src)
    adapter = formats.get(name)
    try:
        return name, (UnitFiles(src, adapter.unit_names(src)) if src.is_dir() else UnitFiles(src.parent, [src.name]))
    except OSError as exc:
        raise input_error("E131", src, None, action="list the folder", reason=exc.strerror) from None


def read_documents(src: str | Path, fmt: str | None = None, *, lenient: bool = False,
                   options: Mapping[str, Any] | None = None) -> Iterator[Document | Failure]:
    """Every document of a file or folder (folder: its units sorted by name) in format ``fmt``
    (sniffed when None). ``lenient``: surface-text differences are warnings, as in the official
    MEDDOCAN and i2b2 scorers; offsets outside the text stay errors. ``options``: reader options
    by name (``typesystem``); each format takes those of its ``read_options``, ignores the rest."""
    name, paths = units(src, fmt)
    return read_units(paths, name, lenient=lenient, options=options)


def read_units(paths: Iterable[Path], fmt: str, *, lenient: bool = False,
               options: Mapping[str, Any] | None = None) -> Iterator[Document | Failure]:
    """Every document of the unit files ``paths`` of format ``fmt`` (as :func:`read_documents`)."""
    adapter = formats.get(fmt)
    taken = {key: value for key, value in (options or {}).items() if key in adapter.read_options and value is not None}
    for path in paths:
        try:
            for item in adapter.read(path, lenient=lenient, **taken):
                if isinstance(item, AnnotatorError):
                    yield Failure(str(item.path or path), item)
                else:
                    yield item
        except AnnotatorError as exc:
            yield Failure(str(exc.path or path), exc)
        except RecursionError:
            yield Failure(str(path), input_error("E108", path, None, limit="the reader's"))


def write_documents(
    docs: Iterable[Document], dest: str | Path, fmt: str, inputs: InputFiles | None = None
) -> list[Path]:
    """Write documents to ``dest``: a folder of per-document files (named by document name), or
    one file for a format that holds many documents (i2b2-2006). Returns the paths written.
    Nothing is written if any path would be one of ``inputs`` (E111/E132). A folder's own files
    (UIMA's ``TypeSystem.xml``) are written last (``Format.folder_files``); a document they cannot
    hold is removed, and the first such is raised once they are written (the others are logged)."""
    adapter = formats.get(fmt)
    docs = list(docs)
    written = list(write_digested(docs, dest, fmt, inputs))
    if adapter.many:
        return written
    folder = adapter.folder_files(Path(dest))
    refused: list[AnnotatorError] = []
    for doc in docs:
        used = adapter.used(doc)
        try:
            if used is not None:
                folder.add(used)
        except AnnotatorError as exc:
            remove_written(Path(dest), [doc.name], fmt, inputs)
            refused.append(exc)
    folder.write()
    for exc in refused[1:]:
        log.warning("%s", exc)
    if refused:
        raise refused[0]
    return written


def remove_written(folder: Path, names: Iterable[str], fmt: str, inputs: InputFiles | None = None) -> None:
    """Remove the files documents ``names`` have in ``folder`` in the per-document format ``fmt``
    (fail closed: a document reported as failed has no output), never an input file."""
    adapter = formats.get(fmt)
    for name in names:
        for suffix in adapter.suffixes:
            target = folder / f"{name}{suffix}"
            if target.is_file() and not (inputs is not None and inputs.is_read(target)):
                target.unlink()


def write_digested(
    docs: Iterable[Document], dest: str | Path, fmt: str, inputs: InputFiles | None = None
) -> dict[Path, str]:
    """As :func:`write_documents`, with the hex SHA-256 of the bytes written to each path (what a
    run's manifest records, without reading the files back)."""
    adapter = formats.get(fmt)
    dest = Path(dest)
    docs = list(docs)
    if adapter.many:
        if dest.is_dir():
            raise input_error("E116", dest, None, expected="an output file", found="a folder")
        data = _rendering(adapter.render_many, docs, dest)
        if inputs is not None:
            inputs.refuse(dest)
        _write(dest, data)
        return {dest: hashlib.sha256(data).hexdigest()}
    planned: list[tuple[Path, bytes]] = []
    names: set[str] = set()
    for doc in docs:
        _check_name(doc.name)
        if doc.name in names:
            raise input_error("E123", dest, None, name=doc.name)
        names.add(doc.name)
        files = _rendering(adapter.render, doc, doc.name)
        planned += [(dest / f"{doc.name}{suffix}", data) for suffix, data in files.items()]
    if inputs is not None:
        for target, _ in planned:
            inputs.refuse(target)
    if dest.exists() and not dest.is_dir():
        raise input_error("E116", dest, None, expected="an output folder", found="a file")
    for target, data in planned:
        _write(target, data)
    return {target: hashlib.sha256(data).hexdigest() for target, data in planned}


def _write(target: Path, data: bytes) -> None:
    try:
        write_atomic(target, data)
    except OSError as exc:
        raise input_error("E131", target, None, action="write", reason=exc.strerror or exc) from None


def _rendering(render, arg, where):
    """Call a renderer; an error without a place is placed at the document or output."""
    try:
        return render(arg)
    except InputError as exc:
        if exc.path is None:
            exc.path = str(where)
        raise


def _check_name(name: str) -> None:
    """A document name must be a plain file name: no folder parts, nothing hidden or empty."""
    if not name or name != Path(name).name or name.startswith(".") or "\\" in name or "\0" in name:
        raise input_error("E122", None, None, name=name)


class InputFiles:
    """The files of an input corpus: every file its adapter reads for each unit (``Format.sources``)
    and the companions of those, i.e. the existing files of the same stem with the suffix of any
    format (the ``.ann`` beside a ``.txt``, the ``.txt`` beside a ``.ann``, the ``.xml`` beside
    either, ...), whatever format the input is read as. A user expects a run to leave all of them
    alone.

    Asked of the filesystem, not listed: a path in the input folder (by any path: folders are
    resolved) is an input file when it is a source of a unit (the input file itself, or a file of
    the format in the input folder), a companion when it exists and has the stem of one; only the
    symbolic links among them are listed, once per process, when first needed (writing to where
    one points writes the input too). So it holds nothing per document (links aside) and pickles
    small for the workers, which check what they write. A format's sources are in its unit's folder (true of every format)."""

    def __init__(self, src: str | Path, fmt: str) -> None:
        src = Path(src)
        self._fmt = fmt
        self._single = None if src.is_dir() else src.name  # a one-file corpus: its only unit
        self._folder = os.fspath(src if self._single is None else src.parent)
        self._real: dict[str, str] = {}  # folder -> the folder resolved (one resolve per folder)
        self._home = self._resolved(self._folder)
        self._id = uuid.uuid4().hex  # names this corpus's links in a worker process (_LINKS)

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_real": {}}  # resolved again where it is unpickled

    def _links(self) -> dict[tuple[str, str], tuple[str, str, bool]]:
        """Where the symbolic links among the input files and companions point -> their owner; found
        once per process (not pickled: a corpus of links would make every batch carry them all)."""
        links = _LINKS.get(self._id)
        if links is None:
            links = {}
            for name in _symlinks(self._folder):
                owner = self._in_folder(name)
                if owner is not None:
                    links[os.path.split(os.path.realpath(os.path.join(self._home, name)))] = owner
            while len(_LINKS) >= 2:
                del _LINKS[next(iter(_LINKS))]
            _LINKS[self._id] = links
        return links

    def _in_folder(self, name: str) -> tuple[str, str, bool] | None:
        """The owner of the entry ``name`` of the input folder: (folder, the input file's name,
        whether it is read itself), or None."""
        if self._is_source(name):
            return self._folder, name, True
        if os.path.lexists(os.path.join(self._home, name)):
            stem = _stem(name)
            for other in (stem + suffix for suffix in _SUFFIXES()):
                if other != name and self._is_source(other):
                    return self._folder, other, False
        return None

    def _is_source(self, name: str) -> bool:
        """Whether the file ``name`` of the input folder is read: a source of a unit, i.e. of the
        file itself or of a file of the same stem with the format's suffix."""
        adapter = formats.get(self._fmt)
        stem = _stem(name)
        if self._single is not None:
            units = [self._single]
        else:
            units = [unit for unit in {name, *(stem + suffix for suffix in adapter.suffixes)}
                     if unit.endswith(adapter.suffixes) and os.path.isfile(os.path.join(self._home, unit))]
        return any(source.name == name for unit in units for source in adapter.sources(Path(self._home, unit)))

    def _resolved(self, folder: str) -> str:
        real = self._real.get(folder)
        if real is None:
            real = self._real[folder] = os.path.realpath(folder or ".")
        return real

    def _owner_of(self, path: Path) -> tuple[str, str, bool] | None:
        """Under which (folder, name) a write to ``path`` reaches a file: with the folder resolved (a
        symbolic link there is replaced) and, for a link, the file it points at; the owner of either."""
        folder, name = os.path.split(os.fspath(path))
        real = self._resolved(folder)
        key = os.path.join(real, name)
        keys = [(real, name), os.path.split(os.path.realpath(key))] if os.path.islink(key) else [(real, name)]
        for folder, name in keys:
            owner = self._in_folder(name) if folder == self._home else self._links().get((folder, name))
            if owner is not None:
                return owner
        return None

    def __contains__(self, path: Path) -> bool:
        return self._owner_of(path) is not None

    def is_read(self, path: Path) -> bool:
        """Whether ``path`` is an input file that is read (not merely a companion)."""
        owner = self._owner_of(path)
        return owner is not None and owner[2]

    def refuse(self, target: Path) -> None:
        """Raise E111 if writing ``target`` would overwrite an input file, E132 if a companion of one."""
        owner = self._owner_of(target)
        if owner is not None:
            folder, name, read = owner
            if read:
                raise input_error("E111", target, None)
            raise input_error("E132", target, None, input=Path(folder, name))


@lru_cache(maxsize=1)
def _SUFFIXES() -> tuple[str, ...]:
    """The file name suffixes of every format, longest first."""
    return tuple(sorted({s for name in formats.names() for s in formats.get(name).suffixes}, key=len, reverse=True))


def _stem(name: str) -> str:
    """A file name without the longest format suffix it ends with (else without its extension)."""
    return next((name[: -len(s)] for s in _SUFFIXES() if name.endswith(s)), os.path.splitext(name)[0])


_LINKS: dict[str, dict[tuple[str, str], tuple[str, str, bool]]] = {}  # InputFiles._links(), in this process


def _symlinks(folder: str) -> list[str]:
    """The names of the symbolic links in ``folder`` (one scan)."""
    try:
        with os.scandir(folder or ".") as scan:
            return [entry.name for entry in scan if entry.is_symlink()]
    except OSError:
        return []

