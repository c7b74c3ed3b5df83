"""record-matcher IDs, phones and literal fields: separators ignored, partial IDs flagged."""

from __future__ import annotations

import pytest

from annotator import Document
from recordhelp import found, matcher


def test_ids_match_with_separators_and_spaces_ignored(tmp_path):
    pr = matcher(tmp_path, id=["5467980", "X-1234567-L"], insurance="26 63514095")
    text = "NHC 546 79 80, 546-7980 y (546)7980; NIE x1234567l; NASS 26/63514095 o 2663514095."
    assert found(pr, text) == [("546 79 80", "ID_SUJETO_ASISTENCIA", "id"), ("546-7980", "ID_SUJETO_ASISTENCIA", "id"),
                               ("546)7980", "ID_SUJETO_ASISTENCIA", "id"), ("x1234567l", "ID_SUJETO_ASISTENCIA", "id"),
                               ("26/63514095", "ID_ASEGURAMIENTO", "insurance"),
                               ("2663514095", "ID_ASEGURAMIENTO", "insurance")]


def test_ids_inside_longer_numbers_or_words_do_not_match(tmp_path):
    pr = matcher(tmp_path, id="5467980")
    assert found(pr, "Lote 154679801 y A5467980 y 5467980B.") == []


def test_parts_of_at_least_six_digits_are_flagged_partial(tmp_path):
    pr = matcher(tmp_path, insurance="26 63514095")
    doc = Document("NASS 63514095; ref 635140; lote 63514.", name="doc")
    pr(doc)
    assert [(doc.text[a.start:a.end], a.features) for a in doc.annset("PHI")] == [
        ("63514095", {"field": "insurance", "ratio": 0.25, "partial": True}),  # 2 digits missing of 8 found
        ("635140", {"field": "insurance", "ratio": 0.667, "partial": True})]  # "63514": under 6 digits


def test_a_part_is_found_after_other_digits_and_letters_of_its_chunk(tmp_path):
    pr = matcher(tmp_path, insurance="26 63514095", id="AB-12")
    text = "Ref 7 (635140) y AB-12 / 6351409; lote 12x635140."  # the last one is inside a longer run
    assert found(pr, text) == [("635140", "ID_ASEGURAMIENTO", "insurance"), ("AB-12", "ID_SUJETO_ASISTENCIA", "id"),
                               ("6351409", "ID_ASEGURAMIENTO", "insurance")]


def test_ids_and_parts_found_alike_in_a_note_that_is_not_latin_1(tmp_path):
    # the note's digits are read by a byte table when it is Latin-1, by a pattern when not
    pr = matcher(tmp_path, id="5467980", insurance="26 63514095")
    text = "NHC 546 79 80; NASS ref 635140; lote 154679801."
    expected = [("546 79 80", "ID_SUJETO_ASISTENCIA", "id"), ("635140", "ID_ASEGURAMIENTO", "insurance")]
    assert found(pr, text) == expected
    assert found(pr, text + " Dosis 5 \u03bcg \u2022") == expected


def test_an_id_of_letters_only_is_found_in_a_chunk_of_digits(tmp_path):
    # a value without digits: no digits of the note are needed to look for it
    pr = matcher(tmp_path, id="AB", insurance="26 63514095")
    assert found(pr, "Ref 12 AB; lote 7.") == [("AB", "ID_SUJETO_ASISTENCIA", "id")]


def test_digits_of_a_value_spread_over_two_chunks_are_no_match(tmp_path):
    pr = matcher(tmp_path, id="5467980")
    assert found(pr, "Dosis 546, 7980 mg; 5467, 980.") == []


def test_ids_are_found_wherever_a_long_note_writes_them(tmp_path):
    # a long note is read only around the places of the values' digits
    pr = matcher(tmp_path, id="5467980", insurance="26 63514095")
    text = "Ref: " + "Texto, 1 y 2. " * 40 + "NHC 546 79 80; " + "más, " * 100 + "NASS 63514095 y NHC 5467980."
    assert found(pr, text) == [("546 79 80", "ID_SUJETO_ASISTENCIA", "id"),
                               ("63514095", "ID_ASEGURAMIENTO", "insurance"), ("5467980", "ID_SUJETO_ASISTENCIA", "id")]


