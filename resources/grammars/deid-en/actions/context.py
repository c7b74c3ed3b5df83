"""The ``cue_name`` action of context.jape: a name or place a context rule found (``my name is X``,
``Regards, X Y``, ``X, 45,``), kept only as far as its words are no English words.

The rules match capitalised words that carry no common-word, date, block or label Lookup; a word in
no list may still be English (``Thanks, Everyone``, ``I am Diabetic``): the words of
``gazetteers/en/deid_english.lst`` (built by resources/build/build_deid_en_lists.py: words English
writes in lower case) and of ``records/common_words_en.txt`` (the EWT treebank's words, for those
mostly written capitalised at a sentence start: Thanks, Hello) end the value, and a value whose
first word is one is dropped.
"""

from __future__ import annotations

import re
from importlib.resources import files

from annotator.jape.actions import ActionContext, keeps_features

_RESOURCES = files("annotator.resources")
_ENGLISH = frozenset((_RESOURCES / "gazetteers" / "en" / "deid_english.lst").read_text(encoding="utf-8").split()) | \
    frozenset((_RESOURCES / "records" / "common_words_en.txt").read_text(encoding="utf-8").split())
_WORD = re.compile(r"[^\W\d_]+")


@keeps_features
def cue_name(ctx: ActionContext) -> None:
    """A PhiCand (``type``, ``prio``, ``rule`` from the block's parameters) over the bound words up to
    the first English one; none when the first is English."""
    anns = ctx.annotations
    if not anns:
        return
    text = ctx.doc.text
    start, end = min(a.start for a in anns), max(a.end for a in anns)
    stop = start
    for m in _WORD.finditer(text, start, end):
        if len(m.group()) > 1 and m.group().lower() in _ENGLISH:
            break
        stop = m.end()
    if stop > start:
        ctx.output.add("PhiCand", start, stop, {"type": ctx.params["type"], "prio": int(ctx.params["prio"]),
                                               "rule": ctx.params["rule"]})
