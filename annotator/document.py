"""The document model: Document, Annotation, AnnotationSet, Relation and query views.

A :class:`Document` holds an immutable text, features and named annotation sets. Offsets are
Python code points, ``end`` is exclusive. Every range query goes through an
:class:`~annotator.index.IntervalIndex`, built per annotation type on the first query after a
change; results are :class:`AnnotationView` objects in document order (start, longer first, id).
The semantics of zero-length annotations are those documented in :mod:`annotator.index`.
This module does no I/O and knows no format or processing resource.
"""

from __future__ import annotations

import math
import weakref
from bisect import bisect_right
from itertools import chain, compress, repeat
from operator import attrgetter, eq, le
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from annotator.errors import DocumentError, coded
from annotator.gc_pause import gc_paused
from annotator.index import IntervalIndex, document_order

_SCALARS = (str, int, float, bool, type(None))


def _check_jsonable(name: str, value: Any) -> None:
    if isinstance(value, _SCALARS):
        if isinstance(value, float) and not math.isfinite(value):
            raise DocumentError(coded("E005", name=name, value=value))
        return
    if isinstance(value, (list, tuple)):
        for item in value:
            _check_jsonable(name, item)
        return
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        for item in value.values():
            _check_jsonable(name, item)
        return
    raise DocumentError(coded("E005", name=name, value=value))


def _check_features(features: Mapping[str, Any]) -> None:
    for name, value in features.items():
        if not isinstance(name, str):
            raise DocumentError(coded("E005", name=name, value=value))
        if type(value) is not str and type(value) is not int:
            _check_jsonable(name, value)


def _checked_features(features: Mapping[str, Any] | None) -> dict[str, Any]:
    """A checked copy of ``features`` (an empty dict for ``None``)."""
    if not features:
        return {}
    out = dict(features)
    _check_features(out)
    return out


def _check_type(type: Any) -> None:
    if type.__class__ is not str or not type:
        raise DocumentError(coded("E003", type=type))


def _check_span(start: Any, end: Any, length: int) -> None:
    """Raise the error for a span that is not ``0 <= start <= end <= length`` in integers."""
    if start.__class__ is int and end.__class__ is int and 0 <= start <= end <= length:
        return
    if not (isinstance(start, int) and isinstance(end, int)) or isinstance(start, bool) or isinstance(end, bool):
        raise DocumentError(coded("E007", start=start, end=end))
    if start > end:
        raise DocumentError(coded("E002", start=start, end=end))
    if start < 0 or end > length:
        raise DocumentError(coded("E001", start=start, end=end, length=length))


def _check_item(type: Any, start: Any, end: Any, features: Any, length: int, check_spans: bool,
                check_features: bool) -> None:
    """Raise the error of one ``(type, start, end, features)`` item of a bulk add, if any: the
    checks of :meth:`AnnotationSet.add`, in the same order."""
    if check_spans:
        _check_type(type)
        _check_span(start, end, length)
    if check_features:
        _check_features(features)


def _columns_valid(types: Sequence[Any], starts: Sequence[Any], ends: Sequence[Any], features: Sequence[Any],
                   length: int, check_spans: bool, check_features: bool) -> bool:
    """Whether every item of a bulk add passes :func:`_check_item`, tested column by column in
    C-level loops (``set``, ``map``, ``min``)."""
    if not types:
        return True
    if check_spans:
        try:
            distinct = set(types)
        except TypeError:  # an unhashable type: the item checks name it
            return False
        if not all(t.__class__ is str and t for t in distinct):
            return False
        if {*map(type, starts), *map(type, ends)} != {int}:  # exactly int (not bool, not float)
            return False
        if min(starts) < 0 or max(ends) > length or not all(map(le, starts, ends)):
            return False
    if check_features:
        try:
            for item in features:
                _check_features(item)
        except DocumentError:
            return False
    return True


def _valid_prefix(types: Sequence[Any], starts: Sequence[Any], ends: Sequence[Any], features: Sequence[Any],
                  length: int, check_spans: bool, check_features: bool) -> int:
    """The number of items before the first one that fails :func:`_check_item` (all when none does)."""
    if _columns_valid(types, starts, ends, features, length, check_spans, check_features):
        return len(types)
    for i, item in enumerate(zip(types, starts, ends, features)):
        try:
            _check_item(*item, length, check_spans, check_features)
        except DocumentError:
            return i
    return len(types)


