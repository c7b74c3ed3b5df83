"""BIO labels over tokens and back to spans."""

from __future__ import annotations

from annotator.document import Document
from annotator.learning import bio


def _tokens(text: str):
    doc = Document(text, name="t")
    start = 0
    for word in text.split():
        start = text.index(word, start)
        doc.annset().add("Token", start, start + len(word))
        start += len(word)
    return list(doc.annset().with_type("Token"))


def test_spans_become_begin_inside_outside_labels_and_decode_back():
    tokens = _tokens("Ana Ruiz vive en Lugo")
    spans = [("NAME", 0, 8), ("CITY", 17, 21)]
    labels = bio.encode(tokens, spans)
    assert labels == ["B-NAME", "I-NAME", "O", "O", "B-CITY"]
    assert bio.decode(tokens, labels) == spans


def test_adjacent_spans_of_one_type_stay_apart():
    tokens = _tokens("Ana Luis")
    labels = bio.encode(tokens, [("NAME", 0, 3), ("NAME", 4, 8)])
    assert labels == ["B-NAME", "B-NAME"]
    assert bio.decode(tokens, labels) == [("NAME", 0, 3), ("NAME", 4, 8)]


def test_an_inside_label_without_its_begin_starts_a_span():
    tokens = _tokens("en Lugo Norte")
    assert bio.decode(tokens, ["O", "I-CITY", "I-CITY"]) == [("CITY", 3, 13)]
    assert bio.decode(tokens, ["B-NAME", "I-CITY", "O"]) == [("NAME", 0, 2), ("CITY", 3, 7)]


def test_overlapping_gold_spans_keep_the_first_and_longest():
    tokens = _tokens("Hospital de Lugo")
    labels = bio.encode(tokens, [("CITY", 12, 16), ("HOSPITAL", 0, 16)])
    assert labels == ["B-HOSPITAL", "I-HOSPITAL", "I-HOSPITAL"]


def test_coverage_counts_spans_that_start_or_end_inside_a_token():
    tokens = _tokens("C/Esquerdo 46")
    assert bio.coverage(tokens, [("CALLE", 2, 13)]) == (0, 1)
    assert bio.coverage(tokens, [("CALLE", 0, 13)]) == (1, 1)
