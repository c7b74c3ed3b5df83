"""Python actions: what JAPE right-hand sides run instead of Java blocks.

A grammar names an action in a block, with optional parameters (strings, numbers, booleans,
template calls)::

    Rule: DropInner
    ({Person}):p --> :p { action: "remove_contained", type = "Person" }

    Rule: Flag
    ({Lookup}):l --> { action: "mypackage.flag", feature = "seen", value = true }

The action is looked up when the grammar is loaded (an unknown name is a GrammarError) and is
called once per firing with an :class:`ActionContext`. A distribution adds one with an entry
point in the group ``annotator.jape_actions`` (``"mypackage.flag" = "mypackage.module:flag"``),
as the built-in ones below are (pyproject.toml); no code in a grammar file is ever evaluated.
Within one process (a script, a test), the decorator registers one without a distribution::

    from annotator.jape.actions import action

    @action("mypackage.flag")
    def flag(ctx):
        for ann in ctx.annotations:
            ann.features[ctx.params["feature"]] = ctx.params["value"]

An action that only writes to ``ctx.output`` says so (:func:`output_only`, or
``@action(name, changes_input=False)``): the phases after it then need not read their input
again (see :func:`action`).

A corpus's own actions live beside its grammar, in an *actions file*: a Python file, or a folder
with an ``__init__.py``, whose module-level ``ACTIONS`` maps each name to its function (an
output-only one marked with :func:`output_only`, one that changes no feature with
:func:`keeps_features`). The jape PR's ``actions`` parameter (``jape
check/explain --actions``) names it; it is imported once per path, under a name of its own, and
its actions are seen by that grammar only (:class:`ActionTable`), before the registered ones.
Loading it runs its code, as importing a module does: the pipeline chooses it, never the grammar.
"""

from __future__ import annotations

import importlib.util
import itertools
import sys
import threading
import traceback
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

from annotator.document import Annotation, AnnotationSet, Document
from annotator.errors import GrammarError, coded
from annotator.registry import Registry

ENTRY_POINT_GROUP = "annotator.jape_actions"
REGISTRY = Registry(ENTRY_POINT_GROUP, lambda name, known: GrammarError(coded("E505", name=name, known=known)),
                    lambda name, target, error: GrammarError(coded("E533", name=name, target=target, error=error)))
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
    """The action registered under ``name`` (decorated in this process, or an entry point of
    an installed distribution, the built-in ones included), or None."""
    if name in _ACTIONS:
        return _ACTIONS[name]
    return REGISTRY.load(name) if name in REGISTRY else None


def action_names() -> list[str]:
    return sorted(set(_ACTIONS) | set(REGISTRY.names()))


def output_only(fn: Callable[[ActionContext], None]) -> Callable[[ActionContext], None]:
    """Mark an action of an actions file as changing nothing in ``ctx.input`` (what
    ``@action(name, changes_input=False)`` promises for a registered one)."""
    fn.changes_input = False  # type: ignore[attr-defined]
    return fn


def keeps_features(fn: Callable[[ActionContext], None]) -> Callable[[ActionContext], None]:
    """Mark an action as changing no feature of an annotation that was there before it ran (it
    may add annotations, and remove some): when it writes to the set the phases read, the later
    phases then keep the feature values they read of the types whose annotations are unchanged
    (the JAPE lattice's columns and dispatch masks) instead of reading them again. Stored as the
    function's ``changes_features`` attribute, which a registered action may set too."""
    fn.changes_features = False  # type: ignore[attr-defined]
    return fn


class ActionTable:
    """The actions a grammar may name: those of its actions file first, then the registered ones."""

    def __init__(self, own: Mapping[str, Callable[[ActionContext], None]] | None = None) -> None:
        self.own = dict(own or {})

    def __call__(self, name: str) -> Callable[[ActionContext], None] | None:
        return self.own.get(name) or get_action(name)

    def names(self) -> list[str]:
        return sorted(set(self.own) | set(action_names()))