class Annotation:
    """A typed span ``[start, end)`` of the document text with features.

    ``id``, ``type``, ``start`` and ``end`` are fixed once the annotation exists; ``features`` is
    a plain dict that may be changed.
    """

    __slots__ = ("_id", "_type", "_start", "_end", "features")

    def __init__(self, id: int, type: str, start: int, end: int, features: dict[str, Any]) -> None:
        self._id = id
        self._type = type
        self._start = start
        self._end = end
        self.features = features

    # Read-only attributes; a C getter (attrgetter) is read faster than a Python function.
    id = property(attrgetter("_id"), doc="The id, unique in the document (int).")
    type = property(attrgetter("_type"), doc="The annotation type (str).")
    start = property(attrgetter("_start"), doc="The start offset (int).")
    end = property(attrgetter("_end"), doc="The end offset, exclusive (int).")

    @property
    def length(self) -> int:
        return self._end - self._start

    @property
    def span(self) -> tuple[int, int]:
        return (self._start, self._end)

    def __repr__(self) -> str:
        return f"Annotation({self._id}, {self._type!r}, {self._start}, {self._end}, {self.features!r})"


class Relation:
    """A typed relation between annotations of one set (GATE's RelationSet, brat's R/E/*)."""

    __slots__ = ("id", "type", "members", "features")

    def __init__(self, id: int, type: str, members: list[int], features: dict[str, Any]) -> None:
        self.id = id
        self.type = type
        self.members = members
        self.features = features

    def __repr__(self) -> str:
        return f"Relation({self.id}, {self.type!r}, {self.members!r}, {self.features!r})"


#: ``start_of(a)`` and ``end_of(a)`` are ``a.start`` and ``a.end`` read by C getters of the slots,
#: without the property: for ``map`` over the annotations of a type (the JAPE lattice's columns).
start_of, end_of = attrgetter("_start"), attrgetter("_end")


class _Queries:
    """The query API shared by sets and views, written against ``_parts()``: the interval
    indexes whose union is this collection."""

    def _parts(self) -> list[IntervalIndex]:
        raise NotImplementedError

    def _collect(self, query: str, *args: int) -> "AnnotationView":
        parts = self._parts()
        if len(parts) == 1:
            return AnnotationView(getattr(parts[0], query)(*args))
        found: list[Annotation] = []
        for index in parts:
            found.extend(getattr(index, query)(*args))
        found.sort(key=document_order)
        return AnnotationView(found)

    def covering(self, start: int, end: int | None = None) -> "AnnotationView":
        """Annotations that contain ``[start, end)`` (``end`` defaults to ``start``)."""
        return self._collect("covering", start, start if end is None else end)

    def within(self, start: int, end: int) -> "AnnotationView":
        """Annotations inside ``[start, end)``."""
        return self._collect("within", start, end)

    def overlapping(self, start: int, end: int) -> "AnnotationView":
        """Annotations that share at least one position with ``[start, end)``."""
        return self._collect("overlapping", start, end)

    def at(self, offset: int) -> "AnnotationView":
        """Annotations over position ``offset`` (``start <= offset < end``) or sitting at it."""
        return self._collect("overlapping", offset, offset)

    def starting_at(self, offset: int) -> "AnnotationView":
        return self._collect("starting_at", offset)

    def ending_at(self, offset: int) -> "AnnotationView":
        return self._collect("ending_at", offset)

    def starting_in(self, start: int, end: int) -> "AnnotationView":
        """Annotations whose start lies in ``[start, end)``."""
        return self._collect("starting_in", start, end)

    def next(self, after: "Annotation | int") -> Annotation | None:
        """The first annotation (document order) starting at or after ``after``: an offset, or an
        annotation's end (the annotation itself is never returned)."""
        offset, exclude = (after, None) if isinstance(after, int) else (after.end, after)
        found = [a for a in (ix.next_after(offset, exclude) for ix in self._parts()) if a is not None]
        return min(found, key=document_order, default=None)

    def previous(self, before: "Annotation | int") -> Annotation | None:
        """The annotation ending at or before ``before`` (an offset, or an annotation's start) with
        the largest end, latest start on ties (the annotation itself is never returned)."""
        offset, exclude = (before, None) if isinstance(before, int) else (before.start, before)
        found = [a for a in (ix.last_before(offset, exclude) for ix in self._parts()) if a is not None]
        return max(found, key=lambda a: (a.end, a.start, a.id), default=None)

    def with_features(self, features: Mapping[str, Any] | None = None, **kwargs: Any) -> "AnnotationView":
        """Annotations whose features include all the given name/value pairs."""
        wanted = {**(features or {}), **kwargs}
        return self.filter(lambda a: all(k in a.features and a.features[k] == v for k, v in wanted.items()))

    def having_features(self, *names: str) -> "AnnotationView":
        """Annotations that have every one of the named features, whatever the value."""
        return self.filter(lambda a: all(n in a.features for n in names))

    def filter(self, predicate: Callable[[Annotation], bool]) -> "AnnotationView":
        return AnnotationView([a for a in self if predicate(a)])

    def __iter__(self) -> Iterator[Annotation]:
        raise NotImplementedError

    def first(self) -> Annotation | None:
        return next(iter(self), None)

    def last(self) -> Annotation | None:
        items = list(self)
        return items[-1] if items else None

    def types(self) -> set[str]:
        return {a.type for a in self}

    def spans(self) -> list[tuple[int, int]]:
        return [(a.start, a.end) for a in self]


