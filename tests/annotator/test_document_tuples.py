"""Documents as plain tuples: what travels to worker processes comes back whole."""

from __future__ import annotations

import pickle

from annotator import Document
from annotator.document_tuples import decode, encode


def annotations(doc: Document) -> list[tuple]:
    return [(name, a.id, a.type, a.start, a.end, a.features)
            for name in sorted(doc.annset_names()) for a in doc.annset(name)]


def test_encode_decode_keeps_ids_sets_features_relations():
    doc = Document("one two three", name="n", features={"lang": "en"})
    a = doc.annset("S").add("X", 0, 3, {"k": [1, 2]}, id=10)
    b = doc.annset().add("Y", 4, 7)
    doc.annset("S").add_relation("R", [a.id, b.id], {"r": 1})
    doc.annset("empty")
    copy = decode(pickle.loads(pickle.dumps(encode(doc))))
    assert (copy.text, copy.name, copy.features) == (doc.text, doc.name, doc.features)
    assert annotations(copy) == annotations(doc)
    assert sorted(copy.annset_names()) == ["", "S", "empty"]
    (rel,) = copy.annset("S").relations.values()
    assert (rel.type, rel.members, rel.features) == ("R", [10, b.id], {"r": 1})
