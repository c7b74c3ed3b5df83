"""Case and accent folding that keeps offsets: every character becomes exactly one character, so
a match on the folded text is a match at the same offsets of the original (used by both
gazetteers when they ignore case or accents)."""

from __future__ import annotations

import re
import unicodedata


def _accent_table() -> dict[str, str]:
    """Accented Latin letter (Latin-1 Supplement, Latin Extended-A) -> its base letter."""
    table = {}
    for code in range(0xC0, 0x180):
        ch = chr(code)
        base = unicodedata.normalize("NFD", ch)[0]
        if ch.isalpha() and base != ch and base.isascii():
            table[ch] = base
    return table


_ACCENTS = _accent_table()
# ``re``, not ``regex``: a set of plain characters means the same to both, and ``re`` finds them
# faster (benchmarks/RESULTS.md)
_ACCENTED = re.compile("[" + "".join(_ACCENTS) + "]")
# the same replacements for a text that is all Latin-1, as a byte table: faster again
_LATIN1_BASES = bytes.maketrans(bytes(ord(c) for c in _ACCENTS if ord(c) < 0x100),
                                bytes(ord(_ACCENTS[c]) for c in _ACCENTS if ord(c) < 0x100))
# every BMP character whose lower case differs -> the first character of it ("İ" -> "i")
_LOWER = {code: chr(code).lower()[0] for code in range(0x10000) if chr(code).lower() != chr(code)}


def fold(text: str, ignore_case: bool, accents: bool = False) -> str:
    """``text`` in lower case and/or without accents, one character for one."""
    if accents:
        try:
            text = text.encode("latin-1").translate(_LATIN1_BASES).decode("latin-1")
        except UnicodeEncodeError:
            text = _ACCENTED.sub(lambda m: _ACCENTS[m.group()], text)
    if ignore_case:
        lowered = text.lower()
        text = lowered if len(lowered) == len(text) else text.translate(_LOWER)
    return text
