"""``annotator view``: a page per document and the corpus index, through the corpus loop."""

from __future__ import annotations

from pathlib import Path

from annotator.cli import main
from annotator.corpus import read_documents
from tests.view.pagehelp import by_id, pieces

BRAT = Path(__file__).resolve().parent.parent / "data" / "formats" / "brat"


def test_a_folder_gives_a_page_per_document_and_an_index(tmp_path):
    out = tmp_path / "pages"
    assert main(["view", str(BRAT), "--out", str(out)]) == 0
    docs = {d.name: d for d in read_documents(BRAT, "brat")}
    assert sorted(p.name for p in out.glob("*.html")) == sorted([f"{n}.html" for n in docs] + ["index.html"])
    for name, doc in docs.items():
        found = pieces((out / f"{name}.html").read_text(encoding="utf-8"))
        assert found.text == doc.text
        groups = by_id(found)
        assert {(p.attrs["data-type"], int(p.attrs["data-start"]), int(p.attrs["data-end"]))
                for parts in groups.values() for p in parts} == {(a.type, a.start, a.end) for a in doc.annset()}
    index = (out / "index.html").read_text(encoding="utf-8")
    for name, doc in docs.items():
        assert f'href="{name}.html"' in index
    total = sum(len(d.annset()) for d in docs.values())
    assert f"<th>{len(docs)} documents</th>" in index and f"<td>{total}</td>" in index


def test_types_choose_what_is_shown(tmp_path):
    out = tmp_path / "pages"
    assert main(["view", str(BRAT), "--out", str(out), "--types", "FECHAS,PAIS", "--sets", ""]) == 0
    shown = {p.attrs["data-type"] for page in out.glob("S*.html") for p in pieces(page.read_text(encoding="utf-8")).pieces}
    assert shown == {"FECHAS", "PAIS"}


def test_a_document_named_index_fails_alone(tmp_path, capsys):
    src = tmp_path / "in"
    src.mkdir()
    for name in ("index", "other"):
        (src / f"{name}.txt").write_text("Hola Ana.", encoding="utf-8")
        (src / f"{name}.ann").write_text("T1\tNAME 5 8\tAna\n", encoding="utf-8")
    out = tmp_path / "pages"
    assert main(["view", str(src), "--out", str(out), "--keep-going"]) == 1
    assert "E902 document 'index' would have the corpus index's page" in capsys.readouterr().err
    assert 'href="other.html"' in (out / "index.html").read_text(encoding="utf-8")
    assert ">index</a>" not in (out / "index.html").read_text(encoding="utf-8")


def test_meddocan_dev_renders_whole(meddocan_dir, tmp_path):
    out = tmp_path / "dev"
    assert main(["view", str(meddocan_dir / "dev" / "brat"), "--out", str(out)]) == 0
    assert len(list(out.glob("*.html"))) == 251
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "<th>250 documents</th>" in index
