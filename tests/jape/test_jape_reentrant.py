"""A compiled grammar holds no document (annotator/jape/compiler.py: the runtime passes each test
its run's Inputs): the same grammar run from inside one of its own actions, on another document,
leaves both documents as two separate runs would."""

from __future__ import annotations

from japehelp import found, make_doc

from annotator.jape import action

_GRAMMAR = ("Phase: P\nInput: Token\nOptions: control = appelt\n"
            'Rule: Inner ({Token.string == "x"}):t --> :t { action: "tests.reenter" }\n'
            "Rule: Cap ({Token.orth == upperInitial} ({Token.kind == word})?):c --> :c.Cap = {}\n")
_NESTED: list = []  # (grammar, document) for the action to run once


@action("tests.reenter")
def reenter(ctx) -> None:
    """Run the grammar waiting in _NESTED on its document, then mark the bound span."""
    while _NESTED:
        grammar, doc = _NESTED.pop()
        grammar(doc)
    ctx.output.add("X", *ctx.span)


def test_a_grammar_run_from_its_own_action_on_another_document(grammar):
    g = grammar(_GRAMMAR)
    alone_outer, alone_inner = make_doc("x Ann went to Bob Cid"), make_doc("Dan and Eve x here")
    g(alone_outer)
    g(alone_inner)
    outer, inner = make_doc("x Ann went to Bob Cid"), make_doc("Dan and Eve x here")
    _NESTED.append((g, inner))
    g(outer)  # the action at "x" runs g on inner before outer's phase goes on to "Ann" ...
    assert not _NESTED
    for doc, alone in ((outer, alone_outer), (inner, alone_inner)):
        assert (found(doc, "Cap"), found(doc, "X")) == (found(alone, "Cap"), found(alone, "X"))
    assert found(outer, "Cap") == ["Ann went", "Bob Cid"] and found(outer, "X") == ["x"]
    assert found(inner, "Cap") == ["Dan and", "Eve x"]
