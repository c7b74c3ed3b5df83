"""What every match of a regular expression holds, read from the pattern: cheap tests that let
the regex gazetteer skip work that cannot find a match.

``required_literals(pattern)`` gives sets of strings (shortest first) such that every match of
the pattern contains, for each set, one of its strings: ``\\b(?:[Ee]nero|[Ff]ebrero)\\s+(?:19|20)\\d{2}``
needs one of ``nero``, ``ebrero`` and one of ``19``, ``20``; a document without them is not
scanned (most clinical reports hold no month name, and scanning for a pattern that starts with
an alternation of character classes costs far more than a few substring searches).

``leading_alternatives(pattern)`` splits a pattern that begins (after zero-width assertions) with
a group of alternatives: ``\\b(?:[Ee]nero|[Ff]ebrero)\\s+\\d{4}`` gives the lead ``\\b``, the
alternatives ``[Ee]nero`` and ``[Ff]ebrero`` and the rest ``\\s+\\d{4}``. At each offset the
pattern matches what the first of ``\\b[Ee]nero\\s+\\d{4}``, ``\\b[Ff]ebrero\\s+\\d{4}`` that matches
there matches (the regex engines try alternatives in order), and each of those has a literal the
``regex`` module searches for directly ("nero"), where the whole pattern is tried at every word.

``first_chars(pattern)`` is a character set (pattern source) holding every character a non-empty
match can begin with: ``\\b(?:0{0,2}[1-9]|1[0-2])/\\d`` gives ``[\\U00000030-\\U00000039]``.
The regex gazetteer runs patterns that begin with digits or punctuation only where such a
character is, instead of trying them at every offset.

``consumed_chars(pattern)`` is a character set holding every character a match consumes (not the
ones look-arounds only read): ``\\w[\\w.+-]*+@[\\w-]++`` gives ``[\\w.+\\-@]``. A match then lies
inside one run of such characters, so the regex gazetteer runs a pattern whose characters exclude
spaces only on the runs that hold the literals it needs (e-mails, URLs: around each "@").

``prefix_sets(pattern, n)`` says what the first ``n`` characters of a match can be (for each
length a match can have up to ``n``): ``(?:1[89]|20)\\d`` with n = 3 gives ``[1][89][\\d]`` and
``[2][0][\\d]``. The regex gazetteer tries a pattern that begins with digits only where the
text's next characters fit (``5 mg`` fits no date).

``prefix_strings(pattern, n)`` lists those first ``n`` characters as strings when they are few
and made of listed characters (``[Ss]ep`` gives ``Sep`` and ``sep``): the regex gazetteer looks
for the month names a pattern begins with as strings.

``starts_with_word(pattern)`` says whether every match begins with a word character (``\\w``):
then a match may start after a non-word character only where ``\\b`` holds, and a scanning
pattern that begins with ``\\b`` is searched faster by the ``regex`` module
(it skips to word boundaries) than one that begins with an alternation.

The pattern is read by :func:`annotator.regexes.syntax.parse`, which knows the common syntax
the ``regex`` module shares with ``re``. Anything it does not read gives no answer ([], False,
None): ``\\p{L}``, ``(?|...)``, ``(?V1)``, nested sets ``[[:alpha:]]``, set operations, fuzzy
constraints (``{e<=1}``), case-insensitive or verbose flags. Only literal runs that a match
must go through count (not inside optional parts or look-arounds), so the test can only skip
documents that have no match.
"""

from __future__ import annotations

from itertools import product, takewhile
from math import prod
from typing import Any

import regex

from annotator.regexes import syntax as sx
from annotator.regexes.syntax import UnknownSyntax

_REPEATS = (sx.MAX_REPEAT, sx.MIN_REPEAT, sx.POSSESSIVE_REPEAT)
_ZERO_WIDTH = (sx.AT, sx.ASSERT, sx.ASSERT_NOT)  # \b, ^, look-arounds
_WORD = regex.compile(r"\w*")  # the regex module's word characters (its \b tests them)
# zero-width assertions at the start of a pattern: \b, and look-arounds without groups inside
_LEAD = regex.compile(r"(?:\\b|\(\?<?[=!](?:[^()\\\[]|\\.|\[\^?\]?(?:[^\]\\]|\\.)*\])*\))*")
MAX_SETS = 3
MAX_STRINGS = 24


