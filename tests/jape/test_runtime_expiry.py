"""Rule expiry in the runtime (PhaseRun.expiries, compiler.PhasePlan.required): a rule is not tried past the
last offset where an element every match of it needs can match, and never loses a match so."""

from __future__ import annotations

import pytest
from japehelp import found, make_doc, offsets_tried

from annotator.jape import runtime

HEAD = "Phase: T\nInput: Token Lookup\nOptions: control = appelt\n"


def tried(grammar, body: str, doc, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Offsets where the phase tried some rule."""
    return offsets_tried(lambda: grammar(HEAD + body)(doc), monkeypatch)


def test_a_rule_is_not_tried_after_the_last_place_of_an_element_it_needs(grammar, monkeypatch):
    body = 'Rule: R ({Token.string == "a"} {Token} {Token.string == "c"}):m --> :m.Hit = {}'
    doc = make_doc("a x c a y c a z a w")
    starts = [i for i, ch in enumerate(doc.text) if ch == "a"]
    assert tried(grammar, body, doc, monkeypatch) == starts[:2]  # not the two after the last "c"
    assert found(doc, "Hit") == ["a x c", "a y c"]


def test_rules_expire_each_at_their_first_missing_element(grammar):
    body = "\n".join([
        'Rule: A ({Token.string == "a"} {Token} {Token.string == "c"} {Token.string == "d"}):m --> :m.A = {}',
        'Rule: B ({Token.string == "a"} {Token} {Token.string == "d"}):m --> :m.B = {}',
        'Rule: C ({Token.string == "a"} {Token} {Lookup.majorType == "x"}):m --> :m.C = {}',
        'Rule: D ({Token.string == "a"}):m --> :m.D = {}',
    ])
    g = grammar(HEAD + body)
    doc = make_doc("a b c d a b d c a b e", ("Lookup", "e", None, {"majorType": "x"}))
    phase = g.phases[0]
    inset = doc.annset()
    run = runtime.PhaseRun(phase, doc, inset, inset, runtime.Lattice(inset))
    expiries = run.expiries()
    assert expiries == sorted(expiries)
    for bit, rule in enumerate(phase.rules):
        first = next((offset for offset, mask in expiries if mask >> bit & 1), None)
        if rule.required:  # the earliest of the last offsets of its required elements
            assert first == min(run.last_offset(key) for key in rule.required)
        else:
            assert first is None
    assert [phase.rules[i].name for i in range(4) if phase.rules[i].required] == ["A", "B", "C"]
    g(doc)
    assert found(doc, "A") == ["a b c d"]
    assert found(doc, "B") == ["a b d"]
    assert found(doc, "C") == ["a b e"]
    assert found(doc, "D") == []  # appelt: a longer match wins at every "a"


def test_a_first_element_at_the_end_of_the_document_has_no_next_offset(grammar):
    body = 'Rule: R ({Token.string == "a"} {Token.string == "b"}):m --> :m.Hit = {}'
    doc = make_doc("a b a")
    grammar(HEAD + body)(doc)
    assert found(doc, "Hit") == ["a b"]
