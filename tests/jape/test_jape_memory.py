"""A compiled grammar keeps nothing of the documents it ran on: dropping a document frees it and
its annotations by reference counting, while the grammar lives on."""

from __future__ import annotations

import gc
import weakref

from japehelp import found, make_doc

from annotator.document import Annotation

GRAMMAR = ("Phase: T\nInput: Token Lookup\nOptions: control = appelt\n"
           'Rule: R ({Token.string == "de"} {Lookup}):m --> :m.Hit = {}')


def annotations_alive() -> int:
    return sum(type(o) is Annotation for o in gc.get_objects())


def test_a_document_and_its_annotations_are_freed_after_a_run(grammar):
    g = grammar(GRAMMAR)
    before = annotations_alive()
    doc = make_doc("fiebre de Malta", ("Lookup", "Malta", None, {"majorType": "x"}))
    g(doc)
    assert found(doc, "Hit") == ["de Malta"]
    assert annotations_alive() == before + len(doc.annset())
    refs = [weakref.ref(doc), weakref.ref(doc.annset())]
    gc.disable()  # freed without the cyclic collector: nothing of the grammar holds them
    try:
        del doc
        assert [r() for r in refs] == [None, None]
        assert annotations_alive() == before
    finally:
        gc.enable()
    again = make_doc("dolor de Malta", ("Lookup", "Malta", None, {"majorType": "x"}))
    g(again)  # the grammar still works on the next document
    assert found(again, "Hit") == ["de Malta"]
