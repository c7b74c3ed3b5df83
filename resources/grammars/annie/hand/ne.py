"""The actions of annie's named-entity grammar (``../NE/main.jape``): the ones ``annotator jape
port`` made from its Java blocks (``../NE/actions.py``, generated) and those written by hand here
(LGPL-3.0, as the grammar: see ``../README.md``).

- ``hand_remove_types``: ANNIE's last phase, ``clean.jape``, removes its working annotations
  (TempPerson, Upper, Title, ... : every type of its Input) one firing per annotation (``control
  = all``, a one-element rule whose Java block removes the bound annotation). The build script
  (``resources/build/build_annie.py``) turns that phase into ``control = once`` with this action,
  which removes every annotation of the types named by its ``types`` parameter at once: the same
  annotations leave the set (every one of those types there is when the phase starts; the phase
  makes none), in one firing instead of one per annotation.
- ``fast_first``: the fast path of ANNIE's First phase (``../NE/first.jape``, the reference path),
  the one action of ``first-fast.jape``, which ``main.jape`` here runs in its place (below).
"""

from __future__ import annotations

import importlib.util
from bisect import bisect_left, bisect_right
from itertools import compress, islice, repeat
from operator import attrgetter, eq, itemgetter, lt, methodcaller, or_
from pathlib import Path
from typing import Any

from annotator.document import end_of
from annotator.jape.actions import ActionContext, keeps_features


