"""Anchors: sets of dispatch keys every match of a rule passes through within a bounded number of
elements, so a rule is tried only at offsets from which such a key's offset can be reached.

Why: rules such as ``({Token.orth == upperInitial})[1,3] {Token.string == "University"}`` have a
first element that holds at most offsets, and were walked from each of them to fail at the
last element; the offsets where ``University`` occurs are few. A *cut* is a set ``S`` of keys
(each a condition at an offset that a transition's test needs: the runtime uses the set of the
element's dispatch keys, :func:`annotator.jape.compiler.element_keys`, all of which must hold)
such that every path of the rule's automaton to an accepting state takes a transition keyed in
``S``, at the latest as its ``d + 1``-th element (``d``: the bound). A match from ``p`` tests its ``j``-th element at the offset reached from ``p`` by
``j - 1`` *hops* (from ``q`` to the next visible offset at or after the end of an annotation starting
at ``q``), so ``p`` must be one of the offsets that reach an offset where a key of ``S`` holds in at
most ``d`` hops: found backwards from those offsets (:func:`distances`). A necessary
condition only: the rule is still matched in full where it may start.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, repeat
from typing import Any, Callable, Iterable

Key = int  # the conditions a transition needs at an offset, one bit each (0: none)
KeyOf = Callable[[Any], Key]
Cut = tuple[frozenset, int]  # (keys, bound)
_LEAST = 3  # the smallest bound worth checking


def _keyed(start: Any, key_of: KeyOf) -> list[Key]:
    """The key of every transition reachable from ``start`` (each transition once)."""
    keys, seen, todo = [], {id(start)}, [start]
    while todo:
        for test, _, target in todo.pop().trans:
            keys.append(key_of(test))
            if id(target) not in seen:
                seen.add(id(target))
                todo.append(target)
    return keys


def bound(start: Any, keys: frozenset, key_of: KeyOf) -> int | None:
    """The most transitions a path from ``start`` can take before one keyed in ``keys`` (``key_of``:
    a transition test's key; a transition is keyed in ``keys`` when it needs every condition of
    one of them); None when an accepting state or a cycle can be reached without one (``keys`` is
    no cut)."""
    def outside(state: Any) -> list:
        return [target for test, _, target in state.trans
                if not any(key_of(test) & key == key for key in keys)]

    if start.final:
        return None
    state_of = {id(start): start}
    colour = {id(start): 1}  # 1: on the DFS path, 2: done
    order: list[Any] = []  # post-order
    stack = [(start, iter(outside(start)))]
    while stack:
        state, targets = stack[-1]
        nxt = next(targets, None)
        if nxt is None:
            colour[id(state)] = 2
            order.append(state)
            stack.pop()
            continue
        seen = colour.get(id(nxt))
        if seen == 1:
            return None  # a loop without a key of the cut: unbounded
        if seen is None:
            if nxt.final:
                return None
            colour[id(nxt)] = 1
            state_of[id(nxt)] = nxt
            stack.append((nxt, iter(outside(nxt))))
    depth = {id(start): 0}
    for state in reversed(order):  # topological order: longest distances from start
        d = depth[id(state)] + 1
        for target in outside(state):
            if depth.get(id(target), -1) < d:
                depth[id(target)] = d
    return max(depth.values())


def rule_cuts(start: Any, key_of: KeyOf, any_key: Key) -> list[Cut]:
    """The cuts of a rule's automaton worth checking, each with its bound (a cut with bound 0 holds
    where the rule starts, which dispatch checks already): each key, and each condition of one,
    that every match needs on its own, with a bound of 2 or more (at the second element a key
    saves no more than the walk's own test there); and minimal cuts, of keys and of conditions,
    found by dropping those of the first elements first, then those the rule uses most often
    (repeated and alternative elements: the broad ones). The runtime checks the one whose keys
    hold at the fewest offsets of a document. ``key_of``: a transition test's key, ``any_key``
    for a test that holds anywhere."""
    keyed = [k for k in _keyed(start, key_of) if k != any_key]
    counts = Counter(keyed)
    conditions = Counter(bit for key in keyed for bit in _bits(key))  # one may be needed by several keys
    found: list[Cut] = []
    for key in dict.fromkeys([*counts, *conditions]):
        d = bound(start, frozenset((key,)), key_of)
        if d is not None and d >= _LEAST:
            found.append((frozenset((key,)), d))
    first = {key_of(test) for test, _, _ in start.trans}
    first_bits = {bit for key in first for bit in _bits(key)}
    for used, firsts in ((counts, first), (conditions, first_bits)):
        cut = _minimal(start, used, firsts, key_of)
        if cut is not None and cut not in found:
            found.append(cut)
    return found


def _minimal(start: Any, used: Counter, first: set, key_of: KeyOf) -> Cut | None:
    """A minimal cut of more than one of the keys of ``used`` (how many transitions use each),
    dropping those of ``first`` first, then the most used; None: none with a bound worth checking."""
    cut = set(used)
    if not cut or bound(start, frozenset(cut), key_of) is None:
        return None
    for key, _ in sorted(used.items(), key=lambda kv: (kv[0] not in first, -kv[1], bin(kv[0]).count("1"))):
        if len(cut) > 1 and bound(start, frozenset(cut - {key}), key_of) is not None:
            cut.discard(key)
    d = bound(start, frozenset(cut), key_of)
    return (frozenset(cut), d) if len(cut) > 1 and d is not None and d >= _LEAST else None


def _bits(mask: int) -> list[int]:
    """The bits of ``mask``, lowest first."""
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit)
        mask ^= bit
    return out


def distances(anchors: Iterable[int], hops: int, preds: dict[int, tuple[int, ...]], most: int) -> dict[int, int] | None:
    """``{p: h}``: the offsets from which one of ``anchors`` is reached in ``h <= hops`` hops, ``h``
    the fewest (``preds``: for each offset, the starts of the annotations whose next visible offset
    it is); None when more than ``most`` offsets are found."""
    found = dict.fromkeys(anchors, 0)
    level: Iterable[int] = found
    for h in range(1, hops + 1):
        new = set(chain.from_iterable(map(preds.get, level, repeat(()))))
        new.difference_update(found)
        if not new:
            break
        found.update(dict.fromkeys(new, h))
        if len(found) > most:
            return None
        level = new
    return found
