"""Compile a parsed phase into a matcher: constraint closures, one epsilon-free NFA per rule, and
the first-element keys used to decide, at each offset, which rules can start there.

Like GATE's ``gate.fsm.FSM``, a left-hand side becomes a finite automaton whose transitions each
consume one *tuple* of co-starting annotations (one annotation per positive constraint type);
Kleene operators and alternatives become epsilon edges, removed at compile time. Every
transition carries the labels of the groups around its element, so bindings are collected while
walking. Bounded repetitions ``[n,m]`` are unrolled.

Constraint tests read the current document through the :class:`Inputs` the runtime passes them
(one per phase run), so a grammar is compiled once and used for any number of documents, by any
number of calls at once.
"""

from __future__ import annotations

import itertools
from itertools import chain
from functools import reduce
from operator import attrgetter, or_
from typing import Any, Callable, Iterable

from annotator.jape.anchors import rule_cuts
from annotator.jape.constraints import MEMO_LIMIT, conjunction, value_test
from annotator.jape.rhs import compile_actions
from annotator.jape.syntax import Basic, Constraint, Element, Group, Phase, Predicate, Rule
from annotator.regexes.word_sets import CaseKey

_SCALARS = {int, float, bool}
ANY = ("*",)  # dispatch key of rules whose first element may be any annotation
_END = attrgetter("end")


class Inputs:
    """What compiled tests read of the document a phase runs on: ``at``, ``{type: {start offset:
    annotations}}`` for every type the phase's tests read (a list or a tuple, read only:
    :meth:`annotator.jape.runtime.Lattice.at`; empty for a type the phase does not see), the
    text and the input set. One per phase run, so a compiled grammar holds no document."""

    __slots__ = ("at", "text", "inset")

    def __init__(self, at: dict[str, dict[int, list | tuple]], text: str, inset: Any) -> None:
        self.at, self.text, self.inset = at, text, inset

    def all_at(self, q: int) -> list:
        """Every visible annotation starting at ``q`` (for elements with only negated constraints)."""
        out: list = []
        for table in self.at.values():
            anns = table.get(q)
            if anns:
                out.extend(anns)
        return out


class State:
    """An automaton state: ``trans`` = (test, labels, target) after epsilon removal; ``keyed`` the
    same with the masks of the keys each test needs and of those that exclude it, in its phase's
    :class:`KeySpace` (:meth:`KeySpace.key_states`), and ``runs`` those in runs of consecutive
    transitions whose tests need an annotation of one type (``(type, transitions)``:
    ``test.type``, None for the others): the walk skips a run where that type has nothing (a
    Token position for the SpaceToken tests of a run); ``written`` the place in the pattern of
    each transition's element (the index of each element, repetition and alternative on the way
    down to it, as :meth:`annotator.jape.reference.PhaseWalk.paths` numbers them: comparing
    them orders paths as the pattern is written); ``eps`` and ``consuming`` hold the edges while
    the automaton is being built."""

    __slots__ = ("trans", "written", "keyed", "runs", "final", "eps", "consuming")

    def __init__(self) -> None:
        self.trans: list[tuple[Callable, tuple[str, ...], "State"]] = []
        self.written: list[tuple[int, ...]] = []
        self.keyed: list[tuple[Callable, tuple[str, ...], "State", int, int]] = []
        self.runs: list[tuple[str | None, list]] = []
        self.final = False
        self.eps: list[State] = []
        self.consuming: list[tuple[Callable, tuple[str, ...], "State", tuple[int, ...]]] = []


class CompiledRule:
    """A rule ready to run: its automaton, actions, the keys each of its first elements needs all
    of with the keys of what may follow it (``first``: :func:`first_elements`) and the keys of
    the elements every match must contain (``required``)."""

    __slots__ = ("name", "priority", "index", "start", "actions", "first", "required", "pos")

    def __init__(self, rule: Rule, start: State, actions: list, required: list) -> None:
        self.name = rule.name
        self.priority = rule.priority
        self.index = rule.index
        self.start = start
        self.actions = actions
        self.first = first_elements(start)
        self.required = required
        self.pos = rule.pos


