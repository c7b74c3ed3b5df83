"""Records files: JSON Lines and CSV; one coded error line (file:line) for each line that breaks the
file, all of them listed; a value not written as its kind is a warning (an error with strict)."""

from __future__ import annotations

import logging

import pytest

from annotator.cli import main
from annotator.errors import AnnotatorError
from annotator.processing.record_matcher.records import read_records


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_jsonl_records_are_keyed_by_document_and_merge_repeats(tmp_path):
    path = write(tmp_path, "r.jsonl", '{"document": "d1", "name": "Ana Gil", "id": ["12", " 34 "]}\n\n'
                                      '{"document": "d1", "Phone": ["912 345 678"], "date": []}\n'
                                      '{"document": "d2", "colour": "azul"}\n')
    assert read_records(path) == {"d1": {"name": ["Ana Gil"], "id": ["12", "34"], "phone": ["912 345 678"], "date": []},
                                  "d2": {"colour": ["azul"]}}


def test_csv_records_have_one_value_a_row(tmp_path):
    path = write(tmp_path, "r.csv", "document,field,value\nd1,name,Ana Gil\nd1,name,\"Gil, Ana\"\n\nd2,id,7\n")
    assert read_records(path) == {"d1": {"name": ["Ana Gil", "Gil, Ana"]}, "d2": {"id": ["7"]}}


@pytest.mark.parametrize("name, text, where", [
    ("r.jsonl", '{"document": "d1"}\n{"document": "d2",\n', "r.jsonl:2: E451 not valid JSON"),
    ("r.jsonl", '["d1"]\n', "r.jsonl:1: E452 a record must be a JSON object"),
    ("r.jsonl", '{"name": "Ana"}\n', "r.jsonl:1: E452"),
    ("r.jsonl", '{"document": "d1", "id": 5}\n', "r.jsonl:1: E453 field 'id': a value must be a string"),
    ("r.csv", "doc,field\nd1,name\n", "r.csv:1: E454 records CSV header must be 'document,field,value'"),
    ("r.csv", "document,field,value\nd1,name,Ana,Gil\n", "r.csv:2: E455 records CSV row has 4 columns"),
    ("r.csv", "document,field,value\n,name,Ana\n", "r.csv:2: E456 records CSV row has an empty document"),
])
def test_a_malformed_record_is_one_coded_error_with_its_line(tmp_path, name, text, where):
    with pytest.raises(AnnotatorError) as info:
        read_records(write(tmp_path, name, text))
    assert str(info.value).startswith(str(tmp_path / where))


def test_every_line_that_breaks_the_file_is_listed(tmp_path):
    path = write(tmp_path, "r.jsonl", '{"document": "d1", "name": "Ana"}\n{oops}\n{"name": "Ana"}\n'
                                      '{"document": "d2", "id": 5}\n\n{"document": "d3", "id": "1"}\n[1]\n')
    with pytest.raises(AnnotatorError) as info:
        read_records(path)
    assert str(info.value).splitlines() == [
        f"{path}:2: E451 not valid JSON: Expecting property name enclosed in double quotes",
        f"{path}:3: E452 a record must be a JSON object with a non-empty \"document\" name, got {{\"name\": \"Ana\"}}",
        f"{path}:4: E453 field 'id': a value must be a string or a list of strings, got 5",
        f"{path}:7: E452 a record must be a JSON object with a non-empty \"document\" name, got [1]"]


def test_every_bad_csv_row_is_listed(tmp_path):
    path = write(tmp_path, "r.csv", "document,field,value\nd1,name,Ana,Gil\nd1,id,7\n,name,Ana\nd2,,x\n")
    with pytest.raises(AnnotatorError) as info:
        read_records(path)
    assert [line.split(" E")[0] for line in str(info.value).splitlines()] == [f"{path}:2:", f"{path}:4:", f"{path}:5:"]


def test_a_null_value_is_no_value(tmp_path):
    assert read_records(write(tmp_path, "r.jsonl", '{"document": "d1", "phone": null, "id": "7"}\n')) == \
        {"d1": {"phone": [], "id": ["7"]}}


MESSY = [("date", "04//11/1987", "as written and as 04/11/1987"),
         ("date", "312/07/1958", "as written and as 12/07/1958 or 31/07/1958, each only with its year"),
         ("date", "04/11/87", "as written and as 04/11/1987"),
         ("date", "O4/11/1987", "as written and as 04/11/1987"),
         ("date", "desconocido", "nowhere (no date in it)"),
         ("id", "12 345 678", "as written and as its digits 12345678"),
         ("id", "NHC 1234567#", "as written and as its digits 1234567"),
         ("phone", "9 1234 5678", "as written and as its digits 912345678")]


