"""The JAPE abstract syntax tree: what the parser produces and the compiler consumes.

Macros and templates are already expanded here: a macro reference becomes a copy of the macro's
pattern (or RHS actions), a template call becomes its value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from annotator.jape.lexer import Pos

Value = Union[str, int, float, bool]
META = ("string", "cleanString", "length")
COMPARISONS = ("==", "!=", "<", ">", "<=", ">=", "=~", "==~", "!~", "!=~")
EMBEDDED = ("contains", "within", "notContains", "notWithin")
CONTROLS = ("appelt", "brill", "first", "once", "all")


@dataclass
class Predicate:
    """One test on an annotation: ``.feature OP value``, ``@meta OP value`` or
    ``contains/within/... (Type | {constraints})``."""

    accessor: str  # "feature", "meta" or "embedded"
    name: str  # feature name, meta-property name, or the embedded operator
    op: str
    value: "Value | Constraint"
    pos: Pos


@dataclass
class Constraint:
    """The tests on annotations of one type inside ``{...}`` (``negated``: ``!Type...``)."""

    type: str
    negated: bool
    predicates: list[Predicate]
    pos: Pos


@dataclass
class Basic:
    """``{C1, C2, ...}``: co-starting annotations satisfying every constraint."""

    constraints: list[Constraint]
    pos: Pos


@dataclass
class Group:
    """``( alt1 | alt2 ... )`` with a repetition ``[min, max]`` (max None = unbounded) and labels."""

    alternatives: list[list["Element"]]
    pos: Pos
    min: int = 1
    max: int | None = 1
    labels: list[str] = field(default_factory=list)


Element = Union[Basic, Group]


@dataclass
class FeatureRef:
    """An RHS value taken from a binding: ``:label.Type.feature`` or ``:label(.Type)?@meta``."""

    label: str
    type: str | None
    feature: str | None
    meta: str | None
    pos: Pos


@dataclass
class Assign:
    """``:label.Type = { f = v, ..., :src, :src.Type }``: ``features`` in their order; an item without a
    name (``(None, FeatureRef)``) copies the features of an annotation bound to the reference's label."""

    label: str
    type: str
    features: list[tuple["str | None", "Value | FeatureRef"]]
    pos: Pos


@dataclass
class PyAction:
    """``:label { action: "name", p = v, ... }`` or ``{ action: "name" }``: a registered Python action."""

    label: str | None
    name: str
    params: dict[str, Value]
    pos: Pos


Action = Union[Assign, PyAction]


@dataclass
class Rule:
    name: str
    priority: int
    lhs: Group
    rhs: list[Action]
    pos: Pos
    index: int = 0  # position in the phase (earlier rules win appelt ties)


@dataclass
class Phase:
    name: str
    path: str
    pos: Pos
    input: list[str] | None  # None: every type is visible
    options: dict[str, str]
    rules: list[Rule]

    @property
    def control(self) -> str:
        return self.options.get("control", "brill").lower()

    def option_flag(self, name: str, default: bool = False) -> bool:
        value = self.options.get(name.lower())
        return default if value is None else value.lower() == "true"


@dataclass
class Diagnostic:
    """A warning found while reading a grammar (``check`` prints them)."""

    pos: Pos
    message: str

    def __str__(self) -> str:
        return f"{self.pos}: warning: {self.message}"


class PhaseTypes:
    """The types a grammar's phases read and write, for a grammar class with ``phases`` (each with
    ``input``, None for every type, and ``produces``): shared by the fast and reference grammars."""

    phases: list

    @property
    def input_types(self) -> set[str]:
        """Types some phase reads that no earlier phase of this grammar writes."""
        needed: set[str] = set()
        made: set[str] = set()
        for phase in self.phases:
            needed.update(t for t in (phase.input or ()) if t not in made)
            made.update(phase.produces)
        return needed

    @property
    def output_types(self) -> set[str]:
        return {t for phase in self.phases for t in phase.produces}
