"""The JAPE tokenizer: identifiers, strings, numbers and symbols with line:column positions.

Comments of the three kinds GATE accepts (``// ...``, ``/* ... */`` and CPSL's ``#| ... |#``) are
skipped. The lexer is pulled by the parser one token at a time, so that a right-hand-side block
can be read raw (:meth:`Lexer.raw_block`) -- Java blocks are not JAPE tokens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from annotator.errors import GrammarError

# longest first: the lexer tries them in this order
SYMBOLS = ("-->", "==~", "!=~", "==", "!=", "=~", "!~", "<=", ">=", "<", ">", "=", "{", "}", "(", ")",
           "[", "]", "|", "*", "+", "?", ":", ",", ".", "@", "!", ";")
_IDENT_START = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", '"': '"', "'": "'", "\\": "\\"}
#: GATE's numeric literals (ParseCpsl.jj's ``integer`` and ``floatingPoint`` tokens, Java's forms):
#: an optional sign; a float has a point, an exponent or a type suffix (``2.5``, ``2.``, ``.5``,
#: ``1e1``, ``2.5e-1``, ``2d``, ``2F``); the longest form wins, as in a JavaCC lexer
_NUMBER = re.compile(r"""[+-]?(?:
    (?P<float>(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]? | \d+[eE][+-]?\d+[fFdD]? | \d+[fFdD])
    | (?P<int>\d+))""", re.VERBOSE | re.ASCII)


@dataclass(frozen=True)
class Pos:
    """A place in a grammar file (1-based line and column)."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Token:
    kind: str  # "ident", "string", "int", "float", "sym", "eof"
    value: object
    pos: Pos
    offset: int

    def describe(self) -> str:
        if self.kind == "eof":
            return "end of file"
        if self.kind == "string":
            return f'"{self.value}"'
        return f"'{self.value}'"


def error_at(pos: Pos, message: str) -> GrammarError:
    """A GrammarError at ``pos``; ``message`` starts with its code (see :func:`annotator.errors.coded`)."""
    return GrammarError(message, path=pos.path, line=pos.line, column=pos.column)


def error(message: str, pos: Pos) -> GrammarError:
    """A syntax error: ``E500 message`` at ``pos``."""
    return error_at(pos, f"E500 {message}")


class Lexer:
    """Reads tokens from ``text`` on demand."""

    def __init__(self, text: str, path: str, line: int = 1, column: int = 1) -> None:
        self.text = text
        self.path = path
        self.i = 0
        self._base_line = line
        self._base_line_start = -(column - 1)  # so that the column of offset 0 is `column`
        self._line = line
        self._line_start = self._base_line_start

    # ------------------------------------------------------------------ positions
    def pos_at(self, offset: int) -> Pos:
        return Pos(self.path, self._line, offset - self._line_start + 1)

    def _advance_to(self, target: int) -> None:
        """Move to ``target`` keeping the line count right."""
        text = self.text
        nl = text.count("\n", self.i, target)
        if nl:
            self._line += nl
            self._line_start = text.rfind("\n", self.i, target) + 1
        self.i = target

    # ------------------------------------------------------------------ tokens
    def _skip_blanks(self) -> None:
        text, n = self.text, len(self.text)
        while self.i < n:
            c = text[self.i]
            if c.isspace():
                self._advance_to(self.i + 1)
            elif text.startswith("//", self.i):
                end = text.find("\n", self.i)
                self._advance_to(n if end < 0 else end)
            elif text.startswith("/*", self.i) or text.startswith("#|", self.i):
                closer = "*/" if text[self.i] == "/" else "|#"
                end = text.find(closer, self.i + 2)
                if end < 0:
                    raise error(f"unterminated comment (expected {closer!r})", self.pos_at(self.i))
                self._advance_to(end + 2)
            else:
                return

    def next(self) -> Token:
        self._skip_blanks()
        text, start = self.text, self.i
        pos = self.pos_at(start)
        if start >= len(text):
            return Token("eof", None, pos, start)
        c = text[start]
        if c == '"':
            return self._string(pos)
        if c in "+-.0123456789":
            number = _NUMBER.match(text, start)
            if number:
                return self._number(number, pos)
        if c in _IDENT_START or c.isalpha():
            j = start + 1
            while j < len(text):
                d = text[j]
                if d.isalnum() or d == "_" or (d == "-" and not text.startswith("->", j + 1)):
                    j += 1
                else:
                    break
            self._advance_to(j)
            return Token("ident", text[start:j], pos, start)
        for sym in SYMBOLS:
            if text.startswith(sym, start):
                self._advance_to(start + len(sym))
                return Token("sym", sym, pos, start)
        raise error(f"unexpected character {c!r}", pos)

    def _string(self, pos: Pos) -> Token:
        text, start = self.text, self.i
        j, out = start + 1, []
        while j < len(text):
            c = text[j]
            if c == '"':
                self._advance_to(j + 1)
                return Token("string", "".join(out), pos, start)
            if c == "\\" and j + 1 < len(text):
                nxt = text[j + 1]
                if nxt == "u" and j + 5 < len(text):
                    out.append(chr(int(text[j + 2 : j + 6], 16)))
                    j += 6
                    continue
                out.append(_ESCAPES.get(nxt, "\\" + nxt))
                j += 2
                continue
            if c == "\n":
                break
            out.append(c)
            j += 1
        raise error("unterminated string (expected '\"' before the end of the line)", pos)

    def _number(self, number: re.Match, pos: Pos) -> Token:
        start = self.i
        self._advance_to(number.end())
        if number.group("int") is not None:
            return Token("int", int(number.group()), pos, start)
        return Token("float", float(number.group().rstrip("fFdD")), pos, start)

    # ------------------------------------------------------------------ raw blocks
    def raw_block(self, open_offset: int) -> tuple[str, int]:
        """The text between the ``{`` at ``open_offset`` and its matching ``}`` (Java-aware:
        skips strings, char literals and comments); moves past the ``}``. Returns the inner text
        and the offset where it starts."""
        text, depth, j = self.text, 0, open_offset
        while j < len(text):
            c = text[j]
            if c in "\"'":
                end = j + 1
                while end < len(text) and text[end] != c and text[end] != "\n":
                    end += 2 if text[end] == "\\" else 1
                j = end + 1
                continue
            if text.startswith("//", j):
                end = text.find("\n", j)
                j = len(text) if end < 0 else end
                continue
            if text.startswith("/*", j):
                end = text.find("*/", j + 2)
                j = len(text) if end < 0 else end + 2
                continue
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    self._rewind(open_offset)
                    self._advance_to(j + 1)
                    return text[open_offset + 1 : j], open_offset + 1
            j += 1
        raise error("unterminated block (expected '}')", self.pos_at_offset(open_offset))

    def _rewind(self, offset: int) -> None:
        """Put the lexer back at ``offset`` (before tokens the parser looked ahead at)."""
        pos = self.pos_at_offset(offset)
        self.i = offset
        self._line = pos.line
        self._line_start = offset - pos.column + 1

    def pos_at_offset(self, offset: int) -> Pos:
        line = self._base_line + self.text.count("\n", 0, offset)
        nl = self.text.rfind("\n", 0, offset)
        line_start = nl + 1 if nl >= 0 else self._base_line_start
        return Pos(self.path, line, offset - line_start + 1)
