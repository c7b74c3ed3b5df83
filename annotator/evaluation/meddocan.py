"""The MEDDOCAN scorer: Subtrack 1 (NER + leak) and Subtrack 2 (strict and merged spans).

Reproduces the figures of the official script (PlanTL-GOB-ES/MEDDOCAN-Evaluation-Script), see
``../shared/reference/meddocan.md``:

- Subtrack 1: per document, sets of (category, start, end, type); TP = gold & sys, FP = sys - gold,
  FN = gold - sys (duplicates collapse). Leak = total FN / total lines of the sentence files.
- Subtrack 2 strict: the same on (start, end).
- Subtrack 2 merged: spans sorted by (start, end) are folded left to right, joining the next span
  when the text between the current merged span's end and the next start has no character for
  which ``str.isalnum()`` is true; a join takes the next span's end (so a nested span shortens
  the merged span). TP = (strict gold & sys) | (merged gold & sys); FP/FN = strict misses not
  contained in a TP span.
- Micro P/R/F1 over the documents present on both sides (``strict_docs`` adds the gold
  documents without system output as misses).
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Iterable, Mapping

from annotator.document import Annotation, Document
from annotator.evaluation.common import (
    CATEGORY_FEATURE, Counts, Pairing, add_counts_by_label, evaluation_error, f_beta, fmt4, official_annotations, pair_documents, per_type_table,
    ratio,
)
from annotator.schemas import default_category

Span = tuple[int, int]

#: The feature in which the brat reader keeps the fragments of a discontinuous annotation.
FRAGMENTS_FEATURE = "fragments"

LABELS = ("SubTrack 1 [NER]", "SubTrack 2 [strict]", "SubTrack 2 [merged]")
_ROW = "{:<35}{:<15}{:<20}"
_RULE = "-" * 60
_NEWLINE = re.compile(r"\r\n|\r|\n")


def category(ann: Annotation) -> str:
    """The XML element of an annotation: the reader's feature, else the schema's category of its type."""
    return str(ann.features.get(CATEGORY_FEATURE) or default_category(ann.type, "meddocan"))


def ner_keys(doc: Document | None) -> set[tuple[str, int, int, str]]:
    """Subtrack 1 keys (category, start, end, type); the category only matters when inconsistent."""
    return {(category(a), a.start, a.end, a.type) for a in official_annotations(doc)}


def spans(doc: Document | None) -> list[Span]:
    """All annotation spans of a document, duplicates kept (the merge folds the full list)."""
    return [(a.start, a.end) for a in official_annotations(doc)]


def _has_alnum(gap: str) -> bool:
    for char in gap:
        if char.isalnum():
            return True
    return False


def merge_spans(span_list: Iterable[Span], text: str) -> list[Span]:
    """The official fold: join a span to the current one across a gap with no alphanumeric character."""
    merged: list[Span] = []
    for start, end in sorted(span_list):
        if merged and not _has_alnum(text[merged[-1][1] : start]):
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _containment(container: Iterable[Span]):
    """A test ``span -> bool``: is the span inside (inclusive bounds) one of ``container``?"""
    ordered = sorted(container)
    starts = [s for s, _ in ordered]
    max_end = list(accumulate((e for _, e in ordered), max))

    def contained(span: Span) -> bool:
        i = bisect_right(starts, span[0])
        return i > 0 and max_end[i - 1] >= span[1]

    return contained


def score_merged(gold: list[Span], gold_text: str, system: list[Span], system_text: str) -> Counts:
    """Subtrack 2 merged counts for one document (each side folded with its own text)."""
    gold_strict, sys_strict = set(gold), set(system)
    tp_spans = (gold_strict & sys_strict) | (set(merge_spans(gold, gold_text)) & set(merge_spans(system, system_text)))
    contained = _containment(tp_spans)
    fp = sum(1 for s in sys_strict - gold_strict if not contained(s))
    fn = sum(1 for g in gold_strict - sys_strict if not contained(g))
    return Counts(len(tp_spans), fp, fn)


def count_lines(path: str | Path) -> int:
    """Lines of a sentence file as Python's text mode counts them (universal newlines)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise evaluation_error("E204", path, error=exc) from None
    n = len(_NEWLINE.findall(text))
    return n + 1 if text and text[-1] not in "\r\n" else n


def sentence_lines(folder: str | Path, names: Iterable[str]) -> dict[str, int | None]:
    """Line counts of ``folder/<name>.ann`` per document; ``None`` where the file is missing."""
    out: dict[str, int | None] = {}
    for name in names:
        path = Path(folder) / f"{name}.ann"
        out[name] = count_lines(path) if path.is_file() else None
    return out


@dataclass
class DocumentScores:
    """The counts of one document in the three evaluations."""

    name: str
    ner: Counts
    strict: Counts
    merged: Counts
    lines: int | None = None

    @property
    def leak(self) -> float | str:
        """Per-document leak as the official script gives it (``"NA"`` without a sentence file)."""
        return "NA" if self.lines is None else ratio(self.ner.fn, self.lines)


