"""Types that no first element reads (annotator/jape/runtime.py: Reached, NextStarts,
compiler.py: CompiledPhase.layout) are read only where walks reach. Checked through the public interface:
the fast matcher finds what the plain walk (``strategy="reference"``) finds, on documents whose
tables have the cases that matter (empty annotations, several starting together, gaps,
annotations added and removed between phases)."""

from __future__ import annotations

import copy

import pytest
from japehelp import found, make_doc

from annotator.jape import compile_grammar

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


def _both(write, text: str, doc, types: tuple[str, ...]) -> dict[str, list[str]]:
    """What the grammar ``text`` makes of ``doc`` (types ``types``), the same with both matchers."""
    path = write("g.jape", text)
    results = []
    for strategy in ("fast", "reference"):
        mine = copy.deepcopy(doc)
        compile_grammar(path, strategy=strategy)(mine)
        results.append({t: found(mine, t) for t in types})
    assert results[0] == results[1]
    return results[0]


def test_types_only_walks_reach_give_the_matches_of_the_plain_walk(write):
    got = _both(write, _AFTER_LOOKUP, _doc(), ("Id", "Name", "NotWord", "Number"))
    assert got["Id"] == ["NHC: 123 456", "NHC 7"] and got["Name"] == ["Ann"]
    assert got["NotWord"] == ["Dr !"]
    assert got["Number"] == ["123", "456", "456", "7"]


def test_rules_are_tried_where_the_types_a_first_element_reads_start(write):
    """Through the public ``trace``: a phase's rules are tried only at the offsets where an
    annotation of a type one of their first elements reads starts (after an optional element, the
    next one's too) and whose keys hold there (no Token of kind word for the third), and wherever
    an input annotation starts when a first element reads no type (the fourth: at the X too)."""
    def tried(lhs: str) -> list[str]:
        path = write("g.jape", "Phase: P\nInput: Token Lookup X\nOptions: control = all\n"
                               f"Rule: R {lhs}:r --> :r.R = {{}}\n")
        doc = make_doc("Dr Ann met Bob", ("Lookup", "Dr", None), ("Lookup", "Bob", None),
                       ("Lookup", 6, 7, None), ("X", 2, 3, None))
        plain = copy.deepcopy(doc)
        offsets: list[int] = []
        compile_grammar(path)(doc, trace=lambda phase, p, candidates, fired: offsets.append(p))
        compile_grammar(path, strategy="reference")(plain)
        assert found(doc, "R") == found(plain, "R")
        return [doc.text[p:p + 3] for p in offsets]

    assert tried("({Lookup} ({X})?)") == ["Dr ", " me", "Bob"]
    assert tried("(({Token})? {Lookup})") == ["Dr ", "Ann", " me", "met", "Bob"]
    assert tried("({Lookup, !Token.kind == word} {Token})") == [" me"]
    assert tried("({!Token.kind == word} ({Lookup})?)") == [" An", " me"]


def test_a_second_element_keyed_on_a_first_elements_type(write):
    title = "Rule: R ({Lookup.kind == title} {Token.kind == number}):r --> :r.R = {}\n"
    names = "Rule: S ({Lookup.kind == title} {Lookup.kind == name}):r --> :r.S = {}\n"
    doc = make_doc("Dr 7 Dr Ann", ("Lookup", 0, 2, {"kind": "title"}), ("Lookup", 5, 7, {"kind": "title"}),
                   ("Lookup", "Ann", None, {"kind": "name"}))
    got = _both(write, "Phase: P\nInput: Token Lookup\n" + title + names, doc, ("R", "S"))
    assert got == {"R": ["Dr 7"], "S": ["Dr Ann"]}


def test_empty_annotations_and_those_starting_together(write):
    doc = make_doc("ab cd ef", tokens=False)
    s = doc.annset()
    for start, end in ((0, 2), (3, 5), (3, 4), (6, 6), (6, 8), (8, 8)):
        s.add("L", start, end)
    s.add("M", 0, 1)
    s.add("M", 7, 8)  # only the empty L(8, 8) after it
    # in P, L is read after M only (where walks reach); in Q, everywhere
    text = ("Phase: P\nInput: M L X\nOptions: control = all\n"
            "Rule: Pair ({M} ({X})? {L}):r --> :r.Pair = {}\n"  # M ends inside L(0, 2): the next start at 3
            "Phase: Q\nInput: M L\nOptions: control = all\n"
            "Rule: Two ({L} {L}):r --> :r.Two = {}\n")
    got = _both(write, text, doc, ("Pair", "Two"))
    # the empty L(6, 6) and L(8, 8) are never matched; both L starting at 3 are
    assert got == {"Pair": ["ab cd", "ab c"], "Two": ["ab cd", "ab c", "cd ef", "cd ef"]}


def test_gaps_and_several_types_read_together(write):
    doc = make_doc("Ann  Bob, Cid", ("L", "Bob", None), ("L", 4, 5))
    text = ("Phase: P\nInput: L SpaceToken Token\nOptions: control = all\n"
            "Rule: R ({Token} ({SpaceToken})+ {L}):r --> :r.R = {}\n"
            "Rule: T ({L} {Token.string == \",\"} {SpaceToken} {Token}):r --> :r.T = {}\n")
    got = _both(write, text, doc, ("R", "T"))
    assert got == {"R": ["Ann  Bob"], "T": ["Bob, Cid"]}


@pytest.mark.parametrize("changed", ["add", "remove"])
def test_a_type_is_read_again_after_a_phase_changed_it(write, changed):
    doc = make_doc("Ann Bob", ("L", "Ann", None))
    first = ('Rule: Add ({L}):l --> :l.Token = {string = "An"}\n' if changed == "add"
             else 'Rule: Drop ({Token.string == "Bob"}):t --> :t { action: "remove_bound" }\n')
    text = ("Phase: A\nInput: L Token\nOptions: control = once\n" + first
            + "Phase: B\nInput: Token\nOptions: control = all\nRule: W ({Token}):t --> :t.W = {}\n")
    got = _both(write, text, doc, ("W",))
    assert got == {"W": ["Ann", "Ann", "Bob"] if changed == "add" else ["Ann"]}
