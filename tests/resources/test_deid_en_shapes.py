"""deid-en's values by their shape (resources/grammars/deid-en/shapes.jape, actions/shapes.py): names
and addresses written in a script other than Latin, streets joined to their type by hyphens, and
the unit or house-number range after a street line (the whole street line, i2b2 2014)."""

from __future__ import annotations

import pytest
from resourcehelp import covered, phi


@pytest.mark.parametrize("text, value", [
    # names in their own script, after a cue of any kind or none
    ("Ms. 李秀英 phoned about her results.", "李秀英"),
    ("Referral for Ελένη Παπαδοπούλου, 52, with chest pain.", "Ελένη Παπαδοπούλου"),
    ("My name is Анна Кузнецова and I need a refill.", "Анна Кузнецова"),
    ("Seen with her son 田中 健一 today.", "田中 健一"),
    ("김민준's mother called the ward.", "김민준"),
    ("Dear Dr. محمد الأحمد,", "محمد الأحمد"),
    ("Patient राहुल शर्मा was discharged.", "राहुल शर्मा"),
    ("Signed, דוד כהן", "דוד כהן"),
    ("Please ring სოფო ბერიძე tomorrow.", "სოფო ბერიძე"),
    # addresses in their own script, with their numbers
    ("She lives at ул. Садовая 14, кв. 3 with her sister.", "ул. Садовая 14, кв. 3"),
    ("Post the letter to 上海市徐汇区漕溪北路88号 please.", "上海市徐汇区漕溪北路88号"),
    ("Moved to Οδός Ερμού 22, Αθήνα last spring.", "Οδός Ερμού 22, Αθήνα"),
    # a house number with its slash before the street, as India and Thailand write it
    ("Courier to 14/203 ถนนสุขุมวิท today.", "14/203 ถนนสุขุมวิท"),
    # a postcode found inside the address: the parts around it stay covered
    ("Moved to Οδός Ερμού 22, ΤΚ 10563 Αθήνα last spring.", "Οδός Ερμού"),
    ("Moved to Οδός Ερμού 22, ΤΚ 10563 Αθήνα last spring.", "Αθήνα"),
])
def test_names_and_addresses_in_other_scripts(hipaa, text, value):
    assert covered(hipaa, text, value)


@pytest.mark.parametrize("text", [
    "TNF-α and IL-6 were raised; β-blocker started.",
    "Give 250 μg daily, then review the Δ in weight.",
    "The γ-GT was 80 U/L.",
    "Raised αβ T cells, few γδ cells.",
])
def test_single_greek_letters_of_medicine_stay_untouched(hipaa, text):
    assert phi(hipaa, text) == []


@pytest.mark.parametrize("text, expected", [
    # a street name joined to its type by hyphens, with no address cue before it
    ("The letter went to Otto-Hahn-Straße 3 yesterday.", [("STREET", "Otto-Hahn-Straße 3")]),
    ("Parcel returned from Karl-Marx-Allee 90a today.", [("STREET", "Karl-Marx-Allee 90a")]),
    # one word with its street type inside: Nordic squares and bays, Czech adjectives
    ("Parcel returned from Stortorget 12 today.", [("STREET", "Stortorget 12")]),
    ("Her flat is Husarská 491 upstairs.", [("STREET", "Husarská 491")]),
    # an address of Vietnam by its part words, some in lower case
    ("Ship to Số 12 Ngõ 3 Phố Huế, phường Bùi Thị Xuân today.", [("STREET", "Số 12 Ngõ 3 Phố Huế, phường Bùi Thị Xuân")]),
    ("She grew up in thành phố Cần Thơ.", [("STREET", "thành phố Cần Thơ")]),
    # a house-number range stays in the street line
    ("He lives at Lindenweg 4-8 now.", [("STREET", "Lindenweg 4-8")]),
    # the unit after the street line, in the address's own language
    ("She lives at Calle Mayor 5 Piso 3 with her mother.", [("STREET", "Calle Mayor 5 Piso 3")]),
    ("Send it to Via Roma 10 Interno 7 please.", [("STREET", "Via Roma 10 Interno 7")]),
    ("Her flat is Hauptstraße 5 Whg. 12 upstairs.", [("STREET", "Hauptstraße 5 Whg. 12")]),
])
def test_streets_with_hyphens_ranges_and_units(hipaa, text, expected):
    assert phi(hipaa, text) == expected
