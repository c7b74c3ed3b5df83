"""Plain UTF-8 text: one document per ``.txt`` file, no annotations (for running pipelines on raw
notes). The text is taken byte for byte: no newline translation, a BOM kept as U+FEFF."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from annotator.document import Document
from annotator.formats.base import Format, encode_utf8, read_text


class TextFormat(Format):
    name = "text"
    suffixes = (".txt",)
    description = "plain UTF-8 text, one document per .txt file"

    def read(self, path: Path, *, lenient: bool = False) -> Iterator[Document]:
        yield Document(read_text(path), name=self.stem(path))

    def render(self, doc: Document) -> dict[str, bytes]:
        return {".txt": encode_utf8(doc.text, doc.name)}
