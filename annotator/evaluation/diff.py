"""GATE-style annotation diff (AnnotationDiffer / Corpus QA), see ``../shared/reference/gate.md`` 2.5.

Per document and per type, gold (key) and system (response) annotations are paired one to one:
first coextensive pairs (*correct*), then overlapping ones (*partially correct*, each gold
annotation taking the first still unpaired overlapping system annotation in document order);
the unpaired gold ones are *missing*, the unpaired system ones *spurious*. Features are not
compared. Measures as GATE defines them:

- strict P = correct / responses, R = correct / keys; lenient counts partial as correct;
  average = mean of strict and lenient (F average = mean of the two F);
- P = 1.0 when there are no responses, R = 1.0 when there are no keys; F = 0.0 when P + R = 0.

Micro figures pool the counts over documents; macro figures average the per-document figures
over the documents where the type occurs (on either side), and over all documents for the
"all types" line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from annotator.document import Annotation, Document
from annotator.evaluation.common import Pairing, annotations, json_float, mean_sd, pair_documents

MEASURES = ("strict", "lenient", "average")


@dataclass
class DiffCounts:
    correct: int = 0
    partial: int = 0
    missing: int = 0
    spurious: int = 0

    def __iadd__(self, other: "DiffCounts") -> "DiffCounts":
        self.correct += other.correct
        self.partial += other.partial
        self.missing += other.missing
        self.spurious += other.spurious
        return self

    @property
    def keys(self) -> int:
        return self.correct + self.partial + self.missing

    @property
    def responses(self) -> int:
        return self.correct + self.partial + self.spurious

    def measures(self, beta: float = 1.0) -> dict[str, dict[str, float]]:
        """Precision, recall and F(beta), strict, lenient and average, with GATE's conventions."""
        out: dict[str, dict[str, float]] = {}
        for name, hits in (("strict", self.correct), ("lenient", self.correct + self.partial)):
            p = hits / self.responses if self.responses else 1.0
            r = hits / self.keys if self.keys else 1.0
            denominator = beta * beta * p + r
            f = (beta * beta + 1) * p * r / denominator if denominator else 0.0
            out[name] = {"precision": p, "recall": r, "f1": f}
        out["average"] = {k: (out["strict"][k] + out["lenient"][k]) / 2 for k in ("precision", "recall", "f1")}
        return out

    def to_json(self) -> dict:
        return {
            "correct": self.correct,
            "partial": self.partial,
            "missing": self.missing,
            "spurious": self.spurious,
            **self.measures(),
        }


@dataclass
class Disagreement:
    """One gold/system difference: a partial pair, a missing or a spurious annotation."""

    document: str
    type: str
    status: str  # "partial", "missing" or "spurious"
    gold: Annotation | None
    system: Annotation | None
    gold_text: str = ""
    system_text: str = ""


def _overlaps(a: Annotation, b: Annotation) -> bool:
    return a.start < b.end and b.start < a.end


def diff_type(gold: list[Annotation], system: list[Annotation]) -> tuple[DiffCounts, list[tuple[Annotation | None, Annotation | None, str]]]:
    """Pair the gold and system annotations of one type in one document."""
    unpaired: dict[tuple[int, int], list[Annotation]] = {}
    for s in system:
        unpaired.setdefault((s.start, s.end), []).append(s)
    counts = DiffCounts()
    rest_gold: list[Annotation] = []
    for g in gold:
        same = unpaired.get((g.start, g.end))
        if same:
            same.pop(0)
            counts.correct += 1
        else:
            rest_gold.append(g)
    rest_system = sorted((s for group in unpaired.values() for s in group), key=lambda a: (a.start, -a.end, a.id))
    taken: set[int] = set()
    out: list[tuple[Annotation | None, Annotation | None, str]] = []
    for g in rest_gold:
        match = next((s for s in rest_system if s.id not in taken and _overlaps(g, s)), None)
        if match is None:
            counts.missing += 1
            out.append((g, None, "missing"))
        else:
            taken.add(match.id)
            counts.partial += 1
            out.append((g, match, "partial"))
    for s in rest_system:
        if s.id not in taken:
            counts.spurious += 1
            out.append((None, s, "spurious"))
    return counts, out


