"""Matching semantics: Input filtering, gap skipping, the lattice, constraints and operators."""

from __future__ import annotations

import pytest
from japehelp import found, make_doc

HEAD = "Phase: T\nInput: {input}\nOptions: control = appelt\n"


def phase(body: str, input: str = "Token Lookup") -> str:
    return HEAD.format(input=input) + body


def test_gaps_without_visible_annotations_are_skipped(grammar):
    g = grammar(phase('Rule: R ({Token.orth == upperInitial} {Token.orth == upperInitial}):n --> :n.Name = {}'))
    doc = make_doc("John    Smith")
    g(doc)
    assert found(doc, "Name") == ["John    Smith"]


def test_visible_space_tokens_block_adjacency(grammar):
    g = grammar(phase('Rule: R ({Token.orth == upperInitial} {Token.orth == upperInitial}):n --> :n.Name = {}',
                      input="Token SpaceToken"))
    doc = make_doc("John Smith")
    g(doc)
    assert found(doc, "Name") == []


def test_invisible_types_never_block_but_visible_ones_do(grammar):
    rule = 'Rule: R ({Token.string == "John"} {Token.string == "Smith"}):n --> :n.Name = {}'
    doc = make_doc("John Smith", ("Split", 4, 5))
    grammar(phase(rule, input="Token"))(doc)
    assert found(doc, "Name") == ["John Smith"]
    doc = make_doc("John Smith", ("Split", 4, 5))
    grammar(phase(rule, input="Token Split"))(doc)
    assert found(doc, "Name") == []  # the next element is tried at the Split's offset


def test_every_co_starting_annotation_is_a_path(grammar):
    text = "New York City Hall"
    doc = make_doc(text, ("Lookup", 0, 8, {"majorType": "loc"}), ("Lookup", 0, 13, {"majorType": "loc"}))
    g = grammar(phase('Rule: R ({Lookup.majorType == loc} {Token.string == "Hall"}):b --> :b.Building = {}'))
    g(doc)
    assert found(doc, "Building") == ["New York City Hall"]


def test_constraints_on_different_types_are_co_starting_annotations(grammar):
    text = "Mary Ann Smith went"
    doc = make_doc(text, ("Lookup", "Mary Ann", None, {"majorType": "first"}))
    g = grammar(phase("Rule: R ({Token.orth == upperInitial, Lookup.majorType == first} "
                      "{Token.orth == upperInitial}):p --> :p.Person = {}"))
    g(doc)
    # the tuple (Token "Mary", Lookup "Mary Ann") advances to the right-most end
    assert found(doc, "Person") == ["Mary Ann Smith"]


def test_constraints_on_one_type_apply_to_the_same_annotation(grammar):
    doc = make_doc("Anna Bob", ("Token", 0, 8, {"orth": "upperInitial", "length": 3}))
    g = grammar(phase("Rule: R ({Token.orth == upperInitial, Token.length == 4}):x --> :x.Hit = {}"))
    g(doc)
    assert found(doc, "Hit") == ["Anna"]


def test_negated_constraint_beside_a_positive_one(grammar):
    doc = make_doc("cat dog", ("Lookup", "dog", None, {"majorType": "animal"}))
    g = grammar(phase("Rule: R ({Token, !Lookup}):x --> :x.Free = {}"))
    g(doc)
    assert found(doc, "Free") == ["cat"]


def test_negated_feature_constraint_lets_other_annotations_through(grammar):
    doc = make_doc("Paris Lyon", ("Lookup", "Paris", None, {"majorType": "person"}),
                   ("Lookup", "Lyon", None, {"majorType": "city"}))
    g = grammar(phase("Rule: R ({Token, !Lookup.majorType == city}):x --> :x.NotCity = {}"))
    g(doc)
    assert found(doc, "NotCity") == ["Paris"]


def test_only_negated_constraints_consume_any_visible_annotation(grammar):
    g = grammar(phase('Rule: R ({Token.string == "the"} ({!Lookup}):x) --> :x.After = {}'))
    doc = make_doc("the cat and the dog", ("Lookup", "dog", None, {}))
    g(doc)
    assert found(doc, "After") == ["cat"]


def test_negation_grouping(grammar):
    body = ('Rule: R ({Token, !Lookup.majorType == city, !Lookup.minorType == big}):x --> :x.Hit = {}')
    doc = make_doc("Paris", ("Lookup", 0, 5, {"majorType": "city", "minorType": "small"}))
    grammar(phase(body))(doc)  # grouped (default): blocked only by one Lookup meeting both
    assert found(doc, "Hit") == ["Paris"]
    doc = make_doc("Paris", ("Lookup", 0, 5, {"majorType": "city", "minorType": "small"}))
    grammar(phase(body).replace("control = appelt", "control = appelt negationGrouping = false"))(doc)
    assert found(doc, "Hit") == []


