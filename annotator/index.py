"""A static interval index over annotations: a nested containment list (NCLS) plus sorted arrays.

Alekseyenko & Lee (2007): intervals sorted by (start, end descending) are split into sublists in
which no interval contains another, so that both starts and ends are strictly increasing inside a
sublist and two binary searches bound every query. Intervals contained in another one live in
that one's child sublist. Covering and overlapping queries are O(log n + k) for the nesting
depths of real documents; ``within``, ``starting_at``, ``ending_at``, ``next_after`` and
``last_before`` use flat arrays sorted by start and by end.

The index is immutable: an :class:`~annotator.document.AnnotationSet` rebuilds the index of a
type lazily, on the first query after that type changed.

Zero-length annotations: an annotation ``[p, p)`` sits at position ``p``. It overlaps a range
``[s, e)`` when ``s <= p < e``, and a zero-length range ``[q, q)`` when ``p == q``; it is covered
by ``[s, e)`` when ``s <= p <= e`` and within ``[s, e)`` under the same condition. A zero-length
query range ``[q, q)`` overlaps the annotations with ``start <= q < end`` and those sitting at
``q``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import islice
from operator import attrgetter, lt
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from annotator.document import Annotation


def document_order(ann: "Annotation") -> tuple[int, int, int]:
    """Sort key of document order: start, then longer first, then id."""
    return (ann.start, -ann.end, ann.id)


_ID, _START, _END = attrgetter("id"), attrgetter("start"), attrgetter("end")


def in_document_order(annotations: Iterable["Annotation"]) -> list["Annotation"]:
    """``sorted(annotations, key=document_order)`` by three stable sorts on C-level keys (id, end
    descending, start), faster than one sort on a tuple key: a JAPE lattice sorts every Token and
    Lookup this way."""
    ordered = sorted(annotations, key=_ID)
    ordered.sort(key=_END, reverse=True)  # reverse=True keeps equal ends in id order
    ordered.sort(key=_START)
    return ordered


class _Sublist:
    """Intervals none of which contains another: starts and ends strictly increasing."""

    __slots__ = ("starts", "ends", "anns", "children")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.anns: list[Annotation] = []
        self.children: list[_Sublist | None] = []


class IntervalIndex:
    """Immutable index over a collection of annotations."""

    __slots__ = ("ordered", "_starts", "_by_end", "_ends", "_top")

    def __init__(self, annotations: Iterable["Annotation"]) -> None:
        given = list(annotations)
        starts = list(map(_START, given))
        if all(map(lt, starts, islice(starts, 1, None))):
            # no two start together and in order of their starts: in document order already (a
            # tokenizer's Tokens), and checking that costs a fraction of the three sorts
            self.ordered: list[Annotation] = given
            self._starts = starts
        else:
            self.ordered = in_document_order(given)
            self._starts = list(map(_START, self.ordered))
        # The end order and the NCLS are built on the first query that needs them: many indexes
        # are only iterated (a JAPE lattice reads every Token in order), never queried so.
        self._by_end: list[Annotation] | None = None
        self._ends: list[int] = []
        self._top: _Sublist | None = None

    def __len__(self) -> int:
        return len(self.ordered)

    @property
    def starts(self) -> list[int]:
        """The start offset of each of :attr:`ordered` (read only)."""
        return self._starts

    def _tree(self) -> _Sublist:
        """The top sublist of the NCLS (built on first use)."""
        if self._top is None:
            self._top = _build_ncls(self.ordered)
        return self._top

    def _end_order(self) -> tuple[list["Annotation"], list[int]]:
        """The annotations sorted by (end, start, id) and their ends (built on first use)."""
        if self._by_end is None:
            self._by_end = sorted(self.ordered, key=lambda a: (a.end, a.start, a.id))
            self._ends = [a.end for a in self._by_end]
        return self._by_end, self._ends

    # ------------------------------------------------------------------ containment queries
    def covering(self, start: int, end: int) -> list["Annotation"]:
        """Annotations with ``a.start <= start`` and ``a.end >= end``, in document order."""
        out: list[Annotation] = []
        stack = [self._tree()]
        mixed = False  # results of several branches interleave: sort at the end
        while stack:
            sub = stack.pop()
            lo = bisect_left(sub.ends, end)
            hi = bisect_right(sub.starts, start)
            for i in range(lo, hi):
                out.append(sub.anns[i])
                child = sub.children[i]
                if child is not None:
                    stack.append(child)
                    mixed = mixed or hi - lo > 1
        return _in_order(out, mixed)

    def overlapping(self, start: int, end: int) -> list["Annotation"]:
        """Annotations sharing a position with ``[start, end)`` (zero-length rules in the module doc)."""
        out: list[Annotation] = []
        stack = [self._tree()]
        mixed = False  # results of several branches interleave: sort at the end
        while stack:
            sub = stack.pop()
            starts, ends, children = sub.starts, sub.ends, sub.children
            emitted = pushed = 0
            foreign = False  # a child list pushed for an annotation that is not in the result
            i = bisect_right(ends, start)
            if i > 0 and ends[i - 1] == start:
                # The interval ending exactly at `start` does not overlap a non-empty range, but it
                # may sit at `start` (zero-length) or hold zero-length children there.
                if starts[i - 1] == start:
                    out.append(sub.anns[i - 1])
                    emitted += 1
                if children[i - 1] is not None:
                    stack.append(children[i - 1])
                    pushed += 1
                    foreign = not emitted
            n = len(starts)
            limit = end + 1 if start == end else end  # a zero-length range also takes those starting at it
            while i < n and starts[i] < limit:
                out.append(sub.anns[i])
                emitted += 1
                if children[i] is not None:
                    stack.append(children[i])
                    pushed += 1
                i += 1
            if pushed and (pushed > 1 or emitted > 1 or (foreign and emitted)):
                mixed = True
        return _in_order(out, mixed)

    def within(self, start: int, end: int) -> list["Annotation"]:
        """Annotations with ``a.start >= start`` and ``a.end <= end``, in document order."""
        i = bisect_left(self._starts, start)
        j = bisect_right(self._starts, end, lo=i)
        return [a for a in self.ordered[i:j] if a.end <= end]

    # ------------------------------------------------------------------ position queries
    def starting_at(self, offset: int) -> list["Annotation"]:
        i = bisect_left(self._starts, offset)
        j = bisect_right(self._starts, offset, lo=i)
        return self.ordered[i:j]

    def starting_in(self, start: int, end: int) -> list["Annotation"]:
        """Annotations with ``start <= a.start < end``, in document order."""
        return self.ordered[bisect_left(self._starts, start) : bisect_left(self._starts, end)]

    def ending_at(self, offset: int) -> list["Annotation"]:
        by_end, ends = self._end_order()
        i = bisect_left(ends, offset)
        j = bisect_right(ends, offset, lo=i)
        return sorted(by_end[i:j], key=document_order)

    def next_after(self, offset: int, exclude: "Annotation | None" = None) -> "Annotation | None":
        """The first annotation (in document order) starting at or after ``offset``, skipping
        ``exclude`` (a zero-length annotation at ``offset`` asking for its successor)."""
        i = bisect_left(self._starts, offset)
        if i < len(self.ordered) and self.ordered[i] is exclude:
            i += 1
        return self.ordered[i] if i < len(self.ordered) else None

    def last_before(self, offset: int, exclude: "Annotation | None" = None) -> "Annotation | None":
        """The annotation ending at or before ``offset`` with the largest end (latest start on
        ties), skipping ``exclude``."""
        by_end, ends = self._end_order()
        i = bisect_right(ends, offset)
        if i > 0 and by_end[i - 1] is exclude:
            i -= 1
        return by_end[i - 1] if i > 0 else None

def _in_order(out: list["Annotation"], mixed: bool) -> list["Annotation"]:
    """``out`` in document order. A depth-first walk that never branched (one result per sublist
    holding a child list, as for a token inside a sentence) is in document order already."""
    if mixed:
        out.sort(key=document_order)
    return out


def _build_ncls(ordered: list["Annotation"]) -> _Sublist:
    """Split annotations (already in document order) into nested containment sublists."""
    top = _Sublist()
    stack: list[tuple[int, int, _Sublist, int]] = []  # (start, end, sublist holding it, its index)
    for a in ordered:
        s, e = a.start, a.end
        while stack and not (stack[-1][0] <= s and e <= stack[-1][1]):
            stack.pop()
        if stack:
            _, _, parent_list, k = stack[-1]
            child = parent_list.children[k]
            if child is None:
                child = parent_list.children[k] = _Sublist()
            target = child
        else:
            target = top
        target.starts.append(s)
        target.ends.append(e)
        target.anns.append(a)
        target.children.append(None)
        stack.append((s, e, target, len(target.anns) - 1))
    return top
