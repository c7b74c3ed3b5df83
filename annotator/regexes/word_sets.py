"""Regular expressions that can only match a short list of whole strings, as that list.

Grammars test token strings with patterns like ``{Token.string ==~ "(?i)el|la|del|al"}`` or
``"ni[ñn][oa]s?"``. For rule dispatch (which rules may start at a token) such a test is a
dictionary lookup instead of one regex call per new string (:class:`annotator.jape.compiler.Dispatch`).

:func:`words_of` spells out every string a pattern matches in full (``==~``) when the pattern is
built from literal characters, small character classes, groups, alternatives and bounded
repetition only; anything else gives None (the test keeps its regex). The pattern is read as
:func:`annotator.regexes.syntax.parse` reads it (the syntax the ``regex`` module shares with
``re``).

A case-insensitive pattern (``(?i)``) gives its strings and the flag; :class:`CaseKey` maps a
string to a key that is equal whenever the ``regex`` module matches one to the other
case-insensitively. It is built from what ``regex`` itself matches, which is not ``str.casefold``:
``regex`` matches a character at a time and pairs ``İ`` with ``i`` and ``ı`` with ``I``. The key may
also join strings that do not match (``ı`` and ``İ``): dispatch only needs a necessary condition;
the rule's own test decides.
"""

from __future__ import annotations

from functools import cache
from typing import Iterable, NamedTuple

import regex

from annotator.regexes import syntax as sx
from annotator.regexes.literals import UnknownSyntax, parse

MAX_WORDS = 2_000
MAX_CLASS = 64  # characters of one [...] class
_REPEATS = (sx.MAX_REPEAT, sx.MIN_REPEAT, sx.POSSESSIVE_REPEAT)
_STARTS = (sx.BEGINNING, sx.BEGINNING_STRING)
_ENDS = (sx.END, sx.END_STRING)


class Words(NamedTuple):
    strings: frozenset[str]
    ignore_case: bool


class _NotFinite(Exception):
    """The pattern uses a construct this reading does not spell out."""


def words_of(pattern: str) -> Words | None:
    """Every string ``pattern`` fully matches, when it is a short finite list; else None."""
    try:
        parsed = parse(pattern, ignore_case=True)
        strings = _expand(list(parsed), True, True)
    except (UnknownSyntax, _NotFinite, RecursionError):
        return None
    return Words(frozenset(strings), bool(parsed.flags & sx.IGNORECASE))


def _expand(items: list, at_start: bool, at_end: bool) -> set[str]:
    """The strings of a sequence of parsed items; ``at_start``/``at_end``: whether the sequence
    begins/ends the whole pattern (where ``^``/``$`` hold under a full match)."""
    out = {""}
    last = len(items) - 1
    for i, (op, av) in enumerate(items):
        if op is sx.LITERAL:
            part = {chr(av)}
        elif op is sx.IN:
            part = _class(av)
        elif op is sx.BRANCH:
            part = set().union(*(_expand(list(alt), at_start and i == 0, at_end and i == last) for alt in av[1]))
        elif op is sx.SUBPATTERN:
            if av[1] or av[2]:  # flags switched inside the group
                raise _NotFinite
            part = _expand(list(av[3]), at_start and i == 0, at_end and i == last)
        elif op in _REPEATS and av[1] != sx.MAXREPEAT:
            once = _expand(list(av[2]), False, False)
            part, current = set(), {""}
            for count in range(av[1] + 1):
                if count >= av[0]:
                    part |= current
                current = {a + b for a in current for b in once}
                if len(part) + len(current) > MAX_WORDS:
                    raise _NotFinite
        elif op is sx.AT and ((av in _STARTS and at_start and i == 0) or (av in _ENDS and at_end and i == last)):
            continue
        else:
            raise _NotFinite
        out = {a + b for a in out for b in part}
        if len(out) > MAX_WORDS:
            raise _NotFinite
    return out


def _class(items: list) -> set[str]:
    chars: set[str] = set()
    for op, av in items:
        if op is sx.LITERAL:
            chars.add(chr(av))
        elif op is sx.RANGE and av[1] - av[0] < MAX_CLASS:
            chars.update(map(chr, range(av[0], av[1] + 1)))
        else:  # negated class, \d, \w, a wide range ...
            raise _NotFinite
    if len(chars) > MAX_CLASS:
        raise _NotFinite
    return chars


class CaseKey:
    """Maps strings to keys so that a text the ``regex`` module matches case-insensitively to a
    pattern made of ``chars`` gets the pattern's key: characters are replaced by one representative
    of their group (groups joined until closed, as ``regex``'s case pairs are not transitive)."""

    def __init__(self, chars: Iterable[str]) -> None:
        parent: dict[str, str] = {}

        def root(c: str) -> str:
            while parent.setdefault(c, c) != c:
                c = parent[c]
            return c

        for char, same in _equivalents(set(chars)).items():
            for other in same:
                a, b = sorted((root(char), root(other)))
                parent[b] = a
        self._table = {ord(c): root(c) for c in parent}

    def __call__(self, text: str) -> str:
        return text.translate(self._table)


def _equivalents(chars: set[str]) -> dict[str, list[str]]:
    """For each of ``chars``, the characters ``(?i)`` + that character matches in the ``regex``
    module. Only cased characters match others, so the candidates are the cased characters that
    ``(?i)`` + a class of ``chars`` matches; each character then keeps those its own pattern does."""
    candidates = "".join(regex.findall("(?i)[" + "".join(map(_code, chars)) + "]", _cased()))
    return {c: [c, *(x for x in regex.findall("(?i)" + _code(c), candidates) if x != c)] for c in chars}


def _code(char: str) -> str:
    return f"\\U{ord(char):08x}"


@cache
def _cased() -> str:
    """Every character of Unicode that is cased or changes under a case mapping, in the ``regex``
    module's own Unicode version: the only ones a case-insensitive match pairs with another."""
    return "".join(regex.findall(r"[\p{Cased}\p{Changes_When_Casemapped}]", _every_character()))


def _every_character() -> str:
    """Every code point but the surrogates, as one string: the first plane's UTF-32 bytes, then
    each further plane's, made by writing the plane's number into the third byte of every code."""
    plane = bytearray("".join(map(chr, range(0x10000))).encode("utf-32-le", "surrogatepass"))
    planes = [plane[: 0xD800 * 4].decode("utf-32-le") + plane[0xE000 * 4 :].decode("utf-32-le")]
    for number in range(1, 17):
        plane[2::4] = bytes([number]) * 0x10000
        planes.append(plane.decode("utf-32-le"))
    return "".join(planes)
