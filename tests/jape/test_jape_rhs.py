"""Right-hand sides: the simple form, several actions, RHS macros, Python actions, Java refused."""

from __future__ import annotations

import pytest
from japehelp import found, make_doc
from registryhelp import install

from annotator.errors import GrammarError
from annotator.jape import action

HEAD = "Phase: T\nInput: Token Lookup\nOptions: control = appelt\n"


def test_simple_form_features(grammar):
    g = grammar(HEAD + 'Template: kind = "${a}-name"\n'
                'Rule: R ({Token.string == "Dr"} ({Token})+:n):all -->\n'
                ':all.Person = {rule = "R", n = 3, f = 2.5, b = true, t = [kind a = "doctor"],\n'
                '  first = :n.Token.string, s = :n@string, c = :n@cleanString, len = :n@length,\n'
                '  missing = :n.Token.nothing, :l.Lookup,}')
    doc = make_doc("Dr John  Smith")
    g(doc)
    (person,) = doc.annset().with_type("Person")
    assert (person.start, person.end) == (0, 14)
    assert person.features == {"rule": "R", "n": 3, "f": 2.5, "b": True, "t": "doctor-name", "first": "John",
                               "s": "John  Smith", "c": "John Smith", "len": 11}


def test_copy_features_and_several_actions(grammar):
    g = grammar(HEAD + 'Rule: R ({Lookup}):l --> :l.Name = {:l.Lookup, source = "gaz"}, :l.Seen = {}')
    doc = make_doc("Ann", ("Lookup", 0, 3, {"majorType": "first", "gender": "f"}))
    g(doc)
    (name,) = doc.annset().with_type("Name")
    assert name.features == {"majorType": "first", "gender": "f", "source": "gaz"}
    assert found(doc, "Seen") == ["Ann"]


def test_typed_references_read_the_first_annotation_of_the_type_in_document_order(grammar):
    # the path binds Ann's Lookup first, so the last one bound (Bob's) heads its chain
    g = grammar(HEAD + 'Rule: R (({Lookup}) ({Token}))+:x -->\n'
                ':x.Hit = {:x.Lookup, major = :x.Lookup.majorType, word = :x.Lookup@string,\n'
                '  len = :x.Lookup@length, tok = :x.Token.string, all = :x@string}')
    doc = make_doc("Ann x Bobby y", ("Lookup", "Ann", None, {"majorType": "first", "n": 1}),
                   ("Lookup", "Bobby", None, {"majorType": "second"}))
    g(doc)
    hits = [(a.start, a.end, a.features) for a in doc.annset().with_type("Hit")]
    assert hits == [(0, 13, {"majorType": "first", "n": 1, "major": "first", "word": "Ann", "len": 3,
                             "tok": "x", "all": "Ann x Bobby y"})]


def test_unbound_optional_label_creates_nothing(grammar):
    g = grammar(HEAD + 'Rule: R ({Token.string == "Dr"} ({Lookup}):l)? {Token.orth == upperInitial} -->\n'
                ':l.Title = {}')
    doc = make_doc("Dr Who")
    g(doc)
    assert found(doc, "Title") == []


def test_rhs_macro(grammar):
    g = grammar(HEAD + 'Macro: MARK :x.Mark = {by = "macro"}\nRule: R ({Token}):x --> MARK')
    doc = make_doc("a")
    g(doc)
    assert [a.features for a in doc.annset().with_type("Mark")] == [{"by": "macro"}]


def test_python_action_receives_document_bindings_sets_and_parameters(grammar):
    seen = []

    @action("tests.record")
    def record(ctx):
        seen.append((ctx.doc.name, {k: [ctx.doc.text[a.start:a.end] for a in v] for k, v in ctx.bindings.items()},
                     ctx.params, ctx.label, ctx.rule, ctx.input is ctx.output,
                     [ctx.doc.text[a.start:a.end] for a in ctx.annotations]))

    g = grammar(HEAD + 'Template: w = "${x}!"\n'
                'Rule: R (({Token.string == "Dr"}):t ({Token})+:n):all -->\n'
                ':n { action: "tests.record", level = 2, word = [w x = "hi"], flag = true, }')
    doc = make_doc("Dr John Smith")
    g(doc)
    assert seen == [("test", {"t": ["Dr"], "n": ["John", "Smith"], "all": ["Dr", "John", "Smith"]},
                     {"level": 2, "word": "hi!", "flag": True}, "n", "R", True, ["John", "Smith"])]


