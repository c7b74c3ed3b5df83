"""What every format adapter is, plus the helpers all of them share.

An adapter reads files into :class:`~annotator.document.Document` objects and renders documents
back to bytes; it never writes files itself (``annotator.corpus`` does that, atomically).
Annotations are read into and written from the default set ``""`` unless a format carries
named sets (GATE XML, bdoc).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from annotator import schemas
from annotator.document import Annotation, Document
from annotator.errors import AnnotatorError, DocumentError, InputError, input_error, line_of, warn


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise input_error("E128", path, file=path) from None
    except OSError as exc:
        raise input_error("E131", path, None, action="read", reason=exc.strerror) from None


def decode_utf8(data: bytes, path: str | Path) -> str:
    """Strict UTF-8, no newline translation, a BOM kept as U+FEFF (offsets count it)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise input_error("E101", path, line_of(data, exc.start), reason=f"byte {data[exc.start]:#04x} at byte {exc.start}") from None


def read_text(path: Path) -> str:
    return decode_utf8(read_bytes(path), path)


def add_annotation(
    doc: Document,
    path: str | Path | None,
    line: int | None,
    type: str,
    start: int,
    end: int,
    features: Mapping[str, Any] | None = None,
    id: int | None = None,
    annset: str = "",
) -> Annotation:
    """Add to ``doc`` and turn a document-model error (E0xx) into an :class:`InputError` at ``path:line``."""
    if not (0 <= start <= end <= len(doc.text)):
        raise input_error("E102", path, line, start=start, end=end, length=len(doc.text))
    try:
        return doc.annset(annset).add(type, start, end, features, id=id)
    except DocumentError as exc:
        raise InputError(exc.message, path=path, line=line) from None


def parse_int(value: str, path: str | Path | None, line: int | None, what: str = "offset") -> int:
    """An ASCII decimal integer (no sign, no spaces), else E117."""
    if not (value.isascii() and value.isdigit()):
        raise input_error("E117", path, line, what=what, value=value, kind="non-negative integer")
    return int(value)


def check_surface(
    span: str, surface: str, path: str | Path | None, line: int | None, start: int, end: int, lenient: bool,
    code: str = "E103",
) -> None:
    """The surface copy of a span (brat's third column, XML's ``text``) must equal the text of
    ``start``-``end``, except that newlines may show as spaces. With ``lenient`` (as the official
    scorers are) a difference is only a warning."""
    shown = span.replace("\n", " ").replace("\r", " ")  # each newline character as one space
    if surface in (span, shown, span.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")):
        return
    fields = dict(start=start, end=end, span=span)
    fields["surface" if code == "E103" else "text"] = surface
    if lenient:
        warn(code, path, line, **fields)
    else:
        raise input_error(code, path, line, **fields)


def warn_outside_tag_set(docs: Iterable[Document], fmt: str, schema: str) -> None:
    """One warning (E140) per type of the documents' default sets that the format's tag set
    (``schema``, one of :func:`annotator.schemas.tag_set_names`) lacks. Such a type is still written:
    the format can hold it, but its tools and scorers will not know it."""
    known = schemas.tag_set(schema)
    for type in sorted({t for doc in docs for t in doc.annset().types()} - known):
        warn("E140", None, None, type=type, fmt=fmt, hint=_tag_hint(type, schema, known))


def _tag_hint(type: str, schema: str, known: frozenset[str]) -> str:
    """What would fit: the same type in another case, or the mapping from the tag set the type is from."""
    by_upper = {t.upper(): t for t in known}
    if type.upper() in by_upper:
        return f" (did you mean {by_upper[type.upper()]!r}?)"
    for other in schemas.tag_set_names():
        mapping = schemas.mapping_between(other, schema) if type in schemas.tag_set(other) else None
        if mapping:
            return f" ({other} type: convert --map {mapping} retypes it)"
    return ""


class FolderFiles:
    """The files a folder of one format holds once, gathered from its documents as they are
    written: :meth:`add` for each document written (in the client, as its record arrives),
    :meth:`write` when the run ends. This base holds no files."""

    def add(self, used: Any) -> None:
        """Take in what one written document needs (:meth:`Format.used`); raise an
        :class:`AnnotatorError` naming it when the folder's files cannot hold it: that document
        then fails alone and its files are removed (by the caller)."""

    def write(self) -> None:
        """Write the folder's files from what was added (and what the folder held before)."""


class Format:
    """One file format. Subclasses set the class attributes and implement read/render.

    ``suffixes``: file name endings of one unit of this format in a folder (first = written).
    ``many``: one file holds many documents (written as one file, not a folder).
    ``names_inside``: document names are read from inside the files (a file may hold several),
    not from file names; true for every ``many`` format, and for a format that reads collections
    but writes one file per document (BioC).
    ``read_options``: the names of the reader options :meth:`read` takes as keyword arguments
    (``--typesystem`` gives ``typesystem``); a reader is given only the options it declares.
    """

    name: str = ""
    suffixes: tuple[str, ...] = ()
    many: bool = False
    description: str = ""
    read_options: tuple[str, ...] = ()

    @property
    def names_inside(self) -> bool:
        return self.many

    def units(self, folder: Path) -> list[Path]:
        """The files of this format in ``folder``, sorted by name."""
        return [folder / name for name in self.unit_names(folder)]

    def unit_names(self, folder: Path) -> list[str]:
        """The names of :meth:`units`, as plain strings (a folder may hold millions: no Path each)."""
        with os.scandir(folder) as scan:
            return sorted(entry.name for entry in scan if entry.name.endswith(self.suffixes) and entry.is_file())

    def stem(self, path: Path) -> str:
        """Document name of a unit file: its name without the format's suffix."""
        for suffix in self.suffixes:
            if path.name.endswith(suffix):
                return path.name[: -len(suffix)]
        return path.stem

    def sources(self, path: Path) -> list[Path]:
        """Every file a document read from ``path`` came from (checked before overwriting)."""
        return [path]

    def read(self, path: Path, *, lenient: bool = False) -> Iterator[Document | AnnotatorError]:
        """Documents of one unit file; a format with many documents per file may yield the error
        of one bad document and go on with the next."""
        raise NotImplementedError

    def render(self, doc: Document) -> dict[str, bytes]:
        """File name suffix -> bytes of one document (per-document formats)."""
        raise NotImplementedError

    def used(self, doc: Document) -> Any:
        """What a document written by :meth:`render` needs in the folder's own files
        (:meth:`folder_files`; small and picklable: workers return it to the client); None: nothing."""
        return None

    def folder_files(self, folder: Path) -> FolderFiles:
        """The files ``folder`` holds once for this format (UIMA's ``TypeSystem.xml``), gathered in
        the client from the :meth:`used` of each document as it is written; none by default."""
        return FolderFiles()

    def render_many(self, docs: list[Document]) -> bytes:
        """The one file holding all documents (formats with ``many``)."""
        raise NotImplementedError

    def claims(self, path: Path, head: bytes) -> bool:
        """Whether a file looks like this format, from its name and first bytes (sniffing)."""
        return path.name.endswith(self.suffixes)


def encode_utf8(text: str, name: str) -> bytes:
    """UTF-8 bytes of a text; a lone surrogate (possible in JSON input) is an error, not mojibake."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise input_error("E120", name, None, what="character", value=text[exc.start], fmt="UTF-8") from None
