"""The self-contained HTML page every view is drawn in: inline CSS and script, a legend of
toggles, a details panel. Nothing is loaded from the network.

A legend is made of :class:`Group` s of :class:`Toggle` s. A toggle has a class key (``t3`` for a
type, ``s1`` for a set, ``o-missing`` for an outcome): unticking it puts ``off-KEY`` on the body,
which makes every element of class ``KEY`` transparent (empty markers disappear). A toggle with a
colour gives its elements that colour. Clicking a legend label scrolls to the next element of
its class; clicking the text shows, in the panel, the offset clicked (in code points) and every
annotation around that point with its offsets and features (from the ``title`` that hovering
shows too).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from html import escape, unescape

#: 20 colours told apart on white, each also drawn at 25% for backgrounds.
PALETTE = (
    "#e6194b", "#3cb44b", "#e6b800", "#4363d8", "#f58231", "#911eb4", "#22a7c4", "#f032e6", "#8fbf1a", "#e88aa8",
    "#469990", "#a68bd8", "#9a6324", "#800000", "#6b8e23", "#000075", "#7f7f7f", "#c9a07a", "#1f9e6a", "#5a5aa0",
)


@dataclass
class Toggle:
    """One legend entry: the class it shows or hides, its label, a count, an optional colour."""

    key: str
    label: str
    count: int | None = None
    colour: str | None = None


@dataclass
class Group:
    title: str
    toggles: list[Toggle] = field(default_factory=list)


def colours(names: list[str]) -> dict[str, str]:
    """A colour per name, the same for a name on every page where it can be (from a hash of the
    name), distinct within ``names`` while the palette lasts."""
    taken: dict[int, str] = {}
    out = {}
    for name in sorted(names):
        slot = zlib.crc32(name.encode("utf-8")) % len(PALETTE)
        for step in range(len(PALETTE)):
            if (slot + step) % len(PALETTE) not in taken:
                slot = (slot + step) % len(PALETTE)
                break
        taken[slot] = name
        out[name] = PALETTE[slot]
    return out


CSS = """
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#222;background:#fff}
header{position:sticky;top:0;z-index:2;background:#f7f7f7;border-bottom:1px solid #ccc;padding:.4em 1em}
header h1{font-size:1.1em;margin:.1em 0}
header .nav a{margin-right:1em}
.legend{display:flex;flex-wrap:wrap;gap:.2em 1.2em;align-items:baseline;font-size:.9em}
.legend b{margin-right:.3em}
.legend label{white-space:nowrap}
.legend .jump{cursor:pointer;text-decoration:underline dotted}
.sw{display:inline-block;width:.9em;height:.9em;vertical-align:-.1em;border-radius:2px;margin:0 .2em}
main{padding:1em}
.text{white-space:pre-wrap;font:14px/2.4 ui-monospace,monospace;max-width:100ch;overflow-wrap:anywhere}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:1.5em}
.cols h2{font-size:1em;margin:.2em 0}
.a{background:var(--b);border-bottom:2px solid var(--c);cursor:pointer}
.s1{border-bottom-style:dashed}.s2{border-bottom-style:dotted}.s3{border-bottom-style:double}
.d1{padding-bottom:3px}.d2{padding-bottom:6px}.d3{padding-bottom:9px}.d4{padding-bottom:12px}
.z{display:inline-block;width:0;height:1.3em;vertical-align:text-bottom;border:0;border-left:3px solid var(--c);
 margin:0 1px;background:none}