class FeatureDispatch:
    """The rules of a phase that may start at an annotation, by the value of one of its features:
    ``equal`` (value -> rule mask) for ``== "string"`` and for the strings of ``==~`` tests that match a
    short word list (:func:`annotator.regexes.word_sets.words_of`), ``folded`` for case-insensitive word
    lists (keyed by :class:`~annotator.regexes.word_sets.CaseKey`), ``tests`` ((test, mask)) for the other
    tests. The mask of each value seen is remembered in ``memo`` (across documents)."""

    def __init__(self) -> None:
        self.equal: dict[str, int] = {}
        self.folded: dict[str, int] = {}
        self.case_key: CaseKey | None = None
        self.tests: list[tuple[Callable, int]] = []  # run on string values
        self.all_tests: list[tuple[Callable, int]] = []  # run on other values (a word list may match str(5))
        self.memo: dict[Any, int] = {}

    def add_test(self, test: Callable, mask: int) -> None:
        self.all_tests.append((test, mask))
        words = getattr(test, "words", None)
        if words is None:
            self.tests.append((test, mask))
            return
        target = self.folded if words.ignore_case else self.equal
        for word in words.strings:
            target[word] = target.get(word, 0) | mask

    def finish(self) -> None:
        """Key the case-insensitive words once all are known; ``mask``: every rule some value may start."""
        self.mask = 0
        for mask in chain(self.equal.values(), self.folded.values(), (bits for _, bits in self.all_tests)):
            self.mask |= mask
        if self.folded:
            self.case_key = CaseKey(set("".join(self.folded)))
            folded: dict[str, int] = {}
            for word, mask in self.folded.items():
                key = self.case_key(word)
                folded[key] = folded.get(key, 0) | mask
            self.folded = folded

    def mask_of(self, value: Any) -> int:
        """The rules ``value`` may start, remembered in ``memo``. Its keys are the string and int
        values themselves (equal ones never differ between the two) and ``(class, value)`` for
        other scalars (``1.0`` and ``True`` must stay apart from ``1``); a missing feature (None)
        and other values start no rule."""
        if value is None:
            self.memo[None] = 0  # remembered too, for the C-level lookups of PhaseRun.masks
            return 0
        kind = value.__class__
        if kind is str:
            key, tests = value, self.tests
        elif kind is int:
            key, tests = value, self.all_tests
        elif kind in _SCALARS:
            key, tests = (kind, value), self.all_tests
        else:
            return 0
        mask = self.memo.get(key)
        if mask is None:
            mask = 0
            if kind is str:
                mask = self.equal.get(value, 0)
                if self.case_key is not None:
                    mask |= self.folded.get(self.case_key(value), 0)
            for test, bits in tests:
                if test(value):
                    mask |= bits
            if len(self.memo) > MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = mask
        return mask


class Dispatch:
    """Where dispatch keys hold, one bit a key (``bit``: key -> its bit; none is ANY): ``types``
    gives the bits of the keys holding where a type starts, and per ``(type, feature)`` a
    :class:`FeatureDispatch` those that hold by the feature's value."""

    def __init__(self, bit: dict[tuple, int]) -> None:
        self.types: dict[str, int] = {}
        self.features: dict[tuple[str, str], FeatureDispatch] = {}
        for key, mask in bit.items():
            if len(key) == 1:
                self.types[key[0]] = mask
                continue
            by_value = self.features.setdefault(key[:2], FeatureDispatch())
            if len(key) == 3:
                by_value.equal[key[2]] = by_value.equal.get(key[2], 0) | mask
            else:
                by_value.add_test(key[2], mask)
        for by_value in self.features.values():
            by_value.finish()


