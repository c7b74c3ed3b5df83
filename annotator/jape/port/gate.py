"""GATE's Java API, as much of it as ported right-hand sides call, over the document model.

The actions ``annotator jape port`` writes call these (``from annotator.jape.port import gate as J``)
where a Java call does more than a Python expression would: Java's ``null`` (a method called on
it fails, as a NullPointerException does), GATE's set queries, and String methods whose Python
look-alikes differ at the edges (``substring`` bounds, ``trim``, ``indexOf`` from a negative start).

Conventions: a GATE AnnotationSet is an annotation set or a query result of the document model
(iterated in document order: GATE's own order is its hash order, which the ported code takes as
document order, as ``:label.Type.feature`` does); a Node is its offset (an int); a FeatureMap is
the annotation's ``features`` dict, shared, not copied, by ``add`` (GATE keeps the map it is given);
string offsets are code points (GATE's are UTF-16 units: they differ only outside the BMP).
"""

from __future__ import annotations

import logging
from bisect import bisect_left, bisect_right
from functools import lru_cache
from typing import Any, Iterable

import regex

from annotator.document import Annotation, AnnotationSet, AnnotationView, TypeView
from annotator.index import document_order
from annotator.jape.values import clean_string

log = logging.getLogger("annotator")


class JavaError(RuntimeError):
    """What a Java exception becomes: ``NullPointerException: ...`` and the like."""


class NumberFormatException(JavaError, ValueError):
    pass


class InvalidOffsetException(JavaError):
    pass


def npe(what: str) -> JavaError:
    return JavaError(f"NullPointerException: {what} is null")


def nn(value: Any, what: str) -> Any:
    """``value``, or a NullPointerException naming ``what`` when it is null."""
    if value is None:
        raise npe(what)
    return value


def bound(ctx: Any, label: str) -> AnnotationView | None:
    """``bindings.get(label)``: the annotations bound to ``label``, None when it bound nothing."""
    anns = ctx.bindings.get(label)
    return AnnotationView(list(anns)) if anns else None


def items(anns: Any, what: str = "annotation set") -> list[Annotation]:
    """The annotations of a set or list, in its order (a snapshot)."""
    return list(nn(anns, what))


class Iter:
    """A Java Iterator over a snapshot of a collection."""

    def __init__(self, collection: Any, what: str = "collection") -> None:
        self._items = list(nn(collection, what))
        self._i = 0

    def has_next(self) -> bool:
        return self._i < len(self._items)

    def next(self) -> Any:
        if self._i >= len(self._items):
            raise JavaError("NoSuchElementException: the iterator has no more elements")
        self._i += 1
        return self._items[self._i - 1]


def size(collection: Any, what: str = "collection") -> int:
    return len(nn(collection, what))


def _view(anns: Iterable[Annotation]) -> AnnotationView:
    return AnnotationView(list(anns))


def _queries(anns: Any) -> Any:
    """A set or query result as itself (it answers range queries from its index), a list as a view."""
    anns = nn(anns, "annotation set")
    return anns if isinstance(anns, (AnnotationSet, AnnotationView, TypeView)) else _view(anns)


def _of_type(anns: Any, type_name: str | None) -> Any:
    """The annotations of ``type_name`` (all when None) of a set or list, answering range queries:
    a type's own index, not the set's index of every type (rebuilt after every add)."""
    anns = _queries(anns)
    return anns if type_name is None else anns.with_type(type_name)


def get_type(anns: Any, type_name: str, constraints: dict | None = None) -> AnnotationView:
    """``set.get(type)`` / ``set.get(type, constraints)``: the annotations of that type (whose
    features include every constraint), an empty set when there is none."""
    found = list(_queries(anns).with_type(type_name))
    if constraints:
        found = [a for a in found if all(k in a.features and a.features[k] == v for k, v in constraints.items())]
    return _view(found)


def get_at(anns: Any, offset: int) -> AnnotationView:
    """``set.get(offset)``: the annotations starting at the first start offset at or after it.
    On a whole set, read from its per-type indexes, which an action adding annotations of another
    type leaves as they are (the set's index of all types is rebuilt after every add)."""
    anns = _queries(anns)
    nn(offset, "offset")
    if not isinstance(anns, AnnotationSet):
        first = anns.next(offset)
        return _view([]) if first is None else _view(anns.starting_at(first.start))
    firsts = {}
    for type_name in anns.types():
        starts, ordered = anns.in_order(type_name)
        i = bisect_left(starts, offset)
        if i < len(starts):
            firsts[type_name] = (starts[i], i, starts, ordered)
    if not firsts:
        return _view([])
    first = min(found[0] for found in firsts.values())
    at_first = []
    for start, i, starts, ordered in firsts.values():
        if start == first:
            at_first.extend(ordered[i:bisect_right(starts, first, i)])
    return _view(sorted(at_first, key=document_order))


