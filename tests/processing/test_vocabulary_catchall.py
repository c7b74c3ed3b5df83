"""The vocabulary-catchall PR on small documents with tiny word lists of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator import Document
from annotator.errors import PipelineError
from annotator.processing.base import resource_class
from annotator.processing.vocabulary_catchall import VocabularyCatchall

WORDS = ("the patient was seen by in for labs chest pain and at clinic sign of bp on daily today hospital dr from chair "
         "snomed ct plate iban ref normal").split()
AMBIGUOUS = ["rose", "bill"]


@pytest.fixture()
def lists(tmp_path: Path) -> Path:
    (tmp_path / "vocabulary.txt").write_text("# safe words\n" + "\n".join(WORDS) + "\n", encoding="utf-8")
    (tmp_path / "ambiguous.txt").write_text("\n".join(AMBIGUOUS) + "\n", encoding="utf-8")
    (tmp_path / "shapes.txt").write_text("# doses and vitals\n\\d+mg\n\\d{2,3}/\\d{2,3}\n", encoding="utf-8")
    (tmp_path / "cues.tsv").write_text("dr\tDOCTOR\nin\tCITY\n", encoding="utf-8")
    (tmp_path / "heads.txt").write_text("sign\n", encoding="utf-8")
    (tmp_path / "codes.txt").write_text("snomed\n", encoding="utf-8")
    return tmp_path


def make(lists: Path, **params) -> VocabularyCatchall:
    settings = dict(vocabulary=lists / "vocabulary.txt", ambiguous=lists / "ambiguous.txt", shapes=lists / "shapes.txt",
                    cues=lists / "cues.tsv", heads=lists / "heads.txt", codeLabels=lists / "codes.txt",
                    outputASName="PHI", confidence=0.25)
    settings.update(params)
    return VocabularyCatchall(**settings)


def caught(pr: VocabularyCatchall, text: str, phi: list[tuple[str, int, int]] = ()) -> list[tuple[str, str]]:
    doc = Document(text)
    for type_name, start, end in phi:
        doc.annset("PHI").add(type_name, start, end, {"confidence": 0.9})
    pr(doc)
    return [(a.type, text[a.start:a.end]) for a in doc.annset("PHI") if a.features["confidence"] == 0.25]


def test_registered_under_its_name():
    assert resource_class("vocabulary-catchall") is VocabularyCatchall


def test_an_unknown_capitalised_word_is_caught_and_a_known_one_is_not(lists):
    pr = make(lists)
    assert caught(pr, "The patient was seen by Okonkwo today.") == [("PATIENT", "Okonkwo")]
    assert caught(pr, "Chest pain today. The patient was seen.") == []  # sentence-initial known words


def test_adjacent_unknown_words_make_one_span_typed_by_a_cue(lists):
    pr = make(lists)
    assert caught(pr, "seen by Dr. Adaeze Okonkwo-Eze today") == [("DOCTOR", "Adaeze Okonkwo-Eze")]
    assert caught(pr, "the patient was seen in Ibadan") == [("CITY", "Ibadan")]


def test_confidence_is_set_on_every_span_made(lists):
    doc = Document("Seen by Okonkwo for labs, ID QX40417.")
    make(lists, confidence=0.3)(doc)
    assert [a.features for a in doc.annset("PHI")] == [{"confidence": 0.3}, {"confidence": 0.3}]


def test_an_existing_phi_annotation_is_not_duplicated(lists):
    text = "seen by Okonkwo for labs"
    doc = Document(text)
    doc.annset("PHI").add("DOCTOR", 8, 15)
    make(lists)(doc)
    assert [(a.type, text[a.start:a.end]) for a in doc.annset("PHI")] == [("DOCTOR", "Okonkwo")]


def test_an_initial_is_caught_only_next_to_a_name(lists):
    pr = make(lists, neighbourTypes=["PATIENT"])
    assert caught(pr, "seen by Okonkwo K. today") == [("PATIENT", "Okonkwo K")]
    assert caught(pr, "Maria K. was seen", phi=[("PATIENT", 0, 5)]) == [("PATIENT", "K")]
    assert caught(pr, "Vitamin K daily") == [("PATIENT", "Vitamin K")]  # K joins the caught word
    assert caught(pr, "the K on bp") == []


def test_ambiguous_words_are_safe_in_lower_case_and_at_a_sentence_start(lists):
    pr = make(lists)
    assert caught(pr, "Rose from chair. Bill for labs.") == []
    assert caught(pr, "bp rose today") == []
    assert caught(pr, "seen by Rose today") == [("PATIENT", "Rose")]
    assert caught(pr, "Rose Okonkwo for labs") == [("PATIENT", "Rose Okonkwo")]


def test_case_rules_for_all_capital_and_lower_case_words(lists):
    pr = make(lists)
    assert caught(pr, "seen by NSR for labs") == []                     # an abbreviation in mixed case
    assert caught(pr, "THE PATIENT WAS SEEN BY NSR") == [("PATIENT", "NSR")]  # an all-capital line
    assert caught(pr, "labs for okonkwo") == [("PATIENT", "okonkwo")]  # no capital on the line
    assert caught(pr, "Labs for okonkwo") == []
    assert caught(make(lists, lowerCase="always"), "Labs for okonkwo") == [("PATIENT", "okonkwo")]
    assert caught(make(lists, lowerCase="never"), "labs for okonkwo") == []


def test_an_eponym_before_a_head_word_is_safe(lists):
    assert caught(make(lists), "the Levine sign of chest pain") == []


@pytest.mark.parametrize("text, expected", [
    ("bp 120/80 on 40mg daily", []),                        # safe shapes
    ("labs on 12 and 2019", []),                            # short numbers
    ("ID QX40417 and RT-550912", [("IDNUM", "QX40417"), ("IDNUM", "RT-550912")]),  # letters with digits
    ("the 4471203 labs", [("IDNUM", "4471203")]),          # minDigits digits
    ("at +44 20 7946 0958 today", [("IDNUM", "44 20 7946 0958")]),  # a group of short numbers
    ("snomed 195967001 and SNOMED CT 22298006", []),        # after a code label
    ("the SNOMED-CT 22298006 labs", []),                    # a label and its edition
    ("snomed labs ct 22298006", [("IDNUM", "22298006")]),   # a label three words back is no label before it
    ("Labs for Snomedic 195967001 today", [("PATIENT", "Snomedic"), ("IDNUM", "195967001")]),  # a word holding one
])
def test_digit_shapes(lists, text, expected):
    assert caught(make(lists), text) == expected


def test_a_bad_shape_names_its_file_and_line(lists):
    (lists / "shapes.txt").write_text("\\d+mg\n(unclosed\n", encoding="utf-8")
    with pytest.raises(PipelineError) as info:
        make(lists)
    assert info.value.line == 2 and "unclosed" in info.value.message


def test_lookup_types_need_lookups_and_type_a_span(lists):
    pr = make(lists, lookupTypes=["name:first=PATIENT", "place=CITY"], wordType="LOCATION-OTHER")
    assert pr.needs == ("Lookup",)
    doc = Document("seen by Adaeze Okonkwo and Ibadan")
    doc.annset().add("Lookup", 8, 14, {"majorType": "name", "minorType": "first"})
    doc.annset().add("Lookup", 27, 33, {"majorType": "place", "minorType": "city"})
    pr(doc)
    assert [(a.type, doc.text[a.start:a.end]) for a in doc.annset("PHI")] == [
        ("PATIENT", "Adaeze Okonkwo"), ("CITY", "Ibadan")]


def test_joiners_make_one_name_of_two_caught_words(lists):
    (lists / "joiners.txt").write_text("van\nder\n", encoding="utf-8")
    pr = make(lists, joiners=lists / "joiners.txt")
    assert caught(pr, "seen by Pieter van der Okonkwo today") == [("PATIENT", "Pieter van der Okonkwo")]
    assert caught(make(lists), "seen by Pieter van der Okonkwo today") == [("PATIENT", "Pieter"), ("PATIENT", "Okonkwo")]


def test_a_lower_case_initial_joins_a_name_where_lower_case_words_are_caught(lists):
    assert caught(make(lists), "labs for okonkwo r") == [("PATIENT", "okonkwo r")]


def test_extend_grows_a_span_over_capitalised_words_joiners_and_short_numbers(lists):
    (lists / "joiners.txt").write_text("de\n", encoding="utf-8")
    pr = make(lists, extend=True, joiners=lists / "joiners.txt")
    assert caught(pr, "seen at Clinic Sanatorio de Okonkwo today") == [("PATIENT", "Clinic Sanatorio de Okonkwo")]
    assert caught(pr, "the patient at Okonkwo Hospital 12 today") == [("PATIENT", "Okonkwo Hospital 12")]
    assert caught(pr, "Chest pain. Okonkwo for labs") == [("PATIENT", "Okonkwo")]   # Chest starts a sentence
    assert caught(pr, "seen by Dr Okonkwo") == [("DOCTOR", "Okonkwo")]              # a cue word stays out
    assert caught(pr, "the Okonkwo Clinic Sign today") == [("PATIENT", "Okonkwo Clinic")]  # nor a head word
    assert caught(make(lists), "seen at Clinic Okonkwo today") == [("PATIENT", "Okonkwo")]


def test_numbers_next_to_a_phi_number_extend_it(lists):
    pr = make(lists, numberNeighbourTypes=["PHONE", "VEHICLE"])
    assert caught(pr, "on (02) 9876 5432 today", phi=[("PHONE", 8, 17)]) == [("IDNUM", "02")]
    assert caught(pr, "plate KA 05 MN 4471", phi=[("VEHICLE", 6, 14)]) == [("IDNUM", "4471")]
    assert caught(pr, "on 3/4/2019 12 labs", phi=[("DATE", 3, 11)]) == []
    assert caught(make(lists), "on (02) 9876 5432 today", phi=[("PHONE", 8, 17)]) == []


def test_number_cues_take_the_unit_word_with_the_number(lists):
    (lists / "number_cues.tsv").write_text("po box\tSTREET\nunit\tSTREET\nroom\tROOM\n", encoding="utf-8")
    pr = make(lists, numberCues=lists / "number_cues.tsv")
    assert caught(pr, "at PO Box 12 and Unit 4B today") == [("STREET", "PO Box 12"), ("STREET", "Unit 4B")]
    assert caught(pr, "in room 7 today") == [("ROOM", "room 7")]
    assert caught(make(lists), "at PO Box 12 today") == [("PATIENT", "Box")]  # box is unknown here, PO an abbreviation


def test_two_capital_codes_make_a_postcode_and_a_long_number_takes_its_prefix(lists):
    (lists / "shapes.txt").write_text("\\d+mg\n[a-z]{1,4}\\d{1,2}[a-z]{0,3}\n", encoding="utf-8")
    pr = make(lists)
    assert caught(pr, "at Montreal H3A 2R7") == [("PATIENT", "Montreal"), ("IDNUM", "H3A 2R7")]
    assert caught(pr, "iban TR33 0006 1005 1978") == [("IDNUM", "TR33 0006 1005 1978")]
    assert caught(pr, "labs T3 normal, 5mg 10mg daily") == []
    assert caught(pr, "labs E4 V5 M6 today") == []  # codes of 2 characters alone: a coma score, no postcode


def test_leading_joiners_and_joiners_between_names_are_caught(lists):
    (lists / "joiners.txt").write_text("al\nbin\n", encoding="utf-8")
    pr = make(lists, joiners=lists / "joiners.txt", extend=True, neighbourTypes=["PATIENT"])
    assert caught(pr, "seen by al Okonkwo today") == [("PATIENT", "al Okonkwo")]
    assert caught(pr, "seen by Musa bin Ali today", phi=[("PATIENT", 8, 12), ("PATIENT", 17, 20)]) == [("PATIENT", "bin")]


def test_the_rest_of_a_chunk_partly_inside_an_id_is_caught(lists):
    pr = make(lists, numberNeighbourTypes=["IDNUM"])
    assert caught(pr, "ref CO-880412773 today", phi=[("IDNUM", 7, 16)]) == [("IDNUM", "CO")]


def test_ambiguous_words_are_weak_in_lower_case_where_lower_case_is_caught(lists):
    pr = make(lists)
    assert caught(pr, "labs for okonkwo-rose") == [("PATIENT", "okonkwo-rose")]
    assert caught(pr, "rose for labs") == []


def test_a_query_with_abbreviations_only_in_capitals_is_caseless(lists):
    pr = make(lists)
    assert caught(pr, "okonkwo CT chest") == [("PATIENT", "okonkwo")]
    assert caught(pr, "CT chest for okonkwo.") == []       # written as a sentence
    assert caught(pr, "Chest CT for okonkwo") == []        # a title-case word: case is in use


def test_extend_takes_the_lower_case_tail_of_a_hyphenated_name(lists):
    assert caught(make(lists, extend=True), "seen by Hyun-woo today") == [("PATIENT", "Hyun-woo")]


def test_the_text_of_a_keep_type_is_left_alone(lists):
    text = "seen for West Nile virus by Okonkwo"
    def run(**params) -> list[tuple[str, str]]:
        doc = Document(text)
        doc.annset().add("Block", text.index("West"), text.index(" by"), {"kind": "eponym"})
        make(lists, **params)(doc)
        return [(a.type, text[a.start:a.end]) for a in doc.annset("PHI")]
    assert run() == [("PATIENT", "West Nile"), ("PATIENT", "Okonkwo")]
    assert run(keepTypes=["Block"]) == [("PATIENT", "Okonkwo")]
    assert run(keepTypes=["Block.kind=eponym"]) == [("PATIENT", "Okonkwo")]
    assert run(keepTypes=["Block.kind=code"]) == [("PATIENT", "West Nile"), ("PATIENT", "Okonkwo")]
    lines = Document("Okonkwo\nsign")
    lines.annset().add("Block", 0, len(lines.text), {"kind": "eponym"})
    make(lists, keepTypes=["Block"])(lines)
    assert [lines.text[a.start:a.end] for a in lines.annset("PHI")] == ["Okonkwo"]  # not across a line break
    assert make(lists, keepTypes=["Block.kind=eponym", "Block.kind=drug"]).needs == ("Block",)
    with pytest.raises(PipelineError, match="keepTypes"):
        make(lists, keepTypes=["Block.kind"])


@pytest.mark.parametrize("lookup, grown", [
    (None, False),
    ((12, 17, "first"), True),       # a typed Lookup on the word
    ((10, 25, "first"), True),       # one around it
    ((12, 17, "other"), False),      # a Lookup of no type in lookupTypes
    ((13, 17, "first"), False),      # one on part of it only
])
def test_extend_grows_over_a_sentence_start_only_with_a_typed_lookup_over_it(lists, lookup, grown):
    pr = make(lists, lookupTypes=["name:first=PATIENT"], neighbourTypes=["PATIENT"], extend=True)
    doc = Document("Labs today. Chest Okonkwo was seen.")
    if lookup is not None:
        doc.annset().add("Lookup", lookup[0], lookup[1], {"majorType": "name", "minorType": lookup[2]})
    doc.annset("PHI").add("PATIENT", 18, 25, {"confidence": 0.9})
    pr(doc)
    assert [doc.text[a.start:a.end] for a in doc.annset("PHI")] == (["Chest", "Okonkwo"] if grown else ["Okonkwo"])


def test_a_long_lookup_over_a_sentence_start_counts_behind_shorter_ones(lists):
    pr = make(lists, lookupTypes=["name:first=PATIENT"], neighbourTypes=["PATIENT"], extend=True)
    doc = Document("Labs today. Chest Okonkwo was seen.")
    doc.annset().add("Lookup", 0, 17, {"majorType": "name", "minorType": "first"})  # over Chest, from far before
    for start, end in ((0, 4), (5, 10), (12, 13)):
        doc.annset().add("Lookup", start, end, {"majorType": "name", "minorType": "other"})
    doc.annset("PHI").add("PATIENT", 18, 25, {"confidence": 0.9})
    pr(doc)
    assert [doc.text[a.start:a.end] for a in doc.annset("PHI")] == ["Chest", "Okonkwo"]


def test_a_run_takes_the_type_of_a_long_lookup_inside_it_or_right_before(lists):
    pr = make(lists, lookupTypes=["place=CITY"], wordType="PATIENT")
    doc = Document("seen in clinic Nova Esperanza Okoro today")
    doc.annset().add("Lookup", 0, 14, {"majorType": "other"})
    doc.annset().add("Lookup", 3, 29, {"majorType": "place"})  # a long one, starting far before the run
    pr(doc)
    assert [(a.type, doc.text[a.start:a.end]) for a in doc.annset("PHI")] == [("CITY", "Nova Esperanza Okoro")]


@pytest.mark.parametrize("space", [chr(c) for c in (0x09, 0x0B, 0x0C, 0x20, 0x85, 0xA0, 0x1680, 0x2003, 0x200A, 0x2028,
                                                    0x202F, 0x205F, 0x3000, 0x1C, 0x1F, 0x200B, 0x180E)])
def test_chunks_are_parted_at_the_white_space_of_unicode_only(lists, space):
    """An ID's letters and digits in one chunk are caught together; parted by white space, the
    short capitals are an abbreviation and the digits a number of their own."""
    import regex
    text = f"ref QX{space}40417 today"
    expected = "40417" if regex.match(r"\s", space) else f"QX{space}40417"
    assert [t for _, t in caught(make(lists), text)] == [expected]
