"""A compiled grammar lets go of the document it ran on (runtime.run_phases)."""

from __future__ import annotations

from japehelp import make_doc


def test_phases_keep_no_annotations_of_the_last_document(grammar):
    g = grammar("Phase: T\nInput: Token Lookup\nOptions: control = appelt\n"
                'Rule: R ({Token.string == "de"} {Lookup}):m --> :m.Hit = {}')
    doc = make_doc("fiebre de Malta", ("Lookup", "Malta", None, {"majorType": "x"}))
    g(doc)
    assert [doc.text[a.start:a.end] for a in doc.annset().with_type("Hit")] == ["de Malta"]
    env = g.phases[0].env
    assert env.inset is None and env.text == ""
    assert set(env.slots) == {"Token", "Lookup"}
    assert all(not slot.at for slot in env.slots.values())
