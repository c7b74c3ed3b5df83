"""Control styles: appelt, brill, all, first, once, matchGroup, priority and rule-order ties."""

from __future__ import annotations

from japehelp import found, make_doc


def phase(control: str, rules: str, input: str = "Token Lookup", extra: str = "") -> str:
    return f"Phase: T\nInput: {input}\nOptions: control = {control} {extra}\n{rules}"


CAPS = "Rule: Caps ({Token.orth == upperInitial})+:x --> :x.Hit = {rule = \"Caps\"}\n"


def hits(doc):
    return [(doc.text[a.start:a.end], a.features.get("rule")) for a in doc.annset().with_type("Hit")]


def test_appelt_is_greedy_and_resumes_after_the_match(grammar):
    doc = make_doc("Ann Bob Cid ok Dan")
    grammar(phase("appelt", CAPS))(doc)
    assert found(doc, "Hit") == ["Ann Bob Cid", "Dan"]


def test_first_stops_at_the_first_accepting_state(grammar):
    doc = make_doc("Ann Bob Cid ok Dan")
    grammar(phase("first", CAPS))(doc)
    assert found(doc, "Hit") == ["Ann", "Bob", "Cid", "Dan"]


def test_once_fires_one_rule_in_the_whole_document(grammar):
    doc = make_doc("ok Ann Bob Cid ok Dan")
    grammar(phase("once", CAPS))(doc)
    assert found(doc, "Hit") == ["Ann"]


def test_brill_fires_every_match_at_the_offset_and_resumes_after_the_longest(grammar):
    doc = make_doc("Ann Bob ok Cid")
    grammar(phase("brill", CAPS + 'Rule: Two ({Token} {Token}):x --> :x.Hit = {rule = "Two"}'))(doc)
    assert sorted(hits(doc)) == sorted([("Ann", "Caps"), ("Ann Bob", "Caps"), ("Ann Bob", "Two"),
                                        ("ok Cid", "Two")])  # "Cid" lies inside the last match


def test_all_fires_every_match_at_every_offset(grammar):
    doc = make_doc("Ann Bob")
    grammar(phase("all", CAPS))(doc)
    assert sorted(found(doc, "Hit")) == ["Ann", "Ann Bob", "Bob"]


def test_appelt_longest_beats_priority(grammar):
    rules = ('Rule: Short\nPriority: 100\n({Token.string == "Dr"}):x --> :x.Hit = {rule = "Short"}\n'
             'Rule: Long\n({Token.string == "Dr"} {Token.orth == upperInitial}):x --> :x.Hit = {rule = "Long"}\n')
    doc = make_doc("Dr Who")
    grammar(phase("appelt", rules))(doc)
    assert hits(doc) == [("Dr Who", "Long")]


def test_appelt_same_length_higher_priority_wins_even_when_later(grammar):
    rules = ('Rule: Low\nPriority: 1\n({Token}):x --> :x.Hit = {rule = "Low"}\n'
             'Rule: High\nPriority: 5\n({Token}):x --> :x.Hit = {rule = "High"}\n')
    doc = make_doc("word")
    grammar(phase("appelt", rules))(doc)
    assert hits(doc) == [("word", "High")]


def test_appelt_priority_tie_goes_to_the_earliest_rule(grammar):
    rules = ('Rule: B\n({Token}):x --> :x.Hit = {rule = "B"}\n'
             'Rule: A\n({Token.kind == word}):x --> :x.Hit = {rule = "A"}\n')
    doc = make_doc("word")
    grammar(phase("appelt", rules))(doc)
    assert hits(doc) == [("word", "B")]


def test_first_prefers_the_path_with_fewest_elements_over_rule_order(grammar):
    rules = ('Rule: Three ({Token} {Token} {Token}):x --> :x.Hit = {rule = "Three"}\n'
             'Rule: Two ({Token} {Token}):x --> :x.Hit = {rule = "Two"}\n')
    doc = make_doc("a b c d")
    grammar(phase("first", rules))(doc)
    assert hits(doc) == [("a b", "Two"), ("c d", "Two")]


def test_kleene_appelt_versus_first_with_a_following_element(grammar):
    rule = 'Rule: R ({Token.orth == upperInitial})+:x ({Token.string == "."})? --> :x.Hit = {}\n'
    doc = make_doc("Ann Bob.")
    grammar(phase("appelt", rule))(doc)
    assert found(doc, "Hit") == ["Ann Bob"]
    doc = make_doc("Ann Bob.")
    grammar(phase("first", rule))(doc)
    assert found(doc, "Hit") == ["Ann", "Bob"]


def test_match_group_fires_every_way_the_winner_matched(grammar):
    rule = 'Rule: L ({Lookup}):l --> :l.Hit = {rule = :l.Lookup.majorType}\n'
    extra = (("Lookup", 0, 5, {"majorType": "city"}), ("Lookup", 0, 5, {"majorType": "person"}))
    doc = make_doc("Paris", *extra)
    grammar(phase("appelt", rule))(doc)
    assert hits(doc) == [("Paris", "city")]
    doc = make_doc("Paris", *extra)
    grammar(phase("appelt", rule, extra="matchGroup = true"))(doc)
    assert sorted(hits(doc)) == [("Paris", "city"), ("Paris", "person")]


def test_match_group_fires_the_ways_in_the_order_of_the_alternatives(grammar):
    # the second element's alternatives read Token, Lookup, Token: tried (and fired) in that order
    rule = ('Rule: R ({Token.string == "in"} (({Token.orth == upperInitial}):a | ({Lookup}):b | ({Token.kind == word}):c))'
            ' --> :a.Hit = {rule = "a"}, :b.Hit = {rule = "b"}, :c.Hit = {rule = "c"}\n')
    doc = make_doc("in Paris", ("Lookup", "Paris", None))
    grammar(phase("appelt", rule, extra="matchGroup = true"))(doc)
    assert hits(doc) == [("Paris", "a"), ("Paris", "b"), ("Paris", "c")]


def test_the_lattice_is_fixed_during_a_phase(grammar):
    # Hit annotations made by the phase are not seen by the same phase, only by the next one
    rules = 'Rule: A ({Token}):x --> :x.Token = {made = "yes"}\n'
    doc = make_doc("a b")
    grammar(phase("appelt", rules))(doc)
    made = [a for a in doc.annset().with_type("Token") if a.features.get("made")]
    assert len(made) == 2


def test_rules_stop_being_tried_after_the_last_place_a_needed_element_occurs(grammar):
    rule = 'Rule: At ({Token} {Token.string == "@"} {Token}):x --> :x.Mail = {}\n'
    doc = make_doc("me @ host and you @ there then nothing")
    grammar(phase("appelt", rule, input="Token"))(doc)
    assert found(doc, "Mail") == ["me @ host", "you @ there"]
    doc = make_doc("no at sign here")
    grammar(phase("all", rule, input="Token"))(doc)
    assert found(doc, "Mail") == []
