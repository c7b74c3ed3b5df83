"""Plain text: bytes kept exactly (BOM, CRLF), written back unchanged."""

from __future__ import annotations

from annotator.corpus import read_documents, write_documents
from formatshelp import only_documents


def test_bom_and_crlf_are_kept(formats_data, tmp_path):
    (doc,) = only_documents(read_documents(formats_data / "text", "text"))
    assert doc.name == "crlf-bom" and doc.text == "\ufeffLine one\r\nLine two\r\n"
    (path,) = write_documents([doc], tmp_path, "text")
    assert path.read_bytes() == (formats_data / "text" / "crlf-bom.txt").read_bytes()
