"""Shared pieces of the scorers: P/R/F arithmetic as the official scripts do it, and document pairing.

The official MEDDOCAN and i2b2 2014 scripts compute precision and recall as ``tp / (tp + x)``
with ``0/0 -> 0.0`` and F1 as ``2 * ((p * r) / (p + r))`` (again ``0/0 -> 0.0``), from the
floats, which can differ in the last bit from ``2tp / (2tp + fp + fn)``. They print numbers
with ``'{:.4}'`` (4 significant digits, general format).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from annotator.document import Annotation, Document
from annotator.errors import EvaluationError, coded

#: The feature in which the XML readers keep the category element of an annotation when it is not
#: the schema's default for its type.
CATEGORY_FEATURE = "category"

#: The tag elements the official MEDDOCAN and i2b2 2014 scripts read (``findall``, case-sensitive);
#: any other element under ``TAGS`` is invisible to them. ``PHI`` is a generic element both accept.
OFFICIAL_ELEMENTS = ("PHI", "NAME", "PROFESSION", "LOCATION", "AGE", "DATE", "CONTACT", "ID", "OTHER")


def evaluation_error(code: str, path: str | Path | None = None, **fields: Any) -> EvaluationError:
    """An :class:`EvaluationError` whose message is ``E2xx <template filled with fields>``."""
    return EvaluationError(coded(code, **fields), path=path)


def ratio(numerator: float, denominator: float) -> float:
    """``numerator / denominator`` with the official ``0/0 -> 0.0``."""
    return numerator / denominator if denominator else 0.0


def f_beta(p: float, r: float, beta: float = 1.0) -> float:
    """``(1 + beta^2) * ((p * r) / (p + r))`` as the official scripts compute it; ``0/0 -> 0.0``.

    A NaN input gives NaN (kotfic's macro F1 of an empty corpus prints ``nan``).
    """
    if p + r == 0:
        return 0.0
    return (1 + beta**2) * ((p * r) / (p + r))


def fmt4(value: float | str) -> str:
    """The official printing: ``'{:.4}'`` (``1.0``, ``0.8``, ``0.9596``, ``nan``; ``NA`` stays ``NA``)."""
    return "{:.4}".format(value)


def _pairwise_sum(values: list[float]) -> float:
    """numpy's pairwise summation of a float64 array (so that means match numpy to the last bit):
    plain loop below 8 values, 8 interleaved partial sums up to 128, halves (a multiple of 8) above."""
    n = len(values)
    if n < 8:
        total = 0.0
        for v in values:
            total += v
        return total
    if n <= 128:
        r = values[:8]
        tail = n - n % 8
        for i in range(8, tail, 8):
            for j in range(8):
                r[j] += values[i + j]
        total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for v in values[tail:]:
            total += v
        return total
    half = n // 2
    half -= half % 8
    return _pairwise_sum(values[:half]) + _pairwise_sum(values[half:])


def mean_sd(values: list[float]) -> tuple[float, float]:
    """Mean and population standard deviation as numpy's ``mean()``/``std()`` compute them;
    NaN for no values (numpy warns and returns NaN)."""
    if not values:
        return math.nan, math.nan
    mean = _pairwise_sum(list(values)) / len(values)
    squares = [(v - mean) * (v - mean) for v in values]
    return mean, math.sqrt(_pairwise_sum(squares) / len(values))


def json_float(value: float) -> float | None:
    """A float for JSON: NaN becomes ``None`` (``null``)."""
    return None if value != value else value


@dataclass
class Counts:
    """True positives, false positives and false negatives, with the official P/R/F1."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __iadd__(self, other: "Counts") -> "Counts":
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn
        return self

    @property
    def precision(self) -> float:
        return ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float:
        return ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float:
        return f_beta(self.precision, self.recall)

    @classmethod
    def of_sets(cls, gold: set, system: set) -> "Counts":
        """TP = gold & system, FP = system - gold, FN = gold - system (duplicates collapse)."""
        return cls(len(gold & system), len(system - gold), len(gold - system))

    def to_json(self) -> dict[str, float | int]:
        return {
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
        }


def per_type_table(title: str, per_type: Mapping[str, Counts], width: int) -> list[str]:
    """Counts and P/R/F1 (4 digits) per type, sorted by type, under ``title`` (not in the
    official scripts); ``width`` is the width of the type column."""
    row = f"{{:<{width}}}{{:>7}}{{:>7}}{{:>7}}  {{:<10}}{{:<10}}{{:<10}}"
    rule = "-" * (width + 53)
    lines = [title, rule, row.format("Type", "TP", "FP", "FN", "Precision", "Recall", "F1"), rule]
    for name, c in sorted(per_type.items()):
        lines.append(row.format(name, c.tp, c.fp, c.fn, fmt4(c.precision), fmt4(c.recall), fmt4(c.f1)))
    return lines + [rule]


def add_counts_by_label(out: dict[str, Counts], gold: set, system: set, label: Callable[[Any], str]) -> None:
    """Add the TP/FP/FN of two key sets to ``out``, one :class:`Counts` per ``label(key)``."""
    for key in gold | system:
        counts = out.setdefault(label(key), Counts())
        if key not in system:
            counts.fn += 1
        elif key not in gold:
            counts.fp += 1
        else:
            counts.tp += 1


@dataclass
class Pairing:
    """Gold and system documents matched by key.

    ``pairs`` holds ``(key, gold, system)`` sorted by key; ``system`` is ``None`` for a gold
    document without system output when those count as misses (``strict_docs``).
    ``missing`` lists gold keys without a system document, ``extra`` system keys without gold.
    """

    pairs: list[tuple[str, Document, Document | None]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)


def _by_key(docs: Iterable[Document], key: Callable[[Document], str], side: str) -> dict[str, Document]:
    out: dict[str, Document] = {}
    for doc in docs:
        k = key(doc)
        if k in out:
            raise evaluation_error("E201", side=side, key=k)
        out[k] = doc
    return out


def pair_documents(
    gold: Iterable[Document],
    system: Iterable[Document],
    *,
    key: Callable[[Document], str] = lambda d: d.name,
    strict_docs: bool = False,
) -> Pairing:
    """Match documents by ``key`` (the file stem by default), as the official scripts do.

    The official scripts score only documents present on both sides; with ``strict_docs`` a gold
    document without system output is kept (paired with ``None``) so that its annotations count
    as misses.
    """
    gold_by = _by_key(gold, key, "gold")
    sys_by = _by_key(system, key, "system")
    pairing = Pairing(
        missing=sorted(set(gold_by) - set(sys_by)),
        extra=sorted(set(sys_by) - set(gold_by)),
    )
    for k in sorted(gold_by):
        if k in sys_by or strict_docs:
            pairing.pairs.append((k, gold_by[k], sys_by.get(k)))
    return pairing


def annotations(doc: Document | None) -> list[Annotation]:
    """The annotations of the default set in document order (none for a missing document)."""
    return [] if doc is None else list(doc.annset(""))


def official_annotations(doc: Document | None) -> list[Annotation]:
    """:func:`annotations` less those read from an XML element the official scripts do not read
    (the readers keep such an element name, e.g. ``<FOO>``, in :data:`CATEGORY_FEATURE`)."""
    return [a for a in annotations(doc) if a.features.get(CATEGORY_FEATURE, "PHI") in OFFICIAL_ELEMENTS]
