"""The whole MEDDOCAN train and dev corpus through every format and back, losslessly.

brat -> meddocan-xml -> i2b2-2014 -> gate-xml -> bdoc -> brat gives the same text and the same
annotations (id, type, offsets, features) for every document; the final .txt files are the
input bytes; the .ann files hold the input's lines, in document order (the corpus files list
them in the order they were annotated).
"""

from __future__ import annotations

import pytest

from annotator.corpus import read_documents, write_documents
from annotator.document import Document
from formatshelp import only_documents, snapshot, t_lines_in_document_order

CHAIN = ["meddocan-xml", "i2b2-2014", "gate-xml", "bdoc", "brat"]


def chain(docs, tmp_path):
    """Write and re-read the documents through every format of CHAIN; the final documents."""
    for fmt in CHAIN:
        write_documents(docs, tmp_path / fmt, fmt)
        docs = only_documents(read_documents(tmp_path / fmt, fmt))
    return docs


@pytest.mark.parametrize("split", ["train", "dev"])
def test_chain_is_lossless(meddocan_dir, tmp_path, split):
    src = meddocan_dir / split / "brat"
    originals = only_documents(read_documents(src, "brat"))
    assert len(originals) == len(list(src.glob("*.ann")))
    final = chain(originals, tmp_path)
    assert [d.name for d in final] == [d.name for d in originals]
    for before, after in zip(originals, final):
        assert after.text == before.text, before.name
        assert snapshot(after) == snapshot(before), before.name
    for ann in sorted(src.glob("*.ann")):
        written = tmp_path / "brat" / ann.name
        assert written.with_suffix(".txt").read_bytes() == ann.with_suffix(".txt").read_bytes()
        assert sorted(written.read_bytes().splitlines()) == sorted(ann.read_bytes().splitlines()), ann.name
        assert t_lines_in_document_order(written.read_text(encoding="utf-8")), ann.name
    bom = [d for d in originals if d.text.startswith("\ufeff")]
    assert len(bom) == sum(p.read_bytes().startswith(b"\xef\xbb\xbf") for p in src.glob("*.txt")) > 0


@pytest.mark.parametrize("split", ["train", "dev"])
def test_corpus_xml_reads_as_the_brat_and_is_written_byte_for_byte(meddocan_dir, tmp_path, split):
    xml_docs = only_documents(read_documents(meddocan_dir / split / "xml", "meddocan-xml"))
    brat_docs = only_documents(read_documents(meddocan_dir / split / "brat", "brat"))
    assert [d.name for d in xml_docs] == [d.name for d in brat_docs]
    for x, b in zip(xml_docs, brat_docs):
        assert x.text == b.text and snapshot(x) == snapshot(b), x.name
    for path in write_documents(brat_docs, tmp_path, "meddocan-xml"):
        assert path.read_bytes() == (meddocan_dir / split / "xml" / path.name).read_bytes(), path.name


def test_crlf_bom_and_astral_text_survive_the_chain(tmp_path):
    text = "\ufeffNombre: Ana \U0001F600 Ruiz.\r\nEdad: 3 años.\r\nCalle\r\nMayor 1\r"
    doc = Document(text, name="crlf")
    for type, word in [("NOMBRE_SUJETO_ASISTENCIA", "Ana \U0001F600 Ruiz"), ("EDAD_SUJETO_ASISTENCIA", "3 años"),
                       ("CALLE", "Calle\r\nMayor 1")]:
        start = text.index(word)
        doc.annset().add(type, start, start + len(word), id=len(doc.annset()) + 1)
    doc.annset().get(3).features["comment"] = "spans a CRLF"
    (final,) = chain([doc], tmp_path)
    assert final.text == text and snapshot(final) == snapshot(doc)
