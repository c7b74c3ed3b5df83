"""Documents to spaCy Docs and back (annotator.interop.spacy_doc)."""

from __future__ import annotations

import logging
import sys

import pytest

from annotator import AnnotatorError, Document
from annotator.interop import USER_DATA_KEY, from_spacy, to_spacy
from interophelp import rich_document, snapshot

spacy = pytest.importorskip("spacy")
from spacy.tokens import Doc, Span  # noqa: E402
from spacy.vocab import Vocab  # noqa: E402


def test_round_trip_keeps_everything():
    doc = rich_document()
    assert snapshot(from_spacy(to_spacy(doc))) == snapshot(doc)


def test_round_trip_through_bytes_keeps_everything():
    doc = rich_document()
    data = to_spacy(doc, ents="Key").to_bytes()
    assert snapshot(from_spacy(Doc(Vocab()).from_bytes(data))) == snapshot(doc)


def test_sets_are_span_groups_labelled_by_type_with_code_point_offsets():
    doc = rich_document()
    sdoc = to_spacy(doc)
    assert sdoc.text == doc.text
    assert set(sdoc.spans) == {"", "Key", "Nothing"} and len(sdoc.spans["Nothing"]) == 0
    for name in ("", "Key"):
        spans = {(int(s.id_), s.label_, s.start_char, s.end_char, s.text) for s in sdoc.spans[name]}
        assert spans == {(a.id, a.type, a.start, a.end, doc.covered_text(a)) for a in doc.annset(name)}
    astral = next(s for s in sdoc.spans[""] if s.label_ == "Astral")
    assert astral.text == "𝔸𝔹" and astral.end_char - astral.start_char == 2  # code points, not UTF-16 units
    empties = sorted(s.start_char for s in sdoc.spans[""] if s.label_ == "Empty")
    assert empties == [0, 7, 16, len(doc.text)] and all(len(s) == 0 for s in sdoc.spans[""] if s.label_ == "Empty")


def test_features_relations_and_document_fields_go_to_user_data():
    doc = rich_document()
    data = to_spacy(doc).user_data[USER_DATA_KEY]
    name = doc.annset().with_type("Name").first()
    assert data["name"] == "rich-1" and data["features"] == doc.features
    assert data["annotations"][name.id] == name.features
    assert data["relations"]["Key"][0]["members"] == [name.id, 100]
    data["annotations"][name.id]["list"].append("changed")  # a copy: the document is untouched
    assert name.features["list"] == [1, "a", None, [2.0]]


@pytest.mark.parametrize("text", ["a b", "  lead", "a  b", "a\tb", "a\n\nb", "a \n b", "trail  ", "a\u00a0b", "", " "])
def test_whitespace_tokenisation_keeps_the_text(text):
    doc = Document(text)
    doc.annset().add("X", 0, len(text))
    sdoc = to_spacy(doc)
    assert sdoc.text == text
    assert all(t.text.strip() or t.text for t in sdoc)  # no empty token
    assert snapshot(from_spacy(sdoc)) == snapshot(doc)


def test_a_space_after_a_token_is_its_whitespace_unless_an_annotation_needs_it():
    doc = Document("a b  c")
    sdoc = to_spacy(doc)
    assert [(t.text, t.whitespace_) for t in sdoc] == [("a", " "), ("b", " "), (" ", ""), ("c", "")]
    doc.annset().add("WithSpace", 0, 2)   # "a " ends after the space
    doc.annset().add("Empty", 3, 3)       # between "b" and its space
    sdoc = to_spacy(doc)
    assert [(t.text, t.whitespace_) for t in sdoc] == [("a", ""), (" ", ""), ("b", ""), ("  ", ""), ("c", "")]


def tokenised() -> Document:
    doc = Document("Dr. Pérez, hoy.")
    default = doc.annset()
    for start, end, category in [(0, 2, "NN"), (2, 3, "."), (4, 9, "NNP"), (9, 10, ","), (11, 14, "NN"), (14, 15, ".")]:
        default.add("Token", start, end, {"category": category, "string": doc.text[start:end]})
    return doc


def test_token_annotations_are_the_spacy_tokens():
    doc = tokenised()
    sdoc = to_spacy(doc)
    assert [(t.text, t.whitespace_, t.tag_) for t in sdoc] == [
        ("Dr", "", "NN"), (".", " ", "."), ("Pérez", "", "NNP"), (",", " ", ","), ("hoy", "", "NN"), (".", "", ".")]
    assert [t.text for t in to_spacy(doc, sets=[], tokens=None)] == ["Dr.", "Pérez,", "hoy."]  # whitespace only


def test_an_annotation_inside_a_token_cuts_it_and_the_token_survives():
    doc = tokenised()
    doc.annset("PHI").add("NAME", 5, 9)  # "érez"
    sdoc = to_spacy(doc)
    assert [t.text for t in sdoc][2:4] == ["P", "érez"]
    assert sdoc[2].tag_ == ""  # the token annotation is no longer one spaCy token
    assert snapshot(from_spacy(sdoc)) == snapshot(doc)