.a:target,.a.flash{outline:2px solid #000}
#detail{position:fixed;right:1em;bottom:1em;max-width:40em;max-height:40vh;overflow:auto;background:#fffff0;
 border:1px solid #999;padding:.5em .8em;font:13px/1.4 ui-monospace,monospace;white-space:pre-wrap;z-index:3}
table{border-collapse:collapse;font-size:.9em}
img{max-width:100%;height:auto}
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}
td:first-child,th:first-child{text-align:left}
"""

SCRIPT = """
document.querySelectorAll('.legend input[data-key]').forEach(function(box){
  box.addEventListener('change',function(){document.body.classList.toggle('off-'+box.dataset.key,!box.checked);});
});
document.querySelectorAll('.legend .jump').forEach(function(label){
  var n=-1;
  label.addEventListener('click',function(ev){
    ev.preventDefault();
    var all=document.querySelectorAll('main .'+label.dataset.key);
    if(!all.length)return;
    n=(n+1)%all.length;
    document.querySelectorAll('.flash').forEach(function(e){e.classList.remove('flash');});
    all[n].classList.add('flash');
    all[n].scrollIntoView({block:'center'});
  });
});
var detail=document.getElementById('detail');
function offsetAt(ev){
  var r=document.caretRangeFromPoint&&document.caretRangeFromPoint(ev.clientX,ev.clientY);
  var box=r&&r.startContainer.parentElement&&r.startContainer.parentElement.closest('.text');
  if(!box)return null;
  var before=document.createRange();
  before.setStart(box,0);before.setEnd(r.startContainer,r.startOffset);
  return Array.from(before.toString()).length;
}
document.querySelector('main').addEventListener('click',function(ev){
  var a=ev.target.closest('.a'),at=offsetAt(ev);
  if(!a&&at===null){detail.hidden=true;return;}
  var lines=at===null?[]:['offset '+at];
  for(var e=a;e;e=e.parentElement.closest('.a')){
    var scope=e.closest('.text')||document;
    var text='';
    scope.querySelectorAll('[data-id="'+e.dataset.id+'"]').forEach(function(p){text+=p.textContent;});
    lines.push(e.title+'\\ntext: '+JSON.stringify(text));
  }
  detail.textContent=lines.join('\\n\\n');
  detail.hidden=false;
});
"""


def _style(groups: list[Group]) -> str:
    rules = []
    for group in groups:
        for toggle in group.toggles:
            if toggle.colour:
                rules.append(f".{toggle.key}{{--c:{toggle.colour};--b:{toggle.colour}40}}")
            rules.append(f".off-{toggle.key} .{toggle.key}{{--c:transparent;--b:transparent}}"
                         f".off-{toggle.key} .z.{toggle.key}{{display:none}}")
    return "\n".join(rules)


def _legend(groups: list[Group]) -> str:
    parts = []
    for group in groups:
        if not group.toggles:
            continue
        items = [f"<b>{escape(group.title)}</b>"]
        for toggle in group.toggles:
            swatch = f'<span class="sw" style="background:{toggle.colour}"></span>' if toggle.colour else ""
            count = f" ({toggle.count})" if toggle.count is not None else ""
            items.append(f'<label><input type="checkbox" checked data-key="{toggle.key}">{swatch}'
                         f'<span class="jump" data-key="{toggle.key}" title="next one">{escape(toggle.label)}</span>'
                         f"{count}</label>")
        parts.append(f'<div class="legend">{"".join(items)}</div>')
    return "".join(parts)


def page(title: str, body: str, groups: list[Group] | None = None, *, nav: str = "", summary: dict | None = None) -> str:
    """A whole HTML page: ``body`` (HTML) under a sticky header with ``title``, ``nav`` links (HTML)
    and the legend; ``summary`` (JSON-able) is kept in a ``<meta name="annotator-summary">`` for
    an index to read back."""
    meta = ""
    if summary is not None:
        meta = f'<meta name="annotator-summary" content="{escape(json.dumps(summary, ensure_ascii=False), quote=True)}">'
    groups = groups or []
    return (
        f'<!DOCTYPE html>\n<html><head><meta charset="utf-8">{meta}'
        f'<meta name="viewport" content="width=device-width,initial-scale=1"><title>{escape(title)}</title>'
        f"<style>{CSS}{_style(groups)}</style></head>\n<body><header><h1>{escape(title)}</h1>"
        f'{f"<div class=nav>{nav}</div>" if nav else ""}{_legend(groups)}</header>\n'
        f'<main>{body}</main><div id="detail" hidden></div>\n<script>{SCRIPT}</script></body></html>\n'
    )


def read_summary(head: str) -> dict | None:
    """The summary :func:`page` put in a page's head (None when there is none)."""
    marker = '<meta name="annotator-summary" content="'
    start = head.find(marker)
    if start < 0:
        return None
    end = head.find('"', start + len(marker))
    return json.loads(unescape(head[start + len(marker):end]))
