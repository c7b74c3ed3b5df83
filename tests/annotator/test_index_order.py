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


def test_distinct_starts_added_in_or_out_of_order():
    """Annotations with distinct starts (Tokens): document order whatever the order of adding,
    also when each is added at its start but a later one starts before an earlier one."""
    rng = random.Random(11)
    spans = [(start, start + rng.randrange(1, 6)) for start in range(0, 200, 2)]
    for order in (spans, spans[::-1], rng.sample(spans, len(spans))):
        doc = Document("x" * 210)
        annset = doc.annset()
        annset.add_columns(["T"] * len(order), [s for s, _ in order], [e for _, e in order], [{} for _ in order])
        assert [(a.start, a.end) for a in annset.with_type("T")] == spans
        assert [a.start for a in annset.starting_in(10, 20)] == [10, 12, 14, 16, 18]
