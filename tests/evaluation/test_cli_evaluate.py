"""``annotator evaluate`` on small brat folders written by the tests."""

import json

import pytest

from annotator.cli import main
from evalhelp import write_brat as write

TEXT_A = "Juan Pérez vive en Madrid."
TEXT_B = "Ana nació el 10/10/1963."


@pytest.fixture
def corpus(tmp_path):
    gold, system = tmp_path / "gold", tmp_path / "run1"
    write(gold, "a", TEXT_A, [("NOMBRE_SUJETO_ASISTENCIA", 0, 10), ("TERRITORIO", 19, 25)])
    write(gold, "b", TEXT_B, [("NOMBRE_SUJETO_ASISTENCIA", 0, 3), ("FECHAS", 13, 23)])
    write(system, "a", TEXT_A, [("NOMBRE_SUJETO_ASISTENCIA", 0, 4), ("TERRITORIO", 19, 25)])
    return gold, system


def run(capsys, *argv):
    code = main(["evaluate", *map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_missing_system_documents_warn_loudly(corpus, tmp_path, capsys):
    gold, system = corpus
    code, out, err = run(capsys, gold, system, "--metric", "meddocan", "--json", tmp_path / "a.json")
    assert code == 0
    assert "1 gold document(s) have no system document" in err and ": b" in err
    assert "Total (1 docs)" in out and "Report (SYSTEM: run1):" in out
    strict = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))["subtask2_strict"]
    assert (strict["tp"], strict["fp"], strict["fn"]) == (1, 1, 1)
    code, out, err = run(capsys, gold, system, "--metric", "meddocan", "--strict-docs", "--json", tmp_path / "b.json")
    assert "counted as misses" in err and "Total (2 docs)" in out
    strict = json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))["subtask2_strict"]
    assert (strict["tp"], strict["fp"], strict["fn"]) == (1, 1, 3)


def test_unreadable_documents_are_listed_and_keep_going_scores_the_rest(corpus, capsys):
    gold, system = corpus
    write(system, "b", TEXT_B, [("FECHAS", 13, 99)])  # offsets outside the text
    code, out, err = run(capsys, gold, system, "--metric", "meddocan")
    assert code == 1 and out == ""
    assert "b.ann" in err and "could not be read" in err
    code, out, err = run(capsys, gold, system, "--metric", "meddocan", "--keep-going")
    assert code == 1 and "Total (1 docs)" in out and "b.ann" in err


def test_two_files_print_the_per_document_blocks(corpus, capsys):
    gold, system = corpus
    code, out, err = run(capsys, gold / "a.ann", system / "a.ann", "--metric", "meddocan")
    assert code == 0
    assert "{:<35}{:<15}{:<20}".format("Document ID", "Measure", "Micro") in out
    assert "Total (" not in out
    assert "{:<35}{:<15}{:<20}".format("", "Precision", "0.5") in out


def test_sentences_folder_gives_the_leak(corpus, tmp_path, capsys):
    gold, system = corpus
    sentences = tmp_path / "sentences"
    sentences.mkdir()
    (sentences / "a.ann").write_text("one\ntwo\nthree\nfour\n", encoding="utf-8")
    code, out, err = run(capsys, gold, system, "--metric", "meddocan", "--sentences", sentences)
    assert "{:<35}{:<15}{:<20}".format("Total (1 docs)", "Leak", "0.25") in out  # 1 FN / 4 lines
    code, out, err = run(capsys, gold, system, "--metric", "meddocan", "--sentences", tmp_path / "nowhere")
    assert code == 1 and "E204" in err and out == ""


def test_mismatched_text_is_a_warning_for_meddocan(corpus, capsys):
    gold, system = corpus
    write(system, "a", TEXT_A.replace("vive", "VIVE"), [("TERRITORIO", 19, 25)])
    code, out, err = run(capsys, gold, system, "--metric", "meddocan")
    assert code == 0 and "'a': gold and system texts differ" in err


def test_diff_writes_the_tsv(corpus, tmp_path, capsys):
    gold, system = corpus
    tsv = tmp_path / "out" / "diff.tsv"
    code, out, err = run(capsys, gold, system, "--metric", "diff", "--tsv", tsv, "--json", tmp_path / "d.json")
    assert code == 0 and "NOMBRE_SUJETO_ASISTENCIA" in out
    rows = tsv.read_text(encoding="utf-8").splitlines()
    assert rows[1].split("\t") == ["a", "NOMBRE_SUJETO_ASISTENCIA", "partial", "0", "10", "0", "4", "Juan Pérez", "Juan"]
    figures = json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))
    assert figures["micro"]["correct"] == 1 and figures["micro"]["partial"] == 1


def test_missing_input_is_one_line(capsys, tmp_path):
    code, out, err = run(capsys, tmp_path / "nope", tmp_path / "nope2", "--metric", "diff")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_system_txt_without_ann_is_a_missing_document(corpus, capsys):
    gold, system = corpus
    (system / "b.txt").write_text(TEXT_B, encoding="utf-8")  # text copied, no annotations file
    code, out, err = run(capsys, gold, system, "--metric", "meddocan")
    assert code == 0 and "Total (1 docs)" in out
    assert "1 system document(s) have a .txt but no .ann file and are left out" in err


def test_phi_values_metric(corpus, tmp_path, capsys):
    gold, system = corpus
    write(system, "b", TEXT_B, [("NOMBRE_SUJETO_ASISTENCIA", 0, 3)])
    code, out, err = run(capsys, gold, system, "--metric", "phi-values", "--json", tmp_path / "v.json")
    assert code == 0
    # Juan Pérez cut to "Juan", the date missed: 2 of 4 values covered; every system value inside gold
    figures = json.loads((tmp_path / "v.json").read_text())
    assert (figures["recall"], figures["precision"], figures["phi_free"]) == (0.5, 1.0, 0)
    assert figures["per_type"]["FECHAS"] == {"gold": 1, "covered": 0, "typed": 0, "system": 0, "inside": 0}
    assert "PHI-free documents touched: 0 of 0" in out
