"""A text with its annotations as nested HTML elements, one element per annotation (or per piece).

Annotations that nest become nested elements; one that crosses another is cut into pieces where
the other opens or closes, each piece carrying the same attributes (``data-id``, the whole
annotation's ``data-start``/``data-end``), so that a page can be read back by machine. A
zero-length annotation is an empty element (class ``z``) drawn as a marker. Each piece has a
depth class ``d0``..``d4`` (how many annotations it sits in), used to draw nested underlines
apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

MAX_DEPTH = 4


@dataclass(frozen=True)
class Span:
    """One annotation to draw: ``[start, end)`` in code points, its CSS classes, its other
    attributes (already rendered, e.g. `` data-id="3" title="..."``), and an ``anchor`` id given
    to its first piece only."""

    start: int
    end: int
    classes: str
    attributes: str
    anchor: str = ""


def attribute(name: str, value: object) -> str:
    """`` name="value"``, escaped."""
    return f' {name}="{escape(str(value), quote=True)}"'


def render(text: str, spans: list[Span]) -> str:
    """The HTML of ``text`` with every span drawn; spans may nest, cross and be empty."""
    order = sorted(range(len(spans)), key=lambda i: (spans[i].start, -spans[i].end, i))
    opening: dict[int, list[int]] = {}
    empty: dict[int, list[int]] = {}
    for i in order:
        span = spans[i]
        (empty if span.start == span.end else opening).setdefault(span.start, []).append(i)
    closing = {spans[i].end for i in order if spans[i].start < spans[i].end}
    out: list[str] = []
    stack: list[int] = []
    opened: set[int] = set()
    pos = 0

    def open_piece(i: int) -> None:
        span = spans[i]
        anchor = ""
        if span.anchor and i not in opened:
            anchor = attribute("id", span.anchor)
            opened.add(i)
        out.append(f'<span class="a {span.classes} d{min(len(stack), MAX_DEPTH)}"{anchor}{span.attributes}>')
        stack.append(i)

    for point in sorted(set(opening) | set(empty) | closing):
        out.append(escape(text[pos:point], quote=False))
        pos = point
        reopen: list[int] = []
        if point in closing:
            lowest = next((k for k, i in enumerate(stack) if spans[i].end == point), None)
            if lowest is not None:
                while len(stack) > lowest:
                    i = stack.pop()
                    out.append("</span>")
                    if spans[i].end > point:
                        reopen.append(i)
        for i in empty.get(point, ()):
            span = spans[i]
            anchor = attribute("id", span.anchor) if span.anchor else ""
            out.append(f'<span class="a z {span.classes}"{anchor}{span.attributes}></span>')
        starting = reopen + opening.get(point, [])
        for i in sorted(starting, key=lambda i: (-spans[i].end, spans[i].start, i)):
            open_piece(i)
    out.append(escape(text[pos:], quote=False))
    out.extend("</span>" for _ in stack)
    return "".join(out)