def _ported():
    """The generated module ``../NE/actions.py``, imported as a part of this one (this file is
    itself being loaded as an actions file, so not through ``load_actions_file`` again)."""
    spec = importlib.util.spec_from_file_location(f"{__name__}_ported",
                                                  Path(__file__).resolve().parent.parent / "NE" / "actions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PORTED = _ported()


@keeps_features
def remove_types(ctx: ActionContext) -> None:
    """Remove from the output set every annotation of the types in the ``types`` parameter
    (names separated by commas)."""
    names = [name.strip() for name in str(ctx.params["types"]).split(",") if name.strip()]
    ctx.output.remove_all(list(ctx.output.with_type(*names).unordered()))


# ---------------------------------------------------------------- the fast path of the First phase
# ``first-fast.jape`` (in ``main.jape`` here, which the ``annie`` pipeline runs, in place of
# ../NE/first.jape, the reference path): one firing of ``fast_first`` makes the annotations that
# first.jape's phase makes, in the order it makes them (so with the same ids), looking at the
# Tokens a rule can start at; tests/resources/test_annie_ne.py compares the two.

_CLOSED = frozenset(("DT", "PRP", "RB", "IN"))  # ClosedClass: {Token.category == DT} | ... | {... == IN}
_UPPER_ORTHS = frozenset(("upperInitial", "mixedCaps"))  # Upper: {Token.category == NNP} | {Token.orth == ...}
_FEATURES = attrgetter("features")
_STARTERS = _CLOSED | {"NNP"}  # the categories a rule's first Token may have (else its orth is one of _UPPER_ORTHS)
_FIRST_FEATURES = {"ClosedClass": ("ClosedClass", {"rule": "ClosedClass"}),  # each rule's annotation
                   "UpperAllCaps": ("Upper", {"kind": "allCaps", "rule": "Upper"}), "Upper": ("Upper", {"rule": "Upper"})}


def _visible(annset: Any, type_name: str) -> tuple[list[int], list]:
    """The starts and the non-empty annotations of a type (GATE never matches an empty one), in
    document order."""
    starts, anns = annset.in_order(type_name)
    keep = list(map(lt, starts, map(end_of, anns)))
    if not all(keep):
        starts, anns = list(compress(starts, keep)), list(compress(anns, keep))
    return starts, anns


def _column(features: list, name: str) -> list:
    """The value of feature ``name`` (None: missing) in each of ``features``."""
    try:
        return list(map(dict.get, features, repeat(name)))
    except TypeError:  # features that are another kind of mapping
        return list(map(methodcaller("get", name), features))


@keeps_features
def fast_first(ctx: ActionContext) -> None:
    """first.jape's phase (``Input: Token NumberLetter``, ``control = appelt``) in one firing. Its
    rules, in order: ClosedClass (priority 100, a DT, PRP, RB or IN Token), NumberLetter (100, a
    NumberLetter, no action), UpperAllCaps (100, an NNP allCaps Token, optionally ``-`` and another)
    and Upper (0, an NNP, upperInitial or mixedCaps Token, optionally ``-`` and an NNP Token). At
    each offset where a rule can start, in order, appelt fires the longest match, then the one of
    the highest priority, then of the earliest rule, then of the fewest elements, then the first
    found, and looks for the next one from its end. After an element the next one is tried at the
    first offset at or after its end where a Token or a NumberLetter starts."""
    starts, tokens = _visible(ctx.input, "Token")
    number_starts, numbers = _visible(ctx.input, "NumberLetter")
    features = list(map(_FEATURES, tokens))
    categories, orths = _column(features, "category"), _column(features, "orth")
    may = list(map(or_, map(_STARTERS.__contains__, categories), map(_UPPER_ORTHS.__contains__, orths)))
    first_at = dict(zip(compress(starts, may), compress(range(len(starts)), may)))  # offset -> its Token's index
    hard = set(number_starts)  # offsets whose matches are looked at one by one
    if not all(map(lt, starts, islice(starts, 1, None))):  # Tokens that start together
        hard.update(compress(starts, map(eq, starts, islice(starts, 1, None))))

    def upper(i: int) -> bool:
        return categories[i] == "NNP" or orths[i] in _UPPER_ORTHS

    def at(offset: int) -> range:
        """The indices of the Tokens at the first offset at or after ``offset`` where a Token or a
        NumberLetter starts."""
        i, j = bisect_left(starts, offset), bisect_left(number_starts, offset)
        if i == len(starts) or j < len(number_starts) and number_starts[j] < starts[i]:
            return range(0)
        return range(i, bisect_right(starts, starts[i], i))

    def tails(i: int, caps: bool) -> list[int]:
        """The ends of ``({Token.string == "-"} {Token.category == NNP[, Token.orth == allCaps]})``
        after Token ``i``, in the order a walk finds them."""
        return [tokens[k].end for j in at(tokens[i].end) if features[j].get("string") == "-"
                for k in at(tokens[j].end) if categories[k] == "NNP" and (not caps or orths[k] == "allCaps")]

    def best(p: int) -> tuple[int, str | None] | None:
        """The match appelt fires at offset ``p`` (its end and rule; None for NumberLetter), if any:
        every match, as ``(end, priority, -rule, -elements, rule)`` in the order the matcher finds
        them (rule by rule, annotation by annotation, as walked), the greatest first found."""
        here = range(bisect_left(starts, p), bisect_right(starts, p))
        found = [(tokens[i].end, 100, 0, -1, "ClosedClass") for i in here if categories[i] in _CLOSED]
        found += [(numbers[j].end, 100, -1, -1, None)
                  for j in range(bisect_left(number_starts, p), bisect_right(number_starts, p))]
        for i in here:
            if categories[i] == "NNP" and orths[i] == "allCaps":
                found += [(end, 100, -2, -elements, "UpperAllCaps")
                          for end, elements in [(tokens[i].end, 1), *((e, 3) for e in tails(i, True))]]
        for i in here:
            if upper(i):
                found += [(end, 0, -3, -elements, "Upper") for end, elements in [(tokens[i].end, 1), *((e, 3) for e in tails(i, False))]]
        if not found:
            return None
        match = max(found, key=itemgetter(0, 1, 2, 3))
        return match[0], match[4]

    items, resume = [], -1
    for p in sorted({*first_at, *hard}) if hard else first_at:
        if p < resume:
            continue
        i = first_at.get(p)
        if i is None or p in hard or upper(i) and tails(i, False):
            found = best(p)
            if found is None:
                continue
            resume, rule = found
        else:  # a Token alone at its offset, without a NumberLetter there or "-" after it: its one match
            resume = tokens[i].end
            rule = "ClosedClass" if categories[i] in _CLOSED else "UpperAllCaps" \
                if categories[i] == "NNP" and orths[i] == "allCaps" else "Upper"
        if rule is not None:
            type_name, made = _FIRST_FEATURES[rule]
            items.append((type_name, p, resume, dict(made)))
    ctx.output.add_many(items, check_features=False)


ACTIONS = {**PORTED.ACTIONS, "hand_remove_types": remove_types, "fast_first": fast_first}
