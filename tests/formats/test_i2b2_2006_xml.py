"""i2b2 2006 inline XML: records to standoff and back, the unclosed-tag repair."""

from __future__ import annotations

import logging

import pytest
from formatshelp import snapshot

from annotator import formats
from annotator.corpus import Failure, read_documents, write_documents
from annotator.document import Document
from annotator.errors import InputError


def read_all(path):
    return list(read_documents(path, "i2b2-2006"))


def test_records_become_documents_and_the_defect_is_repaired_with_a_warning(formats_data, caplog):
    with caplog.at_level(logging.WARNING, logger="annotator"):
        docs = read_all(formats_data / "i2b2-2006" / "records.xml")
    assert [d.name for d in docs] == ["101", "102"]
    first, second = docs
    assert [(a.type, first.text[a.start:a.end]) for a in first.annset()] == [
        ("DATE", "2006-03-11"), ("PATIENT", "Ruth Pratt"), ("AGE", "71"),
        ("HOSPITAL", "Fairview Medical Center"), ("DOCTOR", "Ian Walsh"),
    ]
    assert "M.D. & team\n[ report_end ]\n" in first.text and first.text.startswith("\nAdmission Date")
    assert [(a.type, second.text[a.start:a.end]) for a in second.annset()][0] == ("DATE", "25th of July")
    (warning,) = [r.getMessage() for r in caplog.records if "E118" in r.getMessage()]
    assert "records.xml:12:" in warning and '<PHI TYPE="DOCTOR">' in warning


def test_writing_back_gives_the_repaired_records(formats_data, tmp_path):
    docs = read_all(formats_data / "i2b2-2006" / "records.xml")
    (out,) = write_documents(docs, tmp_path / "out.xml", "i2b2-2006")
    original = (formats_data / "i2b2-2006" / "records.xml").read_text(encoding="utf-8")
    repaired = original.replace('25th of July<PHI TYPE="DOCTOR">', "25th of July</PHI>")
    written = out.read_text(encoding="utf-8")
    assert written.split("<ROOT>", 1)[1] == repaired.split("<ROOT>", 1)[1]
    again = read_all(out)
    assert [(d.name, d.text, snapshot(d)) for d in again] == [(d.name, d.text, snapshot(d)) for d in docs]


def test_a_bad_record_fails_alone(tmp_path):
    (tmp_path / "r.xml").write_text(
        '<ROOT><RECORD ID="1"><TEXT>ok <PHI TYPE="AGE">3</PHI></TEXT></RECORD>\n'
        '<RECORD ID="2"><TEXT>bad <B>x</B></TEXT></RECORD>\n'
        '<RECORD ID="3"><TEXT>fine</TEXT></RECORD></ROOT>',
        encoding="utf-8",
    )
    items = read_all(tmp_path / "r.xml")
    assert [type(i).__name__ for i in items] == ["Document", "Failure", "Document"]
    failure = items[1]
    assert isinstance(failure, Failure) and failure.error.line == 2 and "E116" in str(failure)


def test_overlapping_annotations_cannot_be_written_inline(tmp_path):
    doc = Document("John Smith", name="1")
    doc.annset().add("PATIENT", 0, 10)
    doc.annset().add("PATIENT", 5, 10)
    with pytest.raises(InputError, match="E113"):
        formats.get("i2b2-2006").render_many([doc])
