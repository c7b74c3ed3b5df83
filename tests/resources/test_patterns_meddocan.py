"""The pattern library measured on the MEDDOCAN dev gold (250 documents; skipped without ../shared):
how many FECHAS, NUMERO_TELEFONO, NUMERO_FAX, CORREO_ELECTRONICO and ID_* gold spans a pattern
annotation matches exactly and overlaps, and how many pattern annotations overlap no gold PHI.

Figures when written (dev; resources/patterns/README.md keeps the table): FECHAS 717/724 exact,
721 overlap; IDs (all ID_* types) 717/745 exact, the misses being gold noise ("lactante" as an
ID) and labels glued to a name ("MartínezNºCol:"); e-mail 239/241; phones and faxes 27/31
exact, 30 overlap; 12 of 2,108 pattern annotations overlap no PHI (6 of them times, which
MEDDOCAN does not annotate). The bounds below leave a little room for rule changes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from annotator import Pipeline
from annotator.corpus import read_documents
from annotator.paths import RESOURCES

# gold group -> (minimum exact recall, minimum overlap recall)
MINIMUM = {"FECHAS": (0.98, 0.99), "ID": (0.95, 0.95), "CORREO_ELECTRONICO": (0.98, 0.99),
           "TELEFONO/FAX": (0.80, 0.90)}
MAX_OUTSIDE_PHI = 25


def _group(gold_type: str) -> str | None:
    if gold_type.startswith("ID_"):
        return "ID"
    if gold_type in ("NUMERO_TELEFONO", "NUMERO_FAX"):
        return "TELEFONO/FAX"
    return gold_type if gold_type in ("FECHAS", "CORREO_ELECTRONICO") else None


@pytest.fixture(scope="module")
def measured(meddocan_dir: Path) -> tuple[Counter, Counter, Counter, int, int]:
    pipeline = Pipeline.from_xml(RESOURCES / "pipelines" / "patterns.xml")
    total, exact, overlap = Counter(), Counter(), Counter()
    made = outside = 0
    for doc in read_documents(meddocan_dir / "dev" / "brat", "brat"):
        pipeline(doc)
        gold = list(doc.annset())
        found = doc.annset("Patterns")
        for g in gold:
            group = _group(g.type)
            if group is None:
                continue
            total[group] += 1
            hits = list(found.overlapping(g.start, g.end))
            overlap[group] += bool(hits)
            exact[group] += any((a.start, a.end) == (g.start, g.end) for a in hits)
        phi = doc.annset()
        for a in found:
            made += 1
            outside += not any(p.type not in ("Token", "SpaceToken", "PatternLookup")
                               for p in phi.overlapping(a.start, a.end))
    return total, exact, overlap, made, outside


@pytest.mark.parametrize("group", sorted(MINIMUM))
def test_recall_of_gold_spans(measured, group):
    total, exact, overlap, _, _ = measured
    assert total[group] > 0
    low_exact, low_overlap = MINIMUM[group]
    figures = f"{group}: exact {exact[group]}/{total[group]}, overlap {overlap[group]}/{total[group]}"
    assert exact[group] / total[group] >= low_exact, figures
    assert overlap[group] / total[group] >= low_overlap, figures


def test_few_pattern_annotations_overlap_no_phi(measured):
    *_, made, outside = measured
    assert made > 1500
    assert outside <= MAX_OUTSIDE_PHI, f"{outside} of {made} pattern annotations overlap no gold PHI"