def _is_word(chars: str) -> bool:
    return _WORD.fullmatch(chars) is not None


def required_literals(pattern: str) -> list[tuple[str, ...]]:
    """Up to ``MAX_SETS`` sets of strings (the most selective first) that every match of
    ``pattern`` contains one of each; [] when none is known (or the pattern uses syntax this
    reading does not know)."""
    try:
        sets = [s for s in _factors(parse(pattern)) if len(s) <= MAX_STRINGS]
    except (UnknownSyntax, RecursionError):
        return []
    sets.sort(key=_selectivity, reverse=True)
    return [tuple(sorted(s, key=_short_first)) for s in sets[:MAX_SETS]]


def starts_with_word(pattern: str) -> bool:
    """Whether every match of ``pattern`` begins with a word character (False when not known)."""
    try:
        word, empty = _first(parse(pattern))
    except (UnknownSyntax, RecursionError):
        return False
    return word and not empty


def first_chars(*patterns: str) -> str | None:
    """A character set (``[...]``, ``regex`` syntax) holding every character a non-empty match of
    one of ``patterns`` can begin with; None when not known, or when any character can begin one."""
    members: set = set()
    try:
        for pattern in patterns:
            members |= _starts(parse(pattern))[0]
    except (UnknownSyntax, RecursionError):
        return None
    if not members:
        return None
    return "[" + _set_text(members) + "]"


def consumed_chars(pattern: str) -> str | None:
    """A character set (``regex`` syntax, version 1: sets may be unions ``[[...]||[^...]]``) holding
    every character a match of ``pattern`` consumes (look-arounds only read theirs); None when not
    known (any character ``.``, a case-insensitive group, syntax this reading does not know)."""
    positive: set = set()
    negated: list[set] = []
    try:
        _consumed(parse(pattern), positive, negated)
    except (UnknownSyntax, RecursionError):
        return None
    pieces = ["[^" + _set_text(members) + "]" for members in negated]
    if positive or not pieces:
        pieces.insert(0, "[" + _set_text(positive) + "]")
    return pieces[0] if len(pieces) == 1 else "[" + "||".join(pieces) + "]"


def _consumed(items: list, positive: set, negated: list[set]) -> None:
    """Add the characters a sequence consumes to ``positive`` (code point ranges and category
    escapes), and the sets it consumes the complement of to ``negated``."""
    for op, av in items:
        if op in _ZERO_WIDTH or op is sx.GROUPREF:  # a group reference consumes what its group did
            continue
        if op is sx.LITERAL:
            positive.add((av, av))
        elif op is sx.NOT_LITERAL:
            negated.append({(av, av)})
        elif op is sx.IN:
            if av and av[0][0] is sx.NEGATE:
                negated.append(set(map(_set_member, av[1:])))
            else:
                positive.update(map(_set_member, av))
        elif op is sx.SUBPATTERN:
            if (av[1] | av[2]) & sx.IGNORECASE:
                raise UnknownSyntax
            _consumed(av[3], positive, negated)
        elif op is sx.ATOMIC_GROUP:
            _consumed(av, positive, negated)
        elif op in _REPEATS:
            _consumed(av[2], positive, negated)
        elif op is sx.BRANCH:
            for alternative in av[1]:
                _consumed(alternative, positive, negated)
        elif op is sx.GROUPREF_EXISTS:
            for branch in av[1:]:
                if branch is not None:
                    _consumed(branch, positive, negated)
        else:  # any character
            raise UnknownSyntax


