"""``annotator evaluate`` on small brat folders written by the tests."""

import json
import sys

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
    assert figures["per_type"]["FECHAS"] == {"gold": 1, "covered": 0, "typed": 0, "system": 0, "inside": 0, "overlap": 0}
    assert "PHI-free documents touched: 0 of 0" in out


@pytest.fixture
def scored(tmp_path):
    """Gold and system as bdoc (which keeps features): the system values have confidences."""
    from annotator import Document
    from annotator.corpus import write_documents

    text = "Mr O'Brien, MRN 3318472, seen by Dr Lee."
    gold, system = Document(text, name="a"), Document(text, name="a")
    for type_, start, end in [("PATIENT", 3, 10), ("MEDICALRECORD", 16, 23), ("DOCTOR", 36, 39)]:
        gold.annset().add(type_, start, end)
    system.annset().add("PATIENT", 3, 10, {"confidence": 0.45})
    system.annset().add("MEDICALRECORD", 16, 23, {"confidence": 0.9})
    system.annset().add("DOCTOR", 36, 39)  # no confidence: 1.0
    free = Document("metformin dose", name="b")
    free_system = Document(free.text, name="b")
    free_system.annset().add("PATIENT", 0, 9, {"confidence": 0.3})
    write_documents([gold, free], tmp_path / "gold", "bdoc")
    write_documents([system, free_system], tmp_path / "sys", "bdoc")
    return tmp_path / "gold", tmp_path / "sys"


def test_phi_values_reports_any_overlap_and_tokens(scored, tmp_path, capsys):
    gold, system = scored
    code, out, err = run(capsys, gold, system, "--metric", "phi-values", "--json", tmp_path / "v.json")
    assert code == 0
    assert "Tokens: 4 gold, 5 system, 4 both: precision 0.8, recall 1.0" in out
    figures = json.loads((tmp_path / "v.json").read_text())
    assert (figures["recall"], figures["overlap_recall"], figures["touched"]) == (1.0, 1.0, 1)
    assert (figures["token_precision"], figures["token_recall"]) == (0.8, 1.0)
    assert "curve" not in figures


def test_curve_prints_the_table_and_draws_png_and_svg(scored, tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="plots need the [plots] extra (matplotlib)")
    gold, system = scored
    stem = tmp_path / "fig" / "curve"
    code, out, err = run(capsys, gold, system, "--metric", "phi-values", "--curve", stem, "--json", tmp_path / "v.json")
    assert code == 0, err
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line[:4] in ("0.00", "0.35", "0.50", "1.00")}
    assert rows["0.00"] == ["1.0", "1.0", "0.8", "1.0", "1/1"]  # all values; the PHI-free document touched
    assert rows["0.35"] == ["1.0", "1.0", "1.0", "1.0", "0/1"]  # 0.3 dropped
    assert rows["0.50"] == ["0.6667", "0.6667", "1.0", "0.5", "0/1"]  # O'Brien (0.45, two tokens) dropped
    assert rows["1.00"] == ["0.3333", "0.3333", "1.0", "0.25", "0/1"]  # only Lee, without a confidence
    curve = json.loads((tmp_path / "v.json").read_text())["curve"]
    assert len(curve) == 21 and curve[10]["threshold"] == 0.5 and curve[10]["token_recall"] == 0.5
    assert (tmp_path / "fig" / "curve.png").read_bytes().startswith(b"\x89PNG")
    svg = (tmp_path / "fig" / "curve.svg").read_text(encoding="utf-8")
    assert "token precision" in svg and "minimum confidence" in svg


def test_curve_without_matplotlib_is_a_coded_error_after_the_report(scored, tmp_path, capsys, monkeypatch):
    gold, system = scored
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import now raises ImportError
    code, out, err = run(capsys, gold, system, "--metric", "phi-values", "--curve", tmp_path / "c")
    assert code == 1 and "E900 plots need matplotlib" in err
    assert "0.50      0.6667" in out and not list(tmp_path.glob("c.*"))


@pytest.mark.parametrize("metric", ["meddocan", "i2b2-2014", "diff", "leak"])
def test_curve_with_another_metric_is_a_usage_error(corpus, tmp_path, capsys, metric):
    gold, system = corpus
    with pytest.raises(SystemExit) as info:
        main(["evaluate", str(gold), str(system), "--metric", metric, "--curve", str(tmp_path / "c")])
    assert info.value.code == 2
    assert f"E903 --curve plots the phi-values metric against a confidence threshold, not {metric}" in capsys.readouterr().err
    assert not list(tmp_path.glob("c.*"))