def get_overlapping(anns: Any, type_name: str | None, start: int, end: int) -> AnnotationView:
    """``set.get([type,] start, end)``: the annotations starting in ``[start, end)`` or starting
    before ``start`` and ending after it."""
    nn(start, "start offset"), nn(end, "end offset")
    return _view(a for a in _of_type(anns, type_name).overlapping(start, max(start, end))
                 if start <= a.start < end or a.start < start < a.end)


def get_contained(anns: Any, type_name: str | None, start: int, end: int) -> AnnotationView:
    """``set.getContained(start, end)`` (and ``gate.Utils.getContainedAnnotations``): the
    annotations inside ``[start, end]``."""
    nn(start, "start offset"), nn(end, "end offset")
    return _view(a for a in _of_type(anns, type_name).within(start, max(start, end))
                 if start <= a.start and a.end <= end)


def get_covering(anns: Any, type_name: str | None, start: int, end: int) -> AnnotationView:
    """``set.getCovering(type, start, end)``: the annotations that contain ``[start, end]``."""
    nn(start, "start offset"), nn(end, "end offset")
    return _view(a for a in _of_type(anns, type_name).covering(start, max(start, end))
                 if a.start <= start and end <= a.end)


def first_node(anns: Any) -> int | None:
    """``set.firstNode()``: the smallest start offset (None for an empty set)."""
    return min((a.start for a in nn(anns, "annotation set")), default=None)


def last_node(anns: Any) -> int | None:
    """``set.lastNode()``: the largest end offset (None for an empty set)."""
    return max((a.end for a in nn(anns, "annotation set")), default=None)


def start(item: Any) -> int:
    """``gate.Utils.start``: an annotation's start, or a set's first node."""
    item = nn(item, "annotation")
    return item.start if isinstance(item, Annotation) else nn(first_node(item), "first node")


def end(item: Any) -> int:
    item = nn(item, "annotation")
    return item.end if isinstance(item, Annotation) else nn(last_node(item), "last node")


def add(annset: AnnotationSet, start: int | None, end: int | None, type_name: str, features: dict | None) -> int:
    """``set.add(start, end, type, features)``: the new annotation's id. The annotation keeps
    ``features`` itself, as GATE does (a later ``put`` on the map changes it)."""
    nn(start, "start node"), nn(end, "end node")
    if not 0 <= start <= end <= len(annset.document.text if annset.document is not None else ""):
        raise InvalidOffsetException(f"InvalidOffsetException: offsets {start}-{end}")
    ann = annset.add(type_name, start, end, features)
    if features is not None:
        ann.features = features
    return ann.id


def add_ann(annset: AnnotationSet, span: Any, type_name: str, features: dict | None) -> int:
    """``gate.Utils.addAnn(set, annotation or set, type, features)``: over that span."""
    return add(annset, start(span), end(span), type_name, features)


def remove(annset: AnnotationSet, ann: Any) -> bool:
    """``set.remove(annotation)``: whether it was there."""
    if ann in annset:
        annset.remove(ann)
        return True
    return False


def remove_all(annset: AnnotationSet, anns: Any) -> bool:
    """``set.removeAll(collection)``: removes those that are in the set; whether any was."""
    removed = False
    for ann in items(anns):
        removed = remove(annset, ann) or removed
    return removed


def in_document_order(anns: Any) -> list[Annotation]:
    """``gate.Utils.inDocumentOrder``: a list sorted by start offset."""
    return sorted(items(anns), key=lambda a: a.start)


def at(values: list, index: int) -> Any:
    """``list.get(index)``, failing out of bounds as Java does (no negative indexes)."""
    if not 0 <= index < len(nn(values, "list")):
        raise JavaError(f"IndexOutOfBoundsException: index {index}, size {len(values)}")
    return values[index]


def string_for(doc: Any, item: Any, end_offset: int | None = None) -> str:
    """``gate.Utils.stringFor(doc, annotation or set)`` or ``(doc, start, end)``."""
    if end_offset is None:
        begin, finish = start(item), end(item)
    else:
        begin, finish = nn(item, "start offset"), end_offset
    if not 0 <= begin <= finish <= len(doc.text):
        raise JavaError(f"InvalidOffsetException: offsets {begin}-{finish}")
    return doc.text[begin:finish]


def clean_string_for(doc: Any, item: Any, end_offset: int | None = None) -> str:
    """``gate.Utils.cleanStringFor``: :func:`string_for` with blanks squeezed and trimmed."""
    return clean_string(string_for(doc, item, end_offset))


