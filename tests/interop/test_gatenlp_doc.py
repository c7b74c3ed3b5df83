"""Documents to python-gatenlp Documents and back, in memory (annotator.interop.gatenlp_doc)."""

from __future__ import annotations

import logging
import sys

import pytest

from annotator import AnnotatorError, Document
from annotator.interop import RELATIONS_FEATURE, from_gatenlp, to_gatenlp
from interophelp import FEATURES, rich_document, snapshot

gatenlp = pytest.importorskip("gatenlp")


def test_round_trip_keeps_everything():
    doc = rich_document()
    assert snapshot(from_gatenlp(to_gatenlp(doc))) == snapshot(doc)


def test_sets_types_offsets_ids_and_features_are_gatenlp_s_own():
    doc = rich_document()
    gdoc = to_gatenlp(doc)
    assert isinstance(gdoc, gatenlp.Document) and gdoc.name == "rich-1" and gdoc.text == doc.text
    assert gdoc.annset_names() == ["", "Key", "Nothing"] and len(gdoc.annset("Nothing")) == 0
    for name in ("", "Key"):
        assert {(a.id, a.type, a.start, a.end, gdoc[a]) for a in gdoc.annset(name)} == {
            (a.id, a.type, a.start, a.end, doc.covered_text(a)) for a in doc.annset(name)}
    (astral,) = gdoc.annset().with_type("Astral")
    assert gdoc[astral] == "𝔸𝔹" and astral.end - astral.start == 2  # code points, not UTF-16 units
    (name,) = gdoc.annset().with_type("Name")
    assert dict(name.features) == FEATURES  # every JSON type, and "__internal"
    assert gdoc.features["tags"] == ["a", {"b": 1}]
    (rel,) = doc.annset("Key").relations.values()
    assert gdoc.features[RELATIONS_FEATURE] == {
        "Key": [{"id": rel.id, "type": "lives_in", "members": [name.id, 100], "features": {"certain": True}}]}


def test_an_annotation_added_in_gatenlp_gets_a_new_id():
    gdoc = to_gatenlp(rich_document())
    before = {a.id for a in gdoc.annset()}
    added = gdoc.annset().add(0, 1, "New")
    assert added.id not in before and len(gdoc.annset()) == len(before) + 1


def test_the_documents_share_no_mutable_value():
    doc = rich_document()
    gdoc = to_gatenlp(doc)
    (name,) = gdoc.annset().with_type("Name")
    name.features["list"].append("changed")
    gdoc.features["tags"].append("changed")
    assert doc.annset().with_type("Name").first().features["list"] == [1, "a", None, [2.0]]
    assert doc.features["tags"] == ["a", {"b": 1}]
    back = from_gatenlp(gdoc)
    name.features["dict"]["k"]["deep"].append(False)
    assert back.annset().get(name.id).features["dict"] == {"k": {"deep": [True]}}


def test_sets_can_be_chosen_and_relations_go_with_their_members_only():
    doc = rich_document()
    gdoc = to_gatenlp(doc, sets=["Key"])
    assert gdoc.annset_names() == ["Key"] and RELATIONS_FEATURE not in gdoc.features
    assert gdoc.annset_names() == from_gatenlp(gdoc).annset_names()


def test_a_gatenlp_document_s_ids_taken_by_another_set_are_renumbered_with_a_warning(caplog):
    gdoc = gatenlp.Document("Ana vive en Madrid", features={"lang": "es"})
    gdoc.name = "g"
    gdoc.annset().add(0, 3, "Person", {"gender": "f"})
    gdoc.annset("PHI").add(12, 18, "City")                  # id 0 again, in another set
    gdoc.annset("PHI").add(0, 3, "Name")                    # id 1
    gdoc.features[RELATIONS_FEATURE] = {"PHI": [{"id": 7, "type": "same", "members": [0, 1], "features": {}}]}
    with caplog.at_level(logging.WARNING, logger="annotator"):
        doc = from_gatenlp(gdoc, name="renamed")
    assert "E931 1 annotation id(s) of gatenlp document 'renamed' in set(s) ['PHI']" in caplog.text
    assert doc.name == "renamed" and doc.features == {"lang": "es"}
    assert [(a.id, a.type, a.features) for a in doc.annset()] == [(0, "Person", {"gender": "f"})]
    city = doc.annset("PHI").with_type("City").first()
    assert city.id not in (0, 1) and doc.covered_text(city) == "Madrid"
    (rel,) = doc.annset("PHI").relations.values()
    assert rel.members == [city.id, 1]  # the renumbered member follows its annotation


def test_java_offsets_are_converted_on_a_copy():
    gdoc = gatenlp.Document("😀 Ana")
    gdoc.annset().add(2, 5, "Name")
    gdoc.to_offset_type("j")                                 # UTF-16 units: 3-6
    doc = from_gatenlp(gdoc)
    assert [doc.covered_text(a) for a in doc.annset()] == ["Ana"]
    assert gdoc.offset_type == "j"                           # the caller's document is left as it was


def test_wrong_objects_are_a_coded_error():
    with pytest.raises(AnnotatorError, match="^E932 expected an annotator Document, got dict"):
        to_gatenlp({})
    with pytest.raises(AnnotatorError, match="^E932 expected a gatenlp Document, got Document"):
        from_gatenlp(Document("x"))


def test_without_gatenlp_the_conversion_is_one_coded_error_naming_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "gatenlp", None)
    with pytest.raises(ImportError, match=r'^E930 the gatenlp conversion needs gatenlp, which is not installed: '
                                          r'pip install "annotator\[gatenlp\]"'):
        to_gatenlp(Document("x"))