class AnnotationView(_Queries):
    """A read-only query result: annotations in document order, queryable again."""

    __slots__ = ("_items", "_index")

    def __init__(self, items: list[Annotation]) -> None:
        self._items = items
        self._index: IntervalIndex | None = None

    def _parts(self) -> list[IntervalIndex]:
        if self._index is None:
            self._index = IntervalIndex(self._items)
        return [self._index]

    def __iter__(self) -> Iterator[Annotation]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __getitem__(self, i: int) -> Annotation:
        return self._items[i]

    def __contains__(self, ann: object) -> bool:
        return any(a is ann for a in self._items)

    def with_type(self, *types: str) -> "AnnotationView":
        wanted = set(types)
        return AnnotationView([a for a in self._items if a.type in wanted])

    def __repr__(self) -> str:
        return f"AnnotationView({self._items!r})"


class TypeView(_Queries):
    """The annotations of some types of a set; a live view answered from per-type indexes."""

    __slots__ = ("_set", "_types")

    def __init__(self, annset: "AnnotationSet", types: tuple[str, ...]) -> None:
        self._set = annset
        self._types = types

    def _parts(self) -> list[IntervalIndex]:
        return [self._set._type_index(t) for t in self._types if t in self._set._by_type]

    def __iter__(self) -> Iterator[Annotation]:
        parts = self._parts()
        if len(parts) == 1:
            return iter(parts[0].ordered)
        return iter(sorted((a for p in parts for a in p.ordered), key=document_order))

    def unordered(self) -> Iterator[Annotation]:
        """The annotations in no particular order, without building an index (for bulk readers)."""
        return chain.from_iterable(self._set._by_type.get(t, {}).values() for t in self._types)

    def edges(self) -> tuple[set[int], set[int]]:
        """The start offsets and the end offsets of the annotations, as two sets (what a whole-word
        matcher checks), read off the types' indexes: the starts are a list there already, and an
        index a set keeps (Tokens, read by every grammar) is made once."""
        starts: set[int] = set()
        ends: set[int] = set()
        for index in self._parts():
            starts.update(index.starts)
            ends.update(map(end_of, index.ordered))
        return starts, ends

    def __len__(self) -> int:
        return sum(len(self._set._by_type.get(t, ())) for t in self._types)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __contains__(self, ann: object) -> bool:
        return isinstance(ann, Annotation) and ann.type in self._types and ann in self._set

    def with_type(self, *types: str) -> "TypeView":
        return TypeView(self._set, tuple(t for t in types if t in self._types))

    def __repr__(self) -> str:
        return f"TypeView({self._set.name!r}, {self._types!r}, {len(self)} annotations)"


