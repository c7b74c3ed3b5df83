"""Running compiled phases over a document: the annotation lattice and the control styles.

Per GATE's ``SinglePhaseTransducer``: a phase sees the non-empty annotations of its ``Input``
types (all types without ``Input``), grouped by start offset. A match starts at an offset that has
a visible annotation; after an element consumed annotations ending at ``e`` the next element is
tried at the first offset ``>= e`` holding a visible annotation (gaps and invisible types are
skipped). Every visible annotation starting there is a candidate: the automaton walks a lattice.

Speed: the lattice of a type (``{start: [annotations]}``) is built once per document and shared by
the phases until a phase writes that type, and by the next grammar run in the same thread on the
same set (the JAPE PRs of a pipeline; see :func:`lattice_of`), with what is derived from it: the
feature columns, and the dispatch keys (:func:`annotator.jape.compiler.dispatch_key`) holding at
each offset, read once for the phases that read the same types (one
:class:`annotator.jape.compiler.KeySpace`). At each offset only the rules whose first element can
match there are tried, so offsets where no rule can start cost nothing
(:class:`annotator.jape.compiler.StartPlan`: every key of a first element must hold, one key for
each of its feature tests that a missing feature fails); of those, a rule that needs a second
element is tried only when, for one of its first elements holding there, the key of one of the
elements that may follow it holds at the next visible offset after the end of an annotation
starting there; while walking, a transition is tested only where its keys hold; and, in the
phases with the option ``cuts = true``, a rule with a cut (keys every match passes within a
bounded number of elements, :mod:`annotator.jape.anchors`) only where an offset of its keys can
be reached (rules that walk runs of capitalised words to a rare head word). A type
that no first element of a phase reads (the Tokens of a grammar whose rules all start at a Lookup)
is looked up in the set's index only at the offsets its walks reach (:class:`Reached`), unless the
phase reads every annotation's span anyway.

Control styles at each start offset (``fireRule`` in GATE):
``appelt`` fires the longest match, then the highest priority, then the earliest rule (then the
path with fewest elements, then the first found); ``matchGroup`` also fires the other paths of
that rule over the same span. ``brill`` fires every match and resumes after the longest;
``all`` fires every match and resumes at the next offset; ``first`` fires the first match found
breadth-first (fewest elements, then rule order, then the order the pattern is written; Kleene
operators do not extend) and resumes after it; ``once`` is ``first`` but stops the phase after one
firing (its rules are tried at each offset in turn, without the dispatch above: :meth:`PhaseRun.run_once`).
"""

from __future__ import annotations

import logging
import threading
import weakref
from bisect import bisect_left, bisect_right
from collections import defaultdict, deque
from functools import cached_property
from itertools import chain, compress, islice, repeat
from operator import and_, attrgetter, eq, is_, lt, methodcaller, ne, or_
from typing import Any, Callable

from annotator.document import end_of
from annotator.errors import AnnotatorError, coded
from annotator.gc_pause import gc_paused
from annotator.jape.anchors import distances
from annotator.jape.compiler import CompiledPhase, CompiledRule, Dispatch, Inputs
from annotator.jape.lexer import error_at
from annotator.jape.rhs import CHANGED, Match, bindings_of

log = logging.getLogger("annotator.jape")
_EMPTY: dict = {}
_PLAIN = {str, int, type(None)}  # feature values dispatch reads with one C-level lookup each
_FEATURES = attrgetter("features")
_NOWHERE = 1 << 62  # the next offset after the last one (an offset no annotation starts at)
_ANCHORED_SIZE = 64  # documents with fewer visible offsets are not anchored (PhaseRun.anchored)

# a candidate match: (end offset, number of elements, bindings chain, rule)
Candidate = tuple
# trace(phase, p, candidates, fired): called at each offset p where rules of the phase are tried,
# those dispatch and cuts let through, with their candidates there (perhaps none) and those fired
Trace = Callable[[CompiledPhase, int, list, list], None]


def _value_masks(by_value: Any, values: list, distinct: set | None) -> list[int]:
    """The mask of each of ``values`` (a feature's column) by ``by_value``'s dispatch: for plain
    values, the usual case (``distinct``: the set of them, :meth:`Lattice.distinct`), one call per
    distinct value not in its memo yet, then one C-level lookup each; ``mask_of`` on each for the rest."""
    if distinct is None:
        return list(map(by_value.mask_of, values))
    masks = dict(zip(distinct, map(by_value.memo.get, distinct)))
    for value in [value for value, mask in masks.items() if mask is None]:
        masks[value] = by_value.mask_of(value)
    return list(map(masks.__getitem__, values))


def _same_values(now: list, before: list) -> bool:
    """Whether a feature column read again holds the same values: the same objects (one C-level
    pass: features not changed), or equal ones of the same classes (1 == 1.0 == True, which
    dispatch tells apart)."""
    if len(now) != len(before):
        return False
    if all(map(is_, now, before)):
        return True
    if now != before:
        return False
    if _PLAIN.issuperset(map(type, now)) and _PLAIN.issuperset(map(type, before)):
        return True
    return list(map(type, now)) == list(map(type, before))