class KeySpace:
    """Dispatch keys numbered one bit each (``bit``), and the :class:`Dispatch` over them, for the
    rules of one or more phases: the keys of their first elements (needed and excluding ones), and
    those of the elements that may follow them and of every other element when the runtime reads
    them at no extra cost (a type, or a feature of one, that a first element's key reads too: the
    runtime computes the keys holding at every offset, and a key on another feature would cost a
    pass over it). A second element's keys are used only when all are there (:class:`StartPlan`)."""

    def __init__(self, rules: Iterable[CompiledRule]) -> None:
        rules = list(rules)
        firsts = [(element, unless, follow) for rule in rules for (element, unless), follow in rule.first.items()]
        keys = list(dict.fromkeys(key for element, unless, _ in firsts for key in chain(element, unless)))
        types, features = {key[0] for key in keys}, {key[:2] for key in keys if len(key) > 1}

        def free(key: tuple) -> bool:
            return key[0] in types if len(key) == 1 else key[:2] in features

        for _, _, follow in firsts:
            if follow and all(map(free, follow)):
                keys += follow
        for state in _states(rules):
            for test, _, _ in state.trans:
                keys += filter(free, chain(test.keys, test.unless))
        self.bit = {key: 1 << i for i, key in enumerate(dict.fromkeys(keys))}
        self.dispatch = Dispatch(self.bit)

    def mask(self, keys: Iterable[tuple]) -> int:
        """The bits of those of ``keys`` that this space has."""
        return sum(self.bit.get(key, 0) for key in keys)

    def key_states(self, rules: list[CompiledRule]) -> None:
        """Fill in ``keyed`` and ``runs`` of every state of the rules' automata: a transition can
        match only where the keys of its needed mask all hold and none of its excluding one (the
        runtime skips the others without calling their tests)."""
        for state in _states(rules):
            state.keyed = [(test, labels, target, self.mask(test.keys), self.mask(test.unless))
                           for test, labels, target in state.trans]
            state.runs = [(slot, list(run)) for slot, run in itertools.groupby(state.keyed, lambda t: t[0].type)]


def _states(rules: list[CompiledRule]) -> list[State]:
    """Every state of the rules' automata, each once."""
    seen: dict[int, State] = {}
    todo = [rule.start for rule in rules]
    while todo:
        state = todo.pop()
        if id(state) not in seen:
            seen[id(state)] = state
            todo += (target for _, _, target in state.trans)
    return list(seen.values())


