"""``annotator evaluate --html DIR`` (error-analysis pages) and ``--plot STEM`` (per-type bars)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from annotator.cli import main
from tests.evaluation.evalhelp import write_brat as write
from tests.view.pagehelp import pieces

TEXT = "Juan Perez vive en Madrid desde 2010 con Ana en Sevilla."
GOLD = [("NOMBRE_SUJETO_ASISTENCIA", 0, 10), ("TERRITORIO", 19, 25), ("FECHAS", 26, 36),
        ("NOMBRE_SUJETO_ASISTENCIA", 41, 44)]
SYSTEM = [("NOMBRE_SUJETO_ASISTENCIA", 0, 10), ("PAIS", 19, 25), ("FECHAS", 32, 36), ("TERRITORIO", 48, 55)]


@pytest.fixture
def corpus(tmp_path):
    gold, system = tmp_path / "gold", tmp_path / "system"
    write(gold, "a", TEXT, GOLD)
    write(system, "a", TEXT, SYSTEM)
    return gold, system


@pytest.mark.parametrize("metric", ["meddocan", "diff"])
def test_each_span_is_marked_with_its_outcome_side_by_side(corpus, tmp_path, metric, capsys):
    gold, system = corpus
    out = tmp_path / "report"
    assert main(["evaluate", str(gold), str(system), "--metric", metric, "--html", str(out)]) == 0
    page = (out / "a.html").read_text(encoding="utf-8")
    marked = {side: [(p.attrs["data-type"], int(p.attrs["data-start"]), p.attrs["data-outcome"])
                     for p in pieces(page, side).pieces] for side in ("gold", "system")}
    assert marked["gold"] == [("NOMBRE_SUJETO_ASISTENCIA", 0, "correct"), ("TERRITORIO", 19, "type"),
                              ("FECHAS", 26, "boundary"), ("NOMBRE_SUJETO_ASISTENCIA", 41, "missing")]
    assert marked["system"] == [("NOMBRE_SUJETO_ASISTENCIA", 0, "correct"), ("PAIS", 19, "type"),
                                ("FECHAS", 32, "boundary"), ("TERRITORIO", 48, "spurious")]
    assert pieces(page, "system").text == TEXT


def test_the_index_table_links_each_count_to_its_examples(corpus, tmp_path, capsys):
    gold, system = corpus
    out = tmp_path / "report"
    assert main(["evaluate", str(gold), str(system), "--metric", "meddocan", "--html", str(out)]) == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    row = re.search(r"<tr><td>TERRITORIO</td>(.*?)</tr>", index).group(1)
    # P 0/1, R 0/1 (the metric's figures), then correct, boundary, wrong type, missing, spurious
    assert re.findall(r"<td>([^<]*)</td>", row)[:4] == ["0.0000", "0.0000", "0.0000", "0"]
    links = re.findall(r'<a href="(examples/[^"]+)">(\d+)</a>', row)
    assert [(count, href.rsplit("-", 1)[1]) for href, count in links] == [("1", "type.html"), ("1", "spurious.html")]
    spurious = (out / links[1][0]).read_text(encoding="utf-8")
    assert 'href="../a.html#s' in spurious and "<mark>Sevilla</mark>" in spurious
    anchor = re.search(r'href="\.\./a\.html#(s\d+)"', spurious).group(1)
    assert f'id="{anchor}"' in (out / "a.html").read_text(encoding="utf-8")


def test_plot_writes_per_type_bars(corpus, tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="plots need the [plots] extra (matplotlib)")
    gold, system = corpus
    stem = tmp_path / "figures" / "scores"
    out = tmp_path / "report"
    assert main(["evaluate", str(gold), str(system), "--metric", "diff", "--plot", str(stem), "--html", str(out)]) == 0
    svg = (tmp_path / "figures" / "scores.svg").read_text(encoding="utf-8")
    assert (tmp_path / "figures" / "scores.png").read_bytes().startswith(b"\x89PNG")
    assert "TERRITORIO" in svg and "PAIS" in svg
    assert (out / "per-type.svg").is_file() and '<img src="per-type.svg"' in (out / "index.html").read_text(encoding="utf-8")


def test_the_leak_metric_has_no_per_type_view(corpus, tmp_path, capsys):
    gold, system = corpus
    assert main(["evaluate", str(gold), str(system), "--metric", "leak", "--html", str(tmp_path / "r")]) == 1
    assert "E901 --html and --plot show per-type scores" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


def test_strict_docs_shows_gold_documents_without_system_output(corpus, tmp_path, capsys):
    gold, system = corpus
    write(gold, "b", "Ana vino.", [("NOMBRE_SUJETO_ASISTENCIA", 0, 3)])
    out = tmp_path / "report"
    assert main(["evaluate", str(gold), str(system), "--metric", "meddocan", "--strict-docs", "--html", str(out)]) == 0
    page = (out / "b.html").read_text(encoding="utf-8")
    assert [p.attrs["data-outcome"] for p in pieces(page, "gold").pieces] == ["missing"]
    assert pieces(page, "system").pieces == []


def test_i2b2_correct_spans_are_the_metrics_true_positives(tmp_path, capsys):
    data = Path(__file__).resolve().parent.parent / "data" / "i2b2_2014"
    out, figures = tmp_path / "report", tmp_path / "figures.json"
    assert main(["evaluate", str(data / "gold"), str(data / "system"), "--metric", "i2b2-2014", "--per-type",
                 "--json", str(figures), "--html", str(out)]) == 0
    per_type = json.loads(figures.read_text(encoding="utf-8"))["per_type"]
    index = (out / "index.html").read_text(encoding="utf-8")
    for key, counts in per_type.items():  # CATEGORY/TYPE
        row = re.search(rf"<tr><td>{key.split('/')[1]}</td>(.*?)</tr>", index).group(1)
        cells = re.findall(r"<td>(?:<a [^>]*>)?([\d.]+)(?:</a>)?</td>", row)
        assert float(cells[2]) == pytest.approx(counts["f1"], abs=5e-5), key
        assert int(cells[3]) == counts["tp"], key  # correct