class _Ids:
    """The ids of one document's annotations and relations: those in use and the next free one.

    Shared by a document and its sets. A set holds this and the text, and refers to its document
    only weakly: without a reference cycle, a document and all its annotations are freed by
    reference counting when the last reference to it goes, not by the cyclic garbage collector
    (whose passes over many annotations are slow).

    Ids handed out in order (``claim(None)``, :meth:`claim_many`) are kept as runs of consecutive
    ids, not one by one: a tokenizer claims a thousand at once, and a set of them was
    measurably slower. An id is in use when it lies in a run and was not released, or was
    claimed by number (``named``). Every id in use is below ``next``.
    """

    __slots__ = ("next", "run_starts", "run_ends", "released", "named")

    def __init__(self) -> None:
        self.next = 0
        self.run_starts: list[int] = []  # runs [start, end) of ids handed out in order, ascending
        self.run_ends: list[int] = []
        self.released: set[int] = set()  # ids of runs no longer in use
        self.named: set[int] = set()  # ids claimed by number, outside the runs (or released from one)

    def in_use(self, ann_id: int) -> bool:
        if ann_id in self.named:
            return True
        run = bisect_right(self.run_starts, ann_id) - 1
        return run >= 0 and ann_id < self.run_ends[run] and ann_id not in self.released

    def claim(self, wanted: int | None) -> int:
        """Claim ``wanted`` (an error if taken or not an int >= 0), or the next free id for None."""
        if wanted is None:
            new = self.next
            self._hand_out(new + 1)
            return new
        if wanted.__class__ is not int or wanted < 0 or self.in_use(wanted):
            raise DocumentError(coded("E004", id=wanted))
        if wanted in self.released:
            self.released.discard(wanted)
        else:
            self.named.add(wanted)
        self.next = max(self.next, wanted + 1)
        return wanted

    def claim_many(self, n: int) -> list[int]:
        """Claim ``n`` new ids in increasing order: what ``n`` calls of ``claim(None)`` give."""
        start = self.next
        if n > 0:
            self._hand_out(start + n)
        # a list, not a range: the dicts and the annotations then share one int per id
        return list(range(start, self.next))

    def _hand_out(self, end: int) -> None:
        """Hand out the ids from ``next`` up to ``end``: a new run, or more of the last one."""
        if self.run_ends and self.run_ends[-1] == self.next:
            self.run_ends[-1] = end
        else:
            self.run_starts.append(self.next)
            self.run_ends.append(end)
        self.next = end

    def release(self, ann_id: int) -> None:
        if ann_id in self.named:
            self.named.discard(ann_id)
        else:
            self.released.add(ann_id)


