"""A lexer and recursive-descent parser for the Java of JAPE right-hand sides (statements and
expressions of the subset that grammars use), into a small tree of :class:`Node` objects.

Anything outside the subset (classes, lambdas, arrays, labels, switch ...) raises
:class:`Unsupported` with a reason and the line: the block is then left untranslated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


class Unsupported(Exception):
    """The Java cannot be translated: ``reason`` says why, ``line`` (1-based, in the grammar
    file) where."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


@dataclass
class Tok:
    kind: str  # ident, int, string, char, op, end
    value: Any
    line: int


_TOKEN = re.compile(r"""
    (?P<space>\s+|//[^\n]*|/\*.*?\*/)
  | (?P<float>(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?|\d+(?:[eE][+-]?\d+[fFdD]?|[fFdD]))
  | (?P<int>(?:0[xX][0-9a-fA-F]+|\d+)[lL]?)
  | (?P<ident>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<char>'(?:[^'\\\n]|\\.)+')
  | (?P<op>>>>=|<<=|>>=|>>>|\+\+|--|&&|\|\||[=!<>+\-*/%&|^]=|->|::|<<|[-+*/%=<>!~?:;,.(){}\[\]&|^@])
""", re.X | re.S)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "0": "\0", "'": "'", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(u+[0-9a-fA-F]{4}|[0-7]{1,3}|.)")


def _unescape(body: str, line: int) -> str:
    def one(m: re.Match) -> str:
        code = m.group(1)
        if code[0] == "u":
            return chr(int(code.lstrip("u"), 16))
        if code[0] in "01234567" and (len(code) > 1 or code != "0"):
            return chr(int(code, 8))
        if code not in _ESCAPES:
            raise Unsupported(f"unknown escape \\{code} in a string", line)
        return _ESCAPES[code]
    return _ESCAPE.sub(one, body)


def tokenize(text: str, line: int = 1) -> list[Tok]:
    """The tokens of ``text``, whose first line is line ``line`` of its file."""
    out: list[Tok] = []
    i = 0
    while i < len(text):
        m = _TOKEN.match(text, i)
        if m is None:
            raise Unsupported(f"cannot read {text[i]!r} as Java", line)
        kind, value = m.lastgroup, m.group()
        if kind == "float":
            raise Unsupported("floating-point literals are not translated", line)
        if kind == "int":
            digits = value.rstrip("lL")
            out.append(Tok("int", int(digits, 16) if digits[:2] in ("0x", "0X") else int(digits, 8)
                           if len(digits) > 1 and digits[0] == "0" else int(digits), line))
        elif kind == "string":
            out.append(Tok("string", _unescape(value[1:-1], line), line))
        elif kind == "char":
            char = _unescape(value[1:-1], line)
            if len(char) != 1:
                raise Unsupported(f"bad char literal {value}", line)
            out.append(Tok("char", char, line))
        elif kind != "space":
            out.append(Tok(kind, value, line))
        line += value.count("\n")
        i = m.end()
    out.append(Tok("end", None, line))
    return out


@dataclass
class Node:
    """One node of the tree: ``kind`` names it, ``args`` holds its parts, ``line`` its place."""

    kind: str
    args: tuple
    line: int = 0

    def __getitem__(self, i: int) -> Any:
        return self.args[i]


_PRIMITIVES = {"int", "long", "boolean", "double", "float", "char", "short", "byte"}
_KEYWORDS = {"if", "else", "while", "for", "do", "return", "break", "continue", "try", "catch", "finally",
             "throw", "new", "null", "true", "false", "instanceof", "switch", "case", "default", "class",
             "final", "this", "super", "synchronized", "assert", "var"}
#: binary operators by precedence, loosest first
_BINARY = [("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", ">", "<=", ">=", "instanceof"),
           ("<<", ">>", ">>>"), ("+", "-"), ("*", "/", "%")]
_ASSIGN = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ">>>="}


