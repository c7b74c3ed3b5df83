"""The interval index's document order (start, longer first, id), made by three stable sorts."""

from __future__ import annotations

import random

from annotator.document import Document
from annotator.index import IntervalIndex, document_order, in_document_order


def test_in_document_order_is_sorting_by_document_order():
    rng = random.Random(7)
    doc = Document("x" * 60)
    annset = doc.annset()
    for _ in range(400):  # many equal starts and spans: ties are broken by end, then id
        start = rng.randrange(0, 50)
        annset.add("T", start, start + rng.randrange(0, 4))
    anns = list(annset._by_type["T"].values())
    rng.shuffle(anns)
    expected = sorted(anns, key=document_order)
    assert in_document_order(anns) == expected
    assert in_document_order(iter(anns)) == expected
    assert IntervalIndex(anns).ordered == expected
    assert [(a.start, -a.end, a.id) for a in expected] == sorted((a.start, -a.end, a.id) for a in anns)