def test_a_chunk_that_begins_long_before_a_value_is_read_from_its_start(tmp_path):
    # one chunk of digits, letters and spaces from character 5 to the end: the ID's digits are
    # the end of a longer number there (its 7 digits from character 256 on), so no match
    pr = matcher(tmp_path, id="5467980")
    text = "Ref: " + "1 ab " * 49 + "x 12345467980"
    assert text.index("5467980") == 256
    assert found(pr, text) == []


def test_ids_in_a_long_note_that_is_not_latin_1(tmp_path):
    pr = matcher(tmp_path, id="5467980")
    text = "Dosis 5 \u03bcg \u2022 " + "Texto, 1 y 2. " * 40 + "NHC 546 79 80 \u2022 5467980 \u03bcg."
    assert found(pr, text) == [("546 79 80", "ID_SUJETO_ASISTENCIA", "id"), ("5467980", "ID_SUJETO_ASISTENCIA", "id")]


def test_ids_written_with_digits_other_than_0_9(tmp_path):
    # Arabic-Indic digits are digits (\d) too: the whole note is read
    pr = matcher(tmp_path, id="\u0665\u0664\u0666\u0667\u0669\u0668\u0660")
    assert found(pr, "Texto. " * 50 + "NHC \u0665\u0664\u0666 \u0667\u0669 \u0668\u0660.") == [
        ("\u0665\u0664\u0666 \u0667\u0669 \u0668\u0660", "ID_SUJETO_ASISTENCIA", "id")]


def test_phones_match_with_or_without_their_international_prefix(tmp_path):
    pr = matcher(tmp_path, phone="+34 912 345 678", fax="+46 8 123 45 67")
    text = "Tel. 912345678, 91-234-56-78, +34 912 34 56 78; fax 08-123 45 67."
    assert [t for t, _, _ in found(pr, text)] == ["912345678", "91-234-56-78", "+34 912 34 56 78", "08-123 45 67"]


def test_addresses_match_whole_in_parts_and_with_street_type_variants(tmp_path):
    pr = matcher(tmp_path, address="C/ Mayor 4, 2º A, 28013, Madrid")
    text = "Vive en Calle Mayor, 4 (Madrid). CP 28013. Piso 2º A."
    assert found(pr, text) == [("Calle Mayor, 4", "CALLE", "address"), ("Madrid", "TERRITORIO", "address"),
                               ("28013", "TERRITORIO", "address")]


def test_a_street_type_written_otherwise_matches_when_it_is_the_longest_word(tmp_path):
    # regression: the search started from the longest word, and when that was the street type its
    # other spellings were never tried (Avenida Sol: "avda Sol" was not found)
    pr = matcher(tmp_path, address="Avenida Sol 5")
    assert found(pr, "Vive en avda. Sol 5 y en Av Sol 5.") == [("avda. Sol 5", "CALLE", "address"),
                                                              ("Av Sol 5", "CALLE", "address")]


def test_unknown_fields_match_as_literal_values(tmp_path):
    pr = matcher(tmp_path, email="ana.gil@example.org", mascota="Toby Rex")
    assert found(pr, "Escribir a Ana.Gil@example.org; su perro toby  rex.") == [
        ("Ana.Gil@example.org", "CORREO_ELECTRONICO", "email"), ("toby  rex", "OTROS_SUJETO_ASISTENCIA", "mascota")]


@pytest.mark.parametrize("field, record, text, value", [
    ("id", "NHC 1234567#", "NHC: 1234567.", "1234567"), ("id", "12 345 678", "NHC 12345678.", "12345678"),
    ("id", "1234567..", "Historia 1234567.", "1234567"), ("phone", "Tel. 912345678", "Tfno. 912 34 56 78.",
                                                            "912 34 56 78"),
    ("phone", "9 1234 5678", "Tel 912 345 678.", "912 345 678"),
])
def test_a_messy_id_or_phone_is_found_as_its_digits(tmp_path, field, record, text, value):
    assert [(t, f) for t, _, f in found(matcher(tmp_path, **{field: record}), text)] == [(value, field)]