class Memo(dict):
    """The values of a pure function ``make`` of one key, each made when first asked (``memo[key]``:
    one C-level lookup for a key seen before) and kept across documents (few keys occur), the
    whole emptied past :data:`~annotator.jape.constraints.MEMO_LIMIT` keys. A value is only
    added, never changed, so calls at once may share one."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        if len(self) > MEMO_LIMIT:
            self.clear()
        value = self[key] = self.make(key)
        return value


class StartPlan:
    """Where each rule may start: at the offsets where every key of one of its first elements holds
    and none of the keys of its negated constraints (:attr:`CompiledRule.first`), and, for a first
    element that every match leaves for a keyed second one, where one of those keys holds at the
    next visible offset after the end of an annotation starting there. Each first element of a
    rule (those with equal keys together) is a *start*, one bit in the masks of starts; ``starts``
    lists them as ``(rule bit, keys, keys excluding it, keys of what may follow or None)``.
    ``keys`` gives each key a bit (the :class:`Dispatch` of a :class:`KeySpace`: its own, or one
    shared with other phases, :func:`share_start_keys`). Pure functions of masks, each a
    :class:`Memo`: ``known`` maps the keys holding at an offset to the rules that may start there
    and the starts (``(rules, starts)``), ``followed`` the keys holding after it to the starts they
    allow, ``rules_of`` a mask of starts to their rules, ``anchors_of`` (:meth:`_cuts`) the keys
    holding to the anchors holding, ``firsts`` (:func:`first_transitions`) a mask of rules and
    the keys holding to the first transitions to try. ``filtered``: the rules with a start that
    needs a second element; ``follow_types``: the types their first elements consume (None: any,
    a first element of negated constraints only), the only ones whose ends lead to those second
    elements."""

    def __init__(self, rules: list[CompiledRule], space: KeySpace | None = None, cuts: bool = False) -> None:
        self.starts = [(bit, keys, unless, follow) for bit, rule in enumerate(rules)
                       for (keys, unless), follow in rule.first.items()]
        space = space or KeySpace(rules)
        space.key_states(rules)
        self._cuts(rules, space, cuts)
        self.keys = space.dispatch
        groups: dict[tuple[int, int], int] = {}  # an element's key masks (needed, excluding) -> its starts
        for i, (_, element, unless, _) in enumerate(self.starts):
            masks = (space.mask(element), space.mask(unless))
            groups[masks] = groups.get(masks, 0) | 1 << i
        # starts with a first element of negated constraints only: tried wherever their keys do not hold
        self.everywhere = sum(starts for (needed, _), starts in groups.items() if not needed)
        self.groups = [(needed, unless, starts) for (needed, unless), starts in groups.items()]
        self.first_keys = reduce(or_, (needed | unless for needed, unless in groups), 0)  # all that known reads
        keyed = [i for i, (_, _, _, follow) in enumerate(self.starts)
                 if follow is not None and all(k in space.bit for k in follow)]
        self.unfiltered = sum(1 << i for i in range(len(self.starts)) if i not in keyed)
        self.follows = [(1 << i, space.mask(self.starts[i][3])) for i in keyed]
        self.follow_keys = reduce(or_, (follow for _, follow in self.follows), 0)  # all that followed reads
        self.filtered = sum({1 << self.starts[i][0] for i in keyed})
        firsts = [self.starts[i][1] for i in keyed]
        self.follow_types = frozenset(k[0] for keys in firsts for k in keys) if all(firsts) else None
        self.known = Memo(self._start_rules)
        self.rules_of = Memo(self._rules_of)
        self.followed = Memo(self._followed)
        self.firsts = Memo(lambda key: first_transitions(rules, *key))

    def _cuts(self, rules: list[CompiledRule], space: KeySpace, cuts: bool) -> None:
        """With the option ``cuts = true``, ``cuts``: ``(rule bit, [(mask of anchors, bound)])`` for
        the rules that have a cut (:func:`annotator.jape.anchors.rule_cuts`), an *anchor* (one bit)
        standing for keys that all hold where an element can match (its keys, or one of them,
        as a mask in ``space``; the keys ``space`` lacks left out); ``anchors``: the key mask of
        each anchor bit. The keys holding at each offset, which dispatch computes anyway, then
        tell where each anchor holds (``anchors_of``). Empty without the option."""
        found = [rule_cuts(rule.start, lambda test: space.mask(test.keys), 0) for rule in rules] if cuts else []
        masks = list(dict.fromkeys(mask for rule_cuts_ in found for cut, _ in rule_cuts_ for mask in cut))
        anchor_bit = {mask: 1 << i for i, mask in enumerate(masks)}
        self.cuts = [(bit, [(sum(anchor_bit[m] for m in cut), d) for cut, d in rule_cuts_])
                     for bit, rule_cuts_ in enumerate(found) if rule_cuts_]
        self.anchors = masks
        self.anchor_keys = reduce(or_, masks, 0)  # all that anchors_of reads
        self.anchors_of = Memo(lambda held: sum(1 << i for i, mask in enumerate(masks) if held & mask == mask))

    def _followed(self, after: int) -> int:
        """The starts that ``after``, the keys holding at the offsets that follow a start offset,
        allows: those without a keyed second element, and those one of whose second elements'
        keys is among them."""
        found = self.unfiltered
        for bit, follow in self.follows:
            if after & follow:
                found |= bit
        return found

    def _start_rules(self, keys_held: int) -> tuple[int, int]:
        bits = 0
        for needed, unless, group in self.groups:
            if keys_held & needed == needed and not keys_held & unless:
                bits |= group
        return self.rules_of[bits], bits

    def _rules_of(self, starts: int) -> int:
        """The rules of a mask of starts."""
        found = 0
        while starts:
            bit = starts & -starts
            starts ^= bit
            found |= 1 << self.starts[bit.bit_length() - 1][0]
        return found


def first_transitions(rules: list[CompiledRule], mask: int, keys: int | None) -> list[tuple]:
    """The first transitions of the rules of ``mask`` that the keys ``keys`` (holding at an offset)
    allow (all of them when None), in rule order: ``(test, labels, target, rule, shared)``,
    ``shared`` when another of them has the same test (the runtime tests it once)."""
    found = [(test, labels, target, rule) for i, rule in enumerate(rules) if mask >> i & 1
             for test, labels, target, need, bar in rule.start.keyed
             if keys is None or (keys & need == need and not keys & bar)]
    tests = [entry[0] for entry in found]
    return [(*entry, tests.count(entry[0]) > 1) for entry in found]


def first_elements(start: State) -> dict[tuple[frozenset, frozenset], set | None]:
    """The keys of each first element of an automaton (:func:`element_keys`, with the keys of its
    negated constraints, :func:`element_unless`; elements with equal keys together), each with the
    dispatch keys of the elements that can follow it, when every match through it has one and each
    has a key; else None. A match from ``p`` through such a first element needs one of those keys
    at the next visible offset after the end of its annotation."""
    out: dict[tuple[frozenset, frozenset], set | None] = {}
    for test, _, target in start.trans:
        element = (test.keys, test.unless)
        follow = out.get(element, set())
        if follow is not None:
            after = {getattr(t, "key", ANY) for t, _, _ in target.trans}
            follow = None if target.final or ANY in after else follow | after
        out[element] = follow
    return out


class CompiledPhase:
    """A phase ready to run: its rules, options, the types its tests read (``reads``, in the order
    they were compiled: :meth:`Inputs.all_at` goes through them so), the types its first elements
    read (``leading``: :func:`leading_types`) and ``required``, ``(key, mask of the rules that
    need an element with that dispatch key)`` (:attr:`CompiledRule.required`): past the last
    offset where the key holds, those rules cannot start. ``cuts``: whether the phase has the
    option ``cuts = true``; its :class:`StartPlan`'s ``cuts`` then let the runtime skip the
    offsets from which no anchor of a rule's cut is reached."""

    def __init__(self, phase: Phase, rules: list[CompiledRule], reads: tuple[str, ...], produces: set[str]) -> None:
        self.name = phase.name
        self.path = phase.path
        self.input = phase.input
        self.control = phase.control
        self.debug = phase.option_flag("debug")
        self.match_group = phase.option_flag("matchGroup")
        self.rules = rules
        self.reads = reads
        self.produces = produces
        self.cuts = phase.option_flag("cuts")
        self.dispatch = StartPlan(rules, cuts=self.cuts)
        self.leading = leading_types(rules)
        required: dict[tuple, int] = {}
        for bit, rule in enumerate(rules):
            for key in rule.required:
                required[key] = required.get(key, 0) | 1 << bit
        self.required = list(required.items())
        self.types = None if phase.input is None else tuple(sorted(set(phase.input)))  # sorted Input types
        self._layouts: dict[tuple[str, ...], tuple] = {}

    def layout(self, types: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], tuple]:
        """What a run over the visible ``types`` (sorted: :attr:`types`, or every type of a set for a
        phase without ``Input``) reads where, made once per phase and ``types``:
        ``(follow_types, reached, slots)``. ``follow_types``: the types whose ends lead to a second
        element (:attr:`StartPlan.follow_types`); ``reached``: the types whose tables are filled in
        only where walks reach (:class:`~annotator.jape.runtime.Reached`): those that no first
        element reads (:attr:`leading`), unless the phase reads the span of every annotation anyway
        (to filter rules by their second element, or to check cuts); ``slots``: ``(type, kind)``
        for each type of :class:`Inputs`, kind 0 for a type not visible, 1 reached, 2 a whole
        table."""
        found = self._layouts.get(types)
        if found is None or found[0] is not self.dispatch:  # share_start_keys may replace dispatch
            if len(self._layouts) > MEMO_LIMIT:
                self._layouts.clear()
            follow = self.dispatch.follow_types
            follow_types = types if follow is None else tuple(t for t in types if t in follow)
            reached: tuple[str, ...] = ()
            if self.leading is not None and not self.dispatch.filtered and not self.cuts:
                reached = tuple(t for t in types if t not in self.leading)
            slots = tuple((t, 0 if t not in types else 1 if t in reached else 2)
                          for t in dict.fromkeys(self.reads + types))
            found = self._layouts[types] = (self.dispatch, (follow_types, reached, slots))
        return found[1]