def _merged(columns: list[tuple[list[int], list[int]]]) -> dict[int, int]:
    """``{offset: the masks at it or-ed}`` from ``(starts, masks)`` columns (one a type, sorted by
    start), in C-level passes but for the annotations of a column that start together; the longest
    column first, so that the shorter ones are merged into it."""
    out: dict[int, int] = {}
    for starts, masks in sorted(columns, key=lambda column: -len(column[0])):
        found = dict(zip(starts, masks))  # the last of the annotations starting together wins ...
        if len(found) < len(starts):  # ... so the others are or-ed in
            for i in compress(range(len(starts) - 1), map(eq, starts, islice(starts, 1, None))):
                found[starts[i]] |= masks[i]
        if not out:
            out = found
        else:
            out.update(zip(found, map(or_, map(out.get, found, repeat(0)), found.values())))
    return out


class Reached:
    """The non-empty annotations of one type read from the set's index (two parallel lists in
    document order, :meth:`~annotator.document.AnnotationSet.in_order`) at the offsets asked for:
    ``table``, ``{start: annotations}`` as :meth:`Lattice.at`, holds those found so far. For a type
    that no first element of a phase reads (the Tokens of a grammar whose rules all start at a
    Lookup), tested only where a walk reaches: :class:`NextStarts` fills the table in at each
    offset it finds. Building the whole table cost such a phase more than its walks."""

    __slots__ = ("table", "_starts", "_anns")

    def __init__(self, starts: list[int], anns: list) -> None:
        self.table: dict[int, list | tuple] = {}
        self._starts, self._anns = starts, anns

    def next_start(self, pos: int) -> int:
        """The first offset ``>= pos`` where an annotation starts (:data:`_NOWHERE`: none), with
        its annotations entered in :attr:`table`."""
        if pos in self.table:  # often: entered as the next start after an earlier offset
            return pos
        starts, anns = self._starts, self._anns
        n = len(starts)
        i = bisect_left(starts, pos)
        while i < n:
            q = starts[i]
            if i + 1 == n or starts[i + 1] != q:  # one starts there (the usual case)
                run: list | tuple = (anns[i],) if anns[i].end > q else ()  # GATE never matches empty ones
                i += 1
            else:
                j = bisect_right(starts, q, i)
                run = [a for a in anns[i:j] if a.end > q]
                if len(run) == 1:
                    run = (run[0],)
                i = j
            if run:
                self.table[q] = run
                return q
        return _NOWHERE

    def last(self) -> int:
        """The last offset where an annotation starts; -1: none."""
        starts, anns = self._starts, self._anns
        for i in range(len(starts) - 1, -1, -1):
            if anns[i].end > starts[i]:
                return starts[i]
        return -1

    def starts(self) -> list[int]:
        """Sorted offsets where an annotation starts."""
        return list(dict.fromkeys(compress(self._starts, map(lt, self._starts, map(end_of, self._anns)))))


class NextStarts(dict):
    """``{offset: the first offset at or after it where an annotation of some types starts}``
    (:data:`_NOWHERE`: none), filled in as asked: one C-level lookup for an offset seen before.
    ``tables``: the types' :meth:`Lattice.at`; ``reached``: the :class:`Reached` of the others,
    whose tables it fills in at each offset it finds (a walk tests a slot only at such an offset).
    An offset where an annotation starts is found in the tables; the sorted list of their starts,
    for the others, is made when first needed: a match mostly goes on where an annotation ends
    (Tokens cover the text), and most phases never need it."""

    def __init__(self, tables: list[dict[int, Any]], reached: list[Reached] | None = None) -> None:
        super().__init__()
        self.tables = tables
        self.reached = reached or []

    @cached_property
    def table_starts(self) -> list[int]:
        """Sorted offsets where an annotation of :attr:`tables` starts."""
        if len(self.tables) == 1:
            return list(self.tables[0])  # a table's keys are in document order
        return sorted(set().union(*self.tables))

    @cached_property
    def starts(self) -> list[int]:
        """Sorted offsets where an annotation of the types starts."""
        if not self.reached:
            return self.table_starts
        return sorted(set(self.table_starts).union(*(reached.starts() for reached in self.reached)))

    def last(self) -> int:
        """The last offset where an annotation of the types starts; -1: none."""
        return max([next(reversed(table)) for table in self.tables if table] + [r.last() for r in self.reached],
                   default=-1)

    def __missing__(self, pos: int) -> int:
        q = _NOWHERE
        for reached in self.reached:
            found = reached.next_start(pos)
            if found < q:
                q = found
        if q != pos:
            for table in self.tables:
                if pos in table:
                    q = pos
                    break
            else:
                starts = self.table_starts
                i = bisect_left(starts, pos)
                if i < len(starts) and starts[i] < q:
                    q = starts[i]
        self[pos] = q
        return q

    def of(self, offsets: list[int]) -> list[int]:
        """The next start of each of ``offsets``, those not seen before found by C-level binary searches
        (one by one when :attr:`reached` tables are to be filled in)."""
        if self.reached:
            return list(map(self.__getitem__, offsets))
        found = list(map(self.get, offsets))
        if None in found:
            missing = list(set(compress(offsets, map(is_, found, repeat(None)))))
            padded = self.starts + [_NOWHERE]  # index len(starts): no next offset
            self.update(zip(missing, map(padded.__getitem__, map(bisect_left, repeat(self.starts), missing))))
            found = list(map(self.__getitem__, offsets))
        return found


