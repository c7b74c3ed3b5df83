"""A reader of the regular-expression syntax the ``regex`` module shares with ``re``, as a tree.

:func:`parse` turns a pattern into a list of items ``(op, value)`` (the shape of the standard
library's own parse tree, read here with public Python only, so that no private CPython module
is needed):

- ``LITERAL`` / ``NOT_LITERAL``: a code point (``a``, ``\\x41``; ``[^a]``);
- ``IN``: a character set, a list of ``(NEGATE, None)`` (first, when negated), ``(LITERAL, code)``,
  ``(RANGE, (low, high))`` and ``(CATEGORY, escape)`` (``"\\d"``, ``"\\W"`` ...); ``\\d`` alone is
  a set of one category;
- ``ANY`` (``.``), ``AT`` (``BOUNDARY`` ``\\b``, ``NON_BOUNDARY`` ``\\B``, ``BEGINNING`` ``^``,
  ``BEGINNING_STRING`` ``\\A``, ``END`` ``$``, ``END_STRING`` ``\\Z``);
- ``SUBPATTERN``: ``(group number or None, flags added, flags removed, items)``;
  ``ATOMIC_GROUP``: items; ``ASSERT`` / ``ASSERT_NOT``: ``(1 ahead or -1 behind, items)``;
- ``MAX_REPEAT`` / ``MIN_REPEAT`` (lazy) / ``POSSESSIVE_REPEAT``: ``(low, high, items)``, ``high``
  ``MAXREPEAT`` when unbounded;
- ``BRANCH``: ``(None, [items of each alternative])``;
- ``GROUPREF``: a group number; ``GROUPREF_EXISTS``: ``(group, items if set, items or None)``.

Anything the two modules may read differently, or that this reader does not know, raises
:class:`UnknownSyntax`: escapes such as ``\\p{L}`` or ``\\X``, ``(?|...)``, version flags, nested
sets and set operations, a ``{`` that is no repeat count (fuzzy constraints ``{e<=1}``), the
verbose flag, flags other than ``i``, ``m``, ``s``, ``u``. Callers read what every match holds from
the tree, so a construct misread would give a wrong answer; one refused gives none.
"""

from __future__ import annotations

LITERAL, NOT_LITERAL, IN, ANY, AT = "literal", "not_literal", "in", "any", "at"
SUBPATTERN, ATOMIC_GROUP, ASSERT, ASSERT_NOT = "subpattern", "atomic_group", "assert", "assert_not"
MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT = "max_repeat", "min_repeat", "possessive_repeat"
BRANCH, GROUPREF, GROUPREF_EXISTS = "branch", "groupref", "groupref_exists"
NEGATE, RANGE, CATEGORY = "negate", "range", "category"
BOUNDARY, NON_BOUNDARY = "boundary", "non_boundary"
BEGINNING, BEGINNING_STRING, END, END_STRING = "beginning", "beginning_string", "end", "end_string"
IGNORECASE, MULTILINE, DOTALL, UNICODE = 1, 2, 4, 8
MAXREPEAT = 2**32 - 1  # an unbounded repeat's upper count (re's own bound)

_FLAGS = {"i": IGNORECASE, "m": MULTILINE, "s": DOTALL, "u": UNICODE}
_CATEGORIES = frozenset("dDwWsS")
_CONTROLS = {"a": 7, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11}
_AT = {"b": BOUNDARY, "B": NON_BOUNDARY, "A": BEGINNING_STRING, "Z": END_STRING}
_HEX = {"x": 2, "u": 4, "U": 8}
_REPEAT_CHARS = "*+?{"


class UnknownSyntax(Exception):
    """A construct whose reading by ``re`` may differ from the ``regex`` module's."""


class Parsed(list):
    """The items of a pattern, and the flags set for the whole of it (``flags``)."""

    flags = 0


def parse(pattern: str) -> Parsed:
    """``pattern`` as a tree of items (see the module doc); UnknownSyntax for what this reader
    does not know."""
    reader = _Reader(pattern)
    items = reader.alternatives()
    if reader.i != len(pattern):  # a ")" with no "("
        raise UnknownSyntax
    parsed = Parsed(items)
    parsed.flags = reader.flags
    return parsed


