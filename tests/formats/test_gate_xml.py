"""GATE XML: UTF-16 node offsets, feature classes, named sets, relation sets, round trip."""

from __future__ import annotations

from formatshelp import only_documents, relations, snapshot

from annotator import formats
from annotator.corpus import read_documents, write_documents
from annotator.document import Document


def test_reads_utf16_nodes_features_sets_and_relations(formats_data):
    (doc,) = only_documents(read_documents(formats_data / "gate-xml" / "smile.xml"))
    person = doc.annset().get(3)
    assert doc.text[person.start:person.end] == "Ana Ruiz"  # node ids 12-20 are UTF-16, after an emoji
    assert person.features == {"gender": "female", "confidence": 0.75, "rule": 12, "checked": True}
    assert doc.annset().get(4).features == {"string": "Ana", "length": 3}
    (age,) = doc.annset("Key")
    assert doc.text[age.start:age.end] == "34"
    (rel,) = doc.annset().relations.values()
    assert (rel.id, rel.type, rel.members, rel.features) == (8, "coref", [3, 5], {"method": "pronoun"})
    assert doc.features["MimeType"] == "text/plain"


def test_round_trip_keeps_everything(formats_data, tmp_path):
    (doc,) = only_documents(read_documents(formats_data / "gate-xml"))
    doc.annset().get(3).features["tags"] = ["a", {"b": None}]
    doc.annset().get(3).features["big"] = 2**40
    write_documents([doc], tmp_path, "gate-xml")
    (back,) = only_documents(read_documents(tmp_path, "gate-xml"))
    assert back.text == doc.text and back.features == doc.features
    for name in ("", "Key"):
        assert snapshot(back, name) == snapshot(doc, name)
    assert relations(back) == relations(doc)
    written = (tmp_path / "smile.xml").read_text(encoding="utf-8")
    assert '<Value className="java.lang.Long">1099511627776</Value>' in written
    assert 'json="true"' in written


def test_crlf_text_survives(tmp_path):
    doc = Document("a\r\nb", name="crlf")
    doc.annset().add("X", 3, 4, id=1)
    text = formats.get("gate-xml").render(doc)[".xml"]
    assert b"a&#13;\n" in text
    (tmp_path / "crlf.xml").write_bytes(text)
    (back,) = only_documents(read_documents(tmp_path, "gate-xml"))
    assert back.text == doc.text and snapshot(back) == snapshot(doc)