class Column:
    """The value of one feature (None: missing) of each annotation of a :class:`Layer`, in its
    order, with the set of those values (``distinct``: None unless all are plain, str, int or
    None, so that equal ones are one dict key) and the last start of each string value
    (``lasts``), each made when first asked."""

    def __init__(self, values: list, starts: list[int]) -> None:
        self.values, self._starts = values, starts

    @cached_property
    def distinct(self) -> set | None:
        return set(self.values) if _PLAIN.issuperset(map(type, self.values)) else None

    @cached_property
    def lasts(self) -> dict[Any, int]:
        try:
            return dict(zip(self.values, self._starts))  # later pairs overwrite earlier ones
        except TypeError:  # an unhashable value
            return {v: p for v, p in zip(self.values, self._starts) if v.__class__ is str}


class Layer:
    """What a lattice holds of one type of its set, valid while the set's
    :meth:`~annotator.document.AnnotationSet.type_version` of it is ``version``: the set's index's
    lists (``index``: starts and annotations in document order), and, each made when first asked,
    the non-empty annotations (:attr:`listed`), their table :attr:`at`, the :class:`Reached` of
    the type and feature :class:`Column` s. ``before`` holds the columns read before the
    features may have changed (:meth:`Lattice.refresh`), compared when next read."""

    def __init__(self, inset: Any, type_name: str) -> None:
        self.version = inset.type_version(type_name)
        self.index = inset.in_order(type_name)
        self.features: list | None = None
        self.columns: dict[str, Column] = {}
        self.before: dict[str, Column] = {}

    @cached_property
    def listed(self) -> tuple[list[int], list, list[int]]:
        """``(starts, annotations, ends)`` of the non-empty annotations in document order (read
        only: the index's lists when none is empty; that index takes annotations that the set
        holds in document order already, as a tokenizer adds its Tokens, as they are)."""
        starts, anns = self.index
        ends = list(map(end_of, anns))
        if not all(map(lt, starts, ends)):  # GATE never matches empty annotations
            keep = list(map(lt, starts, ends))
            starts, anns, ends = (list(compress(column, keep)) for column in (starts, anns, ends))
        return starts, anns, ends

    @cached_property
    def at(self) -> dict[int, list | tuple]:
        """``{start: annotations}``, document order: a 1-tuple where one starts alone (cheaper than
        a list: a Token table is built for every document), a list where several start together;
        built by C-level maps but for those lists. Read only."""
        starts, anns, _ = self.listed
        found = dict(zip(starts, zip(anns)))
        if len(found) < len(anns):  # some start together: a list of them where they do
            together: dict[int, list] = {}
            for i in compress(range(len(starts) - 1), map(eq, starts, islice(starts, 1, None))):
                run = together.get(starts[i])
                if run is None:
                    together[starts[i]] = [anns[i], anns[i + 1]]
                else:
                    run.append(anns[i + 1])
            found.update(together)
        return found

    @cached_property
    def reached(self) -> Reached:
        return Reached(*self.index)

    def read(self, feature: str) -> Column:
        """The :class:`Column` of ``feature``, read now with C-level maps."""
        if self.features is None:
            self.features = list(map(_FEATURES, self.listed[1]))
        try:
            values = list(map(dict.get, self.features, repeat(feature)))
        except TypeError:  # features that are another kind of mapping
            values = list(map(methodcaller("get", feature), self.features))
        return Column(values, self.listed[0])


