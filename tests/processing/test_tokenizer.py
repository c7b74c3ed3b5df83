"""The tokenizer PR: ANNIE feature values, clinical tokenization rules, Unicode."""

from __future__ import annotations

import pytest

from annotator.document import Document
from annotator.processing import resource_class, tokenizer
from annotator.processing.tokenizer import Tokenizer, orth


def tokens(text: str, **params) -> list:
    doc = Document(text)
    Tokenizer(**params)(doc)
    return list(doc.annset(params.get("outputASName", "")))


def strings(text: str) -> list[str]:
    return [t.features["string"] for t in tokens(text) if t.type == "Token"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2/7", ["2", "/", "7"]),
        ("1500H", ["1500", "H"]),
        ("c/o", ["c", "/", "o"]),
        ("S1S2", ["S", "1", "S", "2"]),
        ("120/70", ["120", "/", "70"]),
        ("s/p", ["s", "/", "p"]),
        ("e-mail@host.es", ["e-mail", "@", "host", ".", "es"]),
        ("C/ Dr. Esquerdo, 46", ["C", "/", "Dr", ".", "Esquerdo", ",", "46"]),
        ("12/03/2019", ["12", "/", "03", "/", "2019"]),
        ("2019-03-12", ["2019", "-", "03", "-", "12"]),
        ("+34 915 55 12 34", ["+", "34", "915", "55", "12", "34"]),
        ("(91) 555-1234", ["(", "91", ")", "555", "-", "1234"]),
        ("12345678Z", ["12345678", "Z"]),
        ("NHC-368503", ["NHC", "-", "368503"]),
        ("3.5 mg", ["3", ".", "5", "mg"]),
        ("37,8 ºC", ["37", ",", "8", "ºC"]),
        ("x-ray 20-year-old", ["x-ray", "20", "-", "year-old"]),
        ("Jean-Paul Sánchez-León", ["Jean", "-", "Paul", "Sánchez", "-", "León"]),
        ("anti-HBs", ["anti", "-", "HBs"]),
        ("word- next", ["word", "-", "next"]),
        ("don't", ["don", "'", "t"]),
    ],
)
def test_clinical_strings(text: str, expected: list[str]) -> None:
    assert strings(text) == expected


def test_every_character_is_in_exactly_one_token() -> None:
    text = "Pac. José\u0301 Åsa, nº 5; 2ª planta\r\n\tT 37.5 °C  SpO2 98%… «bien» ¿dolor? 北京 €5 m²\u00a0x\u2028y"
    found = tokens(text)
    assert [(t.start, t.end) for t in found] == sorted((t.start, t.end) for t in found)
    position = 0
    for token in found:
        assert token.start == position
        assert token.features["string"] == text[token.start:token.end]
        assert token.features["length"] == token.end - token.start
        position = token.end
    assert position == len(text)


@pytest.mark.parametrize(
    "word, expected",
    [
        ("Smith", "upperInitial"), ("I", "upperInitial"), ("A", "upperInitial"), ("Ñu", "upperInitial"),
        ("Jean-paul", "upperInitial"), ("NHC", "allCaps"), ("ÅÄÖ", "allCaps"), ("ÁNGEL", "allCaps"),
        ("läkare", "lowercase"), ("x-ray", "lowercase"), ("nº", "lowercase"), ("niño", "lowercase"),
        ("McDonald", "mixedCaps"), ("iPhone", "mixedCaps"), ("HBsAg", "mixedCaps"), ("pH", "mixedCaps"),
    ],
)
def test_orth_values(word: str, expected: str) -> None:
    assert orth(word) == expected
    (token,) = tokens(word)
    assert token.features == {"string": word, "kind": "word", "orth": expected, "length": len(word)}


def test_annie_features_of_punctuation_symbols_and_numbers() -> None:
    by_string = {t.features["string"]: t.features for t in tokens("( ) « » - – . , / @ % € $ + ° ² 42")}
    assert by_string["("] == {"string": "(", "kind": "punctuation", "position": "startpunct", "length": 1}
    assert by_string["«"]["position"] == "startpunct"
    assert by_string[")"]["position"] == "endpunct"
    assert by_string["»"]["position"] == "endpunct"
    assert by_string["-"] == {"string": "-", "kind": "punctuation", "subkind": "dashpunct", "length": 1}
    assert by_string["–"]["subkind"] == "dashpunct"
    for char in ".,/@%":
        assert by_string[char] == {"string": char, "kind": "punctuation", "length": 1}
    assert by_string["€"] == {"string": "€", "kind": "symbol", "symbolkind": "currency", "length": 1}
    assert by_string["$"]["symbolkind"] == "currency"
    assert by_string["+"] == {"string": "+", "kind": "symbol", "length": 1}
    assert by_string["°"]["kind"] == "symbol"
    assert by_string["²"]["kind"] == "number"
    assert by_string["42"] == {"string": "42", "kind": "number", "length": 2}
    assert all("orth" not in f for s, f in by_string.items() if f["kind"] != "word")


def test_space_tokens_one_per_character_as_annie() -> None:
    found = [t for t in tokens("a  b\r\n\tc\u00a0d\u2028e") if t.type == "SpaceToken"]
    assert [(t.features["string"], t.features["kind"]) for t in found] == [
        (" ", "space"), (" ", "space"), ("\r", "control"), ("\n", "control"), ("\t", "control"), ("\u00a0", "space"),
        ("\u2028", "control")]
    assert all(t.features["length"] == 1 for t in found)


