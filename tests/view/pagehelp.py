"""Read annotation elements back from a page's HTML (what a browser's DOM would give), so that
tests check pages by their ``data-*`` attributes and the text inside them."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Piece:
    attrs: dict[str, str]
    classes: list[str]
    text: str = ""
    parents: list[str] = field(default_factory=list)  # data-id of the annotation elements around it


class Pieces(HTMLParser):
    """Every element with a ``data-id`` inside the first ``.text`` block (or the one of
    ``data-side``), the text it holds, and the whole text of the block."""

    def __init__(self, side: str | None = None) -> None:
        super().__init__(convert_charrefs=True)
        self.side = side
        self.pieces: list[Piece] = []
        self.text = ""
        self._stack: list[Piece | None] = []
        self._depth = 0  # inside the chosen .text block: element depth, else 0
        self._done = False

    def handle_starttag(self, tag, attrs):
        attrs = {k: v or "" for k, v in attrs}
        if self._depth:
            self._depth += 1
            piece = None
            if "data-id" in attrs:
                piece = Piece(attrs, attrs.get("class", "").split(), parents=[p.attrs["data-id"] for p in self._stack if p])
                self.pieces.append(piece)
            self._stack.append(piece)
        elif not self._done and "text" in attrs.get("class", "").split() and attrs.get("data-side") in (None, self.side):
            self._depth = 1

    def handle_endtag(self, tag):
        if self._depth:
            self._depth -= 1
            if self._depth:
                self._stack.pop()
            else:
                self._done = True

    def handle_data(self, data):
        if self._depth:
            self.text += data
            for piece in self._stack:
                if piece is not None:
                    piece.text += data


def pieces(page: str, side: str | None = None) -> Pieces:
    parser = Pieces(side)
    parser.feed(page)
    parser.close()
    return parser


def by_id(found: Pieces) -> dict[str, list[Piece]]:
    out: dict[str, list[Piece]] = {}
    for piece in found.pieces:
        out.setdefault(piece.attrs["data-id"], []).append(piece)
    return out
