"""Small processing resources for the pipeline tests (registered under ``test-*`` names).

Imported by the pipeline and ``annotator run`` tests; worker processes started by fork inherit
the registrations.
"""

from __future__ import annotations

import os
import signal
from itertools import islice
from pathlib import Path
from typing import Callable

import regex

from annotator.document import Document
from annotator.processing.base import Param, ProcessingResource, register


@register("test-words")
class Words(ProcessingResource):
    """A ``Word`` per match of ``pattern`` at least ``minLength`` long."""

    produces = ("Word",)
    pattern = Param(str, r"\w+", "what a word is")
    minLength = Param(int, 1, "shortest word kept")

    def setup(self) -> None:
        self._re = regex.compile(self.pattern)

    def __call__(self, doc: Document) -> None:
        out = self.output_set(doc)
        for m in self._re.finditer(doc.text):
            if m.end() - m.start() >= self.minLength:
                out.add("Word", m.start(), m.end(), {"string": m.group()})


@register("test-count")
class Count(ProcessingResource):
    """One ``Count`` over the document with the number of input ``Word``s and a label."""

    needs = ("Word",)
    produces = ("Count",)
    label = Param(str, "", "copied to the Count")

    def __call__(self, doc: Document) -> None:
        n = len(self.input_set(doc).with_type("Word"))
        self.output_set(doc).add("Count", 0, len(doc.text), {"n": n, "label": self.label})


@register("test-fail")
class Fail(ProcessingResource):
    """Raises ValueError on a document whose text contains ``trigger`` (or ends the process)."""

    trigger = Param(str, "BOOM", "text that makes it fail")
    hard = Param(bool, False, "end the process instead (a crashed worker; never with workers=1)")

    def __call__(self, doc: Document) -> None:
        if self.trigger in doc.text:
            if self.hard:
                os._exit(3)
            raise ValueError(f"found {self.trigger}")


@register("test-list")
class Listed(ProcessingResource):
    """``Listed`` for each line of the file ``path`` found in the text (``path`` is required)."""

    produces = ("Listed",)
    path = Param(Path, None, "word list, one per line", required=True)
    flag = Param(bool, False, "copied to each annotation")
    ratio = Param(float, 0.5, "copied to each annotation", min=0, max=1)
    limit = Param(int, 10, "at most this many annotations per word", min=1)
    tags = Param(list, [], "copied to each annotation")
    mode = Param(str, "exact", "copied to each annotation", choices=("exact", "loose"))

    def setup(self) -> None:
        self.words = [w for w in self.path.read_text(encoding="utf-8").split("\n") if w]

    def __call__(self, doc: Document) -> None:
        out = self.output_set(doc)
        for word in self.words:
            for m in islice(regex.finditer(regex.escape(word), doc.text), self.limit):
                out.add("Listed", m.start(), m.end(), {"flag": self.flag, "ratio": self.ratio,
                                                       "tags": self.tags, "mode": self.mode})


def pipeline_and_corpus(folder: Path, pipeline_xml: str, text: Callable[[int], str]) -> tuple[Path, Path]:
    """``folder/p.xml`` holding ``pipeline_xml``, and ``folder/in`` with the plain-text documents
    d00 .. d11, document ``i`` saying ``text(i)``."""
    pipeline = folder / "p.xml"
    pipeline.write_text(pipeline_xml, encoding="utf-8")
    src = folder / "in"
    src.mkdir()
    for i in range(12):
        (src / f"d{i:02}.txt").write_text(text(i), encoding="utf-8")
    return pipeline, src


class KillOnce:
    """A transform that kills its own process (SIGKILL) on the document named ``name``: only the
    first time (it leaves the file ``marker``), or every time with ``always``. Importable by the
    worker processes of a pool or a Dask cluster."""

    def __init__(self, name: str, marker: Path, always: bool = False) -> None:
        self.name, self.marker, self.always = name, marker, always

    def __call__(self, doc: Document) -> Document:
        if doc.name == self.name and (self.always or not self.marker.exists()):
            self.marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return doc
