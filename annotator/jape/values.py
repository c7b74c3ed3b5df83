"""Feature-value tests with GATE's typing (``gate.jape.constraint.*Predicate``).

A grammar value is a ``str``, ``int`` (Java Long), ``float`` (Double) or ``bool``. GATE compares it
with a feature value like this:

* ``==``: equal when of the same type; when the feature is a string and the grammar value is not,
  the string is parsed as a Long/Double/Boolean first ("3" == 3 holds; 3 == "3" does not). A
  missing feature is never equal. ``!=`` is the negation (a missing feature is ``!=`` anything).
* ``< > <= >=``: same type, or the feature converted to the grammar value's number type (``"12" > 3``
  holds); anything else (a string grammar value against a number, unparsable text, a missing
  feature) does not match.
* ``=~`` (find), ``==~`` (whole match), ``!~``, ``!=~``: the feature as text against a regular
  expression; a missing feature is the empty string (``AbstractRegExpPredicate``).
"""

from __future__ import annotations

import re as _re
from typing import Any, Callable

import regex

from annotator.jape.syntax import Value

_LONG = _re.compile(r"[+-]?\d+\Z")


def _as_long(text: str) -> int | None:
    return int(text) if _LONG.match(text) else None


def _as_double(text: str) -> float | None:
    try:
        return float(text.strip())
    except ValueError:
        return None


def _convert(grammar: Value, feature: Any) -> Any:
    """``feature`` as a value of the grammar value's type, or None when GATE could not compare."""
    gtype = type(grammar)
    ftype = type(feature)
    if ftype is gtype:
        return feature
    if gtype is int:
        return _as_long(str(feature)) if ftype is str or ftype is int else None
    if gtype is float:
        if ftype is int:
            return float(feature)
        return _as_double(feature) if ftype is str else None
    return None


def equality(value: Value) -> Callable[[Any], bool]:
    """The ``==`` test against a grammar value."""
    vtype = type(value)
    if vtype is str:
        return lambda x: x == value and type(x) is str
    if vtype is bool:
        if value:
            return lambda x: x is True or (type(x) is str and x.lower() == "true")
        return lambda x: x is False or (type(x) is str and x.lower() != "true")
    if vtype is int:
        return lambda x: (type(x) is int and x == value) or (type(x) is str and _as_long(x) == value)
    return lambda x: (type(x) is float and x == value) or (type(x) is str and _as_double(x) == value)


_ORDER = {"<": lambda a, b: a < b, ">": lambda a, b: a > b, "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b}


def predicate(op: str, value: Value) -> Callable[[Any], bool]:
    """A test of a feature value (None when missing) for ``OP value``."""
    if op == "==":
        return equality(value)
    if op == "!=":
        eq = equality(value)
        return lambda x: not eq(x)
    if op in _ORDER:
        order = _ORDER[op]

        def compare(x: Any) -> bool:
            if x is None:
                return False
            converted = _convert(value, x)
            if converted is None:
                return False
            try:
                return order(converted, value)
            except TypeError:
                return False

        return compare
    pattern = regex.compile(str(value))
    if op == "=~":
        return lambda x: pattern.search(_text(x)) is not None
    if op == "==~":
        return lambda x: pattern.fullmatch(_text(x)) is not None
    if op == "!~":
        return lambda x: pattern.search(_text(x)) is None
    if op == "!=~":
        return lambda x: pattern.fullmatch(_text(x)) is None
    raise ValueError(f"unknown operator {op!r}")


def _text(x: Any) -> str:
    if x is None:
        return ""
    if x is True or x is False:
        return "true" if x else "false"
    return x if type(x) is str else str(x)


def clean_string(text: str) -> str:
    """GATE's ``cleanStringFor``: whitespace runs become one space, ends trimmed."""
    return " ".join(text.split())