# a set of characters: (any character, members, sets whose complements it holds)
_Chars = tuple[bool, frozenset, frozenset]
_ANY: _Chars = (True, frozenset(), frozenset())
# what a piece of pattern can match, by length (0 to n, n meaning n or more): the ways its first
# characters can be, each a tuple of character sets
_Prefixes = dict[int, set[tuple[_Chars, ...]]]
MAX_WAYS = 64  # ways of one length kept apart; more are merged into one, position by position


def prefix_sets(pattern: str, length: int) -> dict[int, list[tuple[str, ...]]] | None:
    """For each ``n`` from 1 to ``length`` such that a match of ``pattern`` can have ``n``
    characters (``length`` or more for the last), the ways its first ``n`` characters can be: each
    a tuple of ``n`` character sets (``regex`` syntax, version 1), and every such match fits one
    (``1[89]|20`` gives ``[1][89]`` and ``[2][0]``); None when not known (a case-insensitive
    group, syntax this reading does not know). Look-arounds are left out and a group reference
    may be anything: every match fits, not everything that fits matches. Past ``MAX_WAYS`` ways
    of one length, they are merged into one that holds all their characters at each position."""
    try:
        found = _prefixes(parse(pattern), length)
    except (UnknownSyntax, RecursionError):
        return None
    return {n: sorted(tuple(map(_chars_text, way)) for way in ways) for n, ways in sorted(found.items()) if n}


def prefix_strings(pattern: str, length: int, limit: int = MAX_WAYS) -> set[str] | None:
    """The strings the first ``length`` characters of a match of ``pattern`` can be (all of a
    shorter match, "" for an empty one): ``[Ss]ep(?:t|tiembre)`` with 3 gives ``Sep`` and ``sep``;
    None when they are more than ``limit`` or not listed characters (a class such as ``\\d``,
    ``[^a]`` or any character), or not known (as for :func:`prefix_sets`)."""
    try:
        found = _prefixes(parse(pattern), length)
    except (UnknownSyntax, RecursionError):
        return None
    strings: set[str] = set()
    for ways in found.values():
        for way in ways:
            choices = list(map(_listed, way))
            if None in choices or len(strings) + prod(map(len, choices)) > limit:
                return None
            strings.update(map("".join, product(*choices)))
    return strings


def _listed(chars: _Chars) -> list[str] | None:
    """The characters of a set made only of listed characters and ranges (None otherwise)."""
    if chars[0] or chars[2] or any(isinstance(member, str) or member[1] - member[0] >= MAX_WAYS for member in chars[1]):
        return None
    return [chr(code) for low, high in sorted(chars[1]) for code in range(low, high + 1)]


def _prefixes(items: list, length: int) -> _Prefixes:
    found: _Prefixes = {0: {()}}
    for op, av in items:
        found = _then(found, _item_prefixes(op, av, length), length)
    return found


def _one(chars: _Chars) -> _Prefixes:
    return {1: {(chars,)}}


def _item_prefixes(op: Any, av: Any, length: int) -> _Prefixes:
    if op in _ZERO_WIDTH:
        return {0: {()}}
    if op is sx.LITERAL:
        return _one((False, frozenset({(av, av)}), frozenset()))
    if op is sx.NOT_LITERAL:
        return _one((False, frozenset(), frozenset({frozenset({(av, av)})})))
    if op is sx.ANY:
        return _one(_ANY)
    if op is sx.IN:
        if av and av[0][0] is sx.NEGATE:
            return _one((False, frozenset(), frozenset({frozenset(map(_set_member, av[1:]))})))
        return _one((False, frozenset(map(_set_member, av)), frozenset()))
    if op is sx.GROUPREF:  # what its group matched: any characters, any length
        return {n: {(_ANY,) * n} for n in range(length + 1)}
    if op is sx.SUBPATTERN:
        if (av[1] | av[2]) & sx.IGNORECASE:
            raise UnknownSyntax
        return _prefixes(av[3], length)
    if op is sx.ATOMIC_GROUP:
        return _prefixes(av, length)
    if op in _REPEATS:
        low, high, body = av[0], av[1], _prefixes(av[2], length)
        found: _Prefixes = {0: {()}}
        for _ in range(min(low, length + 1)):  # past length + 1 repeats, nothing new begins a match
            found = _then(found, body, length)
        for _ in range(min(high - low, length + 1)):
            found = _union(found, _then(found, body, length))
        return found
    if op is sx.BRANCH:
        found = {}
        for alternative in av[1]:
            found = _union(found, _prefixes(alternative, length))
        return found
    if op is sx.GROUPREF_EXISTS:
        found = {}
        for branch in av[1:]:
            found = _union(found, _prefixes(branch, length) if branch is not None else {0: {()}})
        return found
    raise UnknownSyntax


