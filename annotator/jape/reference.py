"""The reference JAPE matcher: a plain walk of each phase over the annotations, read off the spec.

``compile_grammar(path, strategy="reference")`` returns a :class:`ReferenceGrammar`: the same
parsed phases (:mod:`annotator.jape.syntax`) and right-hand sides (:mod:`annotator.jape.rhs`) as the
fast path, matched by interpreting each rule's left-hand side directly, without automata, dispatch
keys or caches. It is slow; it is there to check the fast path against (tests/jape/test_reference.py)
and to be read beside GATE's rules (``shared/reference/gate.md`` section 3):

* a phase sees the non-empty annotations of its ``Input`` types (every type when it has none) as
  they are when the phase starts; feature values and ``contains``/``within`` (over the whole input
  set) are read when tested;
* a match starts at an offset where a visible annotation starts; after an element consumed
  annotations ending at ``e`` the next element is tried at the first such offset ``>= e``;
* ``{C1, C2}``: the positive constraints of one type hold for one annotation, of different types
  for co-starting ones (one way to match per combination); a negated one excludes the offset when
  a visible annotation of its type starting there meets its tests (with ``negationGrouping``, all
  the negated tests of one type together, else each written constraint on its own); an element of
  negated constraints only consumes any visible annotation starting there;
* a path is the sequence of elements and annotations a match consumed; a group is tried before it
  is skipped and repeated before it is left (paths are listed in that order); a path that
  consumes nothing never matches;
* control at each start offset: ``appelt`` fires the longest path, then the highest priority, the
  earliest rule, the fewest elements, the first listed (``matchGroup``: also the other paths of
  that rule over the same span with other bindings) and resumes at its end; ``brill`` fires every
  path (by fewest elements, then rule order) and resumes after the longest; ``all`` fires every
  path and resumes at the next offset; ``first`` fires the path with fewest elements (then rule
  order, then the first listed) and resumes at its end; ``once`` is ``first`` that stops the phase.

Where several positions of the pattern can consume the same annotations (``(({A})?)[2]`` over one
``A``), each is a path of its own, as each is an element of GATE's automaton.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from pathlib import Path
from typing import Any, Callable, Iterator

import regex

from annotator.errors import AnnotatorError, coded
from annotator.index import document_order
from annotator.jape.lexer import error_at
from annotator.jape.rhs import Match, bindings_of, compile_actions
from annotator.jape.syntax import Basic, Constraint, Diagnostic, Group, Phase, PhaseTypes, Predicate, Rule
from annotator.jape.values import clean_string, predicate

# A path: the steps a match took, last first, as a linked list ``(step, rest)``; a step is
# ``(position in the pattern, labels around it, annotation or tuple of co-starting ones)``.
Steps = tuple


class Tests:
    """The value tests of a phase's predicates (``OP value``), made once: regular expressions are
    compiled when the grammar is loaded (a bad one is GrammarError E507 there)."""

    def __init__(self, phase: Phase) -> None:
        self.made: dict[tuple, Callable[[Any], bool]] = {}
        for rule in phase.rules:
            for basic in _basics(rule.lhs):
                for c in basic.constraints:
                    self._make_all(c.predicates)

    def _make_all(self, preds: list[Predicate]) -> None:
        for p in preds:
            if p.accessor == "embedded":
                if isinstance(p.value, Constraint):
                    self._make_all(p.value.predicates)
            else:
                self.value_test(p)

    def value_test(self, p: Predicate) -> Callable[[Any], bool]:
        key = (p.op, type(p.value), p.value)
        if key not in self.made:
            try:
                self.made[key] = predicate(p.op, p.value)  # type: ignore[arg-type]
            except regex.error as exc:
                raise error_at(p.pos, coded("E507", pattern=p.value, reason=exc)) from None
        return self.made[key]


def _basics(group: Group) -> Iterator[Basic]:
    for alternative in group.alternatives:
        for elem in alternative:
            if isinstance(elem, Basic):
                yield elem
            else:
                yield from _basics(elem)


class ReferencePhase:
    """One parsed phase with its compiled right-hand sides and value tests."""

    def __init__(self, phase: Phase, registry: Any) -> None:
        self.phase = phase
        self.name = phase.name
        self.tests = Tests(phase)
        self.actions = [compile_actions(rule.rhs, registry) for rule in phase.rules]
        self.produces = {a.type for rule in phase.rules for a in rule.rhs if hasattr(a, "type")}
        self.input = phase.input
        self.negation_grouping = phase.option_flag("negationGrouping", True)
        self.match_group = phase.option_flag("matchGroup")

    def type_order(self, visible: Any) -> list[str]:
        """The visible types in the order an element of negated constraints only lists the
        annotations it may consume (the spec leaves it open; this is the fast path's): the types the
        phase's constraints name, in order (in each element the positive ones first), then its
        ``Input`` types, then the others (no ``Input``) in alphabetical order."""
        named = [c.type for rule in self.phase.rules for basic in _basics(rule.lhs)
                 for c in sorted(basic.constraints, key=lambda c: c.negated)]
        return [t for t in dict.fromkeys(named + list(self.input or ()) + sorted(visible)) if t in visible]

    def run(self, doc: Any, inset: Any, outset: Any) -> None:
        PhaseWalk(self, doc, inset, outset).run()


class PhaseWalk:
    """One phase over one document: the visible annotations, the matching and the control style."""

    def __init__(self, phase: ReferencePhase, doc: Any, inset: Any, outset: Any) -> None:
        self.phase, self.doc, self.inset, self.outset = phase, doc, inset, outset
        self.text = doc.text
        types = phase.input if phase.input is not None else sorted(inset.types())
        # type -> start offset -> the visible annotations of the type starting there, in document order
        self.visible: dict[str, dict[int, list]] = {}
        for type_name in types:
            by_start = self.visible.setdefault(type_name, {})
            for a in sorted(inset.with_type(type_name), key=document_order):
                if a.end > a.start:  # GATE never matches empty annotations
                    by_start.setdefault(a.start, []).append(a)
        self.starts = sorted({q for by_start in self.visible.values() for q in by_start})

    # ------------------------------------------------------------------ constraints
    def holds(self, p: Predicate, a: Any) -> bool:
        """Whether predicate ``p`` holds for annotation ``a``."""
        if p.accessor == "embedded":
            return self.embedded(p, a)
        if p.accessor == "feature":
            value = a.features.get(p.name)
        elif p.name == "length":
            value = a.end - a.start
        elif p.name == "string":
            value = self.text[a.start:a.end]
        else:
            value = clean_string(self.text[a.start:a.end])
        return self.phase.tests.value_test(p)(value)

    def embedded(self, p: Predicate, a: Any) -> bool:
        """``contains``/``within``/``notContains``/``notWithin`` over the whole input set."""
        inner = p.value
        type_name, preds = (inner.type, inner.predicates) if isinstance(inner, Constraint) else (str(inner), [])
        view = self.inset.with_type(type_name)
        around = p.name in ("within", "notWithin")
        others = view.covering(a.start, a.end) if around else view.within(a.start, a.end)
        hit = any(all(self.holds(q, b) for q in preds) for b in others)
        return hit if p.name in ("contains", "within") else not hit

    def meets(self, preds: list[Predicate], a: Any) -> bool:
        return all(self.holds(p, a) for p in preds)

    def element(self, basic: Basic, q: int) -> list[tuple[int, Any]]:
        """Each way ``{...}`` matches annotations starting at ``q``: ``(end, item)``."""
        positive: dict[str, list[Predicate]] = {}
        negated: dict[Any, tuple[str, list[Predicate]]] = {}
        for i, c in enumerate(basic.constraints):
            if not c.negated:
                positive.setdefault(c.type, []).extend(c.predicates)
            else:
                key = c.type if self.phase.negation_grouping else i
                negated.setdefault(key, (c.type, []))[1].extend(c.predicates)
        choices = [[a for a in self.at(t, q) if self.meets(preds, a)] for t, preds in positive.items()]
        if any(not found for found in choices):
            return []
        for type_name, preds in negated.values():
            if any(self.meets(preds, a) for a in self.at(type_name, q)):
                return []
        if not choices:
            return [(a.end, a) for t in self.phase.type_order(self.visible) for a in self.at(t, q)]
        if len(choices) == 1:
            return [(a.end, a) for a in choices[0]]
        return [(max(a.end for a in combo), combo) for combo in itertools.product(*choices)]

    def at(self, type_name: str, q: int) -> list:
        """The visible annotations of ``type_name`` starting at ``q``."""
        return self.visible.get(type_name, {}).get(q, [])

    def next_start(self, pos: int) -> int | None:
        """The first offset ``>= pos`` where a visible annotation starts."""
        i = bisect_left(self.starts, pos)
        return self.starts[i] if i < len(self.starts) else None

    # ------------------------------------------------------------------ paths
    def paths(self, rule: Rule, p: int) -> list[tuple[int, int, Steps]]:
        """Every path of ``rule`` from offset ``p``, in the order listed: ``(end, elements, steps)``.

        A depth-first walk with an explicit stack (a Kleene operator may repeat over a whole
        document). Each stack entry is a partial match: ``(offset reached, steps, elements consumed,
        what is left to match)``; what is left is a linked list ``(task, rest)`` of tasks:
        ``("seq", elements, i, where, labels)`` matches ``elements[i:]`` in turn;
        ``("rep", group, done, where, labels)`` matches ``group`` after ``done`` repetitions of
        it; ``("again", group, done, where, labels, depth)`` ends one repetition begun after
        ``depth`` elements. ``where`` is the position in the pattern: the index of each element,
        repetition and alternative on the way down to it."""
        out: list[tuple[int, int, Steps]] = []
        stack: list[tuple[int, Steps, int, Any]] = [(p, None, 0, (("rep", rule.lhs, 0, (), ()), None))]
        while stack:
            pos, steps, depth, todo = stack.pop()
            if todo is None:
                if depth:
                    out.append((pos, depth, steps))
                continue
            (kind, *task), rest = todo
            nexts: list[tuple[int, Steps, int, Any]] = []  # what follows, in the order listed
            if kind == "seq":
                elements, i, where, labels = task
                if i == len(elements):
                    nexts.append((pos, steps, depth, rest))
                elif isinstance(elements[i], Group):
                    after = (("seq", elements, i + 1, where, labels), rest)
                    nexts.append((pos, steps, depth, (("rep", elements[i], 0, where + (i,), labels), after)))
                else:
                    after = (("seq", elements, i + 1, where, labels), rest)
                    q = self.next_start(pos)
                    for end, item in self.element(elements[i], q) if q is not None else ():
                        nexts.append((end, ((where + (i,), labels, item), steps), depth + 1, after))
            elif kind == "rep":
                group, done, where, labels = task
                nexts += self.repetitions(group, done, where, labels, pos, steps, depth, rest)
            else:  # "again": a repetition ended; one past min of an unbounded group must consume something
                group, done, where, labels, before = task
                if not (group.max is None and done >= group.min and depth == before):
                    nexts.append((pos, steps, depth, (("rep", group, done + 1, where, labels), rest)))
            stack += reversed(nexts)
        return out

    @staticmethod
    def repetitions(group: Group, done: int, where: tuple, labels: tuple, pos: int, steps: Steps, depth: int,
                    rest: Any) -> list[tuple[int, Steps, int, Any]]:
        """The ways on from ``group`` after ``done`` repetitions: one more of each alternative (up
        to ``max``), then leaving the group (from ``min`` on). Each repetition is a position of the
        pattern of its own, but past ``min`` in an unbounded group (``*``, ``+``) where all are one."""
        inner = labels + tuple(label for label in group.labels if label not in labels)
        out = []
        if group.max is None or done < group.max:
            copy = min(done, group.min) if group.max is None else done
            again = (("again", group, done, where, labels, depth), rest)
            for k, alternative in enumerate(group.alternatives):
                out.append((pos, steps, depth, (("seq", alternative, 0, where + (copy, k), inner), again)))
        if done >= group.min:
            out.append((pos, steps, depth, rest))
        return out

    # ------------------------------------------------------------------ firing
    def fire(self, index: int, path: Steps) -> None:
        rule = self.phase.phase.rules[index]
        m = Match(self.doc, _chain(path), self.inset, self.outset, rule.name, self.phase.phase.name)
        for act in self.phase.actions[index]:
            try:
                act(m)
            except AnnotatorError:
                raise
            except Exception as exc:  # a Python action failed: name the rule, as the fast path does
                raise error_at(rule.pos, coded("E506", rule=rule.name, error=f"{type(exc).__name__}: {exc}")) from exc

    def run(self) -> None:
        style = self.phase.phase.control
        rules = self.phase.phase.rules
        resume = -1
        for p in self.starts:
            if p < resume:
                continue
            # (end, elements, path, rule index), rules in order, each rule's paths as listed
            found = [(end, depth, path, i) for i, rule in enumerate(rules) for end, depth, path in self.paths(rule, p)]
            if not found:
                continue
            if style in ("first", "once"):
                best = min(found, key=lambda c: (c[1], c[3]))
                self.fire(best[3], best[2])
                if style == "once":
                    return
                resume = best[0]
            elif style == "appelt":
                best = max(found, key=lambda c: (c[0], rules[c[3]].priority, -c[3], -c[1]))
                self.fire(best[3], best[2])
                if self.phase.match_group:
                    seen = [bindings_of(_chain(best[2]))]
                    for c in found:
                        if c is not best and c[0] == best[0] and c[3] == best[3]:
                            bindings = bindings_of(_chain(c[2]))
                            if bindings not in seen:
                                seen.append(bindings)
                                self.fire(c[3], c[2])
                resume = best[0]
            else:  # brill, all
                for end, depth, path, i in sorted(_distinct(found), key=lambda c: (c[1], c[3])):
                    self.fire(i, path)
                resume = max(c[0] for c in found) if style == "brill" else p + 1


def _steps(path: Steps) -> list:
    """The steps of a path, first first."""
    out = []
    while path is not None:
        step, path = path
        out.append(step)
    return out[::-1]


def _chain(path: Steps) -> Any:
    """A path as the bindings chain of :class:`annotator.jape.rhs.Match`: ``(labels, item, rest)``
    for each step inside labelled groups."""
    chain = None
    for _, labels, item in _steps(path):
        if labels:
            chain = (labels, item, chain)
    return chain


def _distinct(found: list) -> list:
    """The candidates whose paths differ (the same positions of the pattern over the same
    annotations, reached by skipping optional parts in different ways, are one path)."""
    seen: set = set()
    out = []
    for c in found:
        key = (c[3], tuple((where, tuple(a.id for a in item) if isinstance(item, tuple) else item.id)
                           for where, _, item in _steps(c[2])))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


class ReferenceGrammar(PhaseTypes):
    """A grammar run by the reference matcher; called as :class:`annotator.jape.loader.Grammar` is."""

    def __init__(self, path: Path, parsed: list[Phase], registry: Any, warnings: list[Diagnostic],
                 files: list[Path]) -> None:
        self.path = path
        self.phases = [ReferencePhase(phase, registry) for phase in parsed]
        self.warnings = warnings
        self.files = files

    def __call__(self, doc: Any, inset: Any = None, outset: Any = None) -> None:
        inset = doc.annset() if inset is None else inset
        outset = inset if outset is None else outset
        for phase in self.phases:
            phase.run(doc, inset, outset)

    def __repr__(self) -> str:
        return f"ReferenceGrammar({str(self.path)!r}, {len(self.phases)} phases)"