def leading_types(rules: list[CompiledRule]) -> frozenset[str] | None:
    """The types whose slots the first elements of ``rules`` read (None: every type, for a first
    element of negated constraints only). The runtime tests them at offsets where rules start, so
    the other types' slots may be filled in only where a walk reaches (:class:`~annotator.jape.runtime.Reached`)."""
    found: set[str] = set()
    for rule in rules:
        for test, _, _ in rule.start.trans:
            if test.reads is None:
                return None
            found |= test.reads
    return frozenset(found)


def share_start_keys(phases: list[CompiledPhase]) -> None:
    """Give the phases that read the same ``Input`` types one :class:`KeySpace` for their
    :class:`StartPlan`: the keys holding at each offset of a document (a pass over the feature
    values of every Token and Lookup) are then computed once for all of them, while no phase
    changes those types (the runtime's :meth:`~annotator.jape.runtime.Lattice.derived`)."""
    groups: dict[frozenset, list[CompiledPhase]] = {}
    for phase in phases:
        if phase.input is not None:
            groups.setdefault(frozenset(phase.input), []).append(phase)
    for group in groups.values():
        if len(group) > 1:
            space = KeySpace(rule for phase in group for rule in phase.rules)
            for phase in group:
                phase.dispatch = StartPlan(phase.rules, space, phase.cuts)


