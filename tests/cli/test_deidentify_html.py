"""``annotator deidentify --html DIR``: original and de-identified text side by side."""

from __future__ import annotations

from pathlib import Path

from annotator.cli import main
from annotator.corpus import read_documents
from tests.view.pagehelp import pieces

DATA = Path(__file__).resolve().parent.parent / "data" / "deid" / "en"


def test_each_document_shows_its_original_and_its_deidentified_text(tmp_path):
    out, pages = tmp_path / "out", tmp_path / "pages"
    assert main(["deidentify", str(DATA), "--out", str(out), "--mode", "placeholder", "--html", str(pages)]) == 0
    before = {d.name: d for d in read_documents(DATA, "brat")}
    after = {d.name: d for d in read_documents(out, "brat")}
    assert sorted(p.stem for p in pages.glob("*.html")) == sorted(before)
    for name, doc in before.items():
        page = (pages / f"{name}.html").read_text(encoding="utf-8")
        texts = [found.text for found in (pieces(page), pieces(page.split("<h2>de-identified</h2>", 1)[1]))]
        assert texts == [doc.text, after[name].text]
        shown = [{(p.attrs["data-type"], int(p.attrs["data-start"]), int(p.attrs["data-end"])) for p in found.pieces}
                 for found in (pieces(page), pieces(page.split("<h2>de-identified</h2>", 1)[1]))]
        assert shown == [{(a.type, a.start, a.end) for a in d.annset()} for d in (doc, after[name])]
        assert "[" in after[name].text  # placeholders, shown on the right