def _then(first: _Prefixes, second: _Prefixes, length: int) -> _Prefixes:
    """What ``first`` then ``second`` can match."""
    found: _Prefixes = {}
    for n, ways in first.items():
        if n == length:
            found[n] = found.get(n, set()) | ways
            continue
        for m, more in second.items():
            total = min(n + m, length)
            found[total] = found.get(total, set()) | {way + after[: total - n] for way in ways for after in more}
    return {n: _capped(ways) for n, ways in found.items()}


def _union(one: _Prefixes, other: _Prefixes) -> _Prefixes:
    return {n: _capped(one.get(n, set()) | other.get(n, set())) for n in one.keys() | other.keys()}


def _capped(ways: set[tuple[_Chars, ...]]) -> set[tuple[_Chars, ...]]:
    """``ways``, or past ``MAX_WAYS`` of them one way holding all their characters at each position."""
    if len(ways) <= MAX_WAYS:
        return ways
    return {tuple((any(c[0] for c in chars), frozenset().union(*(c[1] for c in chars)),
                   frozenset().union(*(c[2] for c in chars))) for chars in zip(*ways))}


def without_assertions(pattern: str) -> str | None:
    """A pattern that matches every string ``pattern`` matches, and that has no assertions (left
    out: look-arounds, ``\\b``, anchors), no group references (read as any characters) and no
    possessive or atomic parts (read as plain ones); None when not known. Matched with
    ``partial=True`` on the first characters at an offset of a text, it says whether ``pattern``
    can match there (None: it cannot), whatever comes before and after."""
    try:
        return _plain(parse(pattern))
    except (UnknownSyntax, RecursionError):
        return None


def _plain(items: list) -> str:
    """The items as a pattern without assertions (:func:`without_assertions`)."""
    return "".join(_plain_item(op, av) for op, av in items)


def _plain_item(op: Any, av: Any) -> str:
    if op in _ZERO_WIDTH:
        return ""
    if op is sx.LITERAL:
        return _member(av)
    if op is sx.NOT_LITERAL:
        return f"[^{_member(av)}]"
    if op is sx.ANY:
        return "[\\s\\S]"
    if op is sx.GROUPREF:
        return "[\\s\\S]*"
    if op is sx.IN:
        if av and av[0][0] is sx.NEGATE:
            return "[^" + _set_text(set(map(_set_member, av[1:]))) + "]"
        return "[" + _set_text(set(map(_set_member, av))) + "]"
    if op is sx.SUBPATTERN:
        if (av[1] | av[2]) & sx.IGNORECASE:
            raise UnknownSyntax
        return f"(?:{_plain(av[3])})"
    if op is sx.ATOMIC_GROUP:
        return f"(?:{_plain(av)})"
    if op in _REPEATS:
        low, high, body = av
        return f"(?:{_plain(body)}){{{low},{'' if high == sx.MAXREPEAT else high}}}"
    if op is sx.BRANCH:
        return "(?:" + "|".join(map(_plain, av[1])) + ")"
    if op is sx.GROUPREF_EXISTS:
        return "(?:" + "|".join(_plain(branch) if branch is not None else "" for branch in av[1:]) + ")"
    raise UnknownSyntax


def _chars_text(chars: _Chars) -> str:
    if chars[0]:
        return "[\\s\\S]"
    pieces = ["[^" + _set_text(members) + "]" for members in sorted(chars[2], key=_set_text)]
    if chars[1] or not pieces:
        pieces.insert(0, "[" + _set_text(chars[1]) + "]")
    return pieces[0] if len(pieces) == 1 else "[" + "||".join(pieces) + "]"


