"""Record values compared as written: addresses and fields without a matcher of their own.

A value matches when its words (letters and digits, lower-cased, accents folded) appear in order
with at most three other characters (spaces, punctuation) between two of them, not inside a
longer word. An address is matched whole and also part by part (split at commas); a leading street
type may be written any usual way (``C/ Mayor`` = ``Calle Mayor``). The address parts after the
first are typed as a postcode (4-5 digits) or a city; short parts (``2º``, ``1D``, ``a``) are not
matched alone.
"""

from __future__ import annotations

import re

from annotator.processing.folding import fold
from annotator.processing.record_matcher.match import Match

_WORDS = re.compile(r"[^\W_]+")
STREET_TYPES = [
    "calle c cl", "avenida avda av", "plaza pl pza plz", "paseo po pº", "carretera ctra", "camino cno",
    "ronda rda", "travesia trav", "glorieta gta", "street st", "avenue ave", "road rd", "lane ln", "drive dr",
    "boulevard blvd", "gatan g", "vagen v",
]
_STREET_OF = {word: frozenset(group.split()) for group in STREET_TYPES for word in group.split()}
MAX_GAP = 3  # characters (spaces, punctuation) between two words of a value
_SEPARATORS = re.compile(r"[\W_]*")
_ALNUM = re.compile(r"[^\W_]")
_POSTCODE = re.compile(r"\d{4,5}")


def words_of(value: str) -> list[str]:
    """The words of ``value`` as compared: runs of letters and digits, lower-cased, accents folded
    (an ASCII value, as most are, has no accents: lower-cased only)."""
    return _WORDS.findall(value.lower() if value.isascii() else fold(value, ignore_case=True, accents=True))


class LiteralMatcher:
    """Literal fields and addresses of one record."""

    def __init__(self, values: dict[str, list[str]], address_fields: frozenset[str], reference: bool = False) -> None:
        """``reference``: try every value at every offset of the note (:meth:`_find_reference`), to
        check the search from each value's longest word against."""
        self.reference = reference
        # (field, kind: the field whose type it gets, its words, the first word's alternatives)
        self.values: list[tuple[str, str, list[str], frozenset[str]]] = []
        for field, field_values in values.items():
            for value in field_values:
                street = field in address_fields
                pieces = [(field, value)]  # (kind, text)
                if street:
                    parts = [p.strip() for p in value.split(",") if p.strip()]
                    if len(parts) > 1:
                        pieces += [(field, parts[0])] + [
                            ("postcode" if _POSTCODE.fullmatch(p) else "city", p) for p in parts[1:]
                            if _POSTCODE.fullmatch(p) or sum(c.isalpha() for c in p) >= 3]
                for kind, piece in pieces:
                    words = words_of(piece)
                    if words:
                        first = _STREET_OF.get(words[0], frozenset()) if street and len(words) > 1 else frozenset()
                        self.values.append((field, kind, words, first | {words[0]}))

    def find(self, folded: str) -> list[Match]:
        """Matches in ``folded``, the note lower-cased and accent-folded (offsets are the note's)."""
        if self.reference:
            return self._find_reference(folded)
        found = []
        for field, kind, words, first in self.values:
            # search for the longest word (not a street type that may be written otherwise), then
            # check the others around it
            searched = words[1:] if len(first) > 1 else words
            anchor = words.index(max(searched, key=len), len(words) - len(searched))  # the first of the longest
            at = folded.find(words[anchor])
            while at != -1:
                start = _back(folded, at, words[:anchor], first)
                end = _forward(folded, at, words[anchor:])
                if start is not None and end is not None:
                    found.append(Match(start, end, field, 0.0, kind))
                at = folded.find(words[anchor], at + 1)
        return found

    def _find_reference(self, folded: str) -> list[Match]:
        """The same matches: each value tried at every start of a word of the note, with each way
        its first word may be written."""
        found = []
        for field, kind, words, first in self.values:
            for at in range(len(folded)):
                if at and _ALNUM.match(folded, at - 1):
                    continue
                for word in first:
                    if folded.startswith(word, at) and (end := _forward(folded, at, [word, *words[1:]])) is not None:
                        found.append(Match(at, end, field, 0.0, kind))
        return found


def _gap(folded: str, end: int) -> int | None:
    """The end of the separators (at most MAX_GAP) after ``end``, or None when there are more."""
    gap = _SEPARATORS.match(folded, end).end()
    return gap if gap - end <= MAX_GAP else None


def _forward(folded: str, at: int, words: list[str]) -> int | None:
    """The end of ``words`` written from ``at``, not inside a longer word; None when they are not there."""
    end = at + len(words[0])
    for word in words[1:]:
        end = _gap(folded, end)
        if end is None or not folded.startswith(word, end):
            return None
        end += len(word)
    return None if _ALNUM.match(folded, end) else end


def _back(folded: str, at: int, words: list[str], first: frozenset[str]) -> int | None:
    """The start of ``words`` written before ``at`` (the first one may be any of ``first``), not
    inside a longer word; None when they are not there."""
    start = at
    for index in range(len(words) - 1, -1, -1):
        gap = start
        while gap > 0 and start - gap <= MAX_GAP and not _ALNUM.match(folded, gap - 1):
            gap -= 1
        if start - gap > MAX_GAP:
            return None
        options = first if index == 0 else (words[index],)
        word = next((w for w in options if folded.endswith(w, 0, gap)), None)
        if word is None:
            return None
        start = gap - len(word)
    return None if start and _ALNUM.match(folded, start - 1) else start
