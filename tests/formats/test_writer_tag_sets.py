"""Writers of formats with a tag set (i2b2-2006, i2b2-2014, meddocan-xml) warn once per type they do
not know (E140) and write it as is; they refuse only what the format cannot hold."""

from __future__ import annotations

import logging

import pytest

from annotator import formats
from annotator.cli import main
from annotator.document import Document
from annotator.errors import InputError

TEXT = "Saw Ann Lee and Bo Wu on 3 May."


def doc(name: str, *anns: tuple[str, int, int]) -> Document:
    d = Document(TEXT, name=name)
    for type, start, end in anns:
        d.annset().add(type, start, end)
    return d


def written(fmt: str, docs: list[Document], caplog) -> tuple[str, list[str]]:
    """What the format renders for ``docs`` (one text), and the warnings it logged."""
    adapter = formats.get(fmt)
    with caplog.at_level(logging.WARNING, logger="annotator"):
        if adapter.many:
            data = adapter.render_many(docs)
        else:
            data = b"".join(part for d in docs for part in adapter.render(d).values())
    return data.decode("utf-8"), [r.getMessage() for r in caplog.records]


@pytest.mark.parametrize("fmt, type, hint", [
    ("i2b2-2006", "Patient", " (did you mean 'PATIENT'?)"),
    ("i2b2-2006", "FECHAS", " (meddocan type: convert --map meddocan-i2b2-2006 retypes it)"),
    ("i2b2-2014", "LOCATION", " (i2b2-2006 type: convert --map i2b2-2006-i2b2-2014 retypes it)"),
    ("i2b2-2014", "NOMBRE_SUJETO_ASISTENCIA", " (meddocan type: convert --map meddocan-i2b2-2014 retypes it)"),
    ("meddocan-xml", "PATIENT", ""),  # no shipped mapping into MEDDOCAN
    ("meddocan-xml", "Fechas", " (did you mean 'FECHAS'?)"),
])
def test_an_unknown_type_is_written_with_one_warning_per_type(caplog, fmt, type, hint):
    docs = [doc("a", (type, 4, 11), (type, 16, 21)), doc("b", (type, 4, 11))]
    data, warnings = written(fmt, docs, caplog)
    assert data.count(f'TYPE="{type}"') == 3  # written as is
    expected = f"E140 type {type!r} is not in the {fmt} tag set: written as is{hint}"
    per_render = 1 if formats.get(fmt).many else 2  # per file written: the corpus for i2b2-2006, a document otherwise
    assert warnings == [expected] * per_render


@pytest.mark.parametrize("fmt, type", [("i2b2-2006", "PATIENT"), ("i2b2-2014", "PATIENT"), ("meddocan-xml", "FECHAS")])
def test_known_types_write_without_a_warning(caplog, fmt, type):
    _, warnings = written(fmt, [doc("a", (type, 4, 11))], caplog)
    assert warnings == []


def test_the_command_line_shows_each_warning_once_for_a_corpus(tmp_path, capsys):
    src = tmp_path / "in"
    src.mkdir()
    for name in ("a", "b", "c"):
        (src / f"{name}.txt").write_text(TEXT, encoding="utf-8")
        (src / f"{name}.ann").write_text("T1\tPatient 4 11\tAnn Lee\nT2\tPatient 16 21\tBo Wu\nT3\tDATE 25 30\t3 May\n",
                                         encoding="utf-8")
    for fmt in ("i2b2-2006", "i2b2-2014"):
        assert main(["convert", str(src), str(tmp_path / fmt), "--from", "brat", "--to", fmt]) == 0
        assert capsys.readouterr().err.splitlines() == [
            f"annotator: warning: E140 type 'Patient' is not in the {fmt} tag set: written as is (did you mean 'PATIENT'?)"]


def test_what_the_format_cannot_hold_is_refused():
    with pytest.raises(InputError, match="E113"):  # inline i2b2 2006 tags cannot overlap
        formats.get("i2b2-2006").render_many([doc("a", ("PATIENT", 4, 11), ("DOCTOR", 8, 11))])
    with pytest.raises(InputError, match="E120 cannot write type 'two words'"):  # a TYPE must be an XML name
        formats.get("i2b2-2014").render(doc("a", ("two words", 4, 11)))
