"""Types that no first element reads (annotator/jape/runtime.py: Reached, NextStarts,
PhaseRun.reached_types): their tables are filled in only where walks reach, and the matches are
those found with whole tables."""

from __future__ import annotations

import pytest
from japehelp import found, make_doc

from annotator.jape import runtime
from annotator.jape.compiler import leading_types
from annotator.jape.runtime import _NOWHERE, Lattice, NextStarts, Reached

_AFTER_LOOKUP = (
    "Phase: P\nInput: Token SpaceToken Lookup\nOptions: control = appelt\n"
    'Rule: Id ({Lookup.kind == label} ({SpaceToken})? ({Token.string == ":"})?'
    " (({SpaceToken})? {Token.kind == number})+):r --> :r.Id = {}\n"
    'Rule: Name ({Lookup.kind == title} {SpaceToken} ({Token.orth == upperInitial}):n) --> :n.Name = {}\n'
    "Rule: NotWord ({Lookup.kind == title} {SpaceToken} {!Token.kind == word}):r --> :r.NotWord = {}\n"
    "Phase: Q\nInput: Token Lookup\nOptions: control = all\n"
    "Rule: Number ({Token.kind == number}):r --> :r.Number = {}\n"
)


def _doc():
    doc = make_doc("NHC: 123 456 Dr Ann x  Dr ! NHC 7",
                   ("Lookup", "NHC", None, {"kind": "label"}), ("Lookup", 28, 31, {"kind": "label"}),
                   ("Lookup", "Dr", None, {"kind": "title"}), ("Lookup", 23, 25, {"kind": "title"}))
    s = doc.annset()
    s.add("Token", 5, 5, {"kind": "number"})  # empty: never matched
    s.add("Token", 9, 12, {"string": "456", "kind": "number"})  # starts with another "456"
    s.remove(next(t for t in s.with_type("SpaceToken") if t.start == 31))  # a gap before "7"
    return doc


def _run(grammar, monkeypatch, whole: bool) -> tuple[dict, list]:
    asked: list = []
    reached_types = runtime.PhaseRun.reached_types
    monkeypatch.setattr(runtime.PhaseRun, "reached_types",
                        lambda run: asked.append(reached_types(run)) or (() if whole else asked[-1]))
    doc = _doc()
    g = grammar(_AFTER_LOOKUP)
    g(doc)
    monkeypatch.undo()
    return {t: found(doc, t) for t in ("Id", "Name", "NotWord", "Number")}, asked


def test_types_only_walks_reach_give_the_matches_of_whole_tables(grammar, monkeypatch):
    reached, asked = _run(grammar, monkeypatch, whole=False)
    whole, _ = _run(grammar, monkeypatch, whole=True)
    assert asked == [("SpaceToken", "Token"), ("Lookup",)]
    assert reached == whole
    assert reached["Id"] == ["NHC: 123 456", "NHC 7"] and reached["Name"] == ["Ann"]
    assert reached["NotWord"] == ["Dr !"]


def test_the_leading_types_of_a_phase(grammar):
    def leading(lhs: str):
        return leading_types(grammar(f"Phase: P\nInput: Token Lookup\nRule: R {lhs} --> {{}}\n").phases[0].rules)

    assert leading("({Lookup} {Token})") == {"Lookup"}
    assert leading("(({Token})? {Lookup})") == {"Lookup", "Token"}
    assert leading("({Lookup, !Token.kind == word} {Token})") == {"Lookup", "Token"}
    assert leading("({!Token.kind == word} {Lookup})") is None  # tested wherever anything starts


def test_phases_that_read_every_span_read_whole_tables(grammar):
    def reached_types(rules: str) -> tuple:
        phase = grammar("Phase: P\nInput: Token Lookup\n" + rules).phases[0]
        doc = make_doc("Dr 7", ("Lookup", "Dr", None, {"kind": "title"}))
        return runtime.PhaseRun(phase, doc, doc.annset(), doc.annset(), Lattice(doc.annset())).reached_types()

    title = "Rule: R ({Lookup.kind == title} {Token.kind == number}):r --> :r.R = {}\n"
    assert reached_types(title) == ("Token",)
    # a second element keyed on a first element's type: the filter reads every annotation's end
    assert reached_types(title + "Rule: S ({Lookup.kind == title} {Lookup.kind == name}):r --> :r.S = {}\n") == ()


def test_reached_skips_empty_annotations_and_groups_those_starting_together():
    doc = make_doc("ab cd ef", tokens=False)
    s = doc.annset()
    ab, cd_long, cd, _, ef = s.add("L", 0, 2), s.add("L", 3, 5), s.add("L", 3, 4), s.add("L", 6, 6), s.add("L", 6, 8)
    s.add("L", 8, 8)
    reached = Reached(*s.in_order("L"))
    assert [reached.next_start(p) for p in (0, 1, 3, 4, 6, 7, 8)] == [0, 3, 3, 6, 6, _NOWHERE, _NOWHERE]
    assert reached.table == {0: (ab,), 3: [cd_long, cd], 6: (ef,)}
    assert reached.last() == 6 and reached.starts() == [0, 3, 6]
    assert Reached([], []).last() == -1


def test_next_starts_over_tables_and_reached_types_agree_with_whole_tables():
    doc = make_doc("Ann  Bob, Cid", ("L", "Bob", None), ("L", 4, 5))
    lattice = Lattice(doc.annset())
    types = ("L", "SpaceToken", "Token")
    whole = NextStarts([lattice.at(t) for t in types])
    mixed = lattice.nexts(types, ("SpaceToken", "Token"))
    offsets = list(range(len(doc.text) + 2))
    assert [mixed[p] for p in offsets] == [whole[p] for p in offsets]
    assert mixed.of([2, 8, 20]) == whole.of([2, 8, 20])
    assert mixed.starts == whole.starts and mixed.last() == whole.last() == 10
    for t in ("SpaceToken", "Token"):  # filled in at every offset found
        table = lattice.reached(t).table
        assert {q: list(table[q]) for q in table if q in set(mixed.values())} == \
            {q: list(anns) for q, anns in lattice.at(t).items()}


@pytest.mark.parametrize("changed", ["add", "remove"])
def test_a_reached_type_is_read_again_after_it_changed(changed):
    doc = make_doc("Ann Bob")
    s = doc.annset()
    lattice = Lattice(s)
    assert lattice.nexts(("Token",), ("Token",))[1] == 4
    if changed == "add":
        s.add("Token", 2, 3)
    else:
        s.remove(next(t for t in s.with_type("Token") if t.start == 4))
    lattice.refresh()
    assert lattice.nexts(("Token",), ("Token",))[1] == (2 if changed == "add" else _NOWHERE)
