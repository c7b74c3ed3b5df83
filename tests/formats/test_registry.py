"""The format registry and sniffing."""

from __future__ import annotations

import pytest
from registryhelp import install

from annotator import formats
from annotator.errors import InputError


def test_names_are_the_command_line_names():
    assert formats.names() == sorted(["brat", "meddocan-xml", "i2b2-2014", "i2b2-2006", "gate-xml", "bdoc", "conll", "text",
                                      "uima-xmi", "bioc-xml", "bioc-json"])
    assert all(formats.get(n).name == n for n in formats.names())


def test_unknown_name_is_an_input_error():
    with pytest.raises(InputError, match="E110.*brat"):
        formats.get("docx")


@pytest.mark.parametrize(
    "relative, expected",
    [
        ("brat", "brat"),
        ("brat/S0004-06142005000500011-1.ann", "brat"),
        ("brat/S0004-06142005000500011-1.txt", "brat"),
        ("meddocan-xml", "meddocan-xml"),
        ("i2b2-2014/110-01.xml", "i2b2-2014"),
        ("i2b2-2006/records.xml", "i2b2-2006"),
        ("gate-xml/smile.xml", "gate-xml"),
        ("bdoc", "bdoc"),
        ("conll/note.conll", "conll"),
        ("text", "text"),
        ("uima-xmi/emoji", "uima-xmi"),
        ("uima-xmi/dkpro/note-1.xmi", "uima-xmi"),
    ],
)
def test_sniff_files_and_folders(formats_data, relative, expected):
    assert formats.sniff(formats_data / relative) == expected


def test_sniff_fails_clearly(tmp_path):
    (tmp_path / "x.bin").write_bytes(b"\x00\x01")
    with pytest.raises(InputError, match="E109"):
        formats.sniff(tmp_path)
    with pytest.raises(InputError, match="E128"):
        formats.sniff(tmp_path / "missing")


class _Tsv(formats.Format):
    """A third party's format (as WebAnno TSV would be): one module and one entry point."""

    name = "webanno-tsv"
    suffixes = (".tsv",)


def test_a_third_party_format_is_found_through_its_entry_point(monkeypatch, tmp_path):
    from importlib.metadata import EntryPoint

    install(monkeypatch, EntryPoint("webanno-tsv", f"{__name__}:_Tsv", formats.GROUP))
    assert "webanno-tsv" in formats.names()
    assert isinstance(formats.get("webanno-tsv"), _Tsv)
    (tmp_path / "a.tsv").write_text("#FORMAT=WebAnno TSV 3.3\n")
    assert formats.sniff(tmp_path) == "webanno-tsv"
    assert formats.sniff(tmp_path / "a.tsv") == "webanno-tsv"
