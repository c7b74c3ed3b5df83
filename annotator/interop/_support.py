"""What the interop conversions share: their optional libraries, imported when a conversion is
first called, input checks, copies of feature values, and adding what came back (ids kept where
free, relations restored).

``import annotator.interop`` imports none of the libraries: each conversion asks :func:`require`
for its library, which names the extra to install (E930) when it is missing.
"""

from __future__ import annotations

import copy
import importlib
from types import ModuleType
from typing import Any, Mapping

from annotator.document import Document
from annotator.errors import AnnotatorError, coded, log


class MissingExtra(AnnotatorError, ImportError):
    """An optional library of a conversion is not installed (E930 names the extra)."""


def require(module: str, extra: str, what: str) -> ModuleType:
    """The module ``module``, imported; :class:`MissingExtra` naming ``annotator[extra]`` when it
    cannot be imported. ``what`` names the conversion in the message."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtra(coded("E930", what=what, package=module.partition(".")[0], extra=extra)) from None


def check_type(value: object, cls: type, expected: str) -> None:
    """E932 when ``value`` is not an instance of ``cls`` (described to the user as ``expected``)."""
    if not isinstance(value, cls):
        raise AnnotatorError(coded("E932", expected=expected, got=type(value).__name__))


_SCALARS = frozenset((str, int, float, bool, type(None)))


def copy_value(value: Any) -> Any:
    """A deep copy of a JSON-like value (dicts, lists and tuples copied, scalars shared): the
    converted documents share no mutable value. Faster than :func:`copy.deepcopy` on the many
    small feature maps of token annotations."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return {k: copy_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(map(copy_value, value))
    return copy.deepcopy(value)


def copy_features(features: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of a feature map (any mapping) as a dict."""
    return {k: v if type(v) in _SCALARS else copy_value(v) for k, v in features.items()}


def portable_relations(doc: Document, names: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The relations of the sets ``names`` of ``doc`` whose members are all in those sets, as
    ``{set name: [{"id", "type", "members", "features"}, ...]}`` (copies; sets without such
    relations left out): what a conversion of those sets can carry and restore."""
    kept = {a.id for name in names for a in doc.annset(name)}
    portable = {}
    for name in names:
        rels = [{"id": r.id, "type": r.type, "members": list(r.members), "features": copy_features(r.features)}
                for r in doc.annset(name).relations.values() if kept.issuperset(r.members)]
        if rels:
            portable[name] = rels
    return portable


Item = tuple[str, "int | None", str, int, int, dict[str, Any]]  # set name, wanted id, type, start, end, features


def add_annotations(doc: Document, items: list[Item], source: str) -> dict[str, dict[int, int]]:
    """Add ``items`` to ``doc`` (features taken over), each with its wanted id where no other
    annotation has it, else (and for None) with a fresh id given after all the kept ones; one
    warning E931 counts the wanted ids that were taken. Returns, per set, wanted id -> new id of
    the renumbered annotations (what relations between them must follow)."""
    pending = []
    for item in items:
        name, wanted, type_, start, end, features = item
        if wanted is None or doc.has_annotation(wanted):
            pending.append(item)
        else:
            doc.annset(name).add(type_, start, end, features, id=wanted)
    renumbered: dict[str, dict[int, int]] = {}
    for name, wanted, type_, start, end, features in pending:
        added = doc.annset(name).add(type_, start, end, features)
        if wanted is not None:
            renumbered.setdefault(name, {})[wanted] = added.id
    if renumbered:
        log.warning("%s", coded("E931", count=sum(map(len, renumbered.values())), source=source,
                                sets=sorted(renumbered)))
    return renumbered


def add_relations(doc: Document, relations: Mapping[str, list[dict[str, Any]]], renumbered: dict[str, dict[int, int]]) -> None:
    """Add relations in the layout of :func:`portable_relations` to ``doc``, members following
    ``renumbered`` (then all relations get fresh ids, as theirs may be taken); a relation with a
    member no longer in the document (a span removed in spaCy) is left out."""
    for name, rels in relations.items():
        renamed = renumbered.get(name, {})
        for rel in rels:
            members = [renamed.get(m, m) for m in rel["members"]]
            if all(doc.has_annotation(m) for m in members):
                doc.annset(name).add_relation(rel["type"], members, copy_features(rel.get("features") or {}),
                                              id=None if renumbered else rel.get("id"))
