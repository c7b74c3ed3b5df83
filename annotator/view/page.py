"""One document as an HTML page: its text with a coloured element per annotation, a legend of
types and sets that show or hide them, offsets and features on hover and click.

Each annotation element carries ``data-id``, ``data-set`` (``""`` for the default set),
``data-type``, ``data-start`` and ``data-end`` (the whole annotation's code-point offsets, on
every piece of one cut by nesting), so that pages can be checked by machine.
"""

from __future__ import annotations

import json
from collections import Counter
from html import escape
from typing import Iterable
from urllib.parse import quote

from annotator.document import Annotation, Document
from annotator.view.shell import Group, Toggle, colours, page
from annotator.view.spans import Span, attribute, render


def describe(ann: Annotation, set_name: str) -> str:
    """The hover text of an annotation: type, offsets, set, then one line per feature."""
    lines = [f"{ann.type} [{ann.start}, {ann.end})" + (f" in set {set_name}" if set_name else "")]
    lines += [f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in ann.features.items()]
    return "\n".join(lines)


def data_attributes(ann: Annotation, set_name: str, note: str = "") -> str:
    """The machine-readable attributes of an annotation element, and its hover text (``note`` added)."""
    return (attribute("data-id", ann.id) + attribute("data-set", set_name) + attribute("data-type", ann.type)
            + attribute("data-start", ann.start) + attribute("data-end", ann.end)
            + attribute("title", describe(ann, set_name) + note))


def set_label(name: str) -> str:
    return name or "(default)"


def selected(doc: Document, sets: Iterable[str] | None, types: Iterable[str] | None) -> dict[str, list[Annotation]]:
    """The annotations to show, by set name: of ``sets`` (default: every set, the default set
    first) and of ``types`` (default: all)."""
    names = list(sets) if sets is not None else sorted(doc.annset_names(), key=lambda n: (n != "", n))
    wanted = set(types) if types is not None else None
    out = {}
    for name in names:
        annset = doc.annset(name) if doc.has_annset(name) else ()
        out[name] = [a for a in annset if wanted is None or a.type in wanted]
    return out


def annotated_text(doc: Document, by_set: dict[str, list[Annotation]], type_key: dict[str, str]) -> str:
    """The text of ``doc`` with the annotations ``by_set`` drawn (classes from ``type_key`` and the
    sets' order), as a ``<div class="text">``."""
    spans = [Span(ann.start, ann.end, f"{type_key[ann.type]} s{set_index}", data_attributes(ann, set_name))
             for set_index, (set_name, anns) in enumerate(by_set.items()) for ann in anns]
    return f'<div class="text" data-length="{len(doc.text)}">{render(doc.text, spans)}</div>'


def type_legend(type_counts: Counter) -> tuple[dict[str, str], Group]:
    """The class key of each type and the legend group of the types, coloured."""
    type_key = {name: f"t{i}" for i, name in enumerate(sorted(type_counts))}
    palette = colours(list(type_key))
    return type_key, Group("Types", [Toggle(key, name, type_counts[name], palette[name]) for name, key in type_key.items()])


def html(doc: Document, *, sets: Iterable[str] | None = None, types: Iterable[str] | None = None, nav: str = "") -> str:
    """The page of ``doc`` (a whole, self-contained HTML document) showing the annotations of
    ``sets`` and ``types`` (default: all); ``nav`` is HTML put above the legend (links)."""
    by_set = selected(doc, sets, types)
    type_counts = Counter(a.type for anns in by_set.values() for a in anns)
    type_key, type_group = type_legend(type_counts)
    groups = [type_group,
              Group("Sets", [Toggle(f"s{i}", set_label(name), len(anns)) for i, (name, anns) in enumerate(by_set.items())])]
    summary = {"name": doc.name, "length": len(doc.text), "types": dict(sorted(type_counts.items())),
               "sets": {name: len(anns) for name, anns in by_set.items()}}
    info = f"{len(doc.text)} characters, {sum(type_counts.values())} annotations"
    return page(doc.name or "document", annotated_text(doc, by_set, type_key), groups,
                nav=f"{nav} {info}".strip(), summary=summary)


def notebook_html(doc: Document, height: int = 480) -> str:
    """The page of ``doc`` in an ``<iframe srcdoc>``, so that its style and script stay out of a
    notebook's own (what ``display(doc)`` shows in Jupyter)."""
    return (f'<iframe srcdoc="{escape(html(doc), quote=True)}" style="width:100%;height:{height}px;'
            f'border:1px solid #ccc" sandbox="allow-scripts"></iframe>')


def link(name: str) -> str:
    """The relative URL of a document's page, ``NAME.html``."""
    return quote(f"{name}.html")


def anchor(href: str, label: str) -> str:
    return f'<a href="{escape(href, quote=True)}">{escape(label)}</a>'
