"""``annotator deidentify --html DIR``: the original and the de-identified text side by side.

:class:`SideBySide` wraps the de-identifying transform of the corpus loop: for each document it
draws the original's PHI (the set and types de-identified), runs the transform, then writes
``DIR/NAME.html`` with the new text and the moved annotations beside it. A document that fails
to be de-identified gets no page. The page holds the original text: it is for reviewers, and is
to be kept as the original is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

from annotator.atomic import write_atomic
from annotator.document import Document
from annotator.view.page import annotated_text, selected, type_legend
from annotator.view.shell import page


class SideBySide:
    """A transform ``doc -> transform(doc)`` that also writes the side-by-side page into ``folder``
    (picklable, for worker processes, when ``transform`` is)."""

    def __init__(self, transform: Callable[[Document], Document], folder: str | Path, set_name: str = "",
                 types: Iterable[str] | None = None) -> None:
        self.transform = transform
        self.folder = Path(folder)
        self.set_name = set_name
        self.types = list(types) if types is not None else None

    def __call__(self, doc: Document) -> Document:
        before = selected(doc, [self.set_name], self.types)
        original = Document(doc.text, name=doc.name)  # the text as it was, should the transform change doc
        new = self.transform(doc)
        after = selected(new, [self.set_name], self.types)
        type_key, group = type_legend(Counter(a.type for anns in (*before.values(), *after.values()) for a in anns))
        body = (f'<div class="cols"><div><h2>original</h2>{annotated_text(original, before, type_key)}</div>'
                f'<div><h2>de-identified</h2>{annotated_text(new, after, type_key)}</div></div>')
        write_atomic(self.folder / f"{doc.name}.html", page(doc.name, body, [group]).encode("utf-8"))
        return new
