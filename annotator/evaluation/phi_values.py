"""PHI-value coverage: how much of each gold PHI value a system's annotations hide, whatever their type.

What a data steward asks of a de-identifier (and how Philter-style tools are compared on short
texts such as search queries): is every letter and digit of a PHI value covered, so that nothing of
it is left in the text? Unlike the shared-task scores, the type and the exact span do not matter.

- A gold value is **covered** when every letter and digit inside it lies in some system annotation
  (of any type); **typed** when that holds with annotations of its own type alone. Recall =
  covered / gold values. It **overlaps** when at least one of its letters and digits does (the
  any-overlap recall).
- A system value is **inside** when every letter and digit of it lies in some gold value (a title
  or a word around a name taken with it is not). Precision = inside / system values.
- A document with no gold value is **PHI-free**; it is **touched** when at least one of its tokens
  (below) is a system token (the share of PHI-free queries a tool would mangle).
- A **token** is a maximal run of letters and digits of the text; a gold token lies wholly inside
  gold values, a system token wholly inside system values (of any type, joined). Token precision =
  tokens both gold and system / system tokens; token recall = the same / gold tokens.

Values without any letter or digit are skipped on both sides.

:func:`confidence_curve` scores the system values at thresholds on their feature ``confidence``
(a value without one counts as 1.0), so that a data steward picks the threshold on their own sample.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from annotator.document import Annotation, Document
from annotator.evaluation.common import evaluation_error, fmt4, pair_documents, ratio

#: A token: a maximal run of letters and digits (``\w`` is a letter, a digit or ``_``).
_TOKEN = re.compile(r"[^\W_]+")
#: The feature of a system annotation that :func:`confidence_curve` thresholds.
CONFIDENCE = "confidence"
#: The default thresholds of :func:`confidence_curve`: 0.0, 0.05, ..., 1.0.
THRESHOLDS = tuple(i / 20 for i in range(21))


@dataclass
class ValueCounts:
    """Per type: gold values, covered ones, typed ones and overlapped ones; system values and those
    inside gold."""

    gold: int = 0
    covered: int = 0
    typed: int = 0
    system: int = 0
    inside: int = 0
    overlap: int = 0

    def __iadd__(self, other: "ValueCounts") -> "ValueCounts":
        for name in ("gold", "covered", "typed", "system", "inside", "overlap"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        return self

    @property
    def recall(self) -> float:
        return ratio(self.covered, self.gold)

    @property
    def overlap_recall(self) -> float:
        return ratio(self.overlap, self.gold)

    @property
    def typed_recall(self) -> float:
        return ratio(self.typed, self.gold)

    @property
    def precision(self) -> float:
        return ratio(self.inside, self.system)


@dataclass
class ValueResult:
    """Figures per type and in all; PHI-free documents and the touched ones; gold tokens, system
    tokens and tokens both are; each missed gold value and each system value outside gold as
    ``(document, type, surface)``."""

    per_type: dict[str, ValueCounts] = field(default_factory=dict)
    free: int = 0
    touched: int = 0
    gold_tokens: int = 0
    system_tokens: int = 0
    both_tokens: int = 0
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

    @property
    def token_precision(self) -> float:
        return ratio(self.both_tokens, self.system_tokens)

    @property
    def token_recall(self) -> float:
        return ratio(self.both_tokens, self.gold_tokens)

    def to_json(self) -> dict:
        """The figures in all, the counts per type (as ``--json`` writes them)."""
        total = self.total
        return {"recall": total.recall, "typed_recall": total.typed_recall, "precision": total.precision,
                "overlap_recall": total.overlap_recall, "token_precision": self.token_precision,
                "token_recall": self.token_recall, "gold_tokens": self.gold_tokens,
                "system_tokens": self.system_tokens, "both_tokens": self.both_tokens,
                "phi_free": self.free, "touched": self.touched,
                "per_type": {t: vars(c) for t, c in sorted(self.per_type.items())}}


def _alnum(text: str, start: int, end: int) -> list[int]:
    return [i for i in range(start, end) if text[i].isalnum()]


def _covered(positions: list[int], spans: Iterable[Annotation]) -> bool:
    marked = set()
    for ann in spans:
        marked.update(range(ann.start, ann.end))
    return all(i in marked for i in positions)


def _mask(length: int, spans: Iterable[Annotation]) -> bytearray:
    marked = bytearray(length)
    for ann in spans:
        marked[ann.start:ann.end] = b"\x01" * (ann.end - ann.start)
    return marked


def _phi_anns(doc: Document, set_name: str, text: str) -> list[Annotation]:
    return [a for a in doc.annset(set_name) if _alnum(text, a.start, a.end)]


def _score(result: ValueResult, name: str, text: str, gold_anns: list[Annotation], sys_anns: list[Annotation]) -> None:
    """Add the figures of one document to ``result``."""
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
        counts.overlap += any(s.start <= i < s.end for s in near for i in positions)
    for ann in sys_anns:
        counts = result.per_type.setdefault(ann.type, ValueCounts())
        counts.system += 1
        near = [g for g in gold_anns if g.start < ann.end and ann.start < g.end]
        if _covered(_alnum(text, ann.start, ann.end), near):
            counts.inside += 1
        else:
            result.outside.append((name, ann.type, text[ann.start:ann.end]))
    gold_mask, sys_mask = _mask(len(text), gold_anns), _mask(len(text), sys_anns)
    system_tokens = result.system_tokens
    for m in _TOKEN.finditer(text):
        in_gold, in_sys = all(gold_mask[m.start():m.end()]), all(sys_mask[m.start():m.end()])
        result.gold_tokens += in_gold
        result.system_tokens += in_sys
        result.both_tokens += in_gold and in_sys
    if not gold_anns:
        result.free += 1
        result.touched += result.system_tokens > system_tokens


def evaluate_values(gold: Iterable[Document], system: Iterable[Document], *, gold_set: str = "",
                    system_set: str = "") -> ValueResult:
    """Score the ``system_set`` annotations of ``system`` against the ``gold_set`` ones of ``gold``
    (documents paired by name; only documents on both sides count)."""
    result = ValueResult()
    for name, gold_doc, sys_doc in pair_documents(gold, system).pairs:
        text = gold_doc.text
        _score(result, name, text, _phi_anns(gold_doc, gold_set, text), _phi_anns(sys_doc, system_set, text))
    return result


@dataclass
class CurvePoint:
    """The figures of the system values whose confidence is at least ``threshold``."""

    threshold: float
    result: ValueResult


def _confidence(name: str, ann: Annotation) -> float:
    value = ann.features.get(CONFIDENCE, 1.0)
    try:
        return float(value)
    except (TypeError, ValueError):
        raise evaluation_error("E205", name=name, type=ann.type, start=ann.start, value=value) from None


def confidence_curve(gold: Iterable[Document], system: Iterable[Document], thresholds: Sequence[float] = THRESHOLDS,
                     *, gold_set: str = "", system_set: str = "") -> list[CurvePoint]:
    """:func:`evaluate_values` at each of ``thresholds`` (in their order), counting only the system
    values whose feature ``confidence`` is at least the threshold (a value without it: 1.0)."""
    pairs = []
    for name, gold_doc, sys_doc in pair_documents(gold, system).pairs:
        text = gold_doc.text
        sys_anns = _phi_anns(sys_doc, system_set, text)
        pairs.append((name, text, _phi_anns(gold_doc, gold_set, text),
                      [(_confidence(name, a), a) for a in sys_anns]))
    points = []
    for threshold in thresholds:
        result = ValueResult()
        for name, text, gold_anns, scored in pairs:
            _score(result, name, text, gold_anns, [a for c, a in scored if c >= threshold])
        points.append(CurvePoint(threshold, result))
    return points


def curve_series(points: Sequence[CurvePoint]) -> dict[str, list[tuple[float, float]]]:
    """The curves to draw: value recall, token precision and recall, share of PHI-free documents
    touched, each as ``(threshold, figure)`` points."""
    figures = {"value recall": lambda r: r.total.recall, "token precision": lambda r: r.token_precision,
               "token recall": lambda r: r.token_recall, "PHI-free touched (share)": lambda r: r.touched_share}
    return {label: [(p.threshold, figure(p.result)) for p in points] for label, figure in figures.items()}


def format_curve(points: Sequence[CurvePoint]) -> str:
    """One line a threshold: value recall, any-overlap recall, token precision and recall, PHI-free
    documents touched."""
    row = "{:<10}{:<8}{:<8}{:<8}{:<8}{:>8}"
    lines = [row.format("conf. >=", "recall", "overlap", "tok. P", "tok. R", "touched")]
    lines.append("-" * len(lines[0]))
    for p in points:
        r = p.result
        lines.append(row.format(f"{p.threshold:.2f}", fmt4(r.total.recall), fmt4(r.total.overlap_recall),
                                fmt4(r.token_precision), fmt4(r.token_recall), f"{r.touched}/{r.free}"))
    return "\n".join(lines) + "\n"


def format_report(result: ValueResult, verbose: bool = False) -> str:
    """A per-type table (gold values, covered, typed; system values, inside gold; recall, typed
    recall, precision, any-overlap recall), the token figures, the PHI-free documents touched, and
    with ``verbose`` every miss and every system value outside gold."""
    row = "{:<16}{:>6}{:>8}{:>7}{:>8}{:>8}  {:<8}{:<8}{:<8}{:<8}"
    lines = [row.format("Type", "gold", "covered", "typed", "system", "inside", "recall", "typed", "precis.", "overlap")]
    lines.append("-" * len(lines[0]))
    items = sorted(result.per_type.items()) + [("ALL", result.total)]
    for name, c in items:
        if name == "ALL":
            lines.append("-" * len(lines[0]))
        lines.append(row.format(name, c.gold, c.covered, c.typed, c.system, c.inside,
                                fmt4(c.recall) if c.gold else "-", fmt4(c.typed_recall) if c.gold else "-",
                                fmt4(c.precision) if c.system else "-", fmt4(c.overlap_recall) if c.gold else "-"))
    lines.append(f"Tokens: {result.gold_tokens} gold, {result.system_tokens} system, {result.both_tokens} both: "
                 f"precision {fmt4(result.token_precision)}, recall {fmt4(result.token_recall)}")
    lines.append(f"PHI-free documents touched: {result.touched} of {result.free} ({fmt4(result.touched_share)})")
    if verbose:
        lines += [f"missed\t{d}\t{t}\t{s!r}" for d, t, s in result.missed]
        lines += [f"outside\t{d}\t{t}\t{s!r}" for d, t, s in result.outside]
    return "\n".join(lines) + "\n"
