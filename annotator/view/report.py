"""The error-analysis report of ``annotator evaluate --html DIR``: why spans were missed.

``DIR/NAME.html`` per scored document: gold and system side by side, each span coloured by its
outcome (:mod:`annotator.view.outcomes`: correct, boundary, wrong type, missing, spurious), with
outcome and type toggles. ``DIR/index.html``: the metric's per-type P/R/F1 next to the outcome
counts, each count linking to ``DIR/examples/N-KIND.html`` (every such span with its context and
a link to it in its document), the per-type bar chart (``per-type.png``/``.svg``, when
matplotlib is there) and the documents with their counts.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Callable, Iterable

from annotator.atomic import write_atomic
from annotator.document import Annotation, Document
from annotator.errors import AnnotatorError
from annotator.evaluation.common import annotations, official_annotations, pair_documents
from annotator.view.index import INDEX
from annotator.view.outcomes import KINDS, LABELS, Outcome, outcomes
from annotator.view.page import anchor, data_attributes, link
from annotator.view.plots import bar_chart
from annotator.view.shell import Group, Toggle, page
from annotator.view.spans import Span, attribute, render

log = logging.getLogger("annotator")

COLOURS = {"correct": "#3cb44b", "boundary": "#f58231", "type": "#4363d8", "missing": "#e6194b", "spurious": "#911eb4"}
CONTEXT = 40  # characters shown each side of an example
PLOT = "per-type"


def per_type_scores(metric: str, result: Any) -> dict[str, dict[str, float]]:
    """``{type: {"P", "R", "F1"}}`` as the metric computes them (the diff's strict figures;
    i2b2 2014's ``CATEGORY/TYPE`` keys by their type, as the annotations are typed)."""
    if metric == "diff":
        return {t: {"P": m["precision"], "R": m["recall"], "F1": m["f1"]}
                for t in result.types for m in [result.micro(t).measures()["strict"]]}
    return {t.rsplit("/", 1)[-1]: {"P": c.precision, "R": c.recall, "F1": c.f1} for t, c in sorted(result.per_type.items())}


def plot_per_type(scores: dict[str, dict[str, float]], stem: str | Path, title: str) -> list[Path]:
    """The per-type P/R/F1 bars as ``STEM.png`` and ``STEM.svg``."""
    return bar_chart(scores, stem, title=title, ylabel="score")


def _selection(metric: str) -> Callable[[Document | None], list[Annotation]]:
    """The annotations a metric scores: what the official scripts read, or the whole default set."""
    return annotations if metric == "diff" else official_annotations


@dataclass
class _Pair:
    name: str
    gold: Document
    system: Document | None
    outcomes: list[Outcome]


def write_report(folder: str | Path, gold: Iterable[Document], system: Iterable[Document], metric: str,
                 result: Any, *, key: Callable[[Document], str] = lambda d: d.name, strict_docs: bool = False) -> Path:
    """Write the report of ``result`` (the ``metric``'s result on ``gold`` and ``system``, whose
    documents are paired by ``key`` and ``strict_docs`` as the metric pairs them) into
    ``folder``; the index's path."""
    folder = Path(folder)
    select = _selection(metric)
    pairs = [_Pair(name, g, s, outcomes(select(g), select(s)))
             for name, g, s in pair_documents(gold, system, key=key, strict_docs=strict_docs).pairs]
    type_key = {t: f"t{i}" for i, t in enumerate(sorted({t for p in pairs for o in p.outcomes for t in o.types}))}
    examples: dict[tuple[str, str], list[tuple[_Pair, Outcome]]] = {}
    for pair in pairs:
        write_atomic(folder / f"{pair.name}.html", _pair_page(pair, type_key).encode("utf-8"))
        for outcome in pair.outcomes:
            for t in outcome.types:
                examples.setdefault((t, outcome.kind), []).append((pair, outcome))
    for (t, kind), found in examples.items():
        target = folder / "examples" / f"{type_key[t][1:]}-{kind}.html"
        write_atomic(target, _examples_page(t, kind, found).encode("utf-8"))
    scores = per_type_scores(metric, result)
    try:
        plot = plot_per_type(scores, folder / PLOT, f"{metric}: per-type scores")
    except AnnotatorError as exc:  # no matplotlib: the report goes on without the chart
        log.warning("%s", exc)
        plot = []
    index = folder / INDEX
    write_atomic(index, _index_page(metric, pairs, type_key, scores, examples, bool(plot)).encode("utf-8"))
    return index


def _side(text: str, outcomes_: list[Outcome], side: str, type_key: dict[str, str]) -> str:
    spans = []
    for outcome in outcomes_:
        ann, other = (outcome.gold, outcome.system) if side == "gold" else (outcome.system, outcome.gold)
        if ann is None:
            continue
        note = f"\n{LABELS[outcome.kind]}" + (f"; {'system' if side == 'gold' else 'gold'}: {other.type} "
                                              f"[{other.start}, {other.end})" if other is not None else "")
        attrs = data_attributes(ann, "", note) + attribute("data-side", side) + attribute("data-outcome", outcome.kind)
        spans.append(Span(ann.start, ann.end, f"o-{outcome.kind} {type_key[ann.type]}", attrs, f"{side[0]}{ann.id}"))
    return f'<div class="text" data-side="{side}">{render(text, spans)}</div>'


def _groups(type_key: dict[str, str], counts: Counter, type_counts: Counter) -> list[Group]:
    return [
        Group("Outcomes", [Toggle(f"o-{k}", LABELS[k], counts[k], COLOURS[k]) for k in KINDS]),
        Group("Types", [Toggle(key, t, type_counts[t]) for t, key in type_key.items() if type_counts[t]]),
    ]


def _pair_page(pair: _Pair, type_key: dict[str, str]) -> str:
    system_text = pair.system.text if pair.system is not None else pair.gold.text
    body = (f'<div class="cols"><div><h2>gold</h2>{_side(pair.gold.text, pair.outcomes, "gold", type_key)}</div>'
            f'<div><h2>system</h2>{_side(system_text, pair.outcomes, "system", type_key)}</div></div>')
    counts = Counter(o.kind for o in pair.outcomes)
    type_counts = Counter(t for o in pair.outcomes for t in o.types)
    summary = ", ".join(f"{counts[k]} {LABELS[k]}" for k in KINDS)
    return page(pair.name, body, _groups(type_key, counts, type_counts), nav=f"{anchor(INDEX, 'error analysis')} {summary}")


def _context(doc: Document, ann: Annotation) -> str:
    text = doc.text
    before = text[max(0, ann.start - CONTEXT):ann.start]
    after = text[ann.end:ann.end + CONTEXT]
    return (f'{escape(before)}<mark>{escape(text[ann.start:ann.end])}</mark>{escape(after)}').replace("\n", " ")


def _examples_page(type: str, kind: str, found: list[tuple[_Pair, Outcome]]) -> str:
    rows = ['<table><tr><th>document</th><th style="text-align:left">gold</th><th style="text-align:left">system</th></tr>']
    for pair, outcome in found:
        cells = []
        for side, ann, doc in (("g", outcome.gold, pair.gold), ("s", outcome.system, pair.system or pair.gold)):
            cells.append("<td></td>" if ann is None else
                         f'<td style="text-align:left">{escape(ann.type)} [{ann.start}, {ann.end}) '
                         f"{anchor('../' + link(pair.name) + f'#{side}{ann.id}', 'go')}<br>{_context(doc, ann)}</td>")
        rows.append(f"<tr><td>{anchor('../' + link(pair.name), pair.name)}</td>{''.join(cells)}</tr>")
    rows.append("</table>")
    nav = anchor(f"../{INDEX}", "error analysis")
    return page(f"{type}: {LABELS[kind]} ({len(found)})", "\n".join(rows), nav=nav)


def _index_page(metric: str, pairs: list[_Pair], type_key: dict[str, str], scores: dict[str, dict[str, float]],
                examples: dict, plot: bool) -> str:
    head = "".join(f"<th>{LABELS[k]}</th>" for k in KINDS)
    rows = [f"<h2>Per type</h2><table><tr><th>type</th><th>P</th><th>R</th><th>F1</th>{head}</tr>"]
    for t, key in type_key.items():
        figures = scores.get(t)
        cells = "".join(f"<td>{figures[m]:.4f}</td>" if figures else "<td></td>" for m in ("P", "R", "F1"))
        for kind in KINDS:
            found = examples.get((t, kind), [])
            cells += f"<td>{anchor(f'examples/{key[1:]}-{kind}.html', str(len(found)))}</td>" if found else "<td>0</td>"
        rows.append(f"<tr><td>{escape(t)}</td>{cells}</tr>")
    totals = Counter(o.kind for p in pairs for o in p.outcomes)
    rows.append(f"<tr><th>all</th><td></td><td></td><td></td>{''.join(f'<th>{totals[k]}</th>' for k in KINDS)}</tr></table>")
    if plot:
        rows.append(f'<h2>Per-type scores</h2><img src="{PLOT}.svg" alt="per-type precision, recall and F1">')
    rows.append(f"<h2>Documents ({len(pairs)})</h2><table><tr><th>document</th>{head}</tr>")
    for pair in pairs:
        counts = Counter(o.kind for o in pair.outcomes)
        rows.append(f"<tr><td>{anchor(link(pair.name), pair.name)}</td>{''.join(f'<td>{counts[k]}</td>' for k in KINDS)}</tr>")
    rows.append("</table>")
    return page(f"Error analysis ({metric})", "\n".join(rows), nav=f"{len(pairs)} documents; counts link to the examples")