class AnnotationSet(_Queries):
    """A named, mutable set of annotations over one document, plus relations between them.

    The set refers to its document weakly (see :class:`_Ids`): a set kept after its document
    is gone still works, but its ``document`` is then None.
    """

    def __init__(self, document: "Document", name: str = "") -> None:
        self._document = weakref.ref(document)
        self._text = document.text
        self._ids = document._ids
        self.name = name
        # the annotations by type, each by id (no dict of all by id: storing each annotation twice
        # slowed a tokenizer; a set has few types, so a lookup by id tries each)
        self._by_type: dict[str, dict[int, Annotation]] = {}
        self._type_indexes: dict[str, IntervalIndex] = {}
        self._all_parts: list[IntervalIndex] | None = None  # [index of every type], built lazily
        self.relations: dict[int, Relation] = {}

    @property
    def document(self) -> "Document | None":
        return self._document()

    # ------------------------------------------------------------------ changes
    def add(
        self,
        type: str,
        start: int,
        end: int,
        features: Mapping[str, Any] | None = None,
        id: int | None = None,
    ) -> Annotation:
        """Add an annotation and return it; ``id`` may be given (unique in the document)."""
        _check_type(type)
        _check_span(start, end, len(self._text))
        ann = Annotation(self._ids.claim(id), type, start, end, _checked_features(features))
        self._by_type.setdefault(type, {})[ann.id] = ann
        self._type_indexes.pop(type, None)
        self._all_parts = None
        return ann

    def add_many(self, items: Iterable[tuple[str, int, int, dict[str, Any]]], check_features: bool = True) -> None:
        """Add ``(type, start, end, features)`` tuples in one go, with new ids in the given order.

        The fast path for processing resources that make many annotations (gazetteer, sentence
        splitter): the same checks as :meth:`add` (the same ``_check_*`` functions), but the
        feature dicts are taken over, not copied, so the caller must pass a fresh dict per
        annotation. ``check_features=False`` skips the JSON-able check for callers whose features
        are str keys with str/int values by construction. On an error, the items before it stay
        added.
        """
        items = list(items)
        if items:
            types, starts, ends, features = zip(*items, strict=True)
            self.add_columns(types, starts, ends, features, check_features)

    def add_columns(self, types: Sequence[str], starts: Sequence[int], ends: Sequence[int],
                    features: Sequence[dict[str, Any]], check_features: bool = True,
                    check_spans: bool = True) -> None:
        """:meth:`add_many` with the items given as four parallel sequences (what a tokenizer
        has): annotation ``i`` is ``(types[i], starts[i], ends[i], features[i])``.

        Checks run over whole columns and annotations are made and stored by C-level loops
        (``map``, ``dict.update``), so the cost per annotation is little more than making it.
        ``check_spans=False`` skips the type and span checks for a caller that guarantees them
        (a tokenizer whose offsets are running sums of the lengths of a partition of the text).
        The cyclic garbage collector is paused meanwhile: the new objects hold no cycles, and
        collections triggered by the new annotations would walk them again and again.
        """
        if not len(types) == len(starts) == len(ends) == len(features):
            raise ValueError("add_columns: the four columns differ in length")
        length = len(self._text)
        with gc_paused():
            if check_spans or check_features:
                n = _valid_prefix(types, starts, ends, features, length, check_spans, check_features)
                if n < len(types):
                    self._store(types[:n], starts[:n], ends[:n], features[:n])
                    _check_item(types[n], starts[n], ends[n], features[n], length, check_spans,
                                check_features)  # raises
            self._store(types, starts, ends, features)

    def _store(self, types: Sequence[str], starts: Sequence[int], ends: Sequence[int],
               features: Sequence[dict[str, Any]]) -> None:
        """Make and store annotations from checked columns, with new ids in order."""
        if not types:
            return
        ids = self._ids.claim_many(len(types))
        made = list(map(Annotation, ids, types, starts, ends, features))
        distinct = dict.fromkeys(types)  # in order of first appearance
        for ann_type in distinct:
            of_type = self._by_type.setdefault(ann_type, {})
            if len(distinct) == 1:
                of_type.update(zip(ids, made))
            else:
                of_type.update(compress(zip(ids, made), map(eq, types, repeat(ann_type))))
            self._type_indexes.pop(ann_type, None)
        self._all_parts = None

    def add_all(self, annotations: Iterable[Annotation], keep_ids: bool = False) -> list[Annotation]:
        """Copy annotations (from any set or document) into this set; features are copied."""
        return [
            self.add(a.type, a.start, a.end, dict(a.features), a.id if keep_ids else None)
            for a in annotations
        ]

    def remove(self, ann: Annotation | int) -> None:
        ann_id = ann if isinstance(ann, int) else ann.id
        # an annotation is looked for under its type first (ids are unique in a document)
        found = None if isinstance(ann, int) else self._by_type.get(ann.type, {}).get(ann_id)
        if found is None:
            found = self.get(ann_id)
        if found is None:
            raise DocumentError(coded("E006", id=ann_id, set=self.name))
        del self._by_type[found.type][ann_id]
        if not self._by_type[found.type]:
            del self._by_type[found.type]
        self._type_indexes.pop(found.type, None)
        self._all_parts = None
        self._ids.release(ann_id)

    def remove_all(self, annotations: Iterable[Annotation]) -> None:
        for ann in list(annotations):
            self.remove(ann)

    def clear(self) -> None:
        for of_type in self._by_type.values():
            for ann_id in of_type:
                self._ids.release(ann_id)
        self._by_type.clear()
        self._type_indexes.clear()
        self._all_parts = None
        self.relations.clear()

    def add_relation(
        self, type: str, members: list[int], features: Mapping[str, Any] | None = None, id: int | None = None
    ) -> Relation:
        """Add a relation between annotations of this document (members are annotation ids)."""
        document = self._document()
        for member in members:
            if not (document.has_annotation(member) if document is not None else self.get(member) is not None):
                raise DocumentError(coded("E008", id=member))
        rel = Relation(self._ids.claim(id), type, list(members), _checked_features(features))
        self.relations[rel.id] = rel
        return rel

    # ------------------------------------------------------------------ access
    def get(self, ann_id: int) -> Annotation | None:
        for of_type in self._by_type.values():
            ann = of_type.get(ann_id)
            if ann is not None:
                return ann
        return None

    def __len__(self) -> int:
        return sum(map(len, self._by_type.values()))

    def __bool__(self) -> bool:
        return bool(self._by_type)

    def __contains__(self, ann: object) -> bool:
        return isinstance(ann, Annotation) and self._by_type.get(ann.type, {}).get(ann.id) is ann

    def __iter__(self) -> Iterator[Annotation]:
        return iter(self._parts()[0].ordered)

    def types(self) -> set[str]:
        return set(self._by_type)

    def with_type(self, *types: str) -> TypeView:
        """A live view of the annotations of the given types."""
        return TypeView(self, types)

    def _parts(self) -> list[IntervalIndex]:
        if self._all_parts is None:
            self._all_parts = [IntervalIndex(chain.from_iterable(map(dict.values, self._by_type.values())))]
        return self._all_parts

    def type_version(self, type: str) -> object:
        """An object that stays the same (compare with ``is``) while no annotation of ``type`` is
        added to or removed from the set, and is another one after such a change: lets a reader
        that keeps something derived from the annotations of a type (the JAPE lattice) know
        whether it still holds. Feature changes in place are not seen."""
        return self._type_index(type)

    def in_order(self, type: str) -> tuple[list[int], list[Annotation]]:
        """The start offsets and the annotations of ``type``, in document order: two parallel lists,
        the type's index's own (read only), for a bulk reader that would otherwise copy them (the
        JAPE lattice reads every Token of a document)."""
        index = self._type_index(type)
        return index.starts, index.ordered

    def _type_index(self, type: str) -> IntervalIndex:
        index = self._type_indexes.get(type)
        if index is None:
            index = self._type_indexes[type] = IntervalIndex(self._by_type.get(type, {}).values())
        return index

    def __repr__(self) -> str:
        return f"AnnotationSet({self.name!r}, {len(self)} annotations)"