class Parser:
    """Statements of a block: :meth:`block_body` gives the list of statement nodes.

    Types are ``Node("type", (name, type_args, dims))`` with ``name`` the dotted name as written.
    """

    def __init__(self, text: str, line: int = 1) -> None:
        self.toks = tokenize(text, line)
        self.i = 0

    # ---------------------------------------------------------------- tokens
    def peek(self, k: int = 0) -> Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def at(self, value: str, k: int = 0) -> bool:
        tok = self.peek(k)
        return tok.kind in ("op", "ident") and tok.value == value

    def take(self) -> Tok:
        tok = self.peek()
        self.i += 1
        return tok

    def expect(self, value: str) -> Tok:
        if not self.at(value):
            tok = self.peek()
            raise Unsupported(f"expected {value!r} but found {tok.value if tok.kind != 'end' else 'the end'!r}",
                              tok.line)
        return self.take()

    def ident(self) -> Tok:
        tok = self.peek()
        if tok.kind != "ident" or tok.value in _KEYWORDS:
            raise Unsupported(f"expected a name but found {tok.value!r}", tok.line)
        return self.take()

    # ---------------------------------------------------------------- types
    def type_(self) -> Node:
        first = self.peek()
        if first.kind != "ident" or (first.value in _KEYWORDS and first.value != "var"):
            raise Unsupported(f"expected a type but found {first.value!r}", first.line)
        name = self.take().value
        while self.at(".") and self.peek(1).kind == "ident":
            self.take()
            name += "." + self.take().value
        args: list[Node] = []
        if self.at("<"):
            self.take()
            while not self.at(">"):
                if self.at("?"):
                    raise Unsupported("wildcard type arguments are not translated", first.line)
                args.append(self.type_())
                if not self.at(">"):
                    self.expect(",")
            self.take()
        dims = 0
        while self.at("[") and self.at("]", 1):
            self.take()
            self.take()
            dims += 1
        return Node("type", (name, tuple(args), dims), first.line)

    def _try(self, fn: Any) -> Any:
        """``fn()``, or None with the position put back when it raises Unsupported."""
        saved = self.i
        try:
            return fn()
        except Unsupported:
            self.i = saved
            return None

    def _declaration_type(self) -> Node:
        """A type followed by a variable name (a local declaration starts here)."""
        type_node = self.type_()
        if self.peek().kind != "ident" or self.peek().value in _KEYWORDS or not (
                self.at("=", 1) or self.at(";", 1) or self.at(",", 1) or self.at(":", 1)):
            raise Unsupported("not a declaration")
        return type_node

    # ---------------------------------------------------------------- statements
    def block_body(self) -> list[Node]:
        out = []
        while self.peek().kind != "end":
            out.append(self.statement())
        return out

    def _braced(self) -> list[Node]:
        self.expect("{")
        out = []
        while not self.at("}"):
            if self.peek().kind == "end":
                raise Unsupported("unterminated block", self.peek().line)
            out.append(self.statement())
        self.take()
        return out

    def _body(self) -> list[Node]:
        return self._braced() if self.at("{") else [self.statement()]

    def statement(self) -> Node:
        tok = self.peek()
        line = tok.line
        if tok.kind == "op" and tok.value == "{":
            return Node("block", (self._braced(),), line)
        if tok.kind == "op" and tok.value == ";":
            self.take()
            return Node("empty", (), line)
        if tok.kind == "op" and tok.value == "@":
            raise Unsupported("annotations (@...) are not translated", line)
        if tok.kind == "ident":
            word = tok.value
            if word == "if":
                self.take()
                self.expect("(")
                cond = self.expression()
                self.expect(")")
                then = self._body()
                other = None
                if self.at("else"):
                    self.take()
                    other = self._body()
                return Node("if", (cond, then, other), line)
            if word == "while":
                self.take()
                self.expect("(")
                cond = self.expression()
                self.expect(")")
                return Node("while", (cond, self._body()), line)
            if word == "for":
                return self._for()
            if word == "return":
                self.take()
                value = None if self.at(";") else self.expression()
                self.expect(";")
                return Node("return", (value,), line)
            if word in ("break", "continue"):
                self.take()
                if not self.at(";"):
                    raise Unsupported(f"labelled {word} is not translated", line)
                self.take()
                return Node(word, (), line)
            if word == "try":
                return self._try_statement()
            if word == "final":
                self.take()
                return self.statement()
            if word in ("do", "switch", "throw", "synchronized", "assert", "class", "case", "default"):
                raise Unsupported(f"'{word}' statements are not translated", line)
            declared = self._try(self._declaration_type)
            if declared is not None:
                node = self._locals(declared, line)
                self.expect(";")
                return node
        expr = self.expression()
        self.expect(";")
        return Node("expr", (expr,), line)

    def _locals(self, type_node: Node, line: int) -> Node:
        names = []
        while True:
            name = self.ident().value
            if self.at("["):
                raise Unsupported("arrays are not translated", line)
            init = None
            if self.at("="):
                self.take()
                if self.at("{"):
                    raise Unsupported("array initialisers are not translated", line)
                init = self.expression()
            names.append((name, init))
            if not self.at(","):
                return Node("local", (type_node, tuple(names)), line)
            self.take()

    def _for(self) -> Node:
        line = self.take().line
        self.expect("(")
        declared = self._try(self._declaration_type)
        if declared is not None and self.at(":", 1):
            name = self.ident().value
            self.expect(":")
            iterable = self.expression()
            self.expect(")")
            return Node("foreach", (declared, name, iterable, self._body()), line)
        init: list[Node] = []
        if declared is not None:
            init.append(self._locals(declared, line))
        elif not self.at(";"):
            init.append(Node("expr", (self.expression(),), line))
            while self.at(","):
                self.take()
                init.append(Node("expr", (self.expression(),), line))
        self.expect(";")
        cond = None if self.at(";") else self.expression()
        self.expect(";")
        update: list[Node] = []
        while not self.at(")"):
            update.append(Node("expr", (self.expression(),), line))
            if not self.at(")"):
                self.expect(",")
        self.take()
        return Node("for", (tuple(init), cond, tuple(update), self._body()), line)

    def _try_statement(self) -> Node:
        line = self.take().line
        if self.at("("):
            raise Unsupported("try-with-resources is not translated", line)
        body = self._braced()
        catches = []
        while self.at("catch"):
            self.take()
            self.expect("(")
            if self.at("final"):
                self.take()
            types = [self.type_()]
            while self.at("|"):
                self.take()
                types.append(self.type_())
            name = self.ident().value
            self.expect(")")
            catches.append((tuple(types), name, self._braced()))
        final = None
        if self.at("finally"):
            self.take()
            final = self._braced()
        if not catches and final is None:
            raise Unsupported("try without catch or finally", line)
        return Node("try", (body, tuple(catches), final), line)

    # ---------------------------------------------------------------- expressions
    def expression(self) -> Node:
        left = self._conditional()
        tok = self.peek()
        if tok.kind == "op" and tok.value in _ASSIGN:
            self.take()
            return Node("assign", (tok.value, left, self.expression()), tok.line)
        if tok.kind == "op" and tok.value == "->":
            raise Unsupported("lambdas are not translated", tok.line)
        return left

    def _conditional(self) -> Node:
        cond = self._binary(0)
        if self.at("?"):
            line = self.take().line
            then = self.expression()
            self.expect(":")
            return Node("cond", (cond, then, self._conditional()), line)
        return cond

    def _binary(self, level: int) -> Node:
        if level == len(_BINARY):
            return self._unary()
        left = self._binary(level + 1)
        while True:
            tok = self.peek()
            if tok.kind not in ("op", "ident") or tok.value not in _BINARY[level]:
                return left
            self.take()
            if tok.value == "instanceof":
                left = Node("instanceof", (left, self.type_()), tok.line)
                continue
            left = Node("binary", (tok.value, left, self._binary(level + 1)), tok.line)

    def _unary(self) -> Node:
        tok = self.peek()
        if tok.kind == "op" and tok.value in ("!", "-", "+", "~"):
            self.take()
            return Node("unary", (tok.value, self._unary()), tok.line)
        if tok.kind == "op" and tok.value in ("++", "--"):
            self.take()
            return Node("incdec", (tok.value, self._unary(), "pre"), tok.line)
        if tok.kind == "op" and tok.value == "(":
            cast = self._try(self._cast_type)
            if cast is not None:
                return Node("cast", (cast, self._unary()), tok.line)
        return self._postfix(self._primary())

    def _cast_type(self) -> Node:
        self.expect("(")
        type_node = self.type_()
        self.expect(")")
        nxt = self.peek()
        starts_operand = nxt.kind in ("ident", "int", "string", "char") or (
            nxt.kind == "op" and nxt.value in ("(", "!", "~"))
        if type_node[0] in _PRIMITIVES:
            starts_operand = starts_operand or (nxt.kind == "op" and nxt.value in ("-", "+"))
        if not starts_operand or (nxt.kind == "ident" and nxt.value == "instanceof"):
            raise Unsupported("not a cast")
        return type_node

    def _arguments(self) -> tuple:
        self.expect("(")
        args = []
        while not self.at(")"):
            args.append(self.expression())
            if not self.at(")"):
                self.expect(",")
        self.take()
        return tuple(args)

    def _primary(self) -> Node:
        tok = self.peek()
        line = tok.line
        if tok.kind in ("int", "string", "char"):
            self.take()
            return Node("literal", (tok.kind, tok.value), line)
        if tok.kind == "op" and tok.value == "(":
            self.take()
            inner = self.expression()
            self.expect(")")
            return inner
        if tok.kind == "ident":
            word = tok.value
            if word in ("true", "false"):
                self.take()
                return Node("literal", ("boolean", word == "true"), line)
            if word == "null":
                self.take()
                return Node("literal", ("null", None), line)
            if word == "new":
                self.take()
                type_node = self.type_()
                if self.at("["):
                    raise Unsupported("arrays are not translated", line)
                args = self._arguments()
                if self.at("{"):
                    raise Unsupported("anonymous classes are not translated", line)
                return Node("new", (type_node, args), line)
            if word in ("this", "super"):
                raise Unsupported(f"'{word}' is not translated", line)
            name = self.ident().value
            if self.at("("):
                return Node("call", (None, name, self._arguments()), line)
            return Node("name", (name,), line)
        raise Unsupported(f"unexpected {tok.value if tok.kind != 'end' else 'end of block'!r}", line)

    def _postfix(self, node: Node) -> Node:
        while True:
            tok = self.peek()
            if tok.kind == "op" and tok.value == ".":
                self.take()
                if self.at("<"):
                    raise Unsupported("explicit type arguments are not translated", tok.line)
                name = self.ident()
                if self.at("("):
                    node = Node("call", (node, name.value, self._arguments()), name.line)
                else:
                    node = Node("field", (node, name.value), name.line)
            elif tok.kind == "op" and tok.value == "[":
                raise Unsupported("arrays are not translated", tok.line)
            elif tok.kind == "op" and tok.value in ("++", "--"):
                self.take()
                node = Node("incdec", (tok.value, node, "post"), tok.line)
            elif tok.kind == "op" and tok.value == "::":
                raise Unsupported("method references are not translated", tok.line)
            else:
                return node


def parse_block(text: str, line: int = 1) -> list[Node]:
    """The statements of a Java block's text (its first line is line ``line`` of the file)."""
    return Parser(text, line).block_body()
