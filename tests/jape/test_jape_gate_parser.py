"""What GATE's JAPE parser (``gate/jape/parser/ParseCpsl.jj``) accepts and generates, reproduced:
its numeric literals, one macro table across a MultiPhase grammar, and ``:label`` items of a
right-hand side feature map."""

from __future__ import annotations

import pytest
from japehelp import found, make_doc

from annotator.errors import GrammarError
from annotator.jape.lexer import Lexer

HEAD = "Phase: T\nInput: Token Lookup Num\nOptions: control = appelt\n"


def _tokens(text: str) -> list[tuple[str, object]]:
    lexer, out = Lexer(text, "t.jape"), []
    while (tok := lexer.next()).kind != "eof":
        out.append((tok.kind, tok.value))
    return out


# ---------------------------------------------------------------- numeric literals
# ParseCpsl.jj's `integer` token is an optional sign and digits (a Long); its `floatingPoint` token
# takes Java's forms: digits with a point (`2.5`, `2.`, `.5`), an exponent (`1e1`, `2.5e-1`) or a
# type suffix f/F/d/D (`2d`, `2F`), each with an optional sign. GATE's functional test grammars
# compare `{Token.double > 2d}`, `> -42d`, `>= -10d`.
@pytest.mark.parametrize("literal, kind, value", [
    ("3", "int", 3), ("+3", "int", 3), ("-3", "int", -3),
    ("2d", "float", 2.0), ("2D", "float", 2.0), ("2f", "float", 2.0), ("2F", "float", 2.0),
    ("-42d", "float", -42.0), ("-10d", "float", -10.0), ("1e1", "float", 10.0), ("2.5e1", "float", 25.0),
    ("2.5E-1", "float", 0.25), (".5", "float", 0.5), ("-.5", "float", -0.5), ("+2.5", "float", 2.5),
    ("2.", "float", 2.0), ("1.5d", "float", 1.5), ("3e+2f", "float", 300.0),
])
def test_numeric_literals_of_gates_lexer(literal, kind, value):
    assert _tokens(literal) == [(kind, value)]


def test_a_letter_after_digits_that_makes_no_literal_starts_a_name():
    # `2e` has no exponent digits: the longest literal is `2`, as a JavaCC lexer reads it
    assert _tokens("2e x") == [("int", 2), ("ident", "e"), ("ident", "x")]
    assert _tokens("[1,2] -->") == [("sym", "["), ("int", 1), ("sym", ","), ("int", 2), ("sym", "]"), ("sym", "-->")]
    assert _tokens("({A})+ :x") == [("sym", "("), ("sym", "{"), ("ident", "A"), ("sym", "}"), ("sym", ")"),
                                    ("sym", "+"), ("sym", ":"), ("ident", "x")]


@pytest.mark.parametrize("test, hits", [
    ("{Num.double > 2d}", ["3.5", "10"]),
    ("{Num.double > -42d}", ["-7", "3.5", "10"]),
    ("{Num.double >= -10d}", ["-7", "3.5", "10"]),
    ("{Num.double < 1e1}", ["-50", "-7", "3.5"]),
    ("{Num.double == .35e1}", ["3.5"]),
    ("{Num.double == .5e1}", []),
    ("{Num.whole == +10}", ["10"]),
    ("{Num.whole < -7}", ["-50"]),
])
def test_suffixed_literals_compare_as_numbers(grammar, test, hits):
    g = grammar(HEAD + f"Rule: R ({test}):n --> :n.Hit = {{}}\n")
    text = "-50 -7 3.5 10"
    doc = make_doc(text, *[("Num", w, None, {"double": float(w), "whole": int(float(w))})
                         for w in text.split()])
    g(doc)
    assert found(doc, "Hit") == hits


