"""Python actions: what JAPE right-hand sides run instead of Java blocks.

A grammar names an action in a block, with optional parameters (strings, numbers, booleans,
template calls)::

    Rule: DropInner
    ({Person}):p --> :p { action: "remove_contained", type = "Person" }

    Rule: Flag
    ({Lookup}):l --> { action: "mypackage.flag", feature = "seen", value = true }

The action is looked up when the grammar is loaded (an unknown name is a GrammarError) and is
called once per firing with an :class:`ActionContext`. Register one with the decorator::

    from annotator.jape.actions import action

    @action("mypackage.flag")
    def flag(ctx):
        for ann in ctx.annotations:
            ann.features[ctx.params["feature"]] = ctx.params["value"]

or, from another distribution, with an entry point in the group ``annotator.jape_actions``
(``"mypackage.flag" = "mypackage.module:flag"``). No code in a grammar file is ever evaluated.
An action that only writes to ``ctx.output`` says so with ``@action(name, changes_input=False)``:
the phases after it then need not read their input again (see :func:`action`).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Callable

from annotator.document import Annotation, AnnotationSet, Document

ENTRY_POINT_GROUP = "annotator.jape_actions"
_ACTIONS: dict[str, Callable[["ActionContext"], None]] = {}


@dataclass
class ActionContext:
    """What an action sees: the document, the bindings of the match (label -> annotations in
    document order), the phase's input and output sets, the block's parameters and its label."""

    doc: Document
    bindings: dict[str, list[Annotation]]
    input: AnnotationSet
    output: AnnotationSet
    params: dict[str, Any]
    label: str | None
    rule: str
    phase: str

    @property
    def annotations(self) -> list[Annotation]:
        """The annotations bound to the block's label (every bound annotation without a label)."""
        if self.label is not None:
            return self.bindings.get(self.label, [])
        seen: dict[int, Annotation] = {}
        for anns in self.bindings.values():
            for a in anns:
                seen[a.id] = a
        return sorted(seen.values(), key=lambda a: (a.start, -a.end, a.id))

    @property
    def span(self) -> tuple[int, int] | None:
        """``(start, end)`` covering :attr:`annotations`, or None when nothing is bound."""
        anns = self.annotations
        if not anns:
            return None
        return min(a.start for a in anns), max(a.end for a in anns)

    def param(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)


def action(name: str, changes_input: bool = True
           ) -> Callable[[Callable[[ActionContext], None]], Callable[[ActionContext], None]]:
    """Decorator: register a function ``fn(ctx: ActionContext) -> None`` under ``name``.

    ``changes_input=False`` promises that the action changes nothing in ``ctx.input`` (adds or
    removes no annotation there, changes no feature of one) unless that is ``ctx.output``: a
    phase whose output set is another set then hands what it read of its input (the JAPE
    lattice: annotations by offset, feature values) on to the later phases, as when no action
    fired, instead of having them read it again. Stored as the function's ``changes_input``
    attribute, which an action loaded from an entry point may set too."""

    def decorate(fn: Callable[[ActionContext], None]) -> Callable[[ActionContext], None]:
        fn.changes_input = changes_input  # type: ignore[attr-defined]
        _ACTIONS[name] = fn
        return fn

    return decorate


def get_action(name: str) -> Callable[[ActionContext], None] | None:
    """The action registered under ``name`` (built-in, decorated, or entry point), or None."""
    if name not in _ACTIONS:
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            if ep.name == name:
                _ACTIONS[name] = ep.load()
    return _ACTIONS.get(name)


def action_names() -> list[str]:
    return sorted(set(_ACTIONS) | {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)})


def _set_of(ctx: ActionContext, ann: Annotation) -> AnnotationSet | None:
    for annset in (ctx.input, ctx.output):
        if ann in annset:
            return annset
    return None


def _typed(ctx: ActionContext, required: bool = True) -> str | None:
    type_name = ctx.params.get("type")
    if required and not type_name:
        raise ValueError(f"action in rule {ctx.rule} needs a 'type' parameter")
    return None if type_name is None else str(type_name)


@action("remove_bound")
def remove_bound(ctx: ActionContext) -> None:
    """Remove the bound annotations (of ``type`` only, when given) from the set holding them."""
    type_name = _typed(ctx, required=False)
    for ann in ctx.annotations:
        if type_name is None or ann.type == type_name:
            annset = _set_of(ctx, ann)
            if annset is not None:
                annset.remove(ann)


@action("remove_contained", changes_input=False)
def remove_contained(ctx: ActionContext) -> None:
    """Remove the output annotations of ``type`` strictly inside the bound span (not coextensive)."""
    type_name, span = _typed(ctx), ctx.span
    if span is None:
        return
    inner = [a for a in ctx.output.with_type(type_name).within(*span) if (a.start, a.end) != span]
    ctx.output.remove_all(inner)


@action("remove_overlaps", changes_input=False)
def remove_overlaps(ctx: ActionContext) -> None:
    """Among the output annotations of ``type`` overlapping the bound span, keep the longest
    (the earliest on ties) and remove the others that overlap it."""
    type_name, span = _typed(ctx), ctx.span
    if span is None:
        return
    found = list(ctx.output.with_type(type_name).overlapping(*span))
    if len(found) < 2:
        return
    keep = min(found, key=lambda a: (-(a.end - a.start), a.start, a.id))
    ctx.output.remove_all(a for a in found if a is not keep and a.start < keep.end and keep.start < a.end)


@action("set_feature")
def set_feature(ctx: ActionContext) -> None:
    """Set feature ``name`` to ``value`` on the bound annotations (of ``type`` only, when given)."""
    type_name = _typed(ctx, required=False)
    name = ctx.params.get("name")
    if not name:
        raise ValueError(f"set_feature in rule {ctx.rule} needs a 'name' parameter")
    for ann in ctx.annotations:
        if type_name is None or ann.type == type_name:
            ann.features[str(name)] = ctx.params.get("value")