def test_unicode_words() -> None:
    assert strings("Åsa Öberg, läkare på Södersjukhuset") == ["Åsa", "Öberg", ",", "läkare", "på", "Södersjukhuset"]
    assert strings("Dña. María Muñoz Güell, 2º dcha, 1ª planta") == [
        "Dña", ".", "María", "Muñoz", "Güell", ",", "2", "º", "dcha", ",", "1", "ª", "planta"]
    decomposed = "Jose\u0301 A\u0301NGEL"
    found = [t for t in tokens(decomposed) if t.type == "Token"]
    assert [t.features["string"] for t in found] == ["Jose\u0301", "A\u0301NGEL"]
    assert [t.features["orth"] for t in found] == ["upperInitial", "allCaps"]
    (cjk,) = tokens("北京")
    assert cjk.features == {"string": "北京", "kind": "word", "type": "other", "length": 2}


EMOJI = "\U0001f600"  # beyond the Basic Multilingual Plane: the text goes through the other engine


@pytest.mark.parametrize("context", ["{}", "a{}b", "ab-{}", "{}-ab", "A\u00ad{}x", "9{}9", "{}\u0301"])
def test_every_plane_character_is_tokenized_alike_with_or_without_an_emoji_in_the_text(context: str) -> None:
    # every code point of the Basic Multilingual Plane, in a context, then a space: the tokens must
    # not depend on whether a character beyond the plane occurs elsewhere in the text
    text = "".join(context.format(chr(c)) + " " for c in range(0x10000))
    assert tokenizer.token_strings(text) == tokenizer.token_strings(text + EMOJI)[:-1]


def test_letters_beyond_the_plane_make_words() -> None:
    assert strings("\U0001d400\U0001d401c-\U0001d41a d\U0001f600") == [
        "\U0001d400\U0001d401c-\U0001d41a", "d", EMOJI]


def test_soft_hyphen_joins_like_a_hyphen() -> None:
    assert strings("Kran\u00adken \u00adX") == ["Kran\u00adken", "\u00ad", "X"]


def test_feature_dicts_are_not_shared() -> None:
    doc = Document("dolor y dolor")
    Tokenizer()(doc)
    first, second = [t for t in doc.annset().with_type("Token") if t.features["string"] == "dolor"]
    first.features["category"] = "NN"
    assert "category" not in second.features
    again = Document("dolor")
    Tokenizer()(again)
    assert "category" not in again.annset().with_type("Token").first().features


def test_registered_and_writes_to_the_output_set() -> None:
    assert resource_class("tokenizer") is Tokenizer
    doc = Document("Hola, mundo.")
    Tokenizer(outputASName="tok")(doc)
    assert len(doc.annset()) == 0
    assert [t.features["string"] for t in doc.annset("tok").with_type("Token")] == ["Hola", ",", "mundo", "."]
    assert len(doc.annset("tok").with_type("SpaceToken")) == 1


def test_empty_text() -> None:
    assert tokens("") == []


def test_meddocan_text_is_fully_covered(meddocan_dir) -> None:
    path = sorted((meddocan_dir / "train" / "brat").glob("*.txt"))[0]
    text = path.read_text(encoding="utf-8")
    found = tokens(text)
    assert sum(t.end - t.start for t in found) == len(text)
    assert "".join(t.features["string"] for t in found) == text


def test_a_full_string_table_is_replaced_and_tokens_stay_right() -> None:
    table = tokenizer.TokenStrings(limit=5)
    assert [f["string"] for f in table.tokenize("uno dos tres")[3]] == ["uno", " ", "dos", " ", "tres"]
    assert [f["string"] for f in table.tokenize("siete ocho uno")[3]] == ["siete", " ", "ocho", " ", "uno"]
    assert table.tokenize("siete ocho")[0] == ["Token", "SpaceToken", "Token"]


@pytest.mark.parametrize(
    "text, inside, gate",
    [
        ("Karl- und", ["Karl", "-", "und"], ["Karl-", "und"]),
        ("Jean-Paul", ["Jean", "-", "Paul"], ["Jean-", "Paul"]),
        ("NHC-368503", ["NHC", "-", "368503"], ["NHC-", "368503"]),
        ("x-ray, 3-year-old", ["x-ray", ",", "3", "-", "year-old"], ["x-ray", ",", "3", "-", "year-old"]),
        ("a -- b", ["a", "-", "-", "b"], ["a", "-", "-", "b"]),
    ],
)
def test_style_gate_keeps_a_hyphen_after_a_word(text: str, inside: list[str], gate: list[str]) -> None:
    # GATE's DefaultTokeniser.rules: a word's letters may be followed by DASH_PUNCTUATION, so
    # the hyphen right after a word is part of it; a hyphen after a space or a digit is not.
    def words(**params) -> list[str]:
        return [t.features["string"] for t in tokens(text, **params) if t.type == "Token"]

    assert words() == inside
    assert words(style="annotator") == inside
    assert words(style="gate") == gate


def test_style_gate_length_is_a_string_as_gate_stores_it() -> None:
    karl, space, number = tokens("Karl- 12", style="gate")
    assert karl.features == {"string": "Karl-", "kind": "word", "orth": "upperInitial", "length": "5"}
    assert space.features["length"] == "1" and number.features["length"] == "2"
    assert tokens("Karl- 12")[-1].features["length"] == 2
    assert [t.features["orth"] for t in tokens("A- NHC- x-", style="gate") if t.type == "Token"] == [
        "allCaps", "allCaps", "lowercase"]  # GATE's allCaps rule: an upper-case letter, then hyphens
