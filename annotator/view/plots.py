"""Bar and line charts written as PNG and SVG, for figures a table makes hard to read.

``bar_chart`` draws grouped bars (e.g. P/R/F1 per type for ``evaluate``, one bar group per
feature class for an ablation); ``line_chart`` draws series over x (e.g. a learning curve).
Both write ``STEM.png`` and ``STEM.svg`` atomically and return their paths. Output is
reproducible: no dates or software versions in the files, fixed SVG ids.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from annotator.atomic import write_atomic
from annotator.errors import AnnotatorError, coded

FORMATS = ("png", "svg")
_METADATA = {"png": {"Software": None}, "svg": {"Date": None, "Creator": None}}


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise AnnotatorError(coded("E900")) from None
    matplotlib.use("Agg")  # no display; files only
    matplotlib.rcParams["svg.hashsalt"] = "annotator"  # stable element ids
    import matplotlib.pyplot as pyplot

    return pyplot


def _save(figure: Any, stem: Path) -> list[Path]:
    written = []
    for fmt in FORMATS:
        buffer = io.BytesIO()
        figure.savefig(buffer, format=fmt, metadata=_METADATA[fmt], bbox_inches="tight", dpi=100)
        path = stem.with_name(f"{stem.name}.{fmt}")
        write_atomic(path, buffer.getvalue())
        written.append(path)
    return written


def bar_chart(
    groups: Mapping[str, Mapping[str, float]],
    stem: str | Path,
    *,
    title: str,
    ylabel: str = "",
    ylim: tuple[float, float] | None = (0.0, 1.0),
) -> list[Path]:
    """Grouped bars: one group per key of ``groups`` (in order), one bar per series within it
    (``{"PER": {"P": 0.9, "R": 0.8}, ...}``); series missing from a group are drawn as 0."""
    pyplot = _pyplot()
    labels = list(groups)
    series = list(dict.fromkeys(name for values in groups.values() for name in values))
    width = 0.8 / max(len(series), 1)
    figure, axes = pyplot.subplots(figsize=(max(6.0, 0.6 * len(labels) * max(len(series), 1) ** 0.5), 4.5))
    try:
        for index, name in enumerate(series):
            xs = [position + (index - (len(series) - 1) / 2) * width for position in range(len(labels))]
            axes.bar(xs, [groups[label].get(name, 0.0) for label in labels], width, label=name)
        axes.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 6 else 0, ha="right" if len(labels) > 6 else "center")
        _decorate(axes, title, "", ylabel, ylim, legend=len(series) > 1)
        return _save(figure, Path(stem))
    finally:
        pyplot.close(figure)


def line_chart(
    series: Mapping[str, Sequence[tuple[float, float]]],
    stem: str | Path,
    *,
    title: str,
    xlabel: str,
    ylabel: str = "",
    ylim: tuple[float, float] | None = None,
) -> list[Path]:
    """One line with markers per series of ``(x, y)`` points (``{"F1": [(0.1, 0.8), ...]}``)."""
    pyplot = _pyplot()
    figure, axes = pyplot.subplots(figsize=(6.0, 4.5))
    try:
        for name, points in series.items():
            xs, ys = zip(*points) if points else ((), ())
            axes.plot(xs, ys, marker="o", label=name)
        _decorate(axes, title, xlabel, ylabel, ylim, legend=len(series) > 1)
        return _save(figure, Path(stem))
    finally:
        pyplot.close(figure)


def _decorate(axes: Any, title: str, xlabel: str, ylabel: str, ylim: tuple[float, float] | None, *, legend: bool) -> None:
    axes.set_title(title)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    if ylim is not None:
        axes.set_ylim(*ylim)
    axes.grid(axis="y", alpha=0.3)
    if legend:
        axes.legend(loc="best", fontsize="small")
