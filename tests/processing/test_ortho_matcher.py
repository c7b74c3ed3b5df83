"""The ortho-matcher PR: names of one entity grouped by spelling, Unknowns typed (after GATE's
OrthoMatcher: ``matches`` features, the ``MatchesAnnots`` document feature)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.document import Document
from annotator.errors import InputError
from annotator.processing.ortho_matcher import OrthoMatcher
from annotator.processing.tokenizer import Tokenizer


def annotated(text: str, *names: tuple[str, str, int, dict]) -> Document:
    """``text`` tokenized, with each (type, string, occurrence, features) annotated."""
    doc = Document(text)
    Tokenizer()(doc)
    for type_name, string, nth, features in names:
        start = -1
        for _ in range(nth + 1):
            start = text.index(string, start + 1)
        doc.annset().add(type_name, start, start + len(string), dict(features))
    return doc


def spans(doc: Document, type_name: str) -> list[str]:
    return [doc.text[a.start:a.end] for a in doc.annset().with_type(type_name)]


def groups(doc: Document) -> list[list[str]]:
    by_id = {a.id: doc.text[a.start:a.end] for a in doc.annset()}
    return [[by_id[i] for i in group] for group in doc.features.get("MatchesAnnots", {}).get("", [])]


@pytest.fixture
def lists(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "alias.lst").write_text("IBM£6\nBig Blue£6\n", encoding="utf-8")
    (tmp_path / "spur.lst").write_text("BT Cellnet£2\nBT£2\n", encoding="utf-8")
    (tmp_path / "endings.lst").write_text("Ltd\nInc.\nCo.\nCorporation\n", encoding="utf-8")
    return {"aliasList": tmp_path / "alias.lst", "spurList": tmp_path / "spur.lst",
            "orgEndings": tmp_path / "endings.lst"}


def test_a_surname_matches_the_full_name_and_an_unknown_takes_its_type(lists) -> None:
    text = "Mr. John Smith came. Smith said so. Later Smith left."
    doc = annotated(text, ("Person", "Mr. John Smith", 0, {"title": "Mr.", "gender": "male"}),
                    ("Person", "Smith", 1, {}), ("Unknown", "Smith", 2, {"kind": "PN", "rule": "Unknown"}))
    OrthoMatcher(**lists)(doc)
    assert spans(doc, "Person") == ["Mr. John Smith", "Smith", "Smith"]
    assert not doc.annset().with_type("Unknown")
    assert groups(doc) == [["Mr. John Smith", "Smith", "Smith"]]
    people = list(doc.annset().with_type("Person"))
    assert people[2].features == {"kind": "PN", "rule": "Unknown", "matches": [p.id for p in people]}


def test_no_unknown_is_typed_without_process_unknown(lists) -> None:
    doc = annotated("John Smith came. Smith left.", ("Person", "John Smith", 0, {}), ("Unknown", "Smith", 1, {}))
    OrthoMatcher(processUnknown=False, **lists)(doc)
    assert spans(doc, "Unknown") == ["Smith"] and groups(doc) == []


def test_organizations_by_ending_acronym_and_alias_and_never_a_spurious_pair(lists) -> None:
    text = ("Acme Ltd grew. Acme won. The Kite Co. Inc. and Kite met. International Business Machines, or IBM, and Big Blue met "
            "BT Cellnet and BT.")
    doc = annotated(text, ("Organization", "Acme Ltd", 0, {}), ("Organization", "Acme", 1, {}),
                    ("Organization", "The Kite Co. Inc.", 0, {}), ("Organization", "Kite", 1, {}),
                    ("Organization", "International Business Machines", 0, {}),
                    ("Organization", "IBM", 0, {}), ("Organization", "Big Blue", 0, {}),
                    ("Organization", "BT Cellnet", 0, {}), ("Organization", "BT", 1, {}))
    OrthoMatcher(**lists)(doc)
    # each name joins the group of the most recent earlier name it matches (GATE stops there too)
    assert groups(doc) == [["Acme Ltd", "Acme"], ["The Kite Co. Inc.", "Kite"],
                           ["International Business Machines", "IBM", "Big Blue"]]


def test_an_acronym_skips_the_small_words_of_the_longer_name(lists) -> None:
    # capitalised small words of English, Spanish, Italian and German (annotator.lang) are
    # skipped; other capitalised words are not ("La": CLV, not CV)
    names = ("Bank Of America", "BA", "Banco De Sabadell", "BS", "Cassa Di Risparmio", "CR", "Haus Von Bergen", "HB",
             "Casa La Vega", "CV")
    doc = annotated(" and ".join(names) + ".", *(("Organization", name, 0, {}) for name in names))
    OrthoMatcher(**lists)(doc)
    assert groups(doc) == [list(names[i:i + 2]) for i in range(0, 8, 2)]


def test_gender_and_a_short_name_already_matched_with_a_longer_one(lists) -> None:
    text = "David Jones came. David left. David Smith came. Mary Jones and Jones met."
    doc = annotated(text, ("Person", "David Jones", 0, {"gender": "male"}), ("Person", "David", 1, {}),
                    ("Person", "David Smith", 0, {"gender": "male"}), ("Person", "Mary Jones", 0, {"gender": "female"}),
                    ("Person", "Jones", 2, {"gender": "male"}))
    OrthoMatcher(**lists)(doc)
    # "David" is not a surname; "Jones" (male) does not match "Mary Jones" but the earlier "David Jones"
    assert groups(doc) == [["David Jones", "Jones"]]


def test_a_list_not_in_utf8_is_an_input_error(tmp_path: Path) -> None:
    (tmp_path / "alias.lst").write_bytes("IBM\xa36\n".encode("latin-1"))
    with pytest.raises(InputError, match="E430"):
        OrthoMatcher(aliasList=tmp_path / "alias.lst")


def test_a_spurious_pair_never_matches(lists, tmp_path: Path) -> None:
    text = "Acme Ltd grew. Acme won."
    names = (("Organization", "Acme Ltd", 0, {}), ("Organization", "Acme", 1, {}))
    doc = annotated(text, *names)
    OrthoMatcher(**lists)(doc)
    assert groups(doc) == [["Acme Ltd", "Acme"]]
    (tmp_path / "spur.lst").write_text("Acme Ltd£1\nAcme£1\n", encoding="utf-8")
    doc = annotated(text, *names)
    OrthoMatcher(**lists)(doc)
    assert groups(doc) == []
