"""Outcomes of error analysis: correct, boundary, wrong type, missing and spurious, each span once."""

from __future__ import annotations

from annotator import Document
from annotator.view.outcomes import outcomes


def pair():
    text = "Juan Perez vive en Madrid desde 2010 con Ana en Sevilla."
    gold, system = Document(text, name="d"), Document(text, name="d")
    g, s = gold.annset(), system.annset()
    g.add("NAME", 0, 10); s.add("NAME", 0, 10)           # correct
    g.add("CITY", 19, 25); s.add("COUNTRY", 19, 25)      # wrong type
    g.add("DATE", 26, 36); s.add("DATE", 32, 36)         # boundary
    g.add("NAME", 41, 44)                                 # missing
    s.add("CITY", 48, 55)                                 # spurious
    return gold, system


def test_each_span_gets_one_outcome_in_document_order():
    gold, system = pair()
    found = outcomes(gold.annset(), system.annset())
    assert [(o.kind, o.gold and o.gold.span, o.system and o.system.span) for o in found] == [
        ("correct", (0, 10), (0, 10)),
        ("type", (19, 25), (19, 25)),
        ("boundary", (26, 36), (32, 36)),
        ("missing", (41, 44), None),
        ("spurious", None, (48, 55)),
    ]
    assert found[1].types == ["CITY", "COUNTRY"]
    every = [a for o in found for a in (o.gold, o.system) if a is not None]
    assert len(every) == len(gold.annset()) + len(system.annset()) == len({id(a) for a in every})


def test_duplicates_and_empty_sides():
    text = "x y"
    gold, system = Document(text), Document(text)
    gold.annset().add("A", 0, 1)
    gold.annset().add("A", 0, 1)
    system.annset().add("A", 0, 1)
    assert [o.kind for o in outcomes(gold.annset(), system.annset())] == ["correct", "missing"]
    assert [o.kind for o in outcomes([], system.annset())] == ["spurious"]
