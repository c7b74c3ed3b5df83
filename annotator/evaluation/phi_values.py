"""PHI-value coverage: how much of each gold PHI value a system's annotations hide, whatever their type.

What a data steward asks of a de-identifier (and how Philter-style tools are compared on short
texts such as search queries): is every letter and digit of a PHI value covered, so that nothing of
it is left in the text? Unlike the shared-task scores, the type and the exact span do not matter.

- A gold value is **covered** when every letter and digit inside it lies in some system annotation
  (of any type); **typed** when that holds with annotations of its own type alone. Recall =
  covered / gold values.
- A system value is **inside** when every letter and digit of it lies in some gold value (a title
  or a word around a name taken with it is not). Precision = inside / system values.
- A document with no gold value is **PHI-free**; it is **touched** when the system annotated
  anything in it (the share of PHI-free queries a tool would mangle).

Values without any letter or digit are skipped on both sides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from annotator.document import Annotation, Document
from annotator.evaluation.common import fmt4, pair_documents, ratio


@dataclass
class ValueCounts:
    """Per type: gold values, covered ones and typed ones; system values and those inside gold."""

    gold: int = 0
    covered: int = 0
    typed: int = 0
    system: int = 0
    inside: int = 0

    def __iadd__(self, other: "ValueCounts") -> "ValueCounts":
        for name in ("gold", "covered", "typed", "system", "inside"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        return self

    @property
    def recall(self) -> float:
        return ratio(self.covered, self.gold)

    @property
    def typed_recall(self) -> float:
        return ratio(self.typed, self.gold)

    @property
    def precision(self) -> float:
        return ratio(self.inside, self.system)


@dataclass
class ValueResult:
    """Figures per type and in all; PHI-free documents and the touched ones; each missed gold value
    and each system value outside gold as ``(document, type, surface)``."""

    per_type: dict[str, ValueCounts] = field(default_factory=dict)
    free: int = 0
    touched: int = 0
    missed: list[tuple[str, str, str]] = field(default_factory=list)
    outside: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def total(self) -> ValueCounts:
        out = ValueCounts()
        for counts in self.per_type.values():
            out += counts
        return out

    @property
    def touched_share(self) -> float:
        return ratio(self.touched, self.free)


def _alnum(text: str, start: int, end: int) -> list[int]:
    return [i for i in range(start, end) if text[i].isalnum()]


def _covered(positions: list[int], spans: Iterable[Annotation]) -> bool:
    marked = set()
    for ann in spans:
        marked.update(range(ann.start, ann.end))
    return all(i in marked for i in positions)


def evaluate_values(gold: Iterable[Document], system: Iterable[Document], *, gold_set: str = "",
                    system_set: str = "") -> ValueResult:
    """Score the ``system_set`` annotations of ``system`` against the ``gold_set`` ones of ``gold``
    (documents paired by name; only documents on both sides count)."""
    result = ValueResult()
    for name, gold_doc, sys_doc in pair_documents(gold, system).pairs:
        text = gold_doc.text
        gold_anns = [a for a in gold_doc.annset(gold_set) if _alnum(text, a.start, a.end)]
        sys_anns = [a for a in sys_doc.annset(system_set) if _alnum(text, a.start, a.end)]
        if not gold_anns:
            result.free += 1
            result.touched += bool(sys_anns)
        for ann in gold_anns:
            counts = result.per_type.setdefault(ann.type, ValueCounts())
            counts.gold += 1
            positions = _alnum(text, ann.start, ann.end)
            near = [s for s in sys_anns if s.start < ann.end and ann.start < s.end]
            if _covered(positions, near):
                counts.covered += 1
            else:
                result.missed.append((name, ann.type, text[ann.start:ann.end]))
            counts.typed += _covered(positions, [s for s in near if s.type == ann.type])
        for ann in sys_anns:
            counts = result.per_type.setdefault(ann.type, ValueCounts())
            counts.system += 1
            near = [g for g in gold_anns if g.start < ann.end and ann.start < g.end]
            if _covered(_alnum(text, ann.start, ann.end), near):
                counts.inside += 1
            else:
                result.outside.append((name, ann.type, text[ann.start:ann.end]))
    return result


def format_report(result: ValueResult, verbose: bool = False) -> str:
    """A per-type table (gold values, covered, typed; system values, inside gold; recall, typed
    recall, precision), the PHI-free documents touched, and with ``verbose`` every miss and every
    system value outside gold."""
    row = "{:<16}{:>6}{:>8}{:>7}{:>8}{:>8}  {:<8}{:<8}{:<8}"
    lines = [row.format("Type", "gold", "covered", "typed", "system", "inside", "recall", "typed", "precis.")]
    lines.append("-" * len(lines[0]))
    items = sorted(result.per_type.items()) + [("ALL", result.total)]
    for name, c in items:
        if name == "ALL":
            lines.append("-" * len(lines[0]))
        lines.append(row.format(name, c.gold, c.covered, c.typed, c.system, c.inside,
                                fmt4(c.recall) if c.gold else "-", fmt4(c.typed_recall) if c.gold else "-",
                                fmt4(c.precision) if c.system else "-"))
    lines.append(f"PHI-free documents touched: {result.touched} of {result.free} ({fmt4(result.touched_share)})")
    if verbose:
        lines += [f"missed\t{d}\t{t}\t{s!r}" for d, t, s in result.missed]
        lines += [f"outside\t{d}\t{t}\t{s!r}" for d, t, s in result.outside]
    return "\n".join(lines) + "\n"
