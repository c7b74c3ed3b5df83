"""Records files: JSON Lines and CSV, and one coded error line (file:line) for each malformed record."""

from __future__ import annotations

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
    ("r.jsonl", '\n{"document": "d1", "date": "31/02/1970"}\n',
     "r.jsonl:2: E457 field 'date': '31/02/1970' is not a date"),
    ("r.csv", "doc,field\nd1,name\n", "r.csv:1: E454 records CSV header must be 'document,field,value'"),
    ("r.csv", "document,field,value\nd1,name,Ana,Gil\n", "r.csv:2: E455 records CSV row has 4 columns"),
    ("r.csv", "document,field,value\n,name,Ana\n", "r.csv:2: E456 records CSV row has an empty document"),
])
def test_a_malformed_record_is_one_coded_error_with_its_line(tmp_path, name, text, where):
    with pytest.raises(AnnotatorError) as info:
        read_records(write(tmp_path, name, text))
    assert str(info.value).startswith(str(tmp_path / where))


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