# ---------------------------------------------------------------------- constraints


def _group_constraints(constraints: list[Constraint], negation_grouping: bool) -> tuple[list, list]:
    """Positive constraints merged per type (same annotation); negated ones per type too when
    ``negationGrouping`` is on, else one per written constraint."""
    positive: dict[str, list[Predicate]] = {}
    negated: dict[Any, tuple[str, list[Predicate]]] = {}
    for i, c in enumerate(constraints):
        if c.negated:
            key = c.type if negation_grouping else i
            negated.setdefault(key, (c.type, []))[1].extend(c.predicates)
        else:
            positive.setdefault(c.type, []).extend(c.predicates)
    return list(positive.items()), list(negated.values())


def _single_feature_test(type_name: str, pred: Predicate) -> Callable[[Inputs, int], Any]:
    """The most common element, ``{Type.feature OP value}``, written out for speed (this runs for
    most candidate offsets): a string or int value is looked up in the test's memo first (saves a call)."""
    name, test = pred.name, value_test(pred)
    known = test.memo.get  # type: ignore[attr-defined]

    def single_feature(inputs: Inputs, q: int) -> Any:
        anns = inputs.at[type_name].get(q)
        if not anns:
            return ()
        if len(anns) == 1:
            a = anns[0]
            value = a.features.get(name)
            ok = known(value) if value.__class__ is str or value.__class__ is int else None
            return ((a.end, a),) if (test(value) if ok is None else ok) else ()
        return [(a.end, a) for a in anns if test(a.features.get(name))]

    return single_feature


def canonical(basic: Basic) -> tuple:
    """What an element tests, without positions: equal elements share one compiled test."""
    def pred_key(p: Predicate) -> tuple:
        value = p.value
        if isinstance(value, Constraint):
            value = (value.type, tuple(pred_key(q) for q in value.predicates))
        return (p.accessor, p.name, p.op, type(value).__name__, value)
    return tuple((c.type, c.negated, tuple(pred_key(p) for p in c.predicates)) for c in basic.constraints)


def element_test(basic: Basic, negation_grouping: bool) -> Callable[[Inputs, int], Any]:
    """The transition test of ``{...}``: ``test(inputs, q)`` lists ``(end, item)`` for each way the
    element matches annotations starting at offset ``q`` (``item``: an annotation or a tuple of
    them). ``test.key`` is the element's :func:`dispatch_key`, ``test.keys`` its
    :func:`element_keys`, ``test.unless`` its :func:`element_unless`; ``test.type`` a type it
    needs an annotation of at ``q`` (it matches nothing where that type has none), None for an
    element of negated constraints only; ``test.reads`` the types it reads (None: every type, an
    element of negated constraints only: :meth:`Inputs.all_at`)."""
    test = _element_matcher(basic, negation_grouping)
    needed = [c.type for c in basic.constraints if not c.negated]
    test.type = needed[0] if needed else None  # type: ignore[attr-defined]
    test.reads = frozenset(c.type for c in basic.constraints) if needed else None  # type: ignore[attr-defined]
    test.key = dispatch_key(basic)  # type: ignore[attr-defined]
    test.keys = element_keys(basic)  # type: ignore[attr-defined]
    test.unless = element_unless(basic, negation_grouping)  # type: ignore[attr-defined]
    return test