def action_table(path: str | Path | None) -> ActionTable:
    """The table of a grammar whose actions file is ``path`` (None: the registered actions only)."""
    return ActionTable(None if path is None else load_actions_file(path).ACTIONS)


_LOADED: dict[Path, ModuleType] = {}
_LOADING = threading.Lock()
_NAMES = itertools.count(1)


def load_actions_file(path: str | Path) -> ModuleType:
    """The module of an actions file (a ``.py`` file or a package folder), imported once per
    resolved path; GrammarError E530-E532 naming the file when it cannot be used (a failed load
    is not kept: the next call tries again)."""
    resolved = Path(path).resolve()
    with _LOADING:
        if resolved not in _LOADED:
            _LOADED[resolved] = _import_actions(Path(path).absolute())
        return _LOADED[resolved]


def _import_actions(path: Path) -> ModuleType:
    # a name of its own per load: two corpora's "actions" packages never meet in sys.modules
    name = f"annotator_actions_{next(_NAMES)}"
    package = path.is_dir()
    source = path / "__init__.py" if package else path
    spec = importlib.util.spec_from_file_location(
        name, source, submodule_search_locations=[str(path)] if package else None) if source.is_file() else None
    if spec is None or spec.loader is None:
        reason = "not a Python file or a folder with an __init__.py" if path.exists() else "no such file or folder"
        raise GrammarError(coded("E530", reason=reason), path=path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # for the package's relative imports and dataclasses
    try:
        spec.loader.exec_module(module)
        actions = getattr(module, "ACTIONS", None)
        if not (isinstance(actions, Mapping) and all(isinstance(k, str) and callable(v) for k, v in actions.items())):
            raise GrammarError(coded("E532"), path=source)
    except Exception as exc:  # the file is the user's: any error in it is a load error, in one line
        for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[loaded]
        if isinstance(exc, GrammarError):
            raise
        if isinstance(exc, SyntaxError):
            raise GrammarError(coded("E531", error=f"SyntaxError: {exc.msg}"), path=exc.filename or source,
                               line=exc.lineno) from None
        raise GrammarError(coded("E531", error=f"{type(exc).__name__}: {exc}"),
                           **_place_in(exc, path if package else None, source)) from None
    return module


def _place_in(exc: Exception, folder: Path | None, source: Path) -> dict[str, Any]:
    """Where in the actions file (or, for a package, in any module of its ``folder``) the
    exception last went through: ``path`` and ``line`` (the file alone when it never did)."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        file = Path(frame.filename)
        if file == source or (folder is not None and folder in file.parents):
            return {"path": file, "line": frame.lineno}
    return {"path": source, "line": None}


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


def remove_bound(ctx: ActionContext) -> None:
    """Remove the bound annotations (of ``type`` only, when given) from the set holding them."""
    type_name = _typed(ctx, required=False)
    for ann in ctx.annotations:
        if type_name is None or ann.type == type_name:
            annset = _set_of(ctx, ann)
            if annset is not None:
                annset.remove(ann)


@output_only
def remove_contained(ctx: ActionContext) -> None:
    """Remove the output annotations of ``type`` strictly inside the bound span (not coextensive)."""
    type_name, span = _typed(ctx), ctx.span
    if span is None:
        return
    inner = [a for a in ctx.output.with_type(type_name).within(*span) if (a.start, a.end) != span]
    ctx.output.remove_all(inner)


@output_only
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


def set_feature(ctx: ActionContext) -> None:
    """Set feature ``name`` to ``value`` on the bound annotations (of ``type`` only, when given)."""
    type_name = _typed(ctx, required=False)
    name = ctx.params.get("name")
    if not name:
        raise ValueError(f"set_feature in rule {ctx.rule} needs a 'name' parameter")
    for ann in ctx.annotations:
        if type_name is None or ann.type == type_name:
            ann.features[str(name)] = ctx.params.get("value")