def test_ents_come_from_the_chosen_set_without_overlaps_or_empty_spans():
    doc = Document("Ana Núñez vive en Madrid")
    phi = doc.annset("PHI")
    phi.add("NAME", 0, 9)
    phi.add("FIRST", 0, 3)        # overlaps the longer NAME: left out of doc.ents
    phi.add("CITY", 18, 24)
    phi.add("MARK", 4, 4)         # zero-length: left out
    sdoc = to_spacy(doc, ents="PHI")
    assert [(e.label_, e.text) for e in sdoc.ents] == [("NAME", "Ana Núñez"), ("CITY", "Madrid")]
    assert [e.label_ for e in to_spacy(doc, ents="PHI", ent_types=["CITY", "FIRST"]).ents] == ["FIRST", "CITY"]
    back = from_spacy(sdoc)
    assert back.annset_names() == ["PHI"] and snapshot(back) == snapshot(doc)  # no second copy of the ents


def test_sets_can_be_chosen():
    doc = rich_document()
    sdoc = to_spacy(doc, sets=["Key", "absent"])
    assert list(sdoc.spans) == ["Key"]
    back = from_spacy(sdoc)
    assert back.annset_names() == ["Key"] and not back.annset("Key").relations  # its member in "" is not there


def test_a_doc_made_by_spacy_reads_its_groups_entities_tokens_and_sentences():
    words = ["Ana", "vive", "en", "\n", "Madrid", "."]
    sdoc = Doc(Vocab(), words=words, spaces=[True, True, True, False, False, False],
               tags=["NNP", "VB", "IN", "_SP", "NNP", "."], lemmas=["Ana", "vivir", "en", "\n", "Madrid", "."],
               sent_starts=[True, False, False, False, False, False], ents=["B-PER", "O", "O", "O", "B-LOC", "O"])
    sdoc.spans["sc"] = [Span(sdoc, 0, 1, label="NAME", kb_id="Q1"), Span(sdoc, 3, 5)]
    doc = from_spacy(sdoc, "from-spacy", tokens="spacy")
    assert doc.name == "from-spacy" and doc.text == sdoc.text
    assert [(a.type, doc.covered_text(a), a.features) for a in doc.annset("sc")] == [
        ("NAME", "Ana", {"kb_id": "Q1"}), ("Span", "\nMadrid", {})]
    assert [(a.type, doc.covered_text(a)) for a in doc.annset("ents")] == [("PER", "Ana"), ("LOC", "Madrid")]
    tokens = doc.annset("spacy")
    assert [(a.type, a.features["string"], a.features.get("category")) for a in tokens.with_type("Token", "SpaceToken")] == [
        ("Token", "Ana", "NNP"), ("Token", "vive", "VB"), ("Token", "en", "IN"), ("SpaceToken", "\n", "_SP"),
        ("Token", "Madrid", "NNP"), ("Token", ".", ".")]
    assert tokens.with_type("Token").first().features["lemma"] == "Ana"
    assert [doc.covered_text(a) for a in tokens.with_type("Sentence")] == [sdoc.text]
    assert from_spacy(sdoc, ents=None).annset_names() == ["sc"]


def test_span_ids_taken_twice_get_fresh_ids_with_a_warning(caplog):
    sdoc = Doc(Vocab(), words=["a", "b"], spaces=[True, False])
    sdoc.spans["x"] = [Span(sdoc, 0, 1, label="A", span_id="5")]
    sdoc.spans["y"] = [Span(sdoc, 1, 2, label="B", span_id="5")]
    with caplog.at_level(logging.WARNING, logger="annotator"):
        doc = from_spacy(sdoc, ents=None)
    assert doc.annset("x").first().id == 5 and doc.annset("y").first().id != 5
    assert "E931 1 annotation id(s) of spaCy Doc '' in set(s) ['y']" in caplog.text


def test_wrong_objects_are_a_coded_error():
    with pytest.raises(AnnotatorError, match="^E932 expected an annotator Document, got str"):
        to_spacy("text")
    with pytest.raises(AnnotatorError, match="^E932 expected a spaCy Doc, got Document"):
        from_spacy(Document("x"))


def test_without_spacy_the_conversion_is_one_coded_error_naming_the_extra(monkeypatch):
    for module in [m for m in sys.modules if m == "spacy" or m.startswith("spacy.")]:
        monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(ImportError, match=r'^E930 the spaCy conversion needs spacy, which is not installed: '
                                          r'pip install "annotator\[spacy\]"'):
        to_spacy(Document("x"))


def test_a_spacy_pipeline_runs_on_the_converted_doc_and_its_results_come_back():
    doc = rich_document()
    nlp = spacy.blank("es")  # language data only: nothing is downloaded
    nlp.add_pipe("sentencizer")
    sdoc = nlp(to_spacy(doc, nlp.vocab))
    back = from_spacy(sdoc, tokens="spaCy")
    assert snapshot(back)[3]["Key"] == snapshot(doc)[3]["Key"] and snapshot(back)[3][""] == snapshot(doc)[3][""]
    sentences = [back.covered_text(a) for a in back.annset("spaCy").with_type("Sentence")]
    assert sentences[0].startswith("Dña.") and sentences[0].endswith("Madrid 𝔸𝔹.")  # the sentencizer's work


def test_a_relation_whose_member_was_removed_in_spacy_is_left_out():
    doc = rich_document()
    sdoc = to_spacy(doc)
    sdoc.spans["Key"] = []  # the relation's second member
    back = from_spacy(sdoc)
    assert len(back.annset("Key")) == 0 and not back.annset("Key").relations
    assert snapshot(back)[3][""] == snapshot(doc)[3][""]