def _element_matcher(basic: Basic, negation_grouping: bool) -> Callable[[Inputs, int], Any]:
    positive, negated = _group_constraints(basic.constraints, negation_grouping)
    pos_tests = [(t, conjunction(preds)) for t, preds in positive]
    neg_tests = [(t, conjunction(preds)) for t, preds in negated]

    if len(pos_tests) == 1 and not neg_tests and len(positive[0][1]) == 1 and positive[0][1][0].accessor == "feature":
        return _single_feature_test(pos_tests[0][0], positive[0][1][0])
    if len(pos_tests) == 1 and not neg_tests:
        type_name, ok = pos_tests[0]
        if ok is None:
            def single(inputs: Inputs, q: int) -> Any:
                anns = inputs.at[type_name].get(q)
                return [(a.end, a) for a in anns] if anns else ()
            return single

        def single_ok(inputs: Inputs, q: int) -> Any:
            anns = inputs.at[type_name].get(q)
            return [(a.end, a) for a in anns if ok(a, inputs)] if anns else ()
        return single_ok

    def excluded(inputs: Inputs, q: int) -> bool:
        """Whether a negated constraint holds at ``q`` (an annotation meets all its tests)."""
        for type_name, ok in neg_tests:
            anns = inputs.at[type_name].get(q)
            if anns:
                if ok is None:
                    return True
                for a in anns:
                    if ok(a, inputs):
                        return True
        return False

    def general(inputs: Inputs, q: int) -> Any:
        # the positive constraints first: they fail at most offsets (the tests have no side effects)
        lists = []
        for type_name, ok in pos_tests:
            anns = inputs.at[type_name].get(q)
            if not anns:
                return ()
            if ok is not None:
                anns = [a for a in anns if ok(a, inputs)]
                if not anns:
                    return ()
            lists.append(anns)
        if neg_tests and excluded(inputs, q):
            return ()
        if not lists:
            return [(a.end, a) for a in inputs.all_at(q)]
        if len(lists) == 1:
            return [(a.end, a) for a in lists[0]]
        return [(max(map(_END, combo)), combo) for combo in itertools.product(*lists)]

    return general


def dispatch_key(basic: Basic) -> tuple:
    """A cheap necessary condition for ``basic`` to match at an offset, checked per document on the
    lattice's feature-value index: of the positive constraints, the first ``(type, feature,
    value)`` for a ``feature == "string"``; else that of the last with another feature test that
    a missing feature fails (:func:`feature_key`); else ``(type,)`` of the first; else ANY (only
    negated constraints)."""
    best: tuple = ANY
    for c in basic.constraints:
        if c.negated:
            continue
        keys = [key for p in c.predicates if (key := feature_key(c.type, p)) is not None]
        equal = [key for key in keys if len(key) == 3]
        if equal:
            return equal[0]
        if keys:
            best = keys[0]
        elif best is ANY:
            best = (c.type,)
    return best


def element_keys(basic: Basic) -> frozenset:
    """Dispatch keys that must all hold at an offset for ``basic`` to match there (each perhaps on
    another annotation of its type): for each positive constraint, ``(type, feature, value)`` for
    each ``feature == "string"``, ``(type, feature, test, "test")`` for each other feature test that
    a missing feature fails (``Token.string ==~ "O|D|L"``, ``Token.length == 1``: dispatch runs a
    test once per distinct value, remembered across documents), or ``(type,)`` when it has none;
    empty for negated constraints only. The more keys, the fewer offsets where a rule is tried:
    ``{Token.kind == word, Token.string ==~ "O|D|L"}`` holds at a few words, not at every one."""
    keys: set = set()
    for c in basic.constraints:
        if c.negated:
            continue
        found = {key for p in c.predicates if (key := feature_key(c.type, p)) is not None}
        keys |= found or {(c.type,)}
    return frozenset(keys)


def element_unless(basic: Basic, negation_grouping: bool) -> frozenset:
    """Dispatch keys any of which holding at an offset excludes ``basic`` there: one per negated
    constraint (as grouped for matching) of a type alone (``!Lookup``: ``(type,)``) or with one
    feature test that a missing feature fails (``!Lookup.majorType ==~ "common|date"``); a
    negated constraint of several tests has none (one annotation must meet them all)."""
    keys: set = set()
    for type_name, preds in _group_constraints(basic.constraints, negation_grouping)[1]:
        if not preds:
            keys.add((type_name,))
            continue
        key = feature_key(type_name, preds[0]) if len(preds) == 1 else None
        if key is not None:
            keys.add(key)
    return frozenset(keys)


def feature_key(type_name: str, p: Predicate) -> tuple | None:
    """The dispatch key of a feature test that a missing feature fails (the index holds present
    values only): ``(type, feature, value)`` for ``feature == "string"``, else ``(type, feature,
    test, "test")``; None for any other test."""
    if p.accessor != "feature":
        return None
    if p.op == "==" and isinstance(p.value, str):
        return (type_name, p.name, p.value)
    test = value_test(p)
    return None if test(None) else (type_name, p.name, test, "test")