@dataclass
class MeddocanResult:
    """Per-document counts, totals, and the pairing (for warnings about missing documents)."""

    documents: list[DocumentScores]
    pairing: Pairing
    per_type: dict[str, Counts] = field(default_factory=dict)
    sentences_given: bool = False
    system_id: str = ""
    mismatched_texts: list[str] = field(default_factory=list)
    discontinuous: list[str] = field(default_factory=list)  # documents the official script aborts on

    def total(self, which: str) -> Counts:
        out = Counts()
        for doc in self.documents:
            out += getattr(doc, which)
        return out

    @property
    def leak(self) -> float | None:
        """Micro leak: total FN / total sentence lines; ``None`` ("NA") when not computable."""
        if not self.sentences_given or any(d.lines is None for d in self.documents):
            return None
        return ratio(self.total("ner").fn, sum(d.lines or 0 for d in self.documents))

    def to_json(self, per_type: bool = False) -> dict:
        out: dict = {"documents": len(self.documents)}
        ner = self.total("ner").to_json()
        ner["leak"] = self.leak
        out["subtask1"] = {k: ner[k] for k in ("precision", "recall", "f1", "leak", "tp", "fp", "fn")}
        out["subtask2_strict"] = self.total("strict").to_json()
        out["subtask2_merged"] = self.total("merged").to_json()
        if per_type:
            out["per_type"] = {t: c.to_json() for t, c in sorted(self.per_type.items())}
        return out


def evaluate_meddocan(
    gold: Iterable[Document],
    system: Iterable[Document],
    *,
    sentences: str | Path | None = None,
    strict_docs: bool = False,
    system_id: str = "",
) -> MeddocanResult:
    """Score system documents against gold documents with the three MEDDOCAN evaluations.

    ``sentences`` is the folder of ``<doc>.ann`` sentence files for the leak score.
    """
    pairing = pair_documents(gold, system, strict_docs=strict_docs)
    lines = sentence_lines(sentences, [k for k, _, _ in pairing.pairs]) if sentences is not None else {}
    result = MeddocanResult([], pairing, sentences_given=sentences is not None, system_id=system_id)
    for name, gold_doc, sys_doc in pairing.pairs:
        gold_keys, sys_keys = ner_keys(gold_doc), ner_keys(sys_doc)
        gold_spans, sys_spans = spans(gold_doc), spans(sys_doc)
        sys_text = sys_doc.text if sys_doc is not None else gold_doc.text
        if sys_text != gold_doc.text:
            result.mismatched_texts.append(name)
        if any(FRAGMENTS_FEATURE in a.features for a in official_annotations(gold_doc) + official_annotations(sys_doc)):
            result.discontinuous.append(name)
        result.documents.append(
            DocumentScores(
                name,
                Counts.of_sets(gold_keys, sys_keys),
                Counts.of_sets(set(gold_spans), set(sys_spans)),
                score_merged(gold_spans, gold_doc.text, sys_spans, sys_text),
                lines.get(name),
            )
        )
        add_counts_by_label(result.per_type, gold_keys, sys_keys, lambda key: key[3])
    return result


# ---------------------------------------------------------------------------------- printing
def _measures(first: str, counts: Counts, leak: float | str | None) -> list[str]:
    """The Leak (when given), Precision, Recall and F1 rows of one block, then the rule."""
    p, r = counts.precision, counts.recall
    lines = []
    if leak is not None:
        lines.append(_ROW.format(first, "Leak", fmt4(leak)))
        first = ""
    lines += [
        _ROW.format(first, "Precision", fmt4(p)),
        _ROW.format("", "Recall", fmt4(r)),
        _ROW.format("", "F1", fmt4(f_beta(p, r))),
        _RULE,
    ]
    return lines


def _header(system_id: str, column: str) -> list[str]:
    return [f"Report (SYSTEM: {system_id}):", _RULE, _ROW.format(column, "Measure", "Micro"), _RULE]


def _summary(label: str, system_id: str, n_docs: int, counts: Counts, leak: float | str | None) -> list[str]:
    lines = [_ROW.format("", "", "")] + _header(system_id, label)
    return lines + _measures(f"Total ({n_docs} docs)", counts, leak) + ["\n"]


def _documents(system_id: str, rows: list[tuple[str, Counts, float | str | None]]) -> list[str]:
    lines = ["\n"] + _header(system_id, "Document ID")
    for name, counts, leak in rows:
        lines += _measures(name, counts, leak)
    return lines


def format_report(result: MeddocanResult, *, verbose: bool = False, single_file: bool = False, per_type: bool = False) -> str:
    """The three reports as the official script prints them (directory mode, or file mode).

    In directory mode each report is the summary, preceded by the per-document block with
    ``verbose``; in file mode (two files given) the official script prints only the
    per-document block.
    """
    lines: list[str] = []
    leak_all: float | str = "NA" if result.leak is None else result.leak
    for label, which in zip(LABELS, ("ner", "strict", "merged")):
        rows = [(d.name, getattr(d, which), d.leak if which == "ner" else None) for d in result.documents]
        if verbose or single_file:
            lines += _documents(result.system_id, rows)
        if not single_file:
            leak = leak_all if which == "ner" else None
            lines += _summary(label, result.system_id, len(result.documents), result.total(which), leak)
    if per_type:
        lines += format_per_type(result.per_type)
    return "\n".join(lines) + "\n"


def format_per_type(per_type: Mapping[str, Counts]) -> list[str]:
    """Subtrack 1 per type (not in the official script)."""
    return per_type_table("Subtrack 1 [NER] per type", per_type, 35)


def system_id_of(path: str | Path) -> str:
    """The official run id: the name of the folder holding the system files."""
    path = str(path)
    if os.path.isdir(path):
        return os.path.basename(os.path.normpath(path))
    return os.path.basename(os.path.dirname(path))
