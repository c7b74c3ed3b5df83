"""Where rules are tried (annotator/jape/compiler.py: element_keys, StartPlan; runtime.py: the
second-element filter): every positive feature test of a first element that a missing feature
fails narrows the offsets, and the matches stay those of a full search."""

from __future__ import annotations

from japehelp import found, make_doc

from annotator.jape import runtime
from annotator.jape.compiler import element_keys
from annotator.jape.syntax import Basic


def _first_element(grammar, lhs: str) -> Basic:
    g = grammar(f"Phase: P\nInput: Token Lookup\nRule: R ({lhs}):r --> :r.R = {{}}\n")
    rule = g.phases[0].rules[0]
    (test, _, _), = rule.start.trans
    return test.keys


def _tried(grammar, text: str, monkeypatch) -> tuple[list[str], list[str]]:
    """The words where rule R of a one-rule grammar is tried, and its matches."""
    g = grammar('Phase: P\nInput: Token\nOptions: control = appelt\nRule: R\n'
                '({Token.kind == word, Token.string ==~ "O|D|L"} {Token.string == "\'"}'
                ' {Token.kind == word, Token.length > 2}):r --> :r.R = {}\n')
    doc = make_doc(text)
    tried: list[int] = []
    matches = runtime.PhaseRun.matches
    monkeypatch.setattr(runtime.PhaseRun, "matches", lambda run, rules, p: tried.append(p) or matches(run, rules, p))
    g(doc)
    return [doc.text[p:doc.text.index(" ", p)] if " " in doc.text[p:] else doc.text[p:] for p in tried], found(doc, "R")


def test_keys_of_every_test_a_missing_feature_fails(grammar):
    keys = _first_element(grammar, '{Token.kind == word, Token.string ==~ "O|D|L", Token.length == 1, Token.orth != allCaps}')
    assert ("Token", "kind", "word") in keys
    tested = sorted(key[1] for key in keys if len(key) == 4)
    assert tested == ["length", "string"]  # != allCaps holds where orth is missing: no key


def test_a_type_without_a_feature_test_is_a_key_of_its_own(grammar):
    keys = _first_element(grammar, '{Token.orth == upperInitial, Lookup}')
    assert keys == frozenset({("Token", "orth", "upperInitial"), ("Lookup",)})
    assert _first_element(grammar, '{!Lookup}') == frozenset()


def test_a_rule_is_tried_only_where_its_word_list_holds(grammar, monkeypatch):
    tried, matched = _tried(grammar, "Mr O'Brien met Dr D'Souza and Lee's Ann O'Neal in Ohio", monkeypatch)
    assert tried == ["O'Brien", "D'Souza", "O'Neal"]
    assert matched == ["O'Brien", "D'Souza", "O'Neal"]


def test_a_token_and_a_lookup_ending_alike_share_the_second_element_check(grammar):
    g = grammar("Phase: P\nInput: Token Lookup\nOptions: control = appelt\n"
                'Rule: A ({Lookup.majorType == name} {Token.string == ","}):a --> :a.A = {}\n'
                'Rule: B ({Token.orth == upperInitial} {Token.string == "Street"}):b --> :b.B = {}\n')
    doc = make_doc("Smith, Baker Street and Jones Street, Smith Street",
                   ("Lookup", 0, 5, {"majorType": "name"}), ("Lookup", 38, 43, {"majorType": "name"}))
    g(doc)
    assert found(doc, "A") == ["Smith,"]
    assert found(doc, "B") == ["Baker Street", "Jones Street", "Smith Street"]


def test_each_first_element_is_checked_with_what_follows_it(grammar, monkeypatch):
    """``Ward 8`` or ``Rowan Ward``: a capitalised word is tried only before Ward/Unit, though
    the other alternative's second element (a number or a word in capitals) is common."""
    g = grammar('Phase: P\nInput: Token\nOptions: control = appelt\nRule: W\n'
                '(({Token.string ==~ "Ward|Unit"} ({Token.kind == number} | {Token.orth == allCaps})) |'
                ' ({Token.orth == upperInitial} {Token.string ==~ "Ward|Unit"})):w --> :w.W = {}\n')
    doc = make_doc("Seen on Ward 8 by Rowan Ward staff, Jubilee Unit ICU and Paris 9 then Ward CCU")
    tried: list[int] = []
    matches = runtime.PhaseRun.matches
    monkeypatch.setattr(runtime.PhaseRun, "matches", lambda run, rules, p: tried.append(p) or matches(run, rules, p))
    g(doc)
    assert found(doc, "W") == ["Ward 8", "Rowan Ward", "Jubilee Unit", "Ward CCU"]
    assert [doc.text[p:p + 5] for p in tried] == ["Ward ", "Rowan", "Jubil", "Ward "]  # not Paris (9)


def test_keys_of_negated_constraints(grammar):
    g = grammar("Phase: P\nInput: Token Lookup\nRule: R ({Token.orth == upperInitial, !Lookup.majorType ==~ \"common|date\","
                " !Token.string == \"Mr\"}):r --> :r.R = {}\n"
                "Rule: S ({Token, !Lookup.majorType == name, !Lookup.minorType == first}):s --> :s.S = {}\n"
                "Rule: T ({Token, !Lookup}):t --> :t.T = {}\n")
    (r, _, _), = g.phases[0].rules[0].start.trans
    assert sorted(key[:2] for key in r.unless) == [("Lookup", "majorType"), ("Token", "string")]
    (s, _, _), = g.phases[0].rules[1].start.trans
    assert s.unless == frozenset()  # grouped: one Lookup must meet both tests
    (t, _, _), = g.phases[0].rules[2].start.trans
    assert t.unless == frozenset({("Lookup",)})


def test_a_rule_is_not_tried_where_a_negated_constraint_holds(grammar, monkeypatch):
    g = grammar("Phase: P\nInput: Token Lookup\nOptions: control = appelt\n"
                "Rule: N ({Lookup.majorType == name, Token.orth == lowercase, !Lookup.majorType == common}):n --> :n.N = {}\n")
    doc = make_doc("green and smith met white",
                   ("Lookup", 0, 5, {"majorType": "name"}), ("Lookup", 0, 5, {"majorType": "common"}),
                   ("Lookup", 10, 15, {"majorType": "name"}),
                   ("Lookup", 20, 25, {"majorType": "name"}), ("Lookup", 20, 25, {"majorType": "common"}))
    tried: list[int] = []
    matches = runtime.PhaseRun.matches
    monkeypatch.setattr(runtime.PhaseRun, "matches", lambda run, rules, p: tried.append(p) or matches(run, rules, p))
    g(doc)
    assert found(doc, "N") == ["smith"]
    assert tried == [10]


def test_negated_constraints_without_grouping_each_exclude(grammar):
    g = grammar("Phase: P\nInput: Token Lookup\nOptions: control = appelt, negationGrouping = false\n"
                "Rule: S ({Token, !Lookup.majorType == name, !Lookup.minorType == first}):s --> :s.S = {}\n")
    doc = make_doc("Ann Lee Bo", ("Lookup", 0, 3, {"majorType": "name", "minorType": "surname"}),
                   ("Lookup", 4, 7, {"majorType": "place", "minorType": "first"}))
    g(doc)
    assert found(doc, "S") == ["Bo"]
