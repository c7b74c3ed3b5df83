"""The corpus page, ``index.html``: one row per document page in a folder, linking to it, with its
length and its annotation count per type (read back from each page's summary)."""

from __future__ import annotations

from html import escape
from pathlib import Path

from annotator.atomic import write_atomic
from annotator.view.page import anchor, link
from annotator.view.shell import Group, Toggle, colours, page, read_summary

INDEX = "index.html"
_HEAD = 16384  # the summary is in the first bytes of a page


def summaries(folder: Path, names: list[str]) -> list[dict]:
    """The summaries of the pages ``folder/NAME.html`` (pages without one are left out)."""
    out = []
    for name in names:
        with open(folder / f"{name}.html", encoding="utf-8") as handle:
            summary = read_summary(handle.read(_HEAD))
        if summary is not None:
            out.append(summary)
    return out


def index_html(title: str, rows: list[dict]) -> str:
    """The corpus page of the document summaries ``rows``."""
    totals: dict[str, int] = {}
    for row in rows:
        for name, count in row["types"].items():
            totals[name] = totals.get(name, 0) + count
    types = sorted(totals)
    palette = colours(types)
    head = "".join(f'<th><span class="sw" style="background:{palette[t]}"></span>{escape(t)}</th>' for t in types)
    lines = [f"<table><thead><tr><th>document</th><th>characters</th><th>annotations</th>{head}</tr></thead><tbody>"]
    for row in sorted(rows, key=lambda r: r["name"]):
        cells = "".join(f"<td>{row['types'].get(t, '')}</td>" for t in types)
        lines.append(f"<tr><td>{anchor(link(row['name']), row['name'])}</td><td>{row['length']}</td>"
                     f"<td>{sum(row['types'].values())}</td>{cells}</tr>")
    cells = "".join(f"<td>{totals[t]}</td>" for t in types)
    lines.append(f"</tbody><tfoot><tr><th>{len(rows)} documents</th><td>{sum(r['length'] for r in rows)}</td>"
                 f"<td>{sum(totals.values())}</td>{cells}</tr></tfoot></table>")
    legend = [Group("Types", [Toggle(f"t{i}", t, totals[t], palette[t]) for i, t in enumerate(types)])]
    return page(title, "\n".join(lines), legend)


def write_index(folder: Path, names: list[str], title: str = "Corpus") -> Path:
    """Write ``folder/index.html`` for the pages of ``names``; its path."""
    target = folder / INDEX
    write_atomic(target, index_html(title, summaries(folder, names)).encode("utf-8"))
    return target