class Lattice:
    """The visible annotations of one input set, by type and start offset, shared by phases, with
    what is derived from them until they change: one :class:`Layer` a type, and values derived
    from several types (``_derived``: the dispatch masks and the :class:`NextStarts` of the
    phases reading them), each with the columns it read. It holds the set by a weak reference:
    a lattice kept for the next grammar (:func:`lattice_of`) must not keep its document alive."""

    def __init__(self, inset: Any) -> None:
        self._inset = weakref.ref(inset)
        self._layers: dict[str, Layer] = {}
        self._derived: dict[tuple[tuple[str, ...], Any], tuple[Any, set]] = {}  # (types, key) -> value, columns read
        self._reads: set | None = None  # while derived() makes a value: the columns read

    @property
    def inset(self) -> Any:
        return self._inset()

    def layer(self, type_name: str) -> Layer:
        found = self._layers.get(type_name)
        if found is None:
            found = self._layers[type_name] = Layer(self.inset, type_name)
        return found

    def at(self, type_name: str) -> dict[int, list | tuple]:
        """``{start: annotations}`` for the non-empty annotations of a type (:attr:`Layer.at`)."""
        return self.layer(type_name).at

    def reached(self, type_name: str) -> Reached:
        """The :class:`Reached` of a type: its table filled in where walks reach."""
        return self.layer(type_name).reached

    def spans(self, type_name: str) -> tuple[list[int], list[int]]:
        """``(starts, ends)`` of the annotations of :meth:`at`, in that order."""
        starts, _, ends = self.layer(type_name).listed
        return starts, ends

    def column(self, type_name: str, feature: str) -> Column:
        """The :class:`Column` of ``feature`` over the annotations of :meth:`at` (rule dispatch
        reads a feature of every Token in each phase). One read before a refresh is read again
        and, when its values changed, what was derived from it is dropped."""
        layer = self.layer(type_name)
        found = layer.columns.get(feature)
        if found is None:
            found = layer.columns[feature] = layer.read(feature)
            before = layer.before.pop(feature, None)
            if before is not None and not _same_values(found.values, before.values):
                self._drop((type_name, feature))
        if self._reads is not None:
            self._reads.add((type_name, feature))
        return found

    def has_column(self, type_name: str, feature: str) -> bool:
        """Whether :meth:`column` of that feature is read (so costs little)."""
        layer = self._layers.get(type_name)
        return layer is not None and (feature in layer.columns or feature in layer.before)

    def derived(self, types: tuple[str, ...], key: Any, make: Callable[[], Any]) -> Any:
        """What ``make()`` returns, remembered under ``key`` until what the lattice holds of one of
        ``types`` (annotations, the feature columns it read) changes: ``make`` reads nothing else
        of the set. The phases of a grammar that read the same types share their dispatch masks
        so. After a refresh the columns ``make`` read are compared before the value is used again
        (only those: a grammar whose dispatch reads no feature compares none)."""
        found = self._derived.get((types, key))
        if found is not None:
            for type_name, feature in found[1]:
                layer = self._layers.get(type_name)
                if layer is None or feature not in layer.columns:
                    self.column(type_name, feature)  # a changed one drops this value
            found = self._derived.get((types, key))
        if found is None:
            outer, self._reads = self._reads, set()
            try:
                value = make()
            finally:
                reads, self._reads = self._reads, outer
            if outer is not None:
                outer |= reads
            found = self._derived[(types, key)] = (value, reads)
        return found[0]

    def nexts(self, types: tuple[str, ...], reached: tuple[str, ...] = ()) -> NextStarts:
        """The :class:`NextStarts` of ``types``: where a match goes on after an annotation ending at
        an offset (the walk and the second-element filter of each phase reading them ask), and
        the sorted offsets where one of them starts; the types of ``reached`` are read through their
        :meth:`reached` (the others through :meth:`at`)."""
        return self.derived(types, ("nexts", reached), lambda: NextStarts(
            [self.at(t) for t in types if t not in reached], [self.reached(t) for t in reached]))

    def preds(self, types: tuple[str, ...]) -> dict[int, tuple[int, ...]]:
        """``{q: starts}``: for each offset, the starts of the annotations of ``types`` after whose
        end ``q`` is the next offset where one of them starts (the hops of :mod:`annotator.jape.anchors`):
        in C-level passes for a type whose annotations each lead to another offset (Tokens), then
        the others but those that lead where the first type's annotation at their start does."""
        return self.derived(types, "preds", lambda: self._preds(types))

    def _preds(self, types: tuple[str, ...]) -> dict[int, tuple[int, ...]]:
        next_at = self.nexts(types)
        found: dict[int, tuple[int, ...]] = {}
        first_next: dict[int, int] = {}
        for type_name in sorted(types, key=lambda t: -len(self.spans(t)[0])):
            begins, ends = self.spans(type_name)
            nexts = next_at.of(ends)
            if not found and all(map(lt, nexts, islice(nexts, 1, None))):
                found = dict(zip(nexts, zip(begins)))
                first_next = dict(zip(begins, nexts))
                continue
            new = list(map(ne, map(first_next.get, begins), nexts))  # a Lookup over one Token adds nothing
            for p, q in zip(compress(begins, new), compress(nexts, new)):
                found[q] = found.get(q, ()) + (p,)
        return found

    def forget(self, types: set[str]) -> None:
        """Drop what is held about ``types`` after they changed."""
        for t in types.intersection(self._layers):
            del self._layers[t]
            self._drop(t)

    def refresh(self, features_changed: bool = True) -> None:
        """After Python actions, which may have changed the input set in any way: keep the layer
        of each type whose annotations are still the same (the set's ``type_version`` of it is
        the one read), forget the others; read each feature column read so far again when it is
        next asked for (a feature may have been changed in place, or an annotation given a new
        features dict), and keep what is derived from it when its values are still the same (not
        when ``features_changed`` is False: the actions changed no feature,
        ``actions.keeps_features``). Saves rebuilding the tables of the big unchanged types
        (Token), and their dispatch masks, after every phase with a Python action."""
        inset = self.inset
        self.forget({t for t, layer in self._layers.items() if inset.type_version(t) is not layer.version})
        if features_changed:
            for layer in self._layers.values():
                layer.features = None
                layer.before.update(layer.columns)
                layer.columns = {}

    def _drop(self, what: str | tuple[str, str]) -> None:
        """Forget the derived values that read a type (a name) or one of its columns (a pair)."""
        if isinstance(what, str):
            stale = [key for key in self._derived if what in key[0]]
        else:
            stale = [key for key, (_, reads) in self._derived.items() if what in reads]
        for key in stale:
            del self._derived[key]


