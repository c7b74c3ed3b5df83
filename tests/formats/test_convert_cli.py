"""``annotator convert``: sniffing, mapping, stop vs keep going, one-file output, refusing the input."""

from __future__ import annotations

import shutil

import pytest

from annotator.cli import main
from annotator.corpus import read_documents
from formatshelp import only_documents, snapshot


def run(capsys, *argv) -> tuple[int, str]:
    status = main(["convert", *map(str, argv)])
    return status, capsys.readouterr().err


def test_sniffed_brat_to_meddocan_xml(formats_data, tmp_path, capsys):
    status, err = run(capsys, formats_data / "brat", tmp_path / "out", "--to", "meddocan-xml")
    assert status == 0 and err == ""
    assert sorted(p.name for p in (tmp_path / "out").glob("[!.]*")) == sorted(
        p.name for p in (formats_data / "meddocan-xml").iterdir())
    for path in (tmp_path / "out").glob("[!.]*"):
        assert path.read_bytes() == (formats_data / "meddocan-xml" / path.name).read_bytes()


def test_map_meddocan_to_i2b2_2014(formats_data, tmp_path, capsys):
    status, err = run(capsys, formats_data / "brat", tmp_path / "out", "--to", "i2b2-2014", "--map", "meddocan-i2b2-2014")
    assert status == 0, err
    docs = only_documents(read_documents(tmp_path / "out", "i2b2-2014"))
    originals = only_documents(read_documents(formats_data / "brat", "brat"))
    types = {a.type for d in docs for a in d.annset()}
    assert types <= {"PATIENT", "DOCTOR", "AGE", "OTHER", "DATE", "STREET", "CITY", "COUNTRY", "HEALTHPLAN",
                     "MEDICALRECORD", "LICENSE", "EMAIL"}
    assert [[a.span for a in d.annset()] for d in docs] == [[a.span for a in d.annset()] for d in originals]
    assert '<NAME id="P21" ' in (tmp_path / "out" / "S0004-06142005000500011-1.xml").read_text(encoding="utf-8")


def test_folder_to_one_i2b2_2006_file_and_back(formats_data, tmp_path, capsys):
    status, err = run(capsys, formats_data / "brat", tmp_path / "all.xml", "--to", "i2b2-2006", "--map", "meddocan-i2b2-2006")
    assert status == 0, err
    docs = only_documents(read_documents(tmp_path / "all.xml"))
    assert [d.name for d in docs] == ["S0004-06142005000500011-1", "S0004-06142006000600015-1"]
    status, err = run(capsys, tmp_path / "all.xml", tmp_path / "back", "--to", "brat")
    assert status == 0, err
    back = only_documents(read_documents(tmp_path / "back", "brat"))
    assert [(d.text, [(a.type, a.span) for a in d.annset()]) for d in back] == \
        [(d.text, [(a.type, a.span) for a in d.annset()]) for d in docs]


def test_without_keep_going_it_stops_at_the_first_failure(formats_data, tmp_path, capsys):
    src = tmp_path / "in"
    shutil.copytree(formats_data / "brat", src)
    (src / "A-bad.ann").write_text("T1\tX 0 5\tnope\n", encoding="utf-8")
    (src / "A-bad.txt").write_text("hello", encoding="utf-8")
    status, err = run(capsys, src, tmp_path / "out", "--to", "meddocan-xml")
    assert status == 1 and err.splitlines()[0].startswith(f"{src}/A-bad.ann:1: E103 ")
    assert not (tmp_path / "out").exists()
    status, err = run(capsys, src, tmp_path / "out", "--to", "meddocan-xml", "--keep-going")
    assert status == 1 and len(list((tmp_path / "out").glob("[!.]*"))) == 2


def test_lenient_turns_surface_mismatch_into_a_warning(tmp_path, capsys):
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.txt").write_text("hello", encoding="utf-8")
    (src / "a.ann").write_text("T1\tX 0 5\thallo\n", encoding="utf-8")
    status, err = run(capsys, src, tmp_path / "out", "--to", "bdoc", "--lenient")
    assert status == 0 and "warning" in err and "E103" in err and len(err.strip().splitlines()) == 1
    (doc,) = only_documents(read_documents(tmp_path / "out"))
    assert snapshot(doc) == [(1, "X", 0, 5, {})]


def test_output_may_not_be_the_input(formats_data, tmp_path, capsys):
    src = tmp_path / "in"
    shutil.copytree(formats_data / "brat", src)
    before = {p.name: p.read_bytes() for p in src.iterdir()}
    status, err = run(capsys, src, src, "--to", "brat")
    assert status == 1 and "E129" in err
    status, err = run(capsys, src / "S0004-06142005000500011-1.ann", src, "--to", "brat")
    assert status == 1 and "E111" in err
    assert {p.name: p.read_bytes() for p in src.iterdir()} == before


def test_unknown_format_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        main(["convert", str(tmp_path), str(tmp_path / "o"), "--to", "docx"])
    assert info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_repair_warning_is_one_line_and_the_records_are_converted(formats_data, tmp_path, capsys):
    status, err = run(capsys, formats_data / "i2b2-2006" / "records.xml", tmp_path / "out", "--to", "brat")
    assert status == 0
    (line,) = err.strip().splitlines()
    assert line.startswith("annotator: warning: ") and "records.xml:12: E118 " in line
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["101.ann", "101.txt", "102.ann", "102.txt"]


def test_write_documents_refuses_to_overwrite_its_input(formats_data, tmp_path):
    from annotator.corpus import InputFiles, units, write_documents
    from annotator.errors import InputError

    src = tmp_path / "in"
    shutil.copytree(formats_data / "meddocan-xml", src)
    docs = only_documents(read_documents(src))
    fmt, _ = units(src)
    with pytest.raises(InputError, match="E111"):
        write_documents(docs, src, "gate-xml", InputFiles(src, fmt))
    assert [p.read_bytes() for p in sorted(src.iterdir())] == \
        [p.read_bytes() for p in sorted((formats_data / "meddocan-xml").iterdir())]


def test_unwritable_output_is_one_line(formats_data, tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    status, err = run(capsys, formats_data / "brat", blocker / "out", "--to", "bdoc", "--keep-going")
    assert status == 1 and "Traceback" not in err
    failures = [line for line in err.splitlines() if "E131" in line]
    assert len(failures) == 2 and all(line.startswith(str(blocker / "out")) for line in failures)
