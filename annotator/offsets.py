"""Offset conversion between code points (ours), UTF-16 code units (GATE, Java) and UTF-8 bytes.

Our offsets are Python code points. This is the one place where they are translated to and from
the units other tools count in.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cached_property
from itertools import accumulate


class OffsetMapper:
    """Maps offsets of one text between code points and UTF-16 units or UTF-8 bytes.

    Cost is paid only for texts that need it: for BMP-only text UTF-16 units equal code points,
    for ASCII text bytes equal code points.
    """

    def __init__(self, text: str) -> None:
        self._text = text
        self._length = len(text)

    @cached_property
    def _utf16(self) -> list[int] | None:
        """UTF-16 units before each code point; ``None`` when they are the same (BMP-only text)."""
        if not self._text or max(self._text) < "\U00010000":
            return None
        return _cumulative(self._text, _utf16_len)

    @cached_property
    def _utf8(self) -> list[int] | None:
        """UTF-8 bytes before each code point; ``None`` when they are the same (ASCII text)."""
        return None if self._text.isascii() else _cumulative(self._text, _utf8_len)

    def to_utf16(self, offset: int) -> int:
        table = self._utf16
        return offset if table is None else table[self._check(offset)]

    def from_utf16(self, units: int) -> int:
        table = self._utf16
        return units if table is None else _invert(table, units, "UTF-16 unit")

    def to_bytes(self, offset: int) -> int:
        table = self._utf8
        return offset if table is None else table[self._check(offset)]

    def from_bytes(self, nbytes: int) -> int:
        table = self._utf8
        return nbytes if table is None else _invert(table, nbytes, "byte")

    def _check(self, offset: int) -> int:
        if not 0 <= offset <= self._length:
            raise ValueError(f"offset {offset} outside text of length {self._length}")
        return offset


def _utf16_len(c: str) -> int:
    return 2 if ord(c) >= 0x10000 else 1


def _utf8_len(c: str) -> int:
    o = ord(c)
    return 1 if o < 0x80 else 2 if o < 0x800 else 3 if o < 0x10000 else 4


def _cumulative(text: str, unit_len) -> list[int]:
    """Position i holds the number of units before code point i (length len(text) + 1)."""
    return list(accumulate((unit_len(c) for c in text), initial=0))


def _invert(table: list[int], units: int, what: str) -> int:
    i = bisect_left(table, units)
    if i == len(table) or table[i] != units:
        raise ValueError(f"{what} offset {units} falls inside a character or outside the text")
    return i