_KEPT = 4  # lattices kept per thread for the next grammar (lattice_of)
_LAST = threading.local()  # per thread: [(weak reference to a set a grammar ran on, its lattice)], the latest first


def lattice_of(inset: Any) -> Lattice:
    """The lattice of ``inset``: one a grammar run earlier in this thread left if it ran on this
    set (an earlier JAPE PR of a pipeline on the same document: they read several sets in turn),
    refreshed as after a Python action (types whose annotations were added or removed since are
    re-read, changed feature values too), or a new one. Saves re-reading the big unchanged types
    (Token, Lookup) in every grammar of a pipeline. The lattice is taken, not shared: a grammar
    run from inside this one (by an action) makes its own; :func:`keep_lattice` hands it on when
    the run ends."""
    kept = getattr(_LAST, "kept", None)
    for i, (ref, lattice) in enumerate(kept or ()):
        if ref() is inset:
            del kept[i]
            lattice.refresh()
            return lattice
    return Lattice(inset)


def keep_lattice(inset: Any, lattice: Lattice) -> None:
    """Keep ``lattice`` for the next grammar run in this thread on ``inset`` (at most :data:`_KEPT`
    lattices per thread, each held until its set is freed or newer ones push it out: memory does
    not grow with the documents a caller keeps)."""
    def gone(ref: weakref.ref) -> None:  # the set was freed: free its annotations too
        found = getattr(_LAST, "kept", None)
        if found:
            found[:] = [entry for entry in found if entry[0] is not ref]

    kept = getattr(_LAST, "kept", None)
    if kept is None:
        kept = _LAST.kept = []
    kept[:] = [entry for entry in kept if entry[0]() is not inset]
    kept.insert(0, (weakref.ref(inset, gone), lattice))
    del kept[_KEPT:]


