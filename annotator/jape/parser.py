"""The JAPE parser: one grammar file into phases (or a MultiPhase list of phase files).

Recursive descent over :class:`~annotator.jape.lexer.Lexer` tokens. Errors are collected, not
raised one at a time: after an error the parser skips to the next ``Rule:``/``Macro:``/``Phase:``
... keyword and goes on, so that ``annotator jape check`` can list every error of a file.
Macros and templates are expanded while parsing (see :mod:`annotator.jape.macros`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from annotator.errors import GrammarError, coded
from annotator.jape.lexer import Lexer, Pos, Token, error, error_at
from annotator.jape.macros import Scope
from annotator.jape.syntax import (
    COMPARISONS, CONTROLS, EMBEDDED, META, Action, Assign, Basic, Constraint, Diagnostic, Element,
    FeatureRef, Group, Phase, Predicate, PyAction, Rule, Value,
)

TOP_KEYWORDS = {"multiphase", "phases", "phase", "input", "options", "macro", "template", "rule",
                "imports", "controllerstarted", "controllerfinished", "controlleraborted"}
JAVA_BLOCKS = {"controllerstarted", "controllerfinished", "controlleraborted"}
_ACTION_BLOCK = re.compile(r"\s*action\s*:")


@dataclass
class JavaBlock:
    """A Java block of a grammar file, kept instead of refused when the file is parsed with
    ``keep_java`` (what ``annotator jape port`` translates): ``kind`` is ``"rhs"`` (a right-hand
    side block, ``label`` its label, ``where`` the rule or RHS macro holding it) or ``"imports"``;
    ``start``/``end`` are the offsets of its braces in the file's text (``end`` past the ``}``)."""

    kind: str
    label: str | None
    where: str
    pos: Pos
    start: int
    end: int
    text: str


@dataclass
class ParsedFile:
    """What one file holds: its phases, or (MultiPhase) the phase files it lists."""

    path: str
    name: str = ""
    phases: list[Phase] = field(default_factory=list)
    phase_files: list[tuple[str, Pos]] = field(default_factory=list)
    errors: list[GrammarError] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    java: list[JavaBlock] = field(default_factory=list)


