"""A pattern searched only at the characters its matches can begin with.

The ``re`` module searches a pattern that begins with a character, a set of characters or a
string by skipping to where one is; a pattern that begins with a look-around or ``\\b`` (the usual
way to say "at the start of a word") it tries at every offset of the text. :class:`Anchored`
pairs such a pattern with the set of characters every one of its matches begins with
(``first``, the body of a character class, read with the pattern's flags), and its
:meth:`Anchored.finditer` searches ``[first](?<=(?=PATTERN).)`` instead: the class first (case
folded out of it, so that ``re`` can skip to it), then, looking back at that character, the
pattern from it. Each such hit is an offset where the pattern matches; the hits that begin inside
the previous match are skipped, as ``finditer`` skips them, and at each hit kept the pattern is
matched once more for its match object. The matches are those of ``pattern.finditer``, which
``strategy="reference"`` runs (the tests compare the two).

The pattern must not match the empty string (no character begins such a match) nor use global
inline flags (``(?m)`` at its start: pass them as flags).
"""

from __future__ import annotations

import re
from typing import Iterator

STRATEGIES = ("fast", "reference")
_SCOPED = ((re.IGNORECASE, "i"), (re.MULTILINE, "m"), (re.DOTALL, "s"), (re.VERBOSE, "x"))


#: the characters outside ASCII that ``re.IGNORECASE`` matches to an ASCII letter (İ ı ſ K)
FOLDED_TO_ASCII = "\u0130\u0131\u017f\u212a"
_ASCII = "".join(map(chr, range(128)))


def case_sensitive_class(first: str, flags: int) -> str:
    """The body of a character class that matches, without ``re.IGNORECASE``, the characters that
    ``[first]`` (written in ASCII) matches with ``flags``: ``first`` and the other cases of its letters."""
    if not flags & re.IGNORECASE:
        return first
    if not first.isascii():
        raise ValueError(f"a class read with re.IGNORECASE must be written in ASCII, got {first!r}")
    found = re.compile(f"[{first}]", flags).findall(_ASCII + FOLDED_TO_ASCII)
    return first + "".join(char for char in found if char.isalpha())


class Anchored:
    """``pattern`` and the characters its matches begin with (``first``); :meth:`finditer` gives the
    matches of ``pattern.finditer``, found from those characters (``strategy="fast"``) or by
    ``pattern.finditer`` itself (``"reference"``)."""

    def __init__(self, pattern: re.Pattern[str], first: str, strategy: str = "fast") -> None:
        if strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {STRATEGIES}, got {strategy!r}")
        self.pattern = pattern
        self.first = first
        self.strategy = strategy
        scoped = "".join(letter for flag, letter in _SCOPED if pattern.flags & flag)
        inner = f"(?{scoped}:{pattern.pattern})" if scoped else pattern.pattern
        rest = pattern.flags & ~sum(flag for flag, _ in _SCOPED)
        self.scan = re.compile(f"[{case_sensitive_class(first, pattern.flags)}](?<=(?={inner})(?s:.))", rest)

    def __getattr__(self, name: str):
        """The pattern's other methods and attributes (``match``, ``search``, ``groupindex`` ...) as they are."""
        if name == "pattern":  # not set yet (while unpickling)
            raise AttributeError(name)
        return getattr(self.pattern, name)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """The matches of ``pattern`` in ``text``, as ``pattern.finditer(text)`` gives them."""
        if self.strategy == "reference":
            yield from self.pattern.finditer(text)
            return
        match = self.pattern.match
        end = 0
        for hit in self.scan.finditer(text):
            start = hit.start()
            if start < end:
                continue
            found = match(text, start)
            if found.end() == start:
                raise ValueError(f"{self.pattern.pattern!r} matched the empty string: no character begins its matches")
            yield found
            end = found.end()
