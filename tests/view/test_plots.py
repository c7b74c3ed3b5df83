"""Bar and line charts: both formats written, reproducible bytes, a coded error without matplotlib."""

from __future__ import annotations

import sys

import pytest

from annotator.errors import AnnotatorError
from annotator.view import bar_chart, line_chart

pytest.importorskip("matplotlib", reason="plots need the [plots] extra (matplotlib)")

SCORES = {"NOMBRE": {"P": 0.97, "R": 0.95, "F1": 0.96}, "FECHAS": {"P": 0.99, "R": 0.98}}


def test_bar_chart_writes_png_and_svg_with_every_label(tmp_path):
    written = bar_chart(SCORES, tmp_path / "per-type", title="Per-type scores", ylabel="score")
    assert [path.name for path in written] == ["per-type.png", "per-type.svg"]
    assert written[0].read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    svg = written[1].read_text()
    assert "Per-type scores" in svg  # the title, kept as a comment beside its glyph paths
    # figure and axes backgrounds, 2 groups x 3 series (a missing value is a 0 bar), 4 spines,
    # the legend frame and its 3 handles
    assert svg.count("<g id=\"patch_") == 2 + 6 + 4 + 1 + 3


def test_charts_are_byte_reproducible(tmp_path):
    first = line_chart({"F1": [(0.1, 0.8), (0.5, 0.9), (1.0, 0.95)]}, tmp_path / "a", title="Curve", xlabel="fraction")
    second = line_chart({"F1": [(0.1, 0.8), (0.5, 0.9), (1.0, 0.95)]}, tmp_path / "b", title="Curve", xlabel="fraction")
    for one, other in zip(first, second):
        assert one.read_bytes() == other.read_bytes()


def test_missing_matplotlib_is_a_coded_error(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import now raises ImportError
    with pytest.raises(AnnotatorError, match="E900 .*annotator\\[plots\\]"):
        bar_chart(SCORES, tmp_path / "x", title="t")
    assert not list(tmp_path.iterdir())
