"""Document order (start, then longer first, then id) with many ties, whatever the order of adding:
iteration, type views and range queries."""

from __future__ import annotations

import random

from annotator.document import Document


def key(a) -> tuple[int, int, int]:
    return a.start, -a.end, a.id


def test_ties_are_broken_by_end_then_id_whatever_the_order_of_adding():
    rng = random.Random(7)
    doc = Document("x" * 60)
    annset = doc.annset()
    ids = list(range(1, 401))
    rng.shuffle(ids)  # ids not in the order of adding
    for ann_id in ids:  # many equal starts and spans
        start = rng.randrange(0, 50)
        annset.add(rng.choice("TU"), start, start + rng.randrange(0, 4), id=ann_id)
    everything = sorted(annset, key=key)
    assert list(annset) == everything
    assert list(annset.with_type("T")) == [a for a in everything if a.type == "T"]
    for start, end in [(10, 20), (0, 60), (25, 25), (30, 33)]:
        for query in (annset.overlapping, annset.within, annset.covering):
            result = list(query(start, end))
            assert result == sorted(result, key=key), query.__name__
    for ann in rng.sample(everything, 100):
        annset.remove(ann)
    assert list(annset) == sorted(annset, key=key) and len(annset) == 300
