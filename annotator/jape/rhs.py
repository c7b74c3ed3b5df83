"""Right-hand sides: the simple annotation-creating form and Python actions, compiled to callables.

``:label.Type = {...}`` adds one ``Type`` annotation spanning the annotations bound to ``label``
(from the first start to the last end) to the output set; nothing happens when the label bound
nothing (it was in an optional part). The items inside the braces are applied in their order, so a
later item overwrites an earlier one. An item ``:src`` or ``:src.Type`` copies every feature of the
first annotation bound to ``src`` (of that type) that has any features, as the code GATE's parser
(``ParseCpsl.jj``) generates for it does.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from annotator.errors import coded
from annotator.index import document_order
from annotator.jape.actions import ActionContext, ActionTable, action_names, get_action
from annotator.jape.lexer import error_at
from annotator.jape.syntax import Action, Assign, FeatureRef
from annotator.jape.values import clean_string


#: what a Python action may have changed in a phase's input set (Match.touched): annotations added or
#: removed, no feature of one changed (:func:`annotator.jape.actions.keeps_features`); or anything
ADDED, CHANGED = 1, 2


def bindings_of(chain: Any) -> dict[str, list]:
    """The bindings chain of a path (``(labels, annotation or tuple of them, rest)`` links) as
    ``{label: [annotations in document order]}``."""
    out: dict[str, dict[int, Any]] = {}
    while chain is not None:
        labels, item, chain = chain
        items = item if item.__class__ is tuple else (item,)
        for label in labels:
            bucket = out.setdefault(label, {})
            for a in items:
                bucket[a.id] = a
    return {label: sorted(d.values(), key=document_order) for label, d in out.items()}


def _bound(chain: Any, label: str) -> Iterator[Any]:
    """The annotations bound to ``label`` on a bindings chain (in no particular order)."""
    while chain is not None:
        labels, item, chain = chain
        if label in labels:
            yield from item if item.__class__ is tuple else (item,)


class Match:
    """One firing: the document, the bindings chain of the path (:func:`bindings_of`) and sets.
    ``bindings`` (label -> annotations in document order) is made on first use: the common
    right-hand side only needs the span of a label (:meth:`span`) or its first annotation of a
    type (:meth:`first`)."""

    __slots__ = ("doc", "chain", "_bindings", "inset", "outset", "rule", "phase", "touched")

    def __init__(self, doc: Any, chain: Any, inset: Any, outset: Any, rule: str, phase: str) -> None:
        self.doc = doc
        self.chain = chain
        self._bindings: dict | None = None
        self.inset = inset
        self.outset = outset
        self.rule = rule
        self.phase = phase
        self.touched = 0  # what a Python action may have changed in the input set: 0, ADDED or CHANGED

    @property
    def bindings(self) -> dict[str, list]:
        if self._bindings is None:
            self._bindings = bindings_of(self.chain)
        return self._bindings

    def span(self, label: str) -> tuple[int, int] | None:
        """The span of the annotations bound to ``label`` (first start, last end); None when it
        bound nothing (it was in an optional part)."""
        bound = list(_bound(self.chain, label))
        return (min(a.start for a in bound), max(a.end for a in bound)) if bound else None

    def first(self, label: str, type_name: str) -> Any:
        """The first annotation (document order) of ``type_name`` bound to ``label``; None: none.
        Read off the chain: ``:label.Type.feature`` needs no :attr:`bindings`."""
        return min((a for a in _bound(self.chain, label) if a.type == type_name), key=document_order, default=None)


def _ref_value(ref: FeatureRef, m: Match) -> Any:
    if ref.type is None:
        span = m.span(ref.label)
        if span is None:
            return None
    else:
        first = m.first(ref.label, ref.type)
        if first is None:
            return None
        if ref.feature is not None:
            return first.features.get(ref.feature)
        span = (first.start, first.end)
    start, end = span
    if ref.meta == "length":
        return end - start
    text = m.doc.text[start:end]
    return clean_string(text) if ref.meta == "cleanString" else text


def _copied(ref: FeatureRef, m: Match) -> dict:
    """The features of the first annotation (document order) bound to ``ref.label``, of ``ref.type``
    when it names one, that has any features; empty when there is none."""
    bound = sorted((a for a in _bound(m.chain, ref.label) if ref.type is None or a.type == ref.type),
                   key=document_order)
    return next((a.features for a in bound if a.features), {})


def _assign(action: Assign) -> Callable[[Match], None]:
    label, type_name = action.label, action.type
    items = [(name, value, isinstance(value, FeatureRef)) for name, value in action.features]

    def fire(m: Match) -> None:
        span = m.span(label)
        if span is None:
            return
        features: dict[str, Any] = {}
        for name, value, is_ref in items:
            if name is None:
                features.update(_copied(value, m))
            elif is_ref:
                found = _ref_value(value, m)
                if found is not None:
                    features[name] = found
            else:
                features[name] = value
        m.outset.add(type_name, span[0], span[1], features)

    return fire


def compile_actions(actions: list[Action], registry: Any) -> list[Callable[[Match], None]]:
    """The RHS as callables; Python action names are resolved now (GrammarError when unknown)."""
    out: list[Callable[[Match], None]] = []
    for act in actions:
        if isinstance(act, Assign):
            out.append(_assign(act))
            continue
        fn = (registry or get_action)(act.name)
        if fn is None:
            known = ", ".join(registry.names() if isinstance(registry, ActionTable) else action_names()) or "none"
            raise error_at(act.pos, coded("E505", name=act.name, known=known))
        out.append(_python(act.label, dict(act.params), fn))
    return out


def _python(label: str | None, params: dict, fn: Callable[[ActionContext], None]) -> Callable[[Match], None]:
    changes_input = getattr(fn, "changes_input", True)  # see annotator.jape.actions.action
    touches = CHANGED if getattr(fn, "changes_features", True) else ADDED  # see actions.keeps_features

    def fire(m: Match) -> None:
        if (changes_input or m.outset is m.inset) and m.touched < touches:
            m.touched = touches
        fn(ActionContext(m.doc, m.bindings, m.inset, m.outset, params, label, m.rule, m.phase))

    return fire
