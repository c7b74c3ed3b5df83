"""i2b2 2014 scorer on the small XML notes in tests/data/i2b2_2014 (read with the format reader).

Hand count of the three notes (gold -> system):

100-01: DATE ok; PATIENT "John Smith" -> "John Smith," (end +1); AGE missed; DOCTOR ok;
        HOSPITAL "Mercy Hospital" -> "Mercy"; ID/IDNUM -> ID/MEDICALRECORD (same span); PHONE ok.
100-02: DATE ok; PATIENT "Ann Lee" -> "Ann Lee's" (end +2); CITY "Boston" -> "Boston, MA" (end +4);
        STATE "MA" missed; AGE ok; spurious DOCTOR "Mrs".
101-01: no tags on either side (P = R = 0 for the macro averages).
"""

import json

import pytest

from annotator.cli import main
from annotator.corpus import read_documents
from annotator.evaluation.i2b2_2014 import evaluate_i2b2, format_report


@pytest.fixture(scope="module")
def folders(data_dir):
    return data_dir / "i2b2_2014" / "gold", data_dir / "i2b2_2014" / "system"


@pytest.fixture(scope="module")
def result(folders):
    gold, system = (list(read_documents(f, "i2b2-2014", lenient=True)) for f in folders)
    return evaluate_i2b2(gold, system)


def micro(result, title):
    c = result.section(title).micro
    return c.tp, c.fp, c.fn


def test_strict(result):
    # 100-01: TP DATE DOCTOR PHONE, FP PATIENT Mercy MEDICALRECORD, FN PATIENT AGE HOSPITAL IDNUM
    # 100-02: TP DATE AGE, FP PATIENT CITY DOCTOR, FN PATIENT CITY STATE
    assert micro(result, "Strict") == (3 + 2, 3 + 3, 4 + 3)
    s = result.section("Strict")
    assert s.macro_precision[0] == pytest.approx((3 / 6 + 2 / 5 + 0) / 3)
    assert s.macro_recall[0] == pytest.approx((3 / 7 + 2 / 5 + 0) / 3)


def test_relaxed(result):
    # 100-01 adds PATIENT (end +1); 100-02 adds PATIENT (end +2) but not CITY (end +4)
    assert micro(result, "Relaxed") == (4 + 3, 2 + 2, 3 + 2)


def test_token(result):
    # 100-01 gold tokens 12, system 10: FP 12345/MEDICALRECORD; FN 45, "Hospital", 12345/IDNUM
    # 100-02 gold 8, system 10: FP "s" of Lee's, MA as CITY, Mrs; FN MA as STATE
    assert micro(result, "Token") == (9 + 7, 1 + 3, 3 + 1)


def test_hipaa_and_binary(result):
    # HIPAA: 100-01 gold DATE PATIENT AGE PHONE (IDNUM dropped by the bug) vs DATE PATIENT' MR PHONE
    #        100-02 gold DATE PATIENT CITY AGE (STATE dropped) vs DATE PATIENT' CITY' AGE (DOCTOR dropped)
    assert micro(result, "HIPAA Strict") == (2 + 2, 2 + 2, 2 + 2)
    # Binary: 12345 now matches in 100-01
    assert micro(result, "Binary Strict") == (4 + 2, 2 + 3, 3 + 3)
    assert micro(result, "NAME Strict") == (1 + 0, 1 + 2, 1 + 1)


def test_report_and_json_through_the_cli(folders, tmp_path, capsys):
    out_json = tmp_path / "i2b2.json"
    code = main(["evaluate", str(folders[0]), str(folders[1]), "--metric", "i2b2-2014", "--json", str(out_json)])
    assert code == 0
    printed = capsys.readouterr().out
    row = "{:<25}{:<15}{:<15}{:<20}"
    assert row.format("Strict (3)", "Measure", "Macro (SD)", "Micro (Primary)") in printed
    assert row.format("Total", "Precision", "{:.4} ({:.2})".format(0.3, 0.21602468994692867), "0.4545") in printed
    figures = json.loads(out_json.read_text(encoding="utf-8"))
    assert figures["documents"] == 3
    strict = figures["sections"]["Strict"]
    assert set(strict) == {"micro", "macro"}
    assert set(strict["macro"]) == {"precision", "precision_sd", "recall", "recall_sd", "f1"}
    assert strict["micro"]["precision"] == 5 / 11 and strict["micro"]["recall"] == 5 / 12
    assert "HIPAA Token" in figures["sections"] and "Binary HIPAA Token" in figures["sections"]


def test_file_mode_prints_per_document_blocks(folders, capsys):
    code = main(["evaluate", str(folders[0] / "100-02.xml"), str(folders[1] / "100-02.xml"), "--metric", "i2b2-2014"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "Report for Strict:" in printed and "Macro (SD)" not in printed
    assert "{:<25}{:<15}{:<15}{:<20}".format("[5(2)5]", "Recall", "", "0.4") in printed


def test_verbose_equals_format_report(result, folders, capsys):
    main(["evaluate", str(folders[0]), str(folders[1]), "--metric", "i2b2-2014", "-v"])
    assert capsys.readouterr().out == format_report(result, verbose=True)


def test_mismatched_text_is_reported_per_document(folders, tmp_path, capsys):
    system = tmp_path / "system"
    system.mkdir()
    for path in folders[1].iterdir():
        data = path.read_text(encoding="utf-8")
        if path.name == "100-02.xml":
            data = data.replace("daughter", "son     ")
        (system / path.name).write_text(data, encoding="utf-8")
    assert main(["evaluate", str(folders[0]), str(system), "--metric", "i2b2-2014"]) == 1
    captured = capsys.readouterr()
    assert "E202 document '100-02'" in captured.err and captured.out == ""
    assert main(["evaluate", str(folders[0]), str(system), "--metric", "i2b2-2014", "--keep-going"]) == 1
    captured = capsys.readouterr()
    assert "E202 document '100-02'" in captured.err and "Strict (2)" in captured.out