class Parser:
    def __init__(self, text: str, path: str, line: int = 1, column: int = 1, scope: Scope | None = None,
                 keep_java: bool = False) -> None:
        self.lex = Lexer(text, path, line, column)
        self.path = path
        self.buf: list[Token] = []
        self.scope = Scope() if scope is None else scope
        self.out = ParsedFile(path)
        self.phase: Phase | None = None
        self._labels: set[str] = set()
        self._types: list[tuple[str, Pos]] = []
        self.keep_java = keep_java
        self._where = ""  # the rule or macro being read (names a kept Java block)

    # ------------------------------------------------------------------ token access
    def peek(self, k: int = 0) -> Token:
        while len(self.buf) <= k:
            self.buf.append(self.lex.next())
        return self.buf[k]

    def take(self) -> Token:
        tok = self.peek()
        self.buf.pop(0)
        return tok

    def at_sym(self, sym: str, k: int = 0) -> bool:
        tok = self.peek(k)
        return tok.kind == "sym" and tok.value == sym

    def expect_sym(self, sym: str, what: str | None = None) -> Token:
        tok = self.peek()
        if tok.kind != "sym" or tok.value != sym:
            raise error(f"expected {what or repr(sym)} but found {tok.describe()}", tok.pos)
        return self.take()

    def expect_name(self, what: str, strings: bool = False) -> Token:
        tok = self.peek()
        if tok.kind == "ident" or (strings and tok.kind == "string"):
            return self.take()
        raise error(f"expected {what} but found {tok.describe()}", tok.pos)

    def at_keyword(self) -> str | None:
        """The top-level keyword starting here (``Rule:``, ``Phase:`` ...), lower-cased, or None."""
        tok = self.peek()
        if tok.kind != "ident" or tok.value.lower() not in TOP_KEYWORDS:
            return None
        return tok.value.lower() if self.at_sym(":", 1) else None

    def at_end(self) -> bool:
        return self.peek().kind == "eof"

    # ------------------------------------------------------------------ top level
    def parse(self) -> ParsedFile:
        while True:
            try:
                if self.at_end():
                    break
                self._top_item()
            except GrammarError as exc:
                self.out.errors.append(exc)
                self._recover()
        self._finish_phase()
        return self.out

    def _recover(self) -> None:
        """Skip to the next top-level keyword (or the end of the file). Tokens already looked at
        stay (they may be that keyword); a character the lexer refuses is stepped over."""
        while True:
            try:
                if self.at_end() or self.at_keyword():
                    return
                self.take()
            except GrammarError:
                self.lex.i += 1

    def _top_item(self) -> None:
        keyword = self.at_keyword()
        tok = self.peek()
        if keyword is None:
            raise error(f"expected Phase:, Input:, Options:, Macro:, Template: or Rule: but found {tok.describe()}",
                        tok.pos)
        self.take()
        self.take()  # the ':'
        if keyword == "multiphase":
            self.out.name = str(self.expect_name("a MultiPhase name").value)
        elif keyword == "phases":
            while not self.at_end() and not self.at_keyword():
                self.out.phase_files.append(self._file_name())
        elif keyword == "imports" or keyword in JAVA_BLOCKS:
            block = self.expect_sym("{", "'{' starting a Java block")
            self.buf.clear()
            inner, _ = self.lex.raw_block(block.offset)
            if keyword == "imports" and self.keep_java:
                self.out.java.append(JavaBlock("imports", None, "", block.pos, block.offset, self.lex.i, inner))
            if keyword in JAVA_BLOCKS:
                raise error_at(tok.pos, coded("E502", name=f"{tok.value}:"))
            self.out.warnings.append(Diagnostic(tok.pos, "Imports: block ignored (no Java here)"))
        elif keyword == "phase":
            self._finish_phase()
            name = self.expect_name("a phase name")
            self.phase = Phase(str(name.value), self.path, name.pos, None, {}, [])
        elif keyword == "template":
            self._template()
        elif keyword == "macro":
            self._macro()
        else:
            if self.phase is None:
                raise error(f"expected Phase: before {tok.value}:", tok.pos)
            {"input": self._input, "options": self._options, "rule": self._rule}[keyword]()

    def _file_name(self) -> tuple[str, Pos]:
        """A phase file name: adjacent tokens without blanks between (``sub/name.jape``)."""
        first = self.expect_name("a phase file name", strings=True)
        if first.kind == "string":
            return str(first.value), first.pos
        name = str(first.value)
        end = first.offset + len(name)
        while True:
            tok = self.peek()
            if tok.offset != end or tok.kind not in ("ident", "sym", "int") or self.at_keyword():
                return name, first.pos
            self.take()
            name += str(tok.value)
            end = tok.offset + len(str(tok.value))

    def _finish_phase(self) -> None:
        phase = self.phase
        if phase is None:
            return
        self.phase = None
        if phase.input is not None:
            visible = set(phase.input)
            for type_name, pos in self._types:
                if type_name not in visible:
                    self.out.warnings.append(Diagnostic(
                        pos, f"type {type_name!r} is not in this phase's Input: the rule can never match it"))
        elif phase.rules:
            self.out.warnings.append(Diagnostic(phase.pos, f"phase {phase.name} has no Input: every annotation "
                                                           "type is visible (use with caution)"))
        self._types = []
        self.out.phases.append(phase)

    def _input(self) -> None:
        types: list[str] = []
        while not self.at_end() and not self.at_keyword():
            types.append(str(self.expect_name("an annotation type", strings=True).value))
        self.phase.input = types

    def _options(self) -> None:
        while not self.at_end() and not self.at_keyword():
            name = self.expect_name("an option name")
            self.expect_sym("=", "'=' after the option name")
            value = self.expect_name("an option value", strings=True)
            key = str(name.value).lower()  # option names are matched case-insensitively
            text = str(value.value)
            if key == "control" and text.lower() not in CONTROLS:
                raise error(f"expected control = {' | '.join(CONTROLS)} but found {value.describe()}", value.pos)
            self.phase.options[key] = text
            if self.at_sym(","):
                self.take()

    def _template(self) -> None:
        name = self.expect_name("a template name")
        self.expect_sym("=", "'=' after the template name")
        self.scope.templates[str(name.value)] = self.value()

    def _macro(self) -> None:
        name = self.expect_name("a macro name")
        self._where = str(name.value)
        if self.at_sym(":") or (self.at_sym("{") and self._at_action_block()):
            self.scope.rhs_macros[str(name.value)] = self.rhs_actions()
        else:
            elements: list[Element] = []
            while not self.at_end() and not self.at_keyword():
                elements.append(self.element())
            if not elements:
                tok = self.peek()
                raise error(f"expected a pattern or an action after Macro: {name.value} but found {tok.describe()}",
                            tok.pos)
            self.scope.lhs_macros[str(name.value)] = elements

    def _at_action_block(self) -> bool:
        """Is the ``{`` here a Python action block (``{ action: ...}``)? Read without lexing Java."""
        tok = self.peek()
        return bool(_ACTION_BLOCK.match(self.lex.text, tok.offset + 1))

    def _rule(self) -> None:
        name = self.expect_name("a rule name")
        self._where = str(name.value)
        priority = 0
        tok = self.peek()
        if tok.kind == "ident" and tok.value.lower() == "priority" and self.at_sym(":", 1):
            self.take()
            self.take()
            value = self.peek()
            if value.kind != "int":
                raise error(f"expected an integer priority but found {value.describe()}", value.pos)
            priority = int(self.take().value)
        alternatives = self.alternatives()
        self.expect_sym("-->", "'-->' after the rule's left-hand side")
        lhs = Group(alternatives, name.pos)
        self._labels = set()
        self._walk(lhs)
        rhs = self.rhs_actions()
        self._check_labels(rhs)
        self.phase.rules.append(Rule(str(name.value), priority, lhs, rhs, name.pos, len(self.phase.rules)))

    def _walk(self, elem: Element) -> None:
        """Record the labels bound and the types matched in a left-hand side."""
        if isinstance(elem, Basic):
            self._types += [(c.type, c.pos) for c in elem.constraints]
            return
        self._labels.update(elem.labels)
        for seq in elem.alternatives:
            for sub in seq:
                self._walk(sub)

    def _check_labels(self, actions: list[Action]) -> None:
        for action in actions:
            used: list[tuple[str, Pos]] = []
            if isinstance(action, Assign):
                used.append((action.label, action.pos))
                used += [(v.label, v.pos) for _, v in action.features if isinstance(v, FeatureRef)]
            elif action.label is not None:
                used.append((action.label, action.pos))
            for label, pos in used:
                if label not in self._labels:
                    self.out.warnings.append(Diagnostic(pos, f"label :{label} is not bound in the left-hand side"))

    # ------------------------------------------------------------------ left-hand side
    def alternatives(self) -> list[list[Element]]:
        alts = [self.sequence()]
        while self.at_sym("|"):
            self.take()
            alts.append(self.sequence())
        return alts

    def sequence(self) -> list[Element]:
        elements: list[Element] = []
        while True:
            tok = self.peek()
            if tok.kind == "sym" and tok.value in ("|", ")", "-->"):
                break
            if tok.kind == "eof":
                break
            elements.append(self.element())
        if not elements:
            raise error(f"expected a pattern element ('{{', '(' or a macro name) but found {tok.describe()}", tok.pos)
        return elements

    def element(self) -> Element:
        tok = self.peek()
        if tok.kind == "sym" and tok.value == "{":
            self.take()
            elem: Element = Basic(self.constraints("}"), tok.pos)
            self.expect_sym("}", "',' or '}'")
        elif tok.kind == "sym" and tok.value == "(":
            self.take()
            elem = Group(self.alternatives(), tok.pos)
            self.expect_sym(")", "')' closing the group")
        elif tok.kind == "ident":
            self.take()
            elem = self.scope.lhs_macro(str(tok.value), tok.pos)
        elif tok.kind == "string":  # GATE parses a bare string here and ignores it
            self.take()
            return Group([[]], tok.pos, 1, 1)
        else:
            raise error(f"expected a pattern element ('{{', '(' or a macro name) but found {tok.describe()}", tok.pos)
        low, high = self._repetition()
        labels: list[str] = []
        while self.at_sym(":") and self.peek(1).kind == "ident":
            self.take()
            labels.append(str(self.take().value))
        if (low, high) == (1, 1) and not labels:
            return elem
        if isinstance(elem, Group) and (elem.min, elem.max) == (1, 1) and not elem.labels:
            elem.min, elem.max, elem.labels = low, high, labels
            return elem
        return Group([[elem]], tok.pos, low, high, labels)

    def _repetition(self) -> tuple[int, int | None]:
        tok = self.peek()
        if tok.kind != "sym":
            return 1, 1
        if tok.value in ("*", "+", "?"):
            self.take()
            return {"*": (0, None), "+": (1, None), "?": (0, 1)}[tok.value]
        if tok.value == "[" and self.peek(1).kind == "int":
            self.take()
            low = int(self.take().value)
            high = low
            if self.at_sym(","):
                self.take()
                num = self.peek()
                if num.kind != "int":
                    raise error(f"expected an integer but found {num.describe()}", num.pos)
                high = int(self.take().value)
            self.expect_sym("]", "']' closing the repetition")
            if low < 0 or high < low:
                raise error(f"bad repetition [{low},{high}]", tok.pos)
            return low, high
        return 1, 1

    def constraints(self, closer: str) -> list[Constraint]:
        found = [self.constraint()]
        while self.at_sym(","):
            self.take()
            if self.at_sym(closer):
                break
            found.append(self.constraint())
        return found

    def constraint(self) -> Constraint:
        tok = self.peek()
        negated = False
        if tok.kind == "sym" and tok.value == "!":
            self.take()
            negated = True
        type_tok = self.expect_name("an annotation type", strings=True)
        type_name = str(type_tok.value)
        predicates: list[Predicate] = []
        nxt = self.peek()
        if nxt.kind == "sym" and nxt.value in (".", "@"):
            self.take()
            name = self.expect_name("a feature name" if nxt.value == "." else "string, cleanString or length",
                                    strings=nxt.value == ".")
            if nxt.value == "@" and name.value not in META:
                raise error(f"expected a meta-property ({', '.join('@' + m for m in META)}) but found "
                            f"{name.describe()}", name.pos)
            op = self.peek()
            if op.kind != "sym" or op.value not in COMPARISONS:
                raise error(f"expected an operator ({' '.join(COMPARISONS)}) but found {op.describe()}", op.pos)
            self.take()
            accessor = "feature" if nxt.value == "." else "meta"
            predicates.append(Predicate(accessor, str(name.value), str(op.value), self.value(), name.pos))
        elif nxt.kind == "ident" and nxt.value in EMBEDDED:
            self.take()
            if self.at_sym("{"):
                brace = self.take()
                inner = self.constraints("}")
                self.expect_sym("}", "'}' closing the embedded constraint")
                if len({c.type for c in inner}) != 1 or any(c.negated for c in inner):
                    raise error("an embedded constraint must be on one annotation type, not negated", brace.pos)
                embedded: Value | Constraint = Constraint(inner[0].type, False,
                                                          [p for c in inner for p in c.predicates], brace.pos)
            else:
                embedded = str(self.expect_name("an annotation type", strings=True).value)
            predicates.append(Predicate("embedded", str(nxt.value), str(nxt.value), embedded, nxt.pos))
        return Constraint(type_name, negated, predicates, type_tok.pos)

    # ------------------------------------------------------------------ values
    def value(self) -> Value:
        tok = self.peek()
        if tok.kind in ("string", "int", "float"):
            self.take()
            return tok.value  # type: ignore[return-value]
        if tok.kind == "ident":
            self.take()
            low = str(tok.value).lower()
            return {"true": True, "false": False}.get(low, tok.value)  # type: ignore[return-value]
        if tok.kind == "sym" and tok.value == "[":
            self.take()
            name = self.expect_name("a template name")
            args: dict[str, Value] = {}
            while not self.at_sym("]"):
                key = self.expect_name("a template parameter name or ']'")
                self.expect_sym("=", "'=' after the template parameter")
                args[str(key.value)] = self.value()
                if self.at_sym(","):
                    self.take()
            self.take()
            return self.scope.call_template(str(name.value), args, name.pos)
        raise error(f"expected a value (string, number, identifier or [template]) but found {tok.describe()}",
                    tok.pos)

    # ------------------------------------------------------------------ right-hand side
    def rhs_actions(self) -> list[Action]:
        if self.at_end() or self.at_keyword():
            tok = self.peek()
            raise error("expected an action (':label.Type = {...}', ':label { action: ... }', an RHS macro "
                        f"or {{}}) but found {tok.describe()}", tok.pos)
        actions = self.rhs_action()
        while self.at_sym(","):
            self.take()
            if self.at_end() or self.at_keyword():
                break
            actions += self.rhs_action()
        if not self.at_end() and not self.at_keyword():
            tok = self.peek()
            raise error(f"expected ',' or the next Rule: / Macro: / Phase: but found {tok.describe()}", tok.pos)
        return actions

    def rhs_action(self) -> list[Action]:
        tok = self.peek()
        if tok.kind == "sym" and tok.value == "{":
            return self.block(None)
        if tok.kind == "ident":
            self.take()
            return self.scope.rhs_macro(str(tok.value), tok.pos)
        self.expect_sym(":", "':label', '{' or an RHS macro name")
        label = str(self.expect_name("a label").value)
        if self.at_sym("{"):
            return self.block(label)
        self.expect_sym(".", "'.' or '{' after the label")
        type_tok = self.expect_name("an annotation type", strings=True)
        self.expect_sym("=", "'=' after the annotation type")
        self.expect_sym("{", "'{' starting the feature list")
        features: list[tuple[str | None, Value | FeatureRef]] = []
        while not self.at_sym("}"):
            if self.at_sym(":"):
                ref = self.feature_ref()
                if ref.feature is not None or ref.meta is not None:
                    raise error("expected ':label' or ':label.Type' (copy its features) here", ref.pos)
                features.append((None, ref))
            else:
                name = self.expect_name("a feature name, ':label', ':label.Type' or '}'", strings=True)
                self.expect_sym("=", "'=' after the feature name")
                value: Value | FeatureRef = self.feature_ref() if self.at_sym(":") else self.value()
                if isinstance(value, FeatureRef) and value.feature is None and value.meta is None:
                    raise error("expected ':label.Type.feature' or ':label@string/cleanString/length'", value.pos)
                features.append((str(name.value), value))
            if not self.at_sym("}"):
                self.expect_sym(",", "',' or '}' in the feature list")
        self.take()
        return [Assign(label, str(type_tok.value), features, tok.pos)]

    def feature_ref(self) -> FeatureRef:
        colon = self.expect_sym(":")
        label = str(self.expect_name("a label").value)
        type_name = feature = meta = None
        if self.at_sym("."):
            self.take()
            type_name = str(self.expect_name("an annotation type", strings=True).value)
            if self.at_sym("."):
                self.take()
                feature = str(self.expect_name("a feature name", strings=True).value)
        if feature is None and self.at_sym("@"):
            self.take()
            meta_tok = self.expect_name("string, cleanString or length")
            if meta_tok.value not in META:
                raise error(f"expected a meta-property ({', '.join('@' + m for m in META)}) but found "
                            f"{meta_tok.describe()}", meta_tok.pos)
            meta = str(meta_tok.value)
        return FeatureRef(label, type_name, feature, meta, colon.pos)

    def block(self, label: str | None) -> list[Action]:
        """A ``{...}`` action block: a Python action, nothing (``{}``), or Java (an error)."""
        brace = self.peek()
        self.buf.clear()
        inner, start = self.lex.raw_block(brace.offset)
        if not inner.strip():
            return []
        if not _ACTION_BLOCK.match(inner):
            if self.keep_java:
                self.out.java.append(JavaBlock("rhs", label, self._where, brace.pos, brace.offset, self.lex.i, inner))
                return []
            raise error_at(brace.pos, coded("E501"))
        inner_pos = self.lex.pos_at_offset(start)
        sub = Parser(inner, self.path, inner_pos.line, inner_pos.column, self.scope)
        return [sub._python_action(label, brace.pos)]

    def _python_action(self, label: str | None, pos: Pos) -> PyAction:
        self.take()  # 'action'
        self.expect_sym(":")
        name = self.peek()
        if name.kind not in ("string", "ident"):
            raise error(f"expected the action's registered name (a string) but found {name.describe()}", name.pos)
        self.take()
        params: dict[str, Value] = {}
        while self.at_sym(","):
            self.take()
            if self.at_end():
                break
            key = self.expect_name("a parameter name", strings=True)
            self.expect_sym("=", "'=' after the parameter name")
            params[str(key.value)] = self.value()
        if not self.at_end():
            tok = self.peek()
            raise error(f"expected ',' or '}}' in the action block but found {tok.describe()}", tok.pos)
        return PyAction(label, str(name.value), params, pos)


def parse(text: str, path: str, scope: Scope | None = None, keep_java: bool = False) -> ParsedFile:
    """Parse one grammar file's text (``path`` names it in messages). ``scope`` holds the macros and
    templates defined so far: the phase files of a MultiPhase grammar share one, as in GATE, so a
    macro is visible from its definition on, in later phase files too. ``keep_java``: Java
    right-hand sides and ``Imports:`` blocks are kept in ``ParsedFile.java`` (a right-hand side
    then has no action in their place) instead of being errors."""
    return Parser(text, path, scope=scope, keep_java=keep_java).parse()