class _Reader:
    """The pattern and the offset read up to; the global flags and the groups met."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.i = 0
        self.flags = 0
        self.groups = 0
        self.names: dict[str, int] = {}

    def peek(self, n: int = 1) -> str:
        return self.pattern[self.i : self.i + n]

    def take(self, n: int = 1) -> str:
        text = self.peek(n)
        if len(text) < n:
            raise UnknownSyntax
        self.i += n
        return text

    def taken(self, text: str) -> bool:
        if self.pattern.startswith(text, self.i):
            self.i += len(text)
            return True
        return False

    def alternatives(self) -> list:
        """Alternatives up to a ``)`` or the end: their items (one BRANCH for several)."""
        found = [self.sequence()]
        while self.taken("|"):
            found.append(self.sequence())
        if len(found) == 1:
            return found[0]
        shared = []  # the items all alternatives begin with, read once (as re's parser does)
        while all(found) and all(alternative[0] == found[0][0] for alternative in found):
            shared.append(found[0][0])
            found = [alternative[1:] for alternative in found]
        members: list = []  # alternatives of one character each: one set
        for alternative in found:
            if len(alternative) != 1 or alternative[0][0] not in (LITERAL, IN) or (
                    alternative[0][0] is IN and alternative[0][1][0][0] is NEGATE):
                return shared + [(BRANCH, (None, found))]
            members += [alternative[0]] if alternative[0][0] is LITERAL else alternative[0][1]
        return shared + [(IN, list(dict.fromkeys(members)))]

    def sequence(self) -> list:
        items: list = []
        while self.i < len(self.pattern) and self.peek() not in "|)":
            item = self.atom()
            if item is None:
                continue
            if self.peek() and self.peek() in _REPEAT_CHARS:
                items.append(self.repeat(item))
            elif item[0] is SUBPATTERN and item[1][:3] == (None, 0, 0):  # (?:...): its items
                items += item[1][3]
            else:
                items.append(item)
        return items

    def repeat(self, item: tuple) -> tuple:
        if item[0] in (AT, ASSERT, ASSERT_NOT):
            raise UnknownSyntax
        char = self.take()
        if char == "{":
            end = self.pattern.find("}", self.i)
            low, comma, high = self.pattern[self.i : end].partition(",")
            if end < 0 or not (low or high) or not comma and not low or not all(
                    part == "" or part.isascii() and part.isdigit() for part in (low, high)):
                raise UnknownSyntax
            self.i = end + 1
            bounds = (int(low or 0), int(high) if high else (MAXREPEAT if comma else int(low)))
            if bounds[0] > bounds[1] or bounds[1] > MAXREPEAT:
                raise UnknownSyntax
        else:
            bounds = {"*": (0, MAXREPEAT), "+": (1, MAXREPEAT), "?": (0, 1)}[char]
        kind = MIN_REPEAT if self.taken("?") else POSSESSIVE_REPEAT if self.taken("+") else MAX_REPEAT
        if self.peek() and self.peek() in _REPEAT_CHARS:  # a repeat of a repeat
            raise UnknownSyntax
        body = item[1][3] if item[0] is SUBPATTERN and item[1][:3] == (None, 0, 0) else [item]
        return kind, (bounds[0], bounds[1], body)

    def atom(self) -> tuple | None:
        char = self.take()
        if char == "(":
            return self.group()
        if char == "[":
            members = self.charset()
            if len(members) == 1 and members[0][0] is LITERAL:  # [a]: a
                return members[0]
            if len(members) == 2 and members[0][0] is NEGATE and members[1][0] is LITERAL:  # [^a]
                return NOT_LITERAL, members[1][1]
            return IN, members
        if char == ".":
            return ANY, None
        if char == "^":
            return AT, BEGINNING
        if char == "$":
            return AT, END
        if char in _REPEAT_CHARS:  # nothing to repeat, or a "{" that is no count
            raise UnknownSyntax
        if char == "\\":
            return self.escape()
        return LITERAL, ord(char)

    def escape(self) -> tuple:
        char = self.take()
        if char in _CATEGORIES:
            return IN, [(CATEGORY, "\\" + char)]
        if char in _AT:
            return AT, _AT[char]
        if char.isdigit() and char != "0":
            digits = char + (self.take() if self.peek().isdigit() else "")
            if len(digits) == 2 and self.peek().isdigit() or int(digits) > self.groups:  # octal, or no such group
                raise UnknownSyntax
            return GROUPREF, int(digits)
        return LITERAL, self.code(char)

    def code(self, char: str) -> int:
        """The code point of an escape (after the backslash) that stands for one character."""
        if char in _HEX:
            digits = self.take(_HEX[char])
            if not all(c in "0123456789abcdefABCDEF" for c in digits):
                raise UnknownSyntax
            return int(digits, 16)
        if char == "0":
            digits = "0"
            while len(digits) < 3 and self.peek() in tuple("01234567"):
                digits += self.take()
            return int(digits, 8)
        if char in _CONTROLS:
            return _CONTROLS[char]
        if char.isalnum() or not char.isascii():  # \p, \N, \X, \G, \K ...: the regex module's own
            raise UnknownSyntax
        return ord(char)

    def charset(self) -> list:
        items: list = []
        if self.taken("^"):
            items.append((NEGATE, None))
        first = True
        while first or not self.taken("]"):
            if self.peek(2) in ("&&", "||", "--", "~~") or self.peek() == "[":  # set operations, nested sets
                raise UnknownSyntax
            low = self.set_member()
            first = False
            if self.peek() == "-" and self.peek(2) != "-]":
                self.take()
                high = self.set_member()
                if low[0] is not LITERAL or high[0] is not LITERAL or high[1] < low[1]:
                    raise UnknownSyntax
                items.append((RANGE, (low[1], high[1])))
            else:
                items.append(low)
        return items

    def set_member(self) -> tuple:
        char = self.take()
        if char != "\\":
            return LITERAL, ord(char)
        char = self.take()
        if char in _CATEGORIES:
            return CATEGORY, "\\" + char
        if char == "b":
            return LITERAL, 8
        if char.isdigit() and char != "0":
            raise UnknownSyntax
        return LITERAL, self.code(char)

    def group(self) -> tuple | None:
        if not self.taken("?"):
            return self.capture(None)
        if self.taken(":"):
            return self.close((SUBPATTERN, (None, 0, 0, self.alternatives())))
        if self.taken(">"):
            return self.close((ATOMIC_GROUP, self.alternatives()))
        for start, op, direction in (("=", ASSERT, 1), ("!", ASSERT_NOT, 1), ("<=", ASSERT, -1), ("<!", ASSERT_NOT, -1)):
            if self.taken(start):
                return self.close((op, (direction, self.alternatives())))
        if self.taken("#"):
            end = self.pattern.find(")", self.i)
            if end < 0:
                raise UnknownSyntax
            self.i = end + 1
            return None
        if self.taken("P<") or self.taken("<"):
            return self.capture(self.name(">"))
        if self.taken("P="):
            name = self.name(")")
            if not name.isidentifier() or name not in self.names:
                raise UnknownSyntax
            return GROUPREF, self.names[name]
        if self.taken("("):
            return self.conditional()
        return self.flagged()

    def name(self, end: str) -> str:
        stop = self.pattern.find(end, self.i)
        name = self.pattern[self.i : stop]
        if stop < 0 or not (name.isidentifier() or name.isascii() and name.isdigit()):
            raise UnknownSyntax
        self.i = stop + 1
        return name

    def capture(self, name: str | None) -> tuple:
        self.groups += 1
        number = self.groups
        if name is not None:
            if name in self.names or not name.isidentifier():
                raise UnknownSyntax
            self.names[name] = number
        return self.close((SUBPATTERN, (number, 0, 0, self.alternatives())))

    def conditional(self) -> tuple:
        name = self.name(")")
        group = self.names.get(name) or (int(name) if name.isdigit() else None)
        if group is None or group > self.groups:
            raise UnknownSyntax
        yes = self.sequence()
        no = self.sequence() if self.taken("|") else None
        if self.peek() == "|":
            raise UnknownSyntax
        return self.close((GROUPREF_EXISTS, (group, yes, no)))

    def flagged(self) -> tuple | None:
        """``(?flags)`` for the whole pattern, or ``(?flags-flags:...)`` for a group."""
        added = self.flag_letters()
        removed = self.flag_letters() if self.taken("-") else 0
        if self.taken(")") and not removed:
            self.flags |= added
            return None
        if not self.taken(":"):
            raise UnknownSyntax
        return self.close((SUBPATTERN, (None, added, removed, self.alternatives())))

    def flag_letters(self) -> int:
        flags = 0
        while self.peek().isalpha():
            letter = self.take()
            if letter not in _FLAGS:  # verbose, ASCII, locale, the regex module's own (V1, f, w ...)
                raise UnknownSyntax
            flags |= _FLAGS[letter]
        return flags

    def close(self, item: tuple) -> tuple:
        if not self.taken(")"):
            raise UnknownSyntax
        return item