@dataclass
class DiffResult:
    pairing: Pairing
    per_document: list[tuple[str, dict[str, DiffCounts]]] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)

    @property
    def types(self) -> list[str]:
        return sorted({t for _, by_type in self.per_document for t in by_type})

    def micro(self, type: str | None = None) -> DiffCounts:
        """Counts pooled over documents, for one type or all of them."""
        total = DiffCounts()
        for _, by_type in self.per_document:
            for t, c in by_type.items():
                if type is None or t == type:
                    total += c
        return total

    def macro(self, type: str | None = None) -> dict[str, dict[str, float]]:
        """Per-document measures averaged over documents (where ``type`` occurs, if given)."""
        per_doc = []
        for _, by_type in self.per_document:
            if type is None:
                doc = DiffCounts()
                for c in by_type.values():
                    doc += c
                per_doc.append(doc.measures())
            elif type in by_type:
                per_doc.append(by_type[type].measures())
        return {
            m: {k: mean_sd([d[m][k] for d in per_doc])[0] for k in ("precision", "recall", "f1")} for m in MEASURES
        }

    def to_json(self) -> dict:
        def clean(measures: dict) -> dict:
            return {m: {k: json_float(v) for k, v in d.items()} for m, d in measures.items()}

        return {
            "documents": len(self.per_document),
            "types": {t: {**self.micro(t).to_json(), "macro": clean(self.macro(t))} for t in self.types},
            "micro": self.micro().to_json(),
            "macro": clean(self.macro()),
        }


def evaluate_diff(gold: Iterable[Document], system: Iterable[Document], *, strict_docs: bool = False) -> DiffResult:
    """Diff every paired document, per annotation type of the default set."""
    pairing = pair_documents(gold, system, strict_docs=strict_docs)
    result = DiffResult(pairing)
    for name, gold_doc, sys_doc in pairing.pairs:
        by_type_gold: dict[str, list[Annotation]] = {}
        by_type_sys: dict[str, list[Annotation]] = {}
        for a in annotations(gold_doc):
            by_type_gold.setdefault(a.type, []).append(a)
        for a in annotations(sys_doc):
            by_type_sys.setdefault(a.type, []).append(a)
        counts: dict[str, DiffCounts] = {}
        for t in sorted(set(by_type_gold) | set(by_type_sys)):
            counts[t], pairs = diff_type(by_type_gold.get(t, []), by_type_sys.get(t, []))
            for g, s, status in pairs:
                result.disagreements.append(
                    Disagreement(
                        name, t, status, g, s,
                        gold_doc.text[g.start : g.end] if g else "",
                        sys_doc.text[s.start : s.end] if s and sys_doc else "",
                    )
                )
        result.per_document.append((name, counts))
    return result


# ---------------------------------------------------------------------------------- printing
def _cell(value: float) -> str:
    return f"{value:.4f}"


def format_report(result: DiffResult) -> str:
    """A table per type and overall: counts, then P/R/F strict, lenient and average (micro), and
    the macro F of each measure."""
    head = "{:<32}{:>8}{:>8}{:>8}{:>9}" + "{:>8}" * 9 + "{:>9}" * 3
    names = ["Type", "Correct", "Partial", "Missing", "Spurious"]
    names += [f"{m}-{k}" for m in ("S", "L", "A") for k in ("P", "R", "F")] + ["macroF-S", "macroF-L", "macroF-A"]
    lines = [head.format(*names), "-" * 185]

    def row(label: str, counts: DiffCounts, macro: dict) -> str:
        m = counts.measures()
        cells = [_cell(m[x][k]) for x in MEASURES for k in ("precision", "recall", "f1")]
        cells += [_cell(macro[x]["f1"]) for x in MEASURES]
        return head.format(label, counts.correct, counts.partial, counts.missing, counts.spurious, *cells)

    for t in result.types:
        lines.append(row(t, result.micro(t), result.macro(t)))
    lines.append("-" * 185)
    lines.append(row(f"All types ({len(result.per_document)} docs)", result.micro(), result.macro()))
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def format_tsv(result: DiffResult) -> str:
    """Every disagreement as one TSV line: document, type, status, gold and system spans and texts."""
    lines = ["document\ttype\tstatus\tgold_start\tgold_end\tsystem_start\tsystem_end\tgold_text\tsystem_text"]
    for d in result.disagreements:
        g = (str(d.gold.start), str(d.gold.end)) if d.gold else ("", "")
        s = (str(d.system.start), str(d.system.end)) if d.system else ("", "")
        lines.append("\t".join([d.document, d.type, d.status, *g, *s, _escape(d.gold_text), _escape(d.system_text)]))
    return "\n".join(lines) + "\n"