def length(item: Any) -> int:
    """``gate.Utils.length(annotation or set)``."""
    return end(item) - start(item)


# ---------------------------------------------------------------- Java's Object and String methods
def equals(value: Any, other: Any, what: str = "value") -> bool:
    return nn(value, what) == other and type(value) is type(other)


def equals_ignore_case(value: str, other: Any) -> bool:
    """``String.equalsIgnoreCase``: character by character, as Java compares them."""
    nn(value, "string")
    if not isinstance(other, str) or len(other) != len(value):
        return False
    for a, b in zip(value, other):
        if a != b and a.upper() != b.upper() and a.upper().lower() != b.upper().lower():
            return False
    return True


_JAVA_BLANKS = "".join(map(chr, range(33)))


def trim(value: str) -> str:
    """``String.trim``: strips the characters up to U+0020 (not every Unicode space)."""
    return nn(value, "string").strip(_JAVA_BLANKS)


def substring(value: str, begin: int, finish: int | None = None) -> str:
    value = nn(value, "string")
    finish = len(value) if finish is None else finish
    if not 0 <= begin <= finish <= len(value):
        raise JavaError(f"StringIndexOutOfBoundsException: begin {begin}, end {finish}, length {len(value)}")
    return value[begin:finish]


def index_of(value: str, part: str, since: int = 0) -> int:
    return nn(value, "string").find(nn(part, "string"), max(since, 0))


def last_index_of(value: str, part: str) -> int:
    return nn(value, "string").rfind(nn(part, "string"))


def char_at(value: str, index: int) -> str:
    value = nn(value, "string")
    if not 0 <= index < len(value):
        raise JavaError(f"StringIndexOutOfBoundsException: index {index}, length {len(value)}")
    return value[index]


def capitalize(value: str | None) -> str | None:
    """Apache Commons' ``StringUtils.capitalize``: the first character in title case (Java's
    one-character mapping: a character whose title case is longer stays), null stays null."""
    if not value:
        return value
    title = value[0].title()
    return (title if len(title) == 1 else value[0]) + value[1:]


def jstr(value: Any) -> str:
    """``String.valueOf(value)``: what ``"..." + value`` appends (null gives ``"null"``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int)):
        return str(value)
    raise JavaError(f"cannot give the Java string of a {type(value).__name__} value")


def to_string(value: Any, what: str = "value") -> str:
    """``value.toString()`` (a NullPointerException for null)."""
    return jstr(nn(value, what))


_CASTS: dict[str, type | tuple] = {"String": str, "Long": int, "Boolean": bool, "Annotation": Annotation,
                                   "FeatureMap": dict, "AnnotationSet": (AnnotationSet, AnnotationView, TypeView),
                                   "List": list}


def cast(value: Any, java: str) -> Any:
    """``(Type) value``: the value, or a ClassCastException when it is not null and not of that type."""
    kind = _CASTS[java]
    if value is not None and (not isinstance(value, kind) or (isinstance(value, bool) and kind is int)):
        raise JavaError(f"ClassCastException: a {type(value).__name__} value is not a {java}")
    return value


_INT = regex.compile(r"[+-]?[0-9]+")


def parse_int(text: str, bits: int = 32) -> int:
    """``Integer.parseInt`` / ``Long.parseLong`` (``bits`` 64): ASCII digits, an optional sign."""
    if text is None or not _INT.fullmatch(text):
        raise NumberFormatException(f'NumberFormatException: For input string: "{text}"')
    value = int(text)
    if not -(1 << (bits - 1)) <= value < (1 << (bits - 1)):
        raise NumberFormatException(f'NumberFormatException: For input string: "{text}"')
    return value


@lru_cache(maxsize=256)
def _pattern(pattern: str) -> regex.Pattern:
    return regex.compile(pattern, regex.ASCII | regex.V0)


def matches(value: str, pattern: str) -> bool:
    """``String.matches``: the whole string matches (the pattern compiled with ASCII classes, as
    Java's are by default)."""
    return _pattern(pattern).fullmatch(nn(value, "string")) is not None


def idiv(a: int, b: int) -> int:
    """Java's integer ``/``: truncates toward zero."""
    if b == 0:
        raise JavaError("ArithmeticException: / by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def irem(a: int, b: int) -> int:
    """Java's integer ``%``: the sign of the dividend."""
    return a - idiv(a, b) * b


def print_stack_trace(exc: BaseException) -> None:
    """``e.printStackTrace()``: logged as a warning."""
    log.warning("ported Java action: %s: %s", type(exc).__name__, exc)
