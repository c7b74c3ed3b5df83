"""Generic span scoring: the four SemEval-2013 task 9.1 schemas, as nervaluate computes them.

For each pair of documents (matched by name) the system spans are taken in document order and
each is matched, greedily, to the gold spans not yet matched:

- ``strict``: correct when boundaries and type agree; incorrect when it overlaps a gold span;
- ``exact``: correct when boundaries agree (any type); incorrect when it overlaps one;
- ``partial``: correct when boundaries agree; partial when it overlaps one (types ignored);
- ``type``: correct when it overlaps a gold span of its type (the closest boundaries win);
  incorrect when it overlaps one of another type.

A system span matching nothing is spurious, a gold span left unmatched missing. "Overlaps"
means sharing at least 1% of the gold span's characters, nervaluate's default. Precision is
correct / (correct + incorrect + partial + spurious), recall correct / (correct + incorrect +
partial + missing); in ``partial`` and ``type`` a partial counts half. Per type, each type is
scored on its own spans alone; micro sums the counts over all spans, macro averages the per-type
P, R and F1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from annotator.document import Document
from annotator.evaluation.common import pair_documents

SCHEMAS = ("strict", "exact", "partial", "type")
COUNTS = ("correct", "incorrect", "partial", "missing", "spurious")
MIN_OVERLAP_PERCENT = 1.0  # of the gold span's characters

Span = tuple[int, int, str]  # start, end (exclusive), type


@dataclass
class Tally:
    """The five counts of one schema, and the figures they give."""

    correct: int = 0
    incorrect: int = 0
    partial: int = 0
    missing: int = 0
    spurious: int = 0
    half_partial: bool = False

    def add(self, other: Tally) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def precision(self) -> float:
        actual = self.correct + self.incorrect + self.partial + self.spurious
        return self._credit() / actual if actual else 0.0

    @property
    def recall(self) -> float:
        possible = self.correct + self.incorrect + self.partial + self.missing
        return self._credit() / possible if possible else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def _credit(self) -> float:
        return self.correct + (0.5 * self.partial if self.half_partial else 0)

    def to_json(self) -> dict:
        return {**{name: getattr(self, name) for name in COUNTS},
                "precision": self.precision, "recall": self.recall, "f1": self.f1}


def _overlaps(system: Span, gold: Span) -> bool:
    shared = min(system[1], gold[1]) - max(system[0], gold[0])
    return shared > 0 and shared / (gold[1] - gold[0]) * 100.0 >= MIN_OVERLAP_PERCENT  # nervaluate's arithmetic


def score_schema(schema: str, gold: list[Span], system: list[Span]) -> Tally:
    """One schema's counts on the spans of one document (each list in document order)."""
    tally = Tally(half_partial=schema in ("partial", "type"))
    matched: set[int] = set()
    for s in system:
        hit = near = None
        best = None
        for g_index, g in enumerate(gold):
            if g_index in matched:
                continue
            same_bounds = s[0] == g[0] and s[1] == g[1]
            if schema == "type":
                if _overlaps(s, g):
                    distance = abs(s[0] - g[0]) + abs(s[1] - g[1])
                    if s[2] == g[2] and (best is None or distance < best):
                        hit, best = g_index, distance
                    elif s[2] != g[2] and near is None:
                        near = g_index
                continue
            if same_bounds and (schema != "strict" or s[2] == g[2]):
                hit = g_index
                break
            if near is None and _overlaps(s, g):
                near = g_index
        if hit is not None:
            tally.correct += 1
            matched.add(hit)
        elif near is not None:
            if schema == "partial":
                tally.partial += 1
            else:
                tally.incorrect += 1
            matched.add(near)
        else:
            tally.spurious += 1
    tally.missing += len(gold) - len(matched)
    return tally


@dataclass
class SpansResult:
    """Per schema: micro counts, per-type counts and the macro averages."""

    micro: dict[str, Tally] = field(default_factory=dict)
    per_type: dict[str, dict[str, Tally]] = field(default_factory=dict)
    missing_docs: list[str] = field(default_factory=list)
    extra_docs: list[str] = field(default_factory=list)

    def macro(self, schema: str) -> tuple[float, float, float]:
        tallies = [by[schema] for by in self.per_type.values()]
        if not tallies:
            return 0.0, 0.0, 0.0
        return tuple(sum(getattr(t, f) for t in tallies) / len(tallies) for f in ("precision", "recall", "f1"))

    def to_json(self) -> dict:
        return {schema: {"micro": self.micro[schema].to_json(),
                         "macro": dict(zip(("precision", "recall", "f1"), self.macro(schema))),
                         "per_type": {t: by[schema].to_json() for t, by in sorted(self.per_type.items())}}
                for schema in SCHEMAS}


def spans_of(doc: Document | None, annset: str, types: frozenset[str] | None) -> list[Span]:
    """The spans of a set in document order, of ``types`` only when given."""
    if doc is None:
        return []
    return [(a.start, a.end, a.type) for a in doc.annset(annset) if types is None or a.type in types]


def evaluate_spans(gold: Iterable[Document], system: Iterable[Document], *, annset: str = "",
                   types: Iterable[str] | None = None, strict_docs: bool = False) -> SpansResult:
    """Score ``system`` against ``gold`` (documents matched by name) on the spans of ``annset``."""
    wanted = frozenset(types) if types is not None else None
    pairing = pair_documents(gold, system, strict_docs=strict_docs)
    result = SpansResult(micro={s: Tally(half_partial=s in ("partial", "type")) for s in SCHEMAS},
                         missing_docs=pairing.missing, extra_docs=pairing.extra)
    for _, g_doc, s_doc in pairing.pairs:
        g, s = spans_of(g_doc, annset, wanted), spans_of(s_doc, annset, wanted)
        for type in sorted({span[2] for span in g + s}):
            by = result.per_type.setdefault(type, {x: Tally(half_partial=x in ("partial", "type")) for x in SCHEMAS})
            g_t, s_t = [x for x in g if x[2] == type], [x for x in s if x[2] == type]
            for schema in SCHEMAS:
                by[schema].add(score_schema(schema, g_t, s_t))
        for schema in SCHEMAS:
            result.micro[schema].add(score_schema(schema, g, s))
    return result


def format_report(result: SpansResult) -> str:
    """One table per schema: the counts and P/R/F1 per type, then micro and macro."""
    width = max([len("(macro)")] + [len(t) for t in result.per_type])
    head = f"{'':<{width}}  " + "  ".join(f"{c:>9}" for c in COUNTS) + f"  {'P':>6}  {'R':>6}  {'F1':>6}"
    lines: list[str] = []
    for schema in SCHEMAS:
        lines += [f"{schema}", head]
        rows = [(t, by[schema]) for t, by in sorted(result.per_type.items())] + [("(micro)", result.micro[schema])]
        for name, t in rows:
            lines.append(f"{name:<{width}}  " + "  ".join(f"{getattr(t, c):>9}" for c in COUNTS)
                         + f"  {t.precision:6.4f}  {t.recall:6.4f}  {t.f1:6.4f}")
        p, r, f = result.macro(schema)
        lines += [f"{'(macro)':<{width}}  " + " " * (11 * len(COUNTS) - 2) + f"  {p:6.4f}  {r:6.4f}  {f:6.4f}", ""]
    return "\n".join(lines)
