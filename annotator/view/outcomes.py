"""What happened to each span of one gold/system document pair, for error analysis.

The pairing is the annotation diff's (:func:`annotator.evaluation.diff.diff_type`, per type:
coextensive pairs first, then overlapping ones): a coextensive pair is *correct*, an overlapping
pair a *boundary* error. Of what is left, a gold and a system span with the same offsets but
different types are a *type* error (paired in document order); the rest of gold is *missing*,
the rest of system *spurious*. Which annotations take part is the metric's choice (the caller
gives them), so a correct span here is a true positive of MEDDOCAN's and i2b2's strict scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from annotator.document import Annotation
from annotator.evaluation.diff import diff_type

#: The outcomes, in the order pages list them.
KINDS = ("correct", "boundary", "type", "missing", "spurious")
LABELS = {"correct": "correct", "boundary": "boundary", "type": "wrong type", "missing": "missing", "spurious": "spurious"}


@dataclass(frozen=True)
class Outcome:
    """One of :data:`KINDS`, with the gold and the system annotation it is about (one may be None)."""

    kind: str
    gold: Annotation | None
    system: Annotation | None

    @property
    def types(self) -> list[str]:
        """The types involved (two for a type error)."""
        return list(dict.fromkeys(a.type for a in (self.gold, self.system) if a is not None))

    @property
    def start(self) -> int:
        return min(a.start for a in (self.gold, self.system) if a is not None)


def outcomes(gold: Iterable[Annotation], system: Iterable[Annotation]) -> list[Outcome]:
    """The outcome of every gold and system annotation of one document, in document order."""
    gold, system = list(gold), list(system)
    by_type: dict[str, tuple[list[Annotation], list[Annotation]]] = {}
    for side, anns in enumerate((gold, system)):
        for ann in anns:
            by_type.setdefault(ann.type, ([], []))[side].append(ann)
    out: list[Outcome] = []
    missing: list[Annotation] = []
    spurious: dict[tuple[int, int], list[Annotation]] = {}
    for gold_anns, system_anns in by_type.values():
        _, disagreements = diff_type(gold_anns, system_anns)
        unpaired = {id(a) for g, s, _ in disagreements for a in (g, s) if a is not None}
        out += [Outcome("correct", g, None) for g in gold_anns if id(g) not in unpaired]
        for g, s, status in disagreements:
            if status == "partial":
                out.append(Outcome("boundary", g, s))
            elif status == "missing":
                missing.append(g)
            else:
                spurious.setdefault(s.span, []).append(s)
    for g in sorted(missing, key=lambda a: (a.start, -a.end, a.id)):
        others = spurious.get(g.span)
        out.append(Outcome("type", g, others.pop(0)) if others else Outcome("missing", g, None))
    out += [Outcome("spurious", None, s) for group in spurious.values() for s in group]
    _attach_correct(out, system)
    return sorted(out, key=lambda o: (o.start, KINDS.index(o.kind)))


def _attach_correct(out: list[Outcome], system: list[Annotation]) -> None:
    """Give each correct outcome its system annotation (the diff counts them without naming it)."""
    free: dict[tuple[str, int, int], list[Annotation]] = {}
    taken = {id(o.system) for o in out if o.system is not None}
    for s in system:
        if id(s) not in taken:
            free.setdefault((s.type, s.start, s.end), []).append(s)
    for i, o in enumerate(out):
        if o.kind == "correct":
            out[i] = Outcome("correct", o.gold, free[(o.gold.type, o.gold.start, o.gold.end)].pop(0))