class Document:
    """A text with features and named annotation sets (the default set is named ``""``)."""

    def __init__(self, text: str, name: str = "", features: Mapping[str, Any] | None = None) -> None:
        if not isinstance(text, str):
            raise DocumentError(coded("E009", got=type(text).__name__))
        self._text = text
        self.name = name
        self.features: dict[str, Any] = _checked_features(features)
        self._sets: dict[str, AnnotationSet] = {}
        self._ids = _Ids()

    @property
    def text(self) -> str:
        return self._text

    def __len__(self) -> int:
        return len(self._text)

    def annset(self, name: str = "") -> AnnotationSet:
        """The annotation set of that name, created empty when it does not exist yet."""
        annset = self._sets.get(name)
        if annset is None:
            annset = self._sets[name] = AnnotationSet(self, name)
        return annset

    def annset_names(self) -> list[str]:
        return list(self._sets)

    def has_annset(self, name: str) -> bool:
        return name in self._sets

    def remove_annset(self, name: str) -> None:
        self._sets.pop(name).clear()

    def covered_text(self, ann: Annotation) -> str:
        return self._text[ann.start : ann.end]

    def has_annotation(self, ann_id: int) -> bool:
        """Whether an annotation with that id is in one of the document's sets."""
        return any(s.get(ann_id) is not None for s in self._sets.values())

    def __repr__(self) -> str:
        sets = ", ".join(f"{n!r}: {len(s)}" for n, s in self._sets.items())
        return f"Document({self.name!r}, {len(self._text)} chars, sets {{{sets}}})"