@pytest.mark.parametrize("pattern, expected", [
    ("({Token.orth == upperInitial})+", ["Ann Bob Cid Dan"]),
    ("({Token.orth == upperInitial})[2]", ["Ann Bob", "Cid Dan"]),
    ("({Token.orth == upperInitial})[1,3]", ["Ann Bob Cid", "Dan"]),
    ("{Token.string == \"Ann\"} ({Token.orth == upperInitial})?", ["Ann Bob"]),
    ("{Token.string == \"Ann\"} ({Token.kind == number})* {Token}", ["Ann Bob"]),
    ("({Token.string == \"Bob\"} | {Token.string == \"Dan\"})", ["Bob", "Dan"]),
])
def test_repetition_and_alternatives(grammar, pattern, expected):
    doc = make_doc("Ann Bob Cid Dan")
    grammar(phase(f"Rule: R ({pattern}):x --> :x.Hit = {{}}"))(doc)
    assert found(doc, "Hit") == expected


def test_nested_bindings(grammar):
    g = grammar(phase("Rule: R ((({Token}):first ({Token})+):body {Token.string == \".\"}):all -->\n"
                      ":all.All = {}, :first.First = {}, :body.Body = {}"))
    doc = make_doc("one two three .")
    g(doc)
    assert (found(doc, "All"), found(doc, "First"), found(doc, "Body")) == (
        ["one two three ."], ["one"], ["one two three"])


def test_macros_expand_in_patterns(grammar):
    g = grammar(HEAD.format(input="Token") + 'Macro: CAP ({Token.orth == upperInitial})\n'
                'Rule: R (CAP CAP):x --> :x.Two = {}')
    doc = make_doc("Ann Bob cid")
    g(doc)
    assert found(doc, "Two") == ["Ann Bob"]


@pytest.mark.parametrize("constraint, expected", [
    ("Token@length > 3", ["Anna", "Robert"]),
    ("Token@length == 3", ["Bob"]),
    ('Token@string ==~ "[A-Z][a-z]b"', ["Bob"]),
    ('Token@string =~ "ob"', ["Bob", "Robert"]),
    ('Token@string !~ "ob"', ["Anna"]),
    ('Token@string !=~ "R.*"', ["Anna", "Bob"]),
])
def test_meta_properties_and_regex_operators(grammar, constraint, expected):
    doc = make_doc("Anna Bob Robert")
    grammar(phase(f"Rule: R ({{{constraint}}}):x --> :x.Hit = {{}}"))(doc)
    assert found(doc, "Hit") == expected


def test_clean_string(grammar):
    doc = make_doc("New \n  York", ("Lookup", 0, 11, {}))
    grammar(phase('Rule: R ({Lookup@cleanString == "New York"}):x --> :x.Hit = {}'))(doc)
    assert found(doc, "Hit") == ["New \n  York"]


@pytest.mark.parametrize("constraint, value, matches", [
    ("X.n == 4", 4, True),
    ("X.n == 4", "4", True),      # a string feature is parsed as the grammar's number type
    ('X.n == "4"', 4, False),     # a number feature never equals a string
    ("X.n == 4", 4.0, False),     # Long vs Double
    ("X.n == 4.0", 4.0, True),
    ("X.n > 3", "12", True),      # numeric, not lexicographic
    ('X.n > "3"', "12", False),   # lexicographic
    ("X.n < 3", "abc", False),    # cannot be compared: no match
    ('X.n < "b"', "abc", True),
    ("X.n != 4", None, True),     # a missing feature is != anything
    ("X.n == 4", None, False),
    ("X.n > 3", None, False),
    ("X.n == true", "TRUE", True),
    ("X.n == true", True, True),
    ("X.n == yes", "yes", True),  # a bare identifier is a string
    ('X.n =~ "^$"', None, True),  # a missing feature is the empty string for regular expressions
    ('X.n !~ "a"', None, True),
    ('X.n ==~ "a+"', None, False),
])
def test_feature_values_compare_with_gate_typing(grammar, constraint, value, matches):
    features = {} if value is None else {"n": value}
    doc = make_doc("word", ("X", 0, 4, features), tokens=False)
    grammar(phase(f"Rule: R ({{{constraint}}}):x --> :x.Hit = {{}}", input="X"))(doc)
    assert found(doc, "Hit") == (["word"] if matches else [])


@pytest.mark.parametrize("constraint, expected", [
    ("X.n == 1", ["a", "e"]),               # Long: the int and the parsable string, not True or 1.0
    ("X.n == true", ["b", "f"]),
    ("X.n == 1.0", ["c", "e"]),              # Double: 1.0 and "1" parsed as a Double
    ('X.n ==~ "1.*"', ["a", "c", "e"]),     # as text: "1", "1.0", "1"
    ('X.n ==~ "1|1.0|true|x"', ["a", "b", "c", "e", "g"]),  # a word list: "TRUE" is not "true"
    ('X.n ==~ "(?i)1|1.0|true|x"', ["a", "b", "c", "e", "f", "g"]),
    ('X.n == "x"', ["g"]),
])
def test_rule_dispatch_keeps_feature_value_types_apart(grammar, constraint, expected):
    # one document holding every kind of value (and an unhashable one): rules are dispatched on
    # the values of a feature read for the whole document at once
    values = [1, True, 1.0, None, "1", "TRUE", "x", [1]]
    text = " ".join("abcdefgh")
    doc = make_doc(text, *[("X", 2 * i, 2 * i + 1, {} if v is None else {"n": v}) for i, v in enumerate(values)],
                   tokens=False)
    grammar(phase(f"Rule: R ({{{constraint}}}):x --> :x.Hit = {{}}", input="X"))(doc)
    assert found(doc, "Hit") == expected


