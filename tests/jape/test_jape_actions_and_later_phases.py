"""What later phases see after Python actions: what an action changed in the input set (removed
annotations, new feature values, annotations added when the output is the input) and, for an
action declared ``changes_input=False`` writing to another set, the same annotations as without
the declaration."""

from __future__ import annotations

import pytest
from japehelp import found, make_doc

from annotator.jape import action

HEAD = "Phase: {name}\nInput: {input}\nOptions: control = appelt\n"


def mark(ctx) -> None:
    """Add a Mark over the bound span to the output set (and nothing to the input)."""
    ctx.output.add("Mark", *ctx.span, {"by": ctx.rule})


action("tests.mark_output_only", changes_input=False)(mark)
action("tests.mark")(lambda ctx: mark(ctx))

MARKERS = ["tests.mark_output_only", "tests.mark"]


def phase(name: str, input: str, rules: str) -> str:
    return HEAD.format(name=name, input=input) + rules + "\n"


@pytest.mark.parametrize("name", MARKERS)
def test_a_later_phase_sees_what_the_action_added_when_output_is_input(grammar, name):
    # phase A reads Mark (none yet); its action adds Marks to the same set, which phase B reads
    g = grammar(phase("A", "Token Mark", f'Rule: R ({{Token.string == "a"}}):t --> :t {{ action: "{name}" }}')
                + phase("B", "Mark", "Rule: S ({Mark}):m --> :m.Seen = {}"))
    doc = make_doc("a b a")
    g(doc)
    assert found(doc, "Seen") == ["a", "a"]


@pytest.mark.parametrize("name", MARKERS)
def test_an_output_only_action_into_another_set_gives_the_same_annotations(grammar, name):
    g = grammar(phase("A", "Token", f'Rule: R ({{Token.string == "a"}}):t --> :t {{ action: "{name}" }}')
                + phase("B", "Token", "Rule: C ({Token.orth == upperInitial}):t --> :t.Cap = {}")
                + phase("C", "Token Mark", "Rule: D ({Token} {Mark}):m --> :m.Before = {}"))
    doc = make_doc("a Bee a Cid")
    g(doc, doc.annset(), doc.annset("out"))
    assert found(doc, "Mark", "out") == ["a", "a"]
    assert found(doc, "Cap", "out") == ["Bee", "Cid"]
    assert found(doc, "Before", "out") == []  # later phases read the input set, which holds no Mark
    assert doc.annset().types() == {"Token", "SpaceToken"}


@pytest.mark.parametrize("output", ["", "out"])
def test_later_phases_see_input_annotations_an_action_removed(grammar, output):
    g = grammar(phase("A", "Token Lookup", 'Rule: Drop ({Lookup.majorType == "stop"}):l --> :l { action: "remove_bound" }')
                + phase("B", "Lookup", "Rule: Keep ({Lookup}):l --> :l.Kept = {}"))
    doc = make_doc("el gato y el perro", ("Lookup", "el", None, {"majorType": "stop"}), ("Lookup", "gato", None, {}),
                   ("Lookup", "perro", None, {}))
    g(doc, doc.annset(), doc.annset(output))
    assert found(doc, "Kept", output) == ["gato", "perro"]


@pytest.mark.parametrize("output", ["", "out"])
def test_later_phases_see_feature_values_an_action_set_on_input_annotations(grammar, output):
    # phase A reads "kind" too (before changing it), so what it read of it is out of date after its actions
    g = grammar(phase("A", "Token", 'Rule: S ({Token.string == "x"}):t --> :t { action: "set_feature", name = "kind", value = "flag" }\n'
                      'Rule: K ({Token.kind == "none"}):t --> :t.Never = {}')
                + phase("B", "Token", 'Rule: F ({Token.kind == "flag"}):t --> :t.Flagged = {}')
                + phase("C", "Token", 'Rule: W ({Token.kind == "word"}):t --> :t.Word = {}'))
    doc = make_doc("x y x z")
    g(doc, doc.annset(), doc.annset(output))
    assert found(doc, "Flagged", output) == ["x", "x"]
    assert found(doc, "Word", output) == ["y", "z"]
