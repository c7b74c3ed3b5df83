"""Reading and writing many documents in any format of :mod:`annotator.formats`.

``read_documents`` yields a :class:`Failure` in place of a document that cannot be read, so a
caller can report it and go on; ``write_documents`` renders each document completely before
writing any byte of it and writes every file atomically. :class:`InputFiles` is what a corpus
consists of on disk (the files read and their companions), keyed by resolved path, so that no
output is ever one of them (checked by the corpus loop, :mod:`annotator.runner`, before the
first byte is written, and again by ``write_documents`` for each file).

``run(pipeline, src, dest, engine="dask", ...)`` runs a pipeline over a corpus on paths, in
local processes or on a Dask cluster: it is :func:`annotator.runner.run` (the one corpus loop),
imported on first use because the loop is built on this module (so this module never imports
it: the import graph stays one way).
"""

from __future__ import annotations

import importlib
import os
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from annotator import formats
from annotator.atomic import write_atomic
from annotator.document import Document
from annotator.errors import AnnotatorError, InputError, input_error
from annotator.formats.base import Format


@dataclass
class Failure:
    """A document (or file) that could not be read: where, and why."""

    path: str
    error: AnnotatorError

    def __str__(self) -> str:
        return str(self.error) if self.error.path else f"{self.path}: {self.error}"


def units(src: str | Path, fmt: str | None = None) -> tuple[str, list[Path]]:
    """The format name and the unit files of ``src`` (a file, or every unit of a folder by name)."""
    src = Path(src)
    if not src.exists():
        raise input_error("E128", src, None, file=src)
    name = fmt or formats.sniff(src)
    adapter = formats.get(name)
    try:
        return name, (adapter.units(src) if src.is_dir() else [src])
    except OSError as exc:
        raise input_error("E131", src, None, action="list the folder", reason=exc.strerror) from None


def read_documents(src: str | Path, fmt: str | None = None, *, lenient: bool = False) -> Iterator[Document | Failure]:
    """Every document of a file or folder (folder: its units sorted by name) in format ``fmt``
    (sniffed when None). ``lenient``: surface-text differences are warnings, as in the official
    MEDDOCAN and i2b2 scorers; offsets outside the text stay errors."""
    name, paths = units(src, fmt)
    return read_units(paths, name, lenient=lenient)