def test_unknown_action_is_a_load_error(grammar):
    with pytest.raises(GrammarError, match=r"g\.jape:5:5: E505 unknown action 'no.such'"):
        grammar(HEAD + 'Rule: R ({Token}):x -->\n :x { action: "no.such" }')


def test_failing_action_is_one_line_naming_the_rule(grammar):
    g = grammar(HEAD + 'Rule: R ({Token}):x --> :x { action: "remove_contained" }')
    with pytest.raises(GrammarError, match="E506 rule R: action failed: ValueError: .*needs a 'type'"):
        g(make_doc("a"))


def test_java_blocks_are_refused_with_their_place(grammar):
    with pytest.raises(GrammarError) as info:
        grammar(HEAD + 'Rule: R ({Token}):x -->\n:x {\n  gate.AnnotationSet s = (gate.AnnotationSet) bindings.get("x");\n'
                '  if (s.size() > 0 && \'a\' != \'}\') { outputAS.add(s.firstNode(), s.lastNode(), "X", null); }\n}')
    assert str(info.value).startswith(f"{info.value.path}:5:4: E501 Java RHS not supported: rewrite as a Python action")


def test_empty_block_does_nothing(grammar):
    g = grammar(HEAD + 'Rule: R ({Token}):x --> {}')
    doc = make_doc("a b")
    g(doc)
    assert doc.annset().types() == {"Token", "SpaceToken"}


def test_builtin_remove_contained_and_remove_bound(grammar):
    g = grammar("Phase: A\nInput: Token\nOptions: control = all\n"
                'Rule: One ({Token.orth == upperInitial})+:x --> :x.Name = {}\n'
                "Phase: B\nInput: Name\nOptions: control = appelt\n"
                'Rule: Outer ({Name}):n --> :n { action: "remove_contained", type = "Name" }\n')
    doc = make_doc("Ann Bob Cid")
    g(doc)
    assert found(doc, "Name") == ["Ann Bob Cid"]  # "control = all" made 6 Names; the 5 inside it are gone
    g2 = grammar("Phase: A\nInput: Lookup\nOptions: control = appelt\n"
                 'Rule: Drop ({Lookup.majorType == stop}):l --> :l { action: "remove_bound" }\n', name="g2.jape")
    doc = make_doc("the cat", ("Lookup", 0, 3, {"majorType": "stop"}), ("Lookup", 4, 7, {"majorType": "animal"}))
    g2(doc)
    assert found(doc, "Lookup") == ["cat"]


def test_builtin_remove_overlaps_and_set_feature(grammar):
    g = grammar("Phase: A\nInput: Token\nOptions: control = appelt\n"
                'Rule: S ({Token.string == "x"}):t --> :t { action: "set_feature", name = "seen", value = 1 }\n'
                "Phase: B\nInput: Tag\nOptions: control = appelt\n"
                'Rule: O ({Tag}):t --> :t { action: "remove_overlaps", type = "Tag" }\n')
    doc = make_doc("x alpha beta", ("Tag", 2, 7), ("Tag", 4, 12), ("Tag", 8, 12))
    g(doc)
    assert found(doc, "Tag") == ["pha beta"]  # the longest of each overlapping group is kept
    assert [a.features.get("seen") for a in doc.annset().with_type("Token")] == [1, None, None]


def test_actions_from_the_entry_point_group(grammar, monkeypatch):
    from importlib.metadata import EntryPoint

    import annotator.jape.actions as actions

    point = EntryPoint("tests.ep_flag", "annotator.jape.actions:set_feature", actions.ENTRY_POINT_GROUP)
    install(monkeypatch, point, only=True)
    g = grammar(HEAD + 'Rule: R ({Token}):t --> :t { action: "tests.ep_flag", name = "via", value = "entry point" }')
    doc = make_doc("a")
    g(doc)
    assert [a.features.get("via") for a in doc.annset().with_type("Token")] == ["entry point"]
    assert "tests.ep_flag" in actions.action_names()
