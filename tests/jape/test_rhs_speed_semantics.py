"""Python actions that declare ``changes_input=False``: a phase keeps what it read of its input
after their firings when they write to another set, and nothing else changes."""

from __future__ import annotations

import pytest
from japehelp import found, make_doc

from annotator.document import Document
from annotator.jape import action
from annotator.jape.actions import _ACTIONS
from annotator.jape.lexer import Pos
from annotator.jape.rhs import Match, compile_actions
from annotator.jape.syntax import PyAction


def _mark(ctx) -> None:
    """Add a Mark over the bound span to the output set (and nothing to the input)."""
    ctx.output.add("Mark", *ctx.span, {"by": ctx.rule})


@pytest.fixture
def mark_actions():
    """The same function registered twice: as an output-only action and with the default."""
    action("tests.mark_output_only", changes_input=False)(lambda ctx: _mark(ctx))
    action("tests.mark_default")(lambda ctx: _mark(ctx))
    yield
    for name in ("tests.mark_output_only", "tests.mark_default"):
        del _ACTIONS[name]


@pytest.mark.parametrize("name, separate_output, touched", [
    ("tests.mark_default", True, True),
    ("tests.mark_output_only", True, False),
    ("tests.mark_output_only", False, True),  # the output is the input: the phase must read it again
])
def test_a_match_is_touched_unless_the_action_only_writes_another_set(mark_actions, name, separate_output, touched):
    (fire,) = compile_actions([PyAction("x", name, {}, Pos("g.jape", 1, 1))], None)
    doc = Document("ab")
    inset = doc.annset()
    outset = doc.annset("out") if separate_output else inset
    token = inset.add("Token", 0, 2)
    m = Match(doc, {"x": [token]}, inset, outset, "R", "P")
    fire(m)
    assert m.touched is touched
    assert [(a.type, a.start, a.end) for a in outset.with_type("Mark")] == [("Mark", 0, 2)]


@pytest.mark.parametrize("name", ["tests.mark_output_only", "tests.mark_default"])
def test_a_later_phase_sees_what_the_action_added_when_output_is_input(grammar, mark_actions, name):
    # phase A reads Mark (none yet) into the lattice; its action adds Marks to the same set
    g = grammar("Phase: A\nInput: Token Mark\nOptions: control = appelt\n"
                f'Rule: R ({{Token.string == "a"}}):t --> :t {{ action: "{name}" }}\n'
                "Phase: B\nInput: Mark\nOptions: control = appelt\n"
                "Rule: S ({Mark}):m --> :m.Seen = {}\n")
    doc = make_doc("a b a")
    g(doc)
    assert found(doc, "Seen") == ["a", "a"]


@pytest.mark.parametrize("name", ["tests.mark_output_only", "tests.mark_default"])
def test_output_only_action_into_another_set_gives_the_same_annotations(grammar, mark_actions, name):
    g = grammar("Phase: A\nInput: Token\nOptions: control = appelt\n"
                f'Rule: R ({{Token.string == "a"}}):t --> :t {{ action: "{name}" }}\n'
                "Phase: B\nInput: Token\nOptions: control = appelt\n"
                "Rule: C ({Token.orth == upperInitial}):t --> :t.Cap = {}\n")
    doc = make_doc("a Bee a Cid")
    g(doc, doc.annset(), doc.annset("out"))
    assert found(doc, "Mark", "out") == ["a", "a"]
    assert found(doc, "Cap", "out") == ["Bee", "Cid"]
    assert doc.annset().types() == {"Token", "SpaceToken"}


def test_builtin_actions_declare_what_they_change():
    from annotator.jape.actions import get_action

    output_only = ["remove_contained", "remove_overlaps"]
    assert [getattr(get_action(n), "changes_input", True) for n in output_only] == [False] * len(output_only)
    # these change the bound annotations, which may be in the input set
    assert [get_action(n).changes_input for n in ("remove_bound", "set_feature")] == [True, True]