def _set_text(members: set) -> str:
    """The members of a character set (code point ranges, category escapes) as set syntax."""
    ranges = sorted(m for m in members if isinstance(m, tuple))
    merged: list[list[int]] = []
    for low, high in ranges:
        if merged and low <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], high)
        else:
            merged.append([low, high])
    chars = "".join(_member(low) + ("" if low == high else "-" + _member(high)) for low, high in merged)
    return chars + "".join(sorted(m for m in members if isinstance(m, str)))


def leading_alternatives(pattern: str) -> tuple[str, list[str], str] | None:
    """``(lead, alternatives, rest)`` when ``pattern`` is zero-width assertions (``lead``), then a
    group of alternatives, then ``rest``: it matches what the first of the patterns
    ``lead + alternative + rest`` that matches at an offset matches there. None when it does not
    begin so, has capturing groups (their numbers would change) or uses syntax this reading does
    not know."""
    lead = _LEAD.match(pattern)
    if lead is None or pattern[lead.end() : lead.end() + 3] != "(?:" or "(?#" in pattern:  # comments may hold "("
        return None
    try:
        if regex.compile(pattern).groups or not all(op in _ZERO_WIDTH for op, _ in parse(lead.group())):
            return None
        parse(pattern)
    except (UnknownSyntax, regex.error, RecursionError):
        return None
    found = _group_end(pattern, lead.end() + 3)
    if found is None:
        return None
    end, bars = found
    rest = pattern[end + 1 :]
    if not bars and not lead.group() and not rest:  # the whole pattern is one group: its body
        return leading_alternatives(pattern[3:end])
    if not bars or rest[:1] in ("*", "+", "?", "{"):  # a repeated group: no split
        return None
    bounds = zip([lead.end() + 3] + [b + 1 for b in bars], bars + [end])
    return lead.group(), [pattern[start:stop] for start, stop in bounds], rest


def _group_end(pattern: str, start: int) -> tuple[int, list[int]] | None:
    """Where the group whose body begins at ``start`` ends (its ``)``), and the offsets of the
    ``|`` between its alternatives (None if it does not end)."""
    depth, bars, i, n = 0, [], start, len(pattern)
    while i < n:
        char = pattern[i]
        if char == "\\":
            i += 1
        elif char == "[":  # a set ends at the first "]" that is not escaped or its first member
            i += 2 if pattern[i + 1 : i + 2] == "^" else 1
            i += 1 if pattern[i : i + 1] == "]" else 0
            while i < n and pattern[i] != "]":
                i += 2 if pattern[i] == "\\" else 1
        elif char == "(":
            depth += 1
        elif char == ")":
            if depth == 0:
                return i, bars
            depth -= 1
        elif char == "|" and depth == 0:
            bars.append(i)
        i += 1
    return None


def parse(pattern: str, ignore_case: bool = False) -> sx.Parsed:
    """``pattern`` read by :func:`syntax.parse` (UnknownSyntax when it is not known, or sets the
    case-insensitive flag for the whole pattern unless ``ignore_case``)."""
    parsed = sx.parse(pattern)
    if parsed.flags & sx.IGNORECASE and not ignore_case:
        raise UnknownSyntax
    return parsed


def _short_first(string: str) -> tuple[int, str]:
    """Shorter strings first: more often found, which ends the search for one of a set sooner."""
    return len(string), string


def _selectivity(strings: set[str]) -> tuple[int, int]:
    """Longer strings first, then fewer of them."""
    return min(map(len, strings)), -len(strings)