def test_features_of_another_mapping_type(grammar):
    # Annotation.features may be replaced by any mapping: rule dispatch still reads it
    from types import MappingProxyType

    doc = make_doc("one two", ("X", 0, 3, {"n": "a"}), ("X", 4, 7, {"n": "b"}), tokens=False)
    for a in doc.annset().with_type("X"):
        a.features = MappingProxyType(dict(a.features))
    grammar(phase('Rule: R ({X.n == "b"}):x --> :x.Hit = {}', input="X"))(doc)
    assert found(doc, "Hit") == ["two"]


def test_contains_and_within(grammar):
    text = "Saw John Smith. Then Paris."
    doc = make_doc(text, ("Sentence", 0, 15), ("Sentence", 16, 27),
                   ("Lookup", "John", None, {"majorType": "person"}), ("Date", "Then", None))
    g = grammar(phase(
        'Rule: A ({Sentence contains {Lookup.majorType == person}}):s --> :s.WithPerson = {}\n'
        'Rule: B ({Sentence notContains Lookup}):s --> :s.NoLookup = {}\n',
        input="Sentence"))
    g(doc)
    assert found(doc, "WithPerson") == [text[:15]]
    assert found(doc, "NoLookup") == [text[16:]]
    doc2 = make_doc(text, ("Date", 16, 27))
    grammar(phase('Rule: C ({Token within Date}):t --> :t.InDate = {}\n'
                  'Rule: D ({Token.orth == upperInitial, Token notWithin Date}):t --> :t.Out = {}', input="Token"))(doc2)
    assert found(doc2, "InDate") == ["Then", "Paris", "."]
    assert found(doc2, "Out") == ["Saw", "John", "Smith"]


def test_zero_length_annotations_are_never_matched_but_are_contained(grammar):
    text = "alpha beta"
    doc = make_doc(text, ("Anchor", 5, 5), ("Span", 0, 5), ("Span", 6, 10), tokens=False)
    grammar(phase("Rule: A ({Anchor}):a --> :a.Seen = {}\n"
                  "Rule: B ({Span contains Anchor}):s --> :s.Holds = {}", input="Span Anchor"))(doc)
    assert found(doc, "Seen") == []
    assert found(doc, "Holds") == ["alpha"]  # the empty annotation at the span's end is inside it


def test_without_input_every_type_is_visible(grammar):
    g = grammar("Phase: T\nOptions: control = appelt\n"
                'Rule: R ({Token.orth == upperInitial} {Token.orth == upperInitial}):n --> :n.Name = {}')
    doc = make_doc("John Smith")
    g(doc)
    assert found(doc, "Name") == []  # SpaceToken is visible and sits between the words


def test_kleene_over_a_long_run_of_annotations(grammar):
    g = grammar(phase("Rule: All ({Token})+:x --> :x.Run = {}", input="Token"))
    doc = make_doc("w " * 5000)
    g(doc)
    assert [(a.start, a.end) for a in doc.annset().with_type("Run")] == [(0, 9999)]


def test_bad_regular_expression_is_a_grammar_error_with_its_place(grammar):
    from annotator.errors import GrammarError

    with pytest.raises(GrammarError, match=r"g\.jape:4:17: E507 bad regular expression '\(unclosed'"):
        grammar(phase('Rule: R ({Token.string =~ "(unclosed"}):x --> :x.T = {}'))


def test_numbers_and_booleans_stay_apart_in_caches_and_dispatch(grammar):
    g = grammar(phase("Rule: R ({X.n == 1}):x --> :x.Hit = {}\n", input="X")
                + "Phase: U\nInput: X\nRule: S ({X.n > 0}):x --> :x.Pos = {}\n")
    doc = make_doc("a b c d", ("X", 0, 1, {"n": 1}), ("X", 2, 3, {"n": True}), ("X", 4, 5, {"n": 1.0}),
                   ("X", 6, 7, {"n": "1"}), tokens=False)
    g(doc)
    assert found(doc, "Hit") == ["a", "d"]  # int 1 and the string "1"; not True, not 1.0
    assert found(doc, "Pos") == ["a", "d"]  # a Long cannot be compared with true or with the Double 1.0


def test_rules_with_word_lists_fire_on_every_case_variant(grammar):
    doc = make_doc("EL niño y İL la Niña Y el")
    grammar(phase('Rule: A ({Token.string ==~ "(?i)el|il"}):x --> :x.Article = {}\n'
                  'Rule: B ({Token.string ==~ "ni[ñn][oa]"}):x --> :x.Child = {}'))(doc)
    assert found(doc, "Article") == ["EL", "İL", "el"]
    assert found(doc, "Child") == ["niño"]
