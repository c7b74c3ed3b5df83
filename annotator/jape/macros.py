"""Macros and templates: named pieces of grammar expanded where they are used.

A pattern macro (``Macro: NAME ( ... )``) is copied into every left-hand side that names it; an
RHS macro (``Macro: NAME :label.Type = {...}``) into every right-hand side. A template
(``Template: name = "... ${var} ..."``) is a value; ``[name var = "x"]`` substitutes its
``${var}`` placeholders (placeholders without a given value are left as they are, as GATE does).
Macros and templates are visible from their definition on: in later phases of the file and, in a
MultiPhase grammar, in later phase files (GATE's parser gives them all one table).
"""

from __future__ import annotations

import copy
import re

from annotator.errors import coded
from annotator.jape.lexer import Pos, error_at
from annotator.jape.syntax import Action, Element, Group, Value

_PLACEHOLDER = re.compile(r"\$\{([^}]*)\}")


class Scope:
    def __init__(self) -> None:
        self.lhs_macros: dict[str, list[Element]] = {}
        self.rhs_macros: dict[str, list[Action]] = {}
        self.templates: dict[str, Value] = {}

    def lhs_macro(self, name: str, pos: Pos) -> Element:
        elements = self.lhs_macros.get(name)
        if elements is None:
            hint = " (it is an RHS macro)" if name in self.rhs_macros else ""
            raise error_at(pos, coded("E503", name=name, hint=hint))
        if len(elements) == 1:
            return copy.deepcopy(elements[0])
        return Group([copy.deepcopy(elements)], pos)

    def rhs_macro(self, name: str, pos: Pos) -> list[Action]:
        actions = self.rhs_macros.get(name)
        if actions is None:
            hint = " (it is a pattern macro)" if name in self.lhs_macros else ""
            raise error_at(pos, coded("E503", name=name, hint=hint))
        return copy.deepcopy(actions)

    def call_template(self, name: str, args: dict[str, Value], pos: Pos) -> Value:
        if name not in self.templates:
            raise error_at(pos, coded("E504", name=name))
        value = self.templates[name]
        if not isinstance(value, str):
            return value
        return _PLACEHOLDER.sub(lambda m: str(args[m.group(1)]) if m.group(1) in args else m.group(0), value)
