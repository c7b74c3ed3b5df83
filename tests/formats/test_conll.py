"""CoNLL BIO files: writing with and without Token annotations, reading both column layouts."""

from __future__ import annotations

import logging

from annotator.corpus import read_documents, write_documents
from annotator.document import Document
from formatshelp import only_documents


def entities(doc):
    return [(a.type, a.start, a.end) for a in doc.annset() if a.type != "Token"]


def test_rule_tokens_sentences_at_newlines_and_read_back(tmp_path):
    doc = Document("Juan Pérez, 45 años.\nVive en Madrid.", name="n")
    doc.annset().add("NOMBRE", 0, 10)
    doc.annset().add("EDAD", 12, 19)
    doc.annset().add("TERRITORIO", 29, 35)
    (path,) = write_documents([doc], tmp_path, "conll")
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[:4] == ["Juan\t0\t4\tB-NOMBRE", "Pérez\t5\t10\tI-NOMBRE", ",\t10\t11\tO", "45\t12\t14\tB-EDAD"]
    assert "" in lines[:-1]  # the newline in the text ended the first sentence
    (back,) = only_documents(read_documents(path))
    assert entities(back) == entities(doc)
    assert back.text.replace("\n", " ") == doc.text.replace("\n", " ")


def test_uses_token_and_sentence_annotations_and_warns_on_misaligned(tmp_path, caplog):
    doc = Document("ab cd ef", name="t")
    for s, e in [(0, 2), (3, 5), (6, 8)]:
        doc.annset().add("Token", s, e)
    doc.annset().add("Sentence", 0, 5)
    doc.annset().add("Sentence", 6, 8)
    doc.annset().add("X", 1, 5)  # starts inside a token
    doc.annset().add("Y", 3, 5)  # overlaps X
    with caplog.at_level(logging.WARNING, logger="annotator"):
        (path,) = write_documents([doc], tmp_path, "conll")
    assert path.read_text(encoding="utf-8") == "ab\t0\t2\tB-X\ncd\t3\t5\tI-X\n\nef\t6\t8\tO\n"
    codes = {r.getMessage().split(": ")[1].split()[0] for r in caplog.records}
    assert {"E126", "E127"} <= codes


def test_reads_shipped_files(formats_data):
    docs = {d.name: d for d in only_documents(read_documents(formats_data / "conll", "conll"))}
    note = docs["note"]
    assert [(t, note.text[s:e]) for t, s, e in entities(note)] == [("PATIENT", "John Smith"), ("DOCTOR", "Lee")]
    assert note.text == "John Smith was seen.\nDr Lee signed"
    two = docs["two-columns"]
    assert two.text == "John Smith was seen\nLee signed"
    assert [(t, two.text[s:e]) for t, s, e in entities(two)] == [("PATIENT", "John Smith"), ("DOCTOR", "Lee")]
    assert len(two.annset().with_type("Token")) == 6