class PhaseRun:
    """One phase over one document."""

    def __init__(self, phase: CompiledPhase, doc: Any, inset: Any, outset: Any, lattice: Lattice,
                 trace: Trace | None = None) -> None:
        self.phase = phase
        self.doc = doc
        self.inset = inset
        self.outset = outset
        self.lattice = lattice
        self.trace = trace
        self.touched = 0  # what actions may have changed in the input set (rhs.ADDED, rhs.CHANGED)
        types = tuple(sorted(inset.types())) if phase.types is None else phase.types
        self.types = types
        self.visible = set(types)
        self.follow_types, reached, slots = phase.layout(types)
        self.inputs = Inputs({t: _EMPTY if kind == 0 else lattice.reached(t).table if kind == 1 else lattice.at(t)
                              for t, kind in slots}, doc.text, inset)
        self.next_at = lattice.nexts(types, reached)
        self.held: dict[int, int] = {}  # the keys holding at each offset (set by run)
        self.filtering = True  # whether transitions are skipped by held (not after an action changed the input)
        self.walk: Callable | None = None  # the walk over the lattice (made by run, once held is known)

    @property
    def starts(self) -> list[int]:
        """Sorted offsets where a visible annotation starts (made when first needed)."""
        return self.next_at.starts

    # ------------------------------------------------------------------ candidates
    def triggers(self) -> tuple[list[int], dict[int, int], dict[int, int]]:
        """Offsets where some rule may start (sorted), for each the bit mask of those rules: those with
        a first element whose keys all hold there (:class:`~annotator.jape.compiler.StartPlan`);
        and from where, for the rules with a cut checked in this document (:meth:`anchored`), one
        of its keys' offsets can be reached; and for each offset the mask of the keys holding there."""
        plan = self.phase.dispatch
        held, by_keys = self.lattice.derived(self.types, plan.keys, lambda: self.masks(plan.keys))
        if plan.everywhere:
            unheld = [p for p in self.starts if p not in held]
            held = {**dict.fromkeys(unheld, 0), **held}
            by_keys = {**by_keys, 0: by_keys.get(0, []) + unheld}
        found: dict[int, int] = {}
        for keys, offsets in by_keys.items():
            rules = plan.known[keys & plan.first_keys][0]
            if rules:
                found.update(dict.fromkeys(offsets, rules))
        order = sorted(found)
        trig = dict(zip(order, map(found.__getitem__, order)))
        if plan.cuts and len(self.starts) >= _ANCHORED_SIZE:
            anchored, allowed = self.anchored(by_keys)
            if anchored:
                kept = map(and_, trig.values(), map(or_, repeat(~anchored), map(allowed.get, trig, repeat(0))))
                trig = dict(zip(trig, kept))
                order = list(compress(trig, trig.values()))
        return order, trig, held

    def anchored(self, by_keys: dict[int, list[int]]) -> tuple[int, dict[int, int]]:
        """``(mask, {p: mask})``: the rules whose cut (:mod:`annotator.jape.anchors`) is checked in
        this document, and for each offset those of them that may start there. Of a rule's cuts the
        one whose anchors hold at the fewest offsets is checked, unless they hold at more than a tenth
        of the offsets (it would exclude little and cost more). A search back that reaches half the
        offsets is given up (it would exclude little). Where each anchor holds is read off
        ``by_keys``, the offsets where each mask of keys holds (:meth:`masks`)."""
        plan = self.phase.dispatch
        limit = len(self.starts) // 10
        at_key = self.anchor_offsets(by_keys)
        broad = sum(key for key, offsets in at_key.items() if len(offsets) > limit)
        sizes: dict[int, int] = {}  # anchors mask -> offsets where one of them holds (at most)
        chosen: dict[int, list[tuple[int, int]]] = {}  # anchors mask -> [(rule mask, bound)]
        for bit, cuts in plan.cuts:
            best = None
            for keys, hops in cuts:
                if keys & broad:
                    continue
                size = sizes.get(keys)
                if size is None:
                    size = sizes[keys] = sum(len(offsets) for key, offsets in at_key.items() if key & keys)
                if size <= limit and (best is None or size < sizes[best[0]]):
                    best = (keys, hops)
            if best is not None:
                chosen.setdefault(best[0], []).append((1 << bit, best[1]))
        anchored, allowed = 0, {}
        if chosen:
            preds = self.lattice.preds(self.types)
            for keys, rules in chosen.items():
                hops = max(d for _, d in rules)
                within = [sum(mask for mask, d in rules if d >= h) for h in range(hops + 1)]
                anchors = set(chain.from_iterable(offsets for key, offsets in at_key.items() if key & keys))
                distance = distances(anchors, hops, preds, len(self.starts) // 2)
                if distance is None:
                    continue
                if not allowed:
                    allowed = dict(zip(distance, map(within.__getitem__, distance.values())))
                else:
                    get = allowed.get
                    for p, h in distance.items():
                        allowed[p] = get(p, 0) | within[h]
                anchored |= within[0]
        return anchored, allowed

    def anchor_offsets(self, by_keys: dict[int, list[int]]) -> dict[int, list[int]]:
        """``{anchor bit: offsets}``: where each anchor of the phase's cuts holds
        (:attr:`~annotator.jape.compiler.StartPlan.anchors_of` of each mask of keys met)."""
        anchors_of, anchor_keys = self.phase.dispatch.anchors_of, self.phase.dispatch.anchor_keys
        out: dict[int, list[int]] = {}
        for keys, offsets in by_keys.items():
            bits = anchors_of[keys & anchor_keys]
            while bits:
                bit = bits & -bits
                bits ^= bit
                found = out.get(bit)
                if found is None:
                    out[bit] = list(offsets)
                else:
                    found += offsets
        return out

    def masks(self, plan: Dispatch) -> tuple[dict[int, int], dict[int, list[int]]]:
        """``{offset: mask}``: the keys of ``plan`` (one bit a key) that hold at each offset where one
        does (or, for a type's feature, where an annotation of it starts), from the lattice's
        columns: the masks of one type's features combined in C-level maps, then one dict per type;
        and ``{mask: offsets}``, where each of those masks holds (the phases sharing these keys read
        it by mask, not by offset)."""
        lattice, visible = self.lattice, self.visible
        by_type: dict[str, list[int]] = {}  # type -> masks in the order of its columns
        for type_name, mask in plan.types.items():
            if type_name in visible:
                by_type[type_name] = [mask] * len(lattice.spans(type_name)[0])
        for (type_name, feature), by_value in plan.features.items():
            if type_name not in visible:
                continue
            column = lattice.column(type_name, feature)
            masks = _value_masks(by_value, column.values, column.distinct)
            found = by_type.get(type_name)
            by_type[type_name] = masks if found is None else list(map(or_, found, masks))
        held = _merged([(lattice.spans(type_name)[0], masks) for type_name, masks in by_type.items()])
        by_keys: dict[int, list[int]] = defaultdict(list)
        for p, keys in held.items():
            by_keys[keys].append(p)
        return held, by_keys

    def after(self, p: int) -> int:
        """The keys (:attr:`held`) holding at the next visible offset after the end of an
        annotation starting at ``p`` of a type that a first element needing a second one consumes
        (:attr:`~annotator.jape.compiler.StartPlan.follow_types`), of every such annotation together: what
        :attr:`~annotator.jape.compiler.StartPlan.followed` reads. Asked only at the offsets where
        a rule that needs a second element may start (fewer than the annotations)."""
        held, next_at, at = self.held, self.next_at, self.inputs.at
        keys = 0
        for type_name in self.follow_types:
            for ann in at[type_name].get(p, ()):
                keys |= held.get(next_at[ann.end], 0)
        return keys

    def last_offset(self, key: tuple) -> int:
        """The last offset where an element with dispatch ``key`` (a type, or a type's feature
        equal to a string) can match; -1: nowhere. A feature is looked up only when its column is
        already read (for dispatch): reading one for this bound alone costs a pass over the type
        (all Tokens) and saves less; the type's last offset is a looser bound."""
        type_name = key[0]
        if type_name not in self.visible:
            return -1
        if len(key) == 1 or not self.lattice.has_column(type_name, key[1]):
            return self.lattice.reached(type_name).last()  # from the set's index: no table built
        return self.lattice.column(type_name, key[1]).lasts.get(key[2], -1)

    def expiries(self) -> list[tuple[int, int]]:
        """``(offset, rule mask)``, sorted: past that offset the rules of the mask cannot start any
        more, because an element every match of them needs does not occur later in this document."""
        return sorted((self.last_offset(key), mask) for key, mask in self.phase.required)

    def matches(self, mask: int, p: int) -> list[Candidate]:
        """Every way each rule of ``mask`` matches from offset ``p`` (depth-first, in rule order)."""
        out: list[Candidate] = []
        walk, inputs = self.walk, self.inputs
        first: dict[Any, Any] = {}  # rules often start with the same element: test it once
        for test, labels, target, rule, shared in self.first_elements(mask, p):
            if shared:
                found = first.get(test)
                if found is None:
                    found = first[test] = test(inputs, p)
            else:
                found = test(inputs, p)
            if not found:
                continue
            if target.keyed:
                for end, item in found:
                    walk(target, end, (labels, item, None) if labels else None, 1, rule, out)
            else:  # a one-element rule: no walk needed
                for end, item in found:
                    out.append((end, 1, (labels, item, None) if labels else None, rule))
        return out

    def first_elements(self, mask: int, p: int) -> list[tuple]:
        """The first transitions of the rules of ``mask`` that the keys holding at ``p`` allow (all
        of them when not :attr:`filtering`): :attr:`~annotator.jape.compiler.StartPlan.firsts`."""
        plan = self.phase.dispatch
        return plan.firsts[(mask, self.held.get(p, 0) & plan.first_keys if self.filtering else None)]

    def _walker(self) -> Callable:
        """The depth-first walk of an automaton over the lattice (one closure per run). It is
        iterative (an explicit stack, children pushed in reverse to keep the recursive order), so a
        Kleene operator over a whole document cannot exhaust Python's recursion limit. A transition
        is tested only where the keys it needs hold and none that exclude it (``held``, the keys
        holding at each offset: :class:`~annotator.jape.compiler.KeySpace`), while ``filtering``,
        and where an annotation of the type its test needs starts (a state's ``runs``: in a walk
        over Tokens and SpaceTokens, many tests are of the type not there)."""
        next_at, held, filtering, nowhere = self.next_at, self.held.get, self.filtering, _NOWHERE
        inputs = self.inputs
        at = inputs.at

        def walk(state: Any, pos: int, chain: Any, depth: int, rule: CompiledRule, out: list) -> None:
            stack = [(state, pos, chain, depth)]
            pop, push = stack.pop, stack.append
            while stack:
                state, pos, chain, depth = pop()
                if state.final:
                    out.append((pos, depth, chain, rule))
                runs = state.runs
                if not runs:
                    continue
                q = next_at[pos]
                if q == nowhere:
                    continue
                depth += 1
                mark = len(stack)
                keys = held(q, 0)
                for type_name, trans in runs:
                    if type_name is not None and q not in at[type_name]:
                        continue
                    for test, labels, target, need, bar in trans:
                        if filtering and (keys & need != need or keys & bar):
                            continue
                        for end, item in test(inputs, q):
                            push((target, end, (labels, item, chain) if labels else chain, depth))
                if len(stack) - mark > 1:
                    stack[mark:] = reversed(stack[mark:])

        return walk

    def first_match(self, rules: list[CompiledRule], p: int) -> Candidate | None:
        """The accepting path with the fewest elements (GATE's ``first``/``once``), breadth-first;
        of those, the one of the earliest rule, then the first in the order the pattern is written
        (:attr:`~annotator.jape.compiler.State.written`: the paths of ``(({A})*:a | {A})`` over
        one A are tied, and the one through the first alternative fires), then the first found."""
        queue = deque((rule.start, p, None, 0, rule, ()) for rule in rules)
        best, best_key = None, None
        while queue:
            state, pos, chain, depth, rule, written = queue.popleft()
            if best is not None and depth > best[1]:
                break
            if state.final and pos > p:
                if best is None or (rule.index, written) < best_key:
                    best, best_key = (pos, depth, chain, rule), (rule.index, written)
                continue
            if best is not None or not state.trans:
                continue  # paths as long as the best one found can only end longer
            q = self.next_at[pos]
            if q == _NOWHERE:
                continue
            for (test, labels, target), where in zip(state.trans, state.written):
                for end, item in test(self.inputs, q):
                    queue.append((target, end, (labels, item, chain) if labels else chain, depth + 1, rule,
                                  written + (where,)))
        return best

    # ------------------------------------------------------------------ firing
    def fire(self, cand: Candidate) -> None:
        rule = cand[3]
        if not rule.actions:
            return
        m = Match(self.doc, cand[2], self.inset, self.outset, rule.name, self.phase.name)
        for act in rule.actions:
            try:
                act(m)
            except AnnotatorError:
                raise
            except Exception as exc:  # a Python action failed: name the rule, keep it one line
                raise error_at(rule.pos, coded("E506", rule=rule.name, error=f"{type(exc).__name__}: {exc}")) from exc
        if m.touched > self.touched:
            self.touched = m.touched
        if m.touched == CHANGED and self.filtering:  # the keys held were read before the action, which may have changed features
            self.filtering = False
            self.walk = self._walker()

    def run(self) -> None:
        """Run the phase over the document."""
        phase = self.phase
        rules = phase.rules
        last = self.next_at.last()  # no rule starts after it
        if not rules or last < 0:
            return
        if phase.control == "once":
            self.run_once()
            return
        order, trig, held = self.triggers()
        if not order:
            return
        self.held = held
        self.walk = self._walker()
        dispatch = phase.dispatch
        filtered = dispatch.filtered
        known, rules_of, followed = dispatch.known, dispatch.rules_of, dispatch.followed
        first_keys, follow_keys = dispatch.first_keys, dispatch.follow_keys
        following: dict[tuple[int, int], int] = {}
        expiries = self.expiries()
        expired, next_expiry = 0, expiries[0][0] if expiries else last
        allowed = (1 << len(rules)) - 1
        style = phase.control
        trace = self.trace
        resume = -1
        for p in order:
            if p < resume:
                continue
            if p > next_expiry:
                while expired < len(expiries) and expiries[expired][0] < p:
                    allowed &= ~expiries[expired][1]
                    expired += 1
                next_expiry = expiries[expired][0] if expired < len(expiries) else last
                if not allowed:  # no rule can start any more
                    break
            mask = trig[p] & allowed
            if mask & filtered and self.filtering:  # rules whose second element must start after the first's end
                pair = (held[p] & first_keys, self.after(p) & follow_keys)  # the keys at p and after what starts there
                allowed_after = following.get(pair)
                if allowed_after is None:  # the rules with a first element there and what follows it
                    allowed_after = following[pair] = rules_of[known[pair[0]][1] & followed[pair[1]]]
                mask &= allowed_after
            if not mask:
                continue
            if style == "first":
                found = self.first_match([r for i, r in enumerate(rules) if mask >> i & 1], p)
                if trace is not None:
                    trace(phase, p, self.matches(mask, p), [found] if found else [])
                if found is None:
                    continue
                self.fire(found)
                resume = found[0]
                continue
            out = self.matches(mask, p)
            fired = out
            if out and style == "appelt":
                fired = self._appelt(out)
                resume = fired[0][0]
            elif out:
                fired = sorted(out, key=lambda c: (c[1], c[3].index))
                for cand in fired:
                    self.fire(cand)
                resume = max(c[0] for c in out) if style == "brill" else p + 1
            if trace is not None:
                trace(phase, p, out, fired)

    def run_once(self) -> None:
        """``once`` as GATE runs it: the rules are tried at each offset in turn, the first match
        (:meth:`first_match`) fires and the phase stops. No dispatch tables are built: a ``once``
        phase (an action run once per document) mostly fires at its first offset."""
        phase, trace = self.phase, self.trace
        if trace is not None:  # the candidates traced: every match, unfiltered
            self.filtering = False
            self.walk = self._walker()
        for p in self.starts:
            found = self.first_match(phase.rules, p)
            if trace is not None:
                trace(phase, p, self.matches((1 << len(phase.rules)) - 1, p), [found] if found else [])
            if found is not None:
                self.fire(found)
                return

    def _appelt(self, out: list[Candidate]) -> list[Candidate]:
        best = out[0]
        if len(out) > 1:
            best = max(out, key=lambda c: (c[0], c[3].priority, -c[3].index, -c[1]))
        fired = [best]
        self.fire(best)
        if self.phase.debug:
            rivals = [c for c in out if c[0] == best[0] and c[3].priority == best[3].priority and c[3] is not best[3]]
            if rivals:
                log.info("%s: phase %s at offset %d: rule %s wins over %s (same length and priority; earlier rule)",
                         self.phase.path, self.phase.name, best[0], best[3].name,
                         ", ".join(sorted({c[3].name for c in rivals})))
        if self.phase.match_group:
            seen = [bindings_of(best[2])]
            for cand in out:
                if cand is best or cand[0] != best[0] or cand[3] is not best[3]:
                    continue
                binds = bindings_of(cand[2])
                if binds not in seen:
                    seen.append(binds)
                    fired.append(cand)
                    self.fire(cand)
        return fired


def run_phases(phases: list[CompiledPhase], doc: Any, inset: Any, outset: Any, trace: Trace | None = None) -> None:
    """Run phases in order; each sees the annotations the earlier ones wrote (cascade).

    The cyclic garbage collector is paused meanwhile: matching allocates many short-lived tuples
    (freed by reference counting) and, with a large document alive, the collector's passes over
    every annotation cost much of the run. What a run reads of the document lives in its
    :class:`PhaseRun` objects, not in the compiled phases: any number of runs may use them at once."""
    with gc_paused():
        lattice = lattice_of(inset)
        for phase in phases:
            run = PhaseRun(phase, doc, inset, outset, lattice, trace)
            run.run()
            if run.touched:
                lattice.refresh(features_changed=run.touched == CHANGED)
            elif outset is inset and phase.produces:
                lattice.forget(phase.produces)
        keep_lattice(inset, lattice)
