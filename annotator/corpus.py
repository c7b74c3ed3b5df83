"""Reading and writing many documents in any format of :mod:`formats`.

``read_documents`` yields a :class:`Failure` in place of a document that cannot be read, so a
caller can report it and go on; ``write_documents`` renders each document completely before
writing any byte of it and writes every file atomically, and it refuses to overwrite a file a
document was read from.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from annotator import formats
from annotator.atomic import write_atomic
from annotator.document import Document
from annotator.errors import AnnotatorError, InputError, input_error

# Files each document was read from (so that writing never overwrites its own input).
_SOURCES: "weakref.WeakKeyDictionary[Document, tuple[Path, ...]]" = weakref.WeakKeyDictionary()


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
    adapter = formats.get(name)
    for path in paths:
        sources = tuple(p.resolve() for p in adapter.sources(path))
        try:
            for item in adapter.read(path, lenient=lenient):
                if isinstance(item, AnnotatorError):
                    yield Failure(str(item.path or path), item)
                else:
                    _SOURCES[item] = sources
                    yield item
        except AnnotatorError as exc:
            yield Failure(str(exc.path or path), exc)
        except RecursionError:
            yield Failure(str(path), input_error("E108", path, None, limit="the reader's"))


def write_documents(docs: Iterable[Document], dest: str | Path, fmt: str) -> list[Path]:
    """Write documents to ``dest``: a folder of per-document files (named by document name), or
    one file for a format that holds many documents (i2b2-2006). Returns the paths written."""
    adapter = formats.get(fmt)
    dest = Path(dest)
    docs = list(docs)
    if adapter.many:
        if dest.is_dir():
            raise input_error("E116", dest, None, expected="an output file", found="a folder")
        data = _rendering(adapter.render_many, docs, dest)
        _refuse_inputs([dest], docs)
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
        targets = [(dest / f"{doc.name}{suffix}", data) for suffix, data in files.items()]
        _refuse_inputs([t for t, _ in targets], [doc])
        planned += targets
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


def _refuse_inputs(targets: list[Path], docs: list[Document]) -> None:
    inputs = {p for doc in docs for p in _SOURCES.get(doc, ())}
    for target in targets:
        if target.resolve() in inputs:
            raise input_error("E111", target, None, file=target)
