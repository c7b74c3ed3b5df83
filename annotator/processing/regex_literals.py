"""Literal strings a regular expression needs: a cheap test that lets the regex gazetteer skip a
pattern on a document that cannot hold a match of it.

``required_literals(pattern)`` gives sets of strings such that every match of the pattern
contains, for each set, one of its strings: ``\\b(?:[Ee]nero|[Ff]ebrero)\\s+(?:19|20)\\d{2}``
needs one of ``nero``, ``ebrero`` and one of ``19``, ``20``; a document without them is not
scanned (most clinical reports hold no month name, and scanning for a pattern that starts with
an alternation of character classes costs far more than a few substring searches).

The pattern is read with the standard library's parser (``re._parser``), which knows the common
syntax the ``regex`` module shares with ``re``. Anything it does not read the same way gives None
(no test, []): a syntax error for ``re`` (``\\p{L}``, ``(?|...)``, ``(?V1)`` ...), a warning (nested
sets ``[[:alpha:]]``, set operations), fuzzy constraints (``{e<=1}``, which ``re`` would read as
literal text), case-insensitive or verbose flags. Only literal runs that a match must go through
count (not inside optional parts or look-arounds), so the test can only skip documents that
have no match.
"""

from __future__ import annotations

import re
import warnings
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

_FUZZY = re.compile(r"(?<!\\)(?:\\\\)*\{(?!\d*,?\d*\})")  # a "{" that is no repeat count
_FLAGS = sre.SRE_FLAG_IGNORECASE | sre.SRE_FLAG_VERBOSE
_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)
MAX_SETS = 3
MAX_STRINGS = 24


class _Unknown(Exception):
    """A construct whose reading by ``re`` may differ from the ``regex`` module's."""


def required_literals(pattern: str) -> list[tuple[str, ...]]:
    """Up to ``MAX_SETS`` sets of strings (the most selective first) that every match of
    ``pattern`` contains one of each; [] when none is known (or the pattern uses syntax this
    reading does not know)."""
    if _FUZZY.search(pattern):
        return []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            parsed = sre_parse.parse(pattern)
        if parsed.state.flags & _FLAGS:
            return []
        sets = [s for s in _factors(parsed) if len(s) <= MAX_STRINGS]
    except (_Unknown, re.error, Warning, RecursionError, OverflowError):
        return []
    sets.sort(key=_selectivity, reverse=True)
    return [tuple(sorted(s)) for s in sets[:MAX_SETS]]


def _selectivity(strings: set[str]) -> tuple[int, int]:
    """Longer strings first, then fewer of them."""
    return min(map(len, strings)), -len(strings)


def _factors(items: list) -> list[set[str]]:
    """The required string sets of a sequence: its runs of literal characters, and the sets of the
    groups, alternations and repetitions (at least once) it must go through."""
    out: list[set[str]] = []
    run: list[str] = []
    for op, av in items:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        if run:
            out.append({"".join(run)})
            run = []
        if op is sre.SUBPATTERN:
            if av[1] & _FLAGS:
                raise _Unknown
            out += _factors(av[3])
        elif op is sre.ATOMIC_GROUP:
            out += _factors(av)
        elif op in _REPEATS and av[0] >= 1:
            out += _factors(av[2])
        elif op is sre.BRANCH:  # one string of each alternative's best set
            chosen = [max(sets, key=_selectivity, default=None) for sets in map(_factors, av[1])]
            if all(chosen):
                out.append(set().union(*chosen))
    if run:
        out.append({"".join(run)})
    return out