def _factors(items: list) -> list[set[str]]:
    """The required string sets of a sequence: its runs of literal characters, and the sets of the
    groups, alternations and repetitions (at least once) it must go through."""
    out: list[set[str]] = []
    run: list[str] = []
    for op, av in items:
        if op is sx.LITERAL:
            run.append(chr(av))
            continue
        if run and op is sx.BRANCH and all(map(_leading_literal, av[1])):
            # the run, then each alternative's own first characters: re's parser takes a prefix
            # that all alternatives share out of them ("\.(?:com|org)" for "(?:\.com|\.org)")
            out.append({"".join(run) + _leading_literal(alternative) for alternative in av[1]})
            run = []
        if run:
            out.append({"".join(run)})
            run = []
        if op is sx.SUBPATTERN:
            if av[1] & sx.IGNORECASE:
                raise UnknownSyntax
            out += _factors(av[3])
        elif op is sx.ATOMIC_GROUP:
            out += _factors(av)
        elif op in _REPEATS and av[0] >= 1:
            out += _factors(av[2])
        elif op is sx.BRANCH:  # one string of each alternative's best set
            chosen = [max(sets, key=_selectivity, default=None) for sets in map(_factors, av[1])]
            if all(chosen):
                out.append(set().union(*chosen))
    if run:
        out.append({"".join(run)})
    return out


def _leading_literal(items: list) -> str:
    """The literal characters a sequence begins with."""
    return "".join(chr(av) for _, av in takewhile(lambda item: item[0] is sx.LITERAL, items))


def _first(items: list) -> tuple[bool, bool]:
    """Whether every character a sequence can begin its match with is a word character, and
    whether it can match the empty string (then what follows it begins the match)."""
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        if op is sx.LITERAL:
            word, empty = _is_word(chr(av)), False
        elif op is sx.IN:
            word, empty = all(map(_in_word, av)), False
        elif op is sx.SUBPATTERN:
            if av[1] or av[2]:
                raise UnknownSyntax
            word, empty = _first(av[3])
        elif op is sx.ATOMIC_GROUP:
            word, empty = _first(av)
        elif op in _REPEATS:
            word, empty = _first(av[2])
            empty = empty or av[0] == 0
        elif op is sx.BRANCH:
            firsts = [_first(alternative) for alternative in av[1]]
            word, empty = all(w for w, _ in firsts), any(e for _, e in firsts)
        else:  # any character, a negated one, a group reference ...
            return False, False
        if not word or not empty:
            return word, False
    return True, True


def _starts(items: list) -> tuple[set, bool]:
    """The characters a sequence can begin its match with (code point ranges ``(low, high)`` and
    category escapes such as ``\\d``), and whether it can match the empty string (then what
    follows it can begin the match). UnknownSyntax for any character, a negated set or a group
    reference."""
    found: set = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        if op is sx.LITERAL:
            members, empty = {(av, av)}, False
        elif op is sx.IN:
            members, empty = set(map(_set_member, av)), False
        elif op is sx.SUBPATTERN:
            if av[1] or av[2]:
                raise UnknownSyntax
            members, empty = _starts(av[3])
        elif op is sx.ATOMIC_GROUP:
            members, empty = _starts(av)
        elif op in _REPEATS:
            members, empty = _starts(av[2])
            empty = empty or av[0] == 0
        elif op is sx.BRANCH:
            starts = [_starts(alternative) for alternative in av[1]]
            members, empty = set().union(*(m for m, _ in starts)), any(e for _, e in starts)
        else:
            raise UnknownSyntax
        found |= members
        if not empty:
            return found, False
    return found, True


def _member(code: int) -> str:
    return f"\\U{code:08x}"


def _set_member(item: tuple) -> tuple[int, int] | str:
    """An item of a character set: a code point range or a category escape (UnknownSyntax for a
    negation)."""
    op, av = item
    if op is sx.LITERAL:
        return av, av
    if op is sx.RANGE:
        return av
    if op is sx.CATEGORY:
        return av
    raise UnknownSyntax


def _in_word(item: tuple) -> bool:
    """Whether an item of a character set holds only word characters."""
    op, av = item
    if op is sx.LITERAL:
        return _is_word(chr(av))
    if op is sx.RANGE:
        return _is_word("".join(map(chr, range(av[0], av[1] + 1))))
    return op is sx.CATEGORY and av in ("\\w", "\\d")