# ---------------------------------------------------------------------- automaton
class _Builder:
    def __init__(self, negation_grouping: bool) -> None:
        self.negation_grouping = negation_grouping
        self.reads: dict[str, None] = {}  # the types the tests read, in the order compiled
        self.tests: dict[tuple, Callable] = {}  # canonical element -> its shared test

    def element(self, elem: Element, labels: tuple[str, ...], start: State, end: State, where: tuple) -> None:
        """Add ``elem`` between ``start`` and ``end``; ``where``: its place in the pattern
        (:attr:`State.written`)."""
        if isinstance(elem, Basic):
            key = canonical(elem)
            test = self.tests.get(key)
            if test is None:
                test = self.tests[key] = element_test(elem, self.negation_grouping)
                self.reads.update(dict.fromkeys([c.type for c in elem.constraints if not c.negated] +
                                                [c.type for c in elem.constraints if c.negated]))
            start.consuming.append((test, labels, end, where))
            return
        inner = labels + tuple(label for label in elem.labels if label not in labels)
        current = start
        for copy in range(elem.min):
            nxt = State()
            self.alternatives(elem, inner, current, nxt, where + (copy,))
            current = nxt
        if elem.max is None:  # the repetitions past min are one place
            loop = State()
            current.eps.append(loop)
            self.alternatives(elem, inner, loop, loop, where + (elem.min,))
            loop.eps.append(end)
        else:
            for copy in range(elem.min, elem.max):
                current.eps.append(end)
                nxt = State()
                self.alternatives(elem, inner, current, nxt, where + (copy,))
                current = nxt
            current.eps.append(end)

    def alternatives(self, group: Group, labels: tuple[str, ...], start: State, end: State, where: tuple) -> None:
        """One repetition of ``group`` between ``start`` and ``end``; ``where``: the group's place
        with the repetition's."""
        for k, seq in enumerate(group.alternatives):
            current = start
            for i, elem in enumerate(seq):
                nxt = end if i == len(seq) - 1 else State()
                self.element(elem, labels, current, nxt, where + (k, i))
                current = nxt
            if not seq:
                start.eps.append(end)


def _closure(state: State) -> list[State]:
    seen = {id(state)}
    order = [state]
    stack = [state]
    while stack:
        for nxt in reversed(stack.pop().eps):
            if id(nxt) not in seen:
                seen.add(id(nxt))
                order.append(nxt)
                stack.append(nxt)
    return order


def _remove_epsilons(start: State, final: State) -> State:
    """Rewrite the automaton reachable from ``start`` without epsilon edges (in place)."""
    done: set[int] = set()
    todo = [start]
    while todo:
        state = todo.pop()
        if id(state) in done:
            continue
        done.add(id(state))
        trans, written = [], []
        seen: set[int] = set()
        for member in _closure(state):
            if member is final:
                state.final = True
            for t in member.consuming:
                if id(t) not in seen:
                    seen.add(id(t))
                    trans.append(t[:3])
                    written.append(t[3])
                    todo.append(t[2])
        state.trans, state.written = trans, written
    return start


def mandatory(group: Group) -> list[Basic]:
    """Elements every match of ``group`` goes through (in sequences, and groups repeated at least
    once with one alternative): a rule cannot start after the last place one of them can match."""
    if group.min < 1 or len(group.alternatives) != 1:
        return []
    found: list[Basic] = []
    for elem in group.alternatives[0]:
        found += [elem] if isinstance(elem, Basic) else mandatory(elem)
    return found


def compile_phase(phase: Phase, registry: Any) -> CompiledPhase:
    """Compile one parsed phase; raises GrammarError (unknown action, bad regex ...)."""
    builder = _Builder(phase.option_flag("negationGrouping", True))
    rules = []
    produces: set[str] = set()
    for rule in phase.rules:
        start, final = State(), State()
        builder.alternatives(rule.lhs, (), start, final, (0,))
        _remove_epsilons(start, final)
        keys = {test.key for test, _, _ in start.trans}
        # cheap keys only (a type, or a feature equal to a string); the first elements are already
        # checked where the rule starts
        required = [k for k in dict.fromkeys(dispatch_key(b) for b in mandatory(rule.lhs))
                    if len(k) in (1, 3) and k != ANY and k not in keys]
        actions = compile_actions(rule.rhs, registry)
        produces.update(a.type for a in rule.rhs if hasattr(a, "type"))
        rules.append(CompiledRule(rule, start, actions, required))
    reads = tuple(dict.fromkeys([*builder.reads, *(phase.input or ())]))
    return CompiledPhase(phase, rules, reads, produces)

