"""i2b2 2014 XML: reading the shipped note, writing it back, schema categories."""

from __future__ import annotations

from formatshelp import only_documents, snapshot

from annotator import formats
from annotator.corpus import read_documents, write_documents
from annotator.document import Document


def test_reads_offsets_ids_types_and_comments(formats_data):
    (doc,) = only_documents(read_documents(formats_data / "i2b2-2014" / "110-01.xml"))
    date = doc.annset().get(0)
    assert (date.type, date.start, date.end, doc.text[16:26]) == ("DATE", 16, 26, "2069-04-07")
    assert doc.annset().get(3).features == {"comment": "attending"}
    assert {a.type for a in doc.annset()} == {"DATE", "PATIENT", "MEDICALRECORD", "DOCTOR", "HOSPITAL", "CITY", "AGE"}
    assert all(a.features in ({}, {"comment": "attending"}) for a in doc.annset())
    assert '& "stable" <discharged>' in doc.text


def test_writer_gives_the_file_back(formats_data, tmp_path):
    docs = only_documents(read_documents(formats_data / "i2b2-2014"))
    (path,) = write_documents(docs, tmp_path, "i2b2-2014")
    assert path.read_bytes() == (formats_data / "i2b2-2014" / "110-01.xml").read_bytes()


def test_unknown_type_uses_the_generic_phi_element():
    doc = Document("Zed", name="z")
    doc.annset().add("ALIAS", 0, 3, id=5)
    out = formats.get("i2b2-2014").render(doc)[".xml"].decode()
    assert '<PHI id="P5" start="0" end="3" text="Zed" TYPE="ALIAS" comment="" />' in out


def test_meddocan_types_keep_their_meddocan_category(tmp_path):
    doc = Document("Madrid", name="m")
    doc.annset().add("TERRITORIO", 0, 6, id=1)
    write_documents([doc], tmp_path, "i2b2-2014")
    assert "<LOCATION id=\"P1\"" in (tmp_path / "m.xml").read_text(encoding="utf-8")
    (back,) = only_documents(read_documents(tmp_path, "i2b2-2014"))
    assert snapshot(back) == snapshot(doc)
