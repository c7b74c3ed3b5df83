"""Document pages as an output of the corpus loop: :class:`HtmlPages` is a write-only format
adapter (``NAME.html`` per document) that ``annotator view`` hands to
:func:`annotator.runner.run_corpus` as its output format, so that the view gets the loop's
workers, error policy, resume and input guard."""

from __future__ import annotations

from annotator.document import Document
from annotator.errors import AnnotatorError, coded
from annotator.formats.base import Format
from annotator.view.index import INDEX
from annotator.view.page import anchor, html


class HtmlPages(Format):
    """Renders a document as its page, showing ``sets`` and ``types`` (default: all)."""

    name = "html"
    suffixes = (".html",)
    description = "HTML pages (annotator view), written only"

    def __init__(self, sets: list[str] | None = None, types: list[str] | None = None) -> None:
        self.sets = sets
        self.types = types

    def render(self, doc: Document) -> dict[str, bytes]:
        if doc.name == INDEX.removesuffix(".html"):
            raise AnnotatorError(coded("E902", name=doc.name))
        nav = anchor(INDEX, "corpus index")
        return {".html": html(doc, sets=self.sets, types=self.types, nav=nav).encode("utf-8")}