@pytest.mark.parametrize("field, value, how", MESSY)
def test_a_value_not_written_as_its_kind_is_one_warning_naming_file_line_field(tmp_path, caplog, field, value, how):
    path = write(tmp_path, "r.jsonl", f'{{"document": "d0", "{field}": "01/01/2000"}}\n'
                                      f'{{"document": "d1", "name": "Ana Gil", "{field}": "{value}"}}\n')
    with caplog.at_level(logging.WARNING, logger="annotator"):
        records = read_records(path)
    assert records["d1"][field] == [value]
    messages = [r.getMessage() for r in caplog.records]
    assert any(m.startswith(f"{path}:2: E458 field {field!r}: {value!r} is not")
               and f"matched {how} (strictRecords=true" in m for m in messages)
    assert len([r for r in caplog.records if "E458" in r.getMessage() and ":2:" in r.getMessage()]) == 1


def test_well_formed_values_give_no_warning(tmp_path, caplog):
    path = write(tmp_path, "r.jsonl", '{"document": "d1", '
                                      '"date": ["11/02/1970", "1970-02-11", "11 de febrero de 1970"], '
                                      '"id": ["5467980", "X-1234567-L", "43 50259874 90", "36908274/85"], '
                                      '"phone": ["912 345 678", "+34 91 234 56 78", "(91) 234-56-78"]}\n')
    with caplog.at_level(logging.WARNING, logger="annotator"):
        read_records(path)
    assert caplog.records == []


def test_strict_records_make_a_messy_value_an_error_listed_with_the_others(tmp_path):
    path = write(tmp_path, "r.jsonl", '{"document": "d1", "date": "04//11/1987"}\n{oops}\n'
                                      '{"document": "d2", "date": "31/02/1970", "id": "12  345678"}\n')
    with pytest.raises(AnnotatorError) as info:
        read_records(path, strict=True)
    lines = str(info.value).splitlines()
    assert lines[0] == (f"{path}:1: E457 field 'date': '04//11/1987' is not a date (day/month/year with a 4-digit "
                        "year, or year-month-day) (strictRecords=true)")
    assert [line.split(": ")[0:2] for line in lines[1:]] == [
        [f"{path}:2", "E451 not valid JSON"], [f"{path}:3", "E457 field 'date'"], [f"{path}:3", "E457 field 'id'"]]


def test_the_cli_warns_once_per_messy_value_and_strict_records_fail(tmp_path, capsys):
    (tmp_path / "in").mkdir()
    for name in ("a", "b", "c"):
        (tmp_path / "in" / f"{name}.txt").write_text("Ana Gil nació el 04/11/1987.", encoding="utf-8")
    records = write(tmp_path, "r.jsonl", "".join(f'{{"document": "{n}", "name": "Ana Gil", "date": "04//11/1987"}}\n'
                                                 for n in ("a", "b", "c")))
    args = ["run", "records", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--to", "brat",
            "-p", f"record-matcher.records={records}"]
    assert main(args) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert [line for line in err if "E458" in line] == [
        f"annotator: warning: {records}:{n}: E458 field 'date': '04//11/1987' is not a date (day/month/year with a "
        f"4-digit year, or year-month-day): matched as written and as 04/11/1987 (strictRecords=true makes it an "
        f"error)" for n in (1, 2, 3)]
    assert "FECHAS 17 27\t04/11/1987" in (tmp_path / "out" / "b.ann").read_text(encoding="utf-8")
    assert main(args + ["-p", "record-matcher.strictRecords=true"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith(f"annotator: error: {records}:1: E457 field 'date'") and len(err) == 3
    assert err[2].startswith(f"{records}:3: E457")


def test_the_cli_reports_a_bad_records_file_in_one_line(tmp_path, capsys):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "doc.txt").write_text("Ana Gil", encoding="utf-8")
    records = write(tmp_path, "r.jsonl", "{oops}\n")
    code = main(["run", "records", str(tmp_path / "in"), "--out", str(tmp_path / "out"),
                 "-p", f"record-matcher.records={records}"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code != 0 and len(err) == 1 and f"{records}:1: E451 not valid JSON" in err[0]


def test_records_pipeline_runs_from_the_cli(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "doc.txt").write_text("Visto Ignasio Rico, NHC 546 79 80.", encoding="utf-8")
    records = write(tmp_path, "r.jsonl", '{"document": "doc", "name": "Ignacio Rico Pedroza", "id": "5467980"}\n')
    assert main(["run", "records", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--to", "brat",
                 "-p", f"record-matcher.records={records}"]) == 0
    ann = (tmp_path / "out" / "doc.ann").read_text(encoding="utf-8")
    assert "NOMBRE_SUJETO_ASISTENCIA 6 18\tIgnasio Rico" in ann and "ID_SUJETO_ASISTENCIA 24 33\t546 79 80" in ann


def test_records_pipeline_writes_the_types_of_the_chosen_tagset(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "doc.txt").write_text("Seen Ernest Rivera on Feb 11, 1970.", encoding="utf-8")
    records = write(tmp_path, "r.csv", "document,field,value\ndoc,name,Ernesto Rivera\ndoc,date,1970-02-11\n")
    assert main(["run", "records", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--to", "brat",
                 "-p", f"record-matcher.records={records}", "-p", "record-matcher.tagset=i2b2-2014"]) == 0
    ann = (tmp_path / "out" / "doc.ann").read_text(encoding="utf-8")
    assert "PATIENT 5 18\tErnest Rivera" in ann and "DATE 22 34\tFeb 11, 1970" in ann
