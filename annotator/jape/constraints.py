"""The tests of one annotation: predicates (``.feature OP value``, ``@meta OP value``, ``contains``/
``within``) and their conjunction inside a constraint, compiled to one Python function each.

Why generated source: an element test runs at most candidate offsets, for every annotation there;
a closure per predicate costs two Python calls per predicate and annotation, the conjunction
written out as one function (feature reads, string equality and the memo lookups inline) one call
per annotation. A predicate's value test is memoised per value for strings and ints (token
strings and lengths repeat): a regular expression runs once per distinct string.
"""

from __future__ import annotations

from typing import Any, Callable

import regex

from annotator.errors import coded
from annotator.jape.lexer import error_at
from annotator.jape.syntax import Constraint, Predicate
from annotator.jape.values import clean_string, predicate
from annotator.regexes.word_sets import words_of

AnnTest = Callable[[Any, Any], bool]
MEMO_LIMIT = 100_000


def memoised(fn: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """``fn`` over feature values, remembered per ``str`` and ``int`` value: these repeat, so a
    regular expression runs once per distinct string, not once per annotation. (Other values call
    ``fn``: ``1``, ``1.0`` and ``True`` are one dict key but differ for GATE; a ``str`` key never
    equals an ``int`` one.) The memo is the test's ``memo`` attribute, for callers that look a
    value up before calling."""
    memo: dict[Any, bool] = {}

    def test(value: Any) -> bool:
        kind = value.__class__
        if kind is not str and kind is not int:
            return fn(value)
        found = memo.get(value)
        if found is None:
            if len(memo) > MEMO_LIMIT:
                memo.clear()
            found = memo[value] = fn(value)
        return found

    test.memo = memo  # type: ignore[attr-defined]
    return test


def value_test(pred: Predicate) -> Callable[[Any], bool]:
    """The memoised test of a feature or meta-property value for ``OP value``; its ``words`` attribute:
    the strings it accepts when that is a short list (``==~`` a word list), else None."""
    try:
        test = memoised(predicate(pred.op, pred.value))  # type: ignore[arg-type]
    except regex.error as exc:
        raise error_at(pred.pos, coded("E507", pattern=pred.value, reason=exc)) from None
    test.words = words_of(pred.value) if pred.op == "==~" and isinstance(pred.value, str) else None  # type: ignore[attr-defined]
    return test


def conjunction(preds: list[Predicate]) -> AnnTest | None:
    """One function ``ok(a, inputs)`` testing every predicate of ``preds`` on an annotation, in
    order, stopping at the first that fails (None: no predicates). ``inputs`` supplies the
    document's text and input set (:class:`annotator.jape.compiler.Inputs`)."""
    if not preds:
        return None
    names: dict[str, Any] = {}
    lines = ["def ok(a, inputs):"]
    if any(p.accessor == "feature" for p in preds):
        lines.append("    f = a.features")
    for i, p in enumerate(preds):
        if p.accessor == "embedded":
            names[f"e{i}"] = _embedded_test(p)
            lines.append(f"    if not e{i}(a, inputs): return False")
            continue
        if p.accessor == "feature":
            names[f"n{i}"] = p.name
            lines.append(f"    v = f.get(n{i})")
        elif p.name == "length":
            lines.append("    v = a.end - a.start")
        elif p.name == "string":
            lines.append("    v = inputs.text[a.start:a.end]")
        else:
            names["clean_string"] = clean_string
            lines.append("    v = clean_string(inputs.text[a.start:a.end])")
        if p.op in ("==", "!=") and isinstance(p.value, str):  # GATE's string equality, inline
            names[f"s{i}"] = p.value
            equal = f"v == s{i} and v.__class__ is str"
            lines.append(f"    if {'not (' + equal + ')' if p.op == '==' else equal}: return False")
            continue
        test = value_test(p)
        names[f"t{i}"], names[f"m{i}"] = test, test.memo  # type: ignore[attr-defined]
        lines += [f"    r = m{i}.get(v) if v.__class__ is str or v.__class__ is int else None",
                  f"    if not (t{i}(v) if r is None else r): return False"]
    lines.append("    return True")
    exec(compile("\n".join(lines), "<jape constraint>", "exec"), names)  # noqa: S102 (source built above)
    return names["ok"]


def _embedded_test(pred: Predicate) -> AnnTest:
    """``contains``/``within``/``notContains``/``notWithin``: a range query on the whole input set."""
    inner = pred.value
    if isinstance(inner, Constraint):
        type_name, ok = inner.type, conjunction(inner.predicates)
    else:
        type_name, ok = str(inner), None
    around = pred.name in ("within", "notWithin")
    positive = pred.name in ("contains", "within")

    def test(a: Any, inputs: Any) -> bool:
        view = inputs.inset.with_type(type_name)
        found = view.covering(a.start, a.end) if around else view.within(a.start, a.end)
        hit = any(ok(b, inputs) for b in found) if ok is not None else bool(found)
        return hit if positive else not hit

    return test