# ---------------------------------------------------------------- one macro table
# GATE's MultiPhase parser spawns a parser for each phase file with its own macro and template maps
# (ParseCpsl.spawn passes macrosMap and templatesMap on): a macro defined in one phase file is seen
# by every later one, from its definition on, not by earlier ones.
def test_a_macro_of_an_earlier_phase_file_is_seen_by_later_ones(write):
    from annotator.jape import compile_grammar

    write("first.jape", 'Phase: First\nInput: Token\nOptions: control = appelt\n'
                        'Macro: CAP ({Token.orth == upperInitial})\nTemplate: src = "${p}-made"\n'
                        'Rule: Cap (CAP):c --> :c.Cap = {}\n')
    write("second.jape", 'Phase: Second\nInput: Cap Token\nOptions: control = appelt\n'
                         'Rule: Name ({Cap} CAP):n --> :n.Name = {by = [src p = "second"]}\n')
    g = compile_grammar(write("main.jape", "MultiPhase: M\nPhases: first second\n"))
    doc = make_doc("Ann Bob")
    g(doc)
    (name,) = doc.annset().with_type("Name")
    assert (doc.text[name.start:name.end], name.features) == ("Ann Bob", {"by": "second-made"})


def test_a_macro_of_a_later_phase_file_is_not_seen_by_earlier_ones(write):
    from annotator.jape import compile_grammar

    write("first.jape", "Phase: First\nInput: Token\nRule: Cap (CAP):c --> :c.Cap = {}\n")
    write("second.jape", "Phase: Second\nInput: Token\nMacro: CAP ({Token.orth == upperInitial})\n"
                         "Rule: Other (CAP):c --> :c.Other = {}\n")
    with pytest.raises(GrammarError, match=r"first\.jape:3:.*E503.*CAP"):
        compile_grammar(write("main.jape", "MultiPhase: M\nPhases: first second\n"))


# ---------------------------------------------------------------- :label in a feature map
# ParseCpsl.jj's AttrVal for an item `:label` or `:label.Type` of an RHS feature map generates code
# that puts into the map, at that point of the list, every feature of the first annotation of the
# binding (of that type) whose feature map is not empty. Items after it overwrite what it copied;
# items before it are overwritten by it. (../shared/reference/gate.md section 3.4 says "copies all
# features of the first Type annotation bound to :src" and lists the item last; the parser places
# it anywhere in the list and skips annotations without features.)
def test_a_bare_label_copies_the_features_of_its_first_annotation_with_features(grammar):
    g = grammar(HEAD + 'Rule: R ({Token} {Lookup}):loc --> :loc.Location = {kind = "locName", :loc}\n')
    doc = make_doc("in Paris", ("Lookup", "Paris", None, {"majorType": "location", "minorType": "city"}))
    for token in doc.annset().with_type("Token"):
        token.features.clear()  # the binding's first annotations have no features
    g(doc)
    (loc,) = doc.annset().with_type("Location")
    assert loc.features == {"kind": "locName", "majorType": "location", "minorType": "city"}


def test_items_apply_in_their_order(grammar):
    g = grammar(HEAD + 'Rule: R ({Lookup}):l --> :l.Before = {kind = "mine", :l}, :l.After = {:l, kind = "mine"}\n')
    doc = make_doc("Paris", ("Lookup", 0, 5, {"kind": "gazetteer", "majorType": "location"}))
    g(doc)
    (before,) = doc.annset().with_type("Before")
    (after,) = doc.annset().with_type("After")
    assert before.features == {"kind": "gazetteer", "majorType": "location"}
    assert after.features == {"kind": "mine", "majorType": "location"}


def test_a_typed_label_item_copies_from_that_type_only(grammar):
    g = grammar(HEAD + 'Rule: R ({Token}):x --> :x.Hit = {:x.Lookup, rule = "R"}, :x.Any = {:x}\n')
    doc = make_doc("Paris", ("Lookup", 0, 5, {"majorType": "location"}))
    g(doc)
    # the binding holds the Token only (the Lookup was not matched): nothing of that type to copy
    (hit,) = doc.annset().with_type("Hit")
    assert hit.features == {"rule": "R"}
    (any_,) = doc.annset().with_type("Any")
    assert any_.features["string"] == "Paris"


def test_a_label_item_with_a_feature_or_meta_is_refused(grammar):
    with pytest.raises(GrammarError, match=r"E500 expected ':label' or ':label.Type'"):
        grammar(HEAD + "Rule: R ({Token}):x --> :x.Hit = {:x@string}\n")
