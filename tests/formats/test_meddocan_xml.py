"""MEDDOCAN-XML: reading, the category rule, byte-identical writing, lenient text attributes."""

from __future__ import annotations

import logging

import pytest
from formatshelp import only_documents, snapshot

from annotator import formats
from annotator.corpus import read_documents, write_documents
from annotator.document import Document
from annotator.errors import InputError


def test_same_annotations_as_the_brat_excerpt(formats_data):
    xml_docs = only_documents(read_documents(formats_data / "meddocan-xml", "meddocan-xml"))
    brat_docs = only_documents(read_documents(formats_data / "brat", "brat"))
    assert [d.name for d in xml_docs] == [d.name for d in brat_docs]
    for x, b in zip(xml_docs, brat_docs):
        assert x.text == b.text and snapshot(x) == snapshot(b)


def test_writer_gives_the_file_back(formats_data, tmp_path):
    docs = only_documents(read_documents(formats_data / "meddocan-xml"))
    for path in write_documents(docs, tmp_path, "meddocan-xml"):
        assert path.read_bytes() == (formats_data / "meddocan-xml" / path.name).read_bytes()


def test_category_and_comment_become_features_only_when_informative(tmp_path):
    (tmp_path / "c.xml").write_text(
        '<MEDDOCAN><TEXT><![CDATA[Ana & Eva]]></TEXT><TAGS>'
        '<NAME id="T1" start="0" end="3" text="Ana" TYPE="NOMBRE_SUJETO_ASISTENCIA" comment=""/>'
        '<OTHER id="T2" start="6" end="9" text="Eva" TYPE="NOMBRE_SUJETO_ASISTENCIA" comment="odd"/>'
        "</TAGS></MEDDOCAN>",
        encoding="utf-8",
    )
    (doc,) = only_documents(read_documents(tmp_path / "c.xml"))
    assert doc.annset().get(1).features == {}
    assert doc.annset().get(2).features == {"category": "OTHER", "comment": "odd"}
    out = formats.get("meddocan-xml").render(doc)[".xml"].decode()
    assert '<OTHER id="T2" start="6" end="9" text="Eva" TYPE="NOMBRE_SUJETO_ASISTENCIA" comment="odd"/>' in out


def test_text_attribute_mismatch_is_an_error_or_a_lenient_warning(tmp_path, caplog):
    (tmp_path / "t.xml").write_text(
        '<MEDDOCAN>\n<TEXT>Ana</TEXT>\n<TAGS>\n<NAME id="T1" start="0" end="3" text="Ane" TYPE="X"/>\n</TAGS></MEDDOCAN>',
        encoding="utf-8",
    )
    with pytest.raises(InputError) as info:
        next(formats.get("meddocan-xml").read(tmp_path / "t.xml"))
    assert info.value.message.startswith("E124") and info.value.line == 4
    with caplog.at_level(logging.WARNING, logger="annotator"):
        doc = next(formats.get("meddocan-xml").read(tmp_path / "t.xml", lenient=True))
    assert len(doc.annset()) == 1 and any("E124" in r.getMessage() for r in caplog.records)


def test_cr_and_cdata_terminator_survive(tmp_path):
    doc = Document("a\r\nb ]]> c", name="cr")
    doc.annset().add("X", 3, 4, id=1)
    write_documents([doc], tmp_path, "meddocan-xml")
    (back,) = only_documents(read_documents(tmp_path / "cr.xml"))
    assert back.text == doc.text and snapshot(back) == snapshot(doc)


def test_text_xml_cannot_hold_is_refused(tmp_path):
    doc = Document("bell \x07 here", name="bell")
    with pytest.raises(InputError, match="E112"):
        write_documents([doc], tmp_path, "meddocan-xml")
    assert not (tmp_path / "bell.xml").exists()


def test_wrong_root_is_reported(tmp_path):
    (tmp_path / "w.xml").write_text("<deIdi2b2><TEXT>x</TEXT></deIdi2b2>", encoding="utf-8")
    with pytest.raises(InputError, match="E116"):
        next(formats.get("meddocan-xml").read(tmp_path / "w.xml"))