def read_units(paths: Iterable[Path], fmt: str, *, lenient: bool = False) -> Iterator[Document | Failure]:
    """Every document of the unit files ``paths`` of format ``fmt`` (as :func:`read_documents`)."""
    adapter = formats.get(fmt)
    for path in paths:
        try:
            for item in adapter.read(path, lenient=lenient):
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
    Nothing is written if any path would be one of ``inputs`` (E111/E132)."""
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
        return [dest]
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
    return [target for target, _ in planned]


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
    """The files of an input corpus, by resolved path: every file its adapter reads for each unit
    (``Format.sources``) and the companions of those, i.e. the existing files of the same stem
    with the suffix of any format (the ``.ann`` beside a ``.txt``, the ``.txt`` beside a ``.ann``,
    the ``.xml`` beside either, ...), whatever format the input is read as. A user expects a
    run to leave all of them alone. Picklable (worker processes check what they write)."""

    def __init__(self, unit_files: Iterable[Path], adapter: Format) -> None:
        self._recipe: tuple[str, str, str] | None = None  # see listed()
        suffixes = sorted({s for name in formats.names() for s in formats.get(name).suffixes}, key=len, reverse=True)
        # resolved folder -> {file name: (the folder of the input file it belongs to, its name, read?)}:
        # plain strings, a few hundred bytes per document (a corpus may have millions)
        self._owner: dict[str, dict[str, tuple[str, str, bool]]] = {}
        self._real: dict[str, str] = {}  # folder -> the folder resolved (one resolve per folder)
        folders: dict[str, dict[str, bool]] = {}  # folder -> {file name: is a symbolic link}
        for unit in unit_files:
            for source in adapter.sources(unit):
                folder, name = os.path.split(os.fspath(source))
                if folder not in folders:
                    folders[folder] = _entries(Path(folder or "."))
                entries = folders[folder]
                owner = (folder, name, True)
                self._add(folder, name, owner, entries)
                stem = next((name[: -len(s)] for s in suffixes if name.endswith(s)), os.path.splitext(name)[0])
                for companion in (stem + suffix for suffix in suffixes):
                    if companion in entries and companion != name:
                        self._add(folder, companion, (folder, name, False), entries)

    @classmethod
    def listed(cls, src: str | Path, fmt: str, unit_files: Iterable[Path]) -> "InputFiles":
        """Those of the corpus ``src`` in format ``fmt`` (whose ``unit_files`` are listed already),
        pickled as where they come from: a worker process that unpickles it lists the corpus
        itself, once (a Dask task carries it with every batch: it must pickle small)."""
        inputs = cls(unit_files, formats.get(fmt))
        inputs._recipe = (str(src), fmt, uuid.uuid4().hex)
        return inputs

    def __getstate__(self) -> dict:
        return {"_recipe": self._recipe} if self._recipe is not None else self.__dict__

    def __setstate__(self, state: dict) -> None:
        recipe = state["_recipe"]
        if recipe is not None and "_owner" not in state:
            if recipe not in _LISTED:
                while len(_LISTED) >= 2:
                    del _LISTED[next(iter(_LISTED))]
                src, fmt, _ = recipe
                _LISTED[recipe] = InputFiles(units(src, fmt)[1], formats.get(fmt))
            state = {**_LISTED[recipe].__dict__, "_recipe": recipe}
        self.__dict__.update(state)

    def _add(self, folder: str, name: str, owner: tuple[str, str, bool], entries: dict[str, bool]) -> None:
        for real, key in self._keys(folder, name, entries.get(name, False)):
            known = self._owner.setdefault(real, {})
            if owner[2] or key not in known:
                known[key] = owner

    def _keys(self, folder: str, name: str, is_link: bool | None = None) -> list[tuple[str, str]]:
        """The (folder, name) under which a write to ``folder/name`` reaches a file: with the
        folder resolved (a symbolic link there is replaced) and, for a link, the file it points at."""
        real = self._real.get(folder)
        if real is None:
            real = self._real[folder] = os.path.realpath(folder or ".")
        key = os.path.join(real, name)
        if is_link is None:
            is_link = os.path.islink(key)
        return [(real, name), os.path.split(os.path.realpath(key))] if is_link else [(real, name)]

    def _owner_of(self, path: Path) -> tuple[str, str, bool] | None:
        for real, name in self._keys(*os.path.split(os.fspath(path))):
            owner = self._owner.get(real, {}).get(name)
            if owner is not None:
                return owner
        return None

    def __contains__(self, path: Path) -> bool:
        return self._owner_of(path) is not None

    def refuse(self, target: Path) -> None:
        """Raise E111 if writing ``target`` would overwrite an input file, E132 if a companion of one."""
        owner = self._owner_of(target)
        if owner is not None:
            folder, name, read = owner
            if read:
                raise input_error("E111", target, None)
            raise input_error("E132", target, None, input=Path(folder, name))


_LISTED: dict[tuple[str, str, str], InputFiles] = {}  # InputFiles.listed(), by recipe, in this process


def _entries(folder: Path) -> dict[str, bool]:
    """File name -> whether it is a symbolic link, for every entry of ``folder`` (one scan)."""
    try:
        with os.scandir(folder) as scan:
            return {entry.name: entry.is_symlink() for entry in scan}
    except OSError:
        return {}


def __getattr__(name: str) -> Any:
    if name == "run":  # see the module's doc
        value = importlib.import_module("annotator.runner").run
        globals()[name] = value
        return value
    raise AttributeError(f"module 'annotator.corpus' has no attribute {name!r}")
