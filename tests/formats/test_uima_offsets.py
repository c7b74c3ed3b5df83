"""cassis's offset tables: the fast path (identity for BMP text) against cassis's own tables."""

import warnings

import pytest

cassis = pytest.importorskip("cassis")

from annotator.corpus import read_documents, write_documents  # noqa: E402
from annotator.document import Document  # noqa: E402
from annotator.formats import uima_offsets  # noqa: E402
from annotator.formats.uima_offsets import Identity, fast_tables, is_bmp, plain_tables, use_fast_tables  # noqa: E402

TEXTS = ["", "a", "plain ASCII text", "Señora María, 45 años, calle Mayor nº 3", "東京都 – “quoted” €",
         "emoji 😀 and 🇪🇸 flags", "😀", "mixed ü 😀 ü"]


def answers(table: dict, size: int) -> list:
    """What cassis can ask a table: each key around the text's offsets, and the last key."""
    out = []
    for key in range(-2, size + 4):
        try:
            out.append(table[key])
        except KeyError:
            out.append(KeyError)
    return out + [list(table)[-1], len(table)]


@pytest.mark.parametrize("text", TEXTS)
def test_fast_tables_answer_as_cassis_builds_them(text):
    plain, fast = plain_tables(text), fast_tables(text)
    units = len(text.encode("utf-16-le")) // 2
    for p, f in zip(plain, fast):
        assert answers(f, max(len(text), units)) == answers(p, max(len(text), units))
    assert isinstance(fast[0], Identity) == is_bmp(text) == (units == len(text))


def test_identity_is_the_dict_it_stands_for():
    table = Identity(3)
    assert dict(zip(table, map(table.__getitem__, table))) == {0: 0, 1: 1, 2: 2, 3: 3}
    assert 3 in table and 4 not in table and -1 not in table and "1" not in table
    assert table.get(2) == 2 and table.get(9, "x") == "x"


def xmi_round_trip(tmp_path, doc: Document, fast: bool) -> tuple[bytes, list[tuple]]:
    use_fast_tables(fast)
    try:
        out = tmp_path / ("fast" if fast else "plain")
        write_documents([doc], out, "uima-xmi")
        (back,) = read_documents(out, "uima-xmi")
        return (out / "d.xmi").read_bytes(), sorted((a.type, a.start, a.end) for a in back.annset())
    finally:
        use_fast_tables(True)


@pytest.mark.parametrize("text", ["Paciente Ana, 45 años.", "Ana 😀 vino 🇪🇸 ayer."])
def test_xmi_is_the_same_on_both_paths(tmp_path, text):
    doc = Document(text, name="d")
    doc.annset().add("NAME", text.index("Ana"), text.index("Ana") + 3)
    doc.annset().add("WORD", len(text) - 6, len(text) - 1)
    plain, fast = xmi_round_trip(tmp_path, doc, False), xmi_round_trip(tmp_path, doc, True)
    assert plain == fast
    assert fast[1] == sorted((a.type, a.start, a.end) for a in doc.annset())


def tables_made(monkeypatch) -> list[tuple]:
    """The tables :func:`fast_tables` makes from here on, as ``(text, tables)``."""
    made = []

    def spy(text):
        made.append((text, fast_tables(text)))
        return made[-1][1]

    monkeypatch.setattr(uima_offsets, "fast_tables", spy)
    return made


def test_an_offset_past_the_text_is_still_refused(tmp_path, monkeypatch):
    """cassis warns of an offset its table lacks; the fast table lacks the same ones."""
    use_fast_tables(True)
    made = tables_made(monkeypatch)
    xmi = ('<?xml version="1.0" encoding="UTF-8"?><xmi:XMI xmlns:xmi="http://www.omg.org/XMI" '
           'xmlns:cas="http:///uima/cas.ecore" xmlns:tcas="http:///uima/tcas.ecore" xmi:version="2.0">'
           '<cas:NULL xmi:id="0"/><tcas:Annotation xmi:id="2" sofa="1" begin="1" end="9"/>'
           '<cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" mimeType="text/plain" sofaString="abc"/>'
           '<cas:View sofa="1" members="2"/></xmi:XMI>')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cas = cassis.load_cas_from_xmi(xmi, typesystem=cassis.TypeSystem())
    assert [text for text, _ in made] == ["abc"] and all(isinstance(t, Identity) for t in made[0][1])
    assert any("Not mapping external offset [9]" in str(w.message) for w in caught)
    (tmp_path / "bad.xmi").write_text(xmi, encoding="utf-8")
    (failure,) = read_documents(tmp_path, "uima-xmi")
    assert "E155" in str(failure) and "offset 9 " in str(failure)


def test_reading_puts_the_fast_tables_in_place(formats_data, monkeypatch):
    list(read_documents(formats_data / "uima-xmi" / "dkpro", "uima-xmi"))
    made = tables_made(monkeypatch)
    cassis.cas.Utf16CodepointOffsetConverter().create_offset_mapping("abc")
    assert [text for text, _ in made] == ["abc"]
