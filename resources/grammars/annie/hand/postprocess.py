"""Hand-ported actions of ANNIE's tokeniser post-processing (``../tokeniser/postprocess.jape``,
GATE's ``tokeniser/postprocess.jape``; LGPL-3.0, see ``../README.md``).

``annotator jape port`` translates none of that grammar's six Java blocks (they build strings in
loops over raw collections and call ``Integer.toString``), so each is ported here by hand, one
function per block under the name the ported grammar gives it (each changes no feature of an
annotation it keeps). What the Java does is kept,
GATE's odd values included (``orth=apostrophe`` on a joined ``'s``, ``orth=uppercase`` on
``N'T``, ``length`` a string but an int on a joined ordinal).

``fast_postprocess`` (below, the one action of ``postprocess-fast.jape``, which the ``annie``
pipeline runs) is the fast path: it finds the matches that grammar's phase would fire, as
``control = appelt`` picks them, among the few tokens a rule can start at (next to ``'``, before
an ordinal ending, ``cannot``, a line break), and fires the same actions in the same order, so the
same annotations are made (with the same ids); the grammar stays the reference, and
tests/resources/test_annie_postprocess.py compares the two."""

from __future__ import annotations

import re
from bisect import bisect_left
from itertools import product
from operator import attrgetter
from typing import Any

from annotator.jape.actions import ActionContext, keeps_features


def _joined(ctx: ActionContext, type_name: str, features: dict) -> None:
    """Replace the tokens bound to ``left`` by one ``type_name`` over them, with ``features``
    and the tokens' strings joined as ``string``."""
    tokens = sorted(ctx.bindings["left"], key=lambda a: a.start)
    text = "".join(t.features.get("string", "") for t in tokens)
    for token in tokens:
        ctx.output.remove(token)
    ctx.output.add(type_name, tokens[0].start, tokens[-1].end,
                   {**features, "string": text, "length": str(len(text))})


@keeps_features
def simple_join(ctx: ActionContext) -> None:
    """Rule simpleJoin (postprocess.jape:37): ``'s``, ``'ll``, ``'n'``, ``C'mon``, ``o'clock``,
    ``ma'am`` ... become one word."""
    _joined(ctx, "Token", {"kind": "word", "orth": "apostrophe"})


@keeps_features
def ordinals(ctx: ActionContext) -> None:
    """Rule ordinals (postprocess.jape:65): ``3rd``, ``21st``, ``22nd``, ``5th`` become one word
    when the ending fits the number's last digit (any number takes ``th``)."""
    number = ctx.bindings["number"][0].features.get("string", "")
    ending = ctx.bindings["ending"][0].features.get("string", "")
    fits = {"st": "1", "nd": "2", "rd": "3"}
    if ending == "th" or number.endswith(fits.get(ending, "-")):
        left = sorted(ctx.bindings["left"], key=lambda a: a.start)
        for token in left:
            ctx.input.remove(token)
        string = number + ending
        ctx.output.add("Token", left[0].start, left[-1].end, {"kind": "word", "string": string, "length": len(string)})


def _negation(ctx: ActionContext, n: str, negation: str, orth: str) -> None:
    """``doesn ' t`` -> ``does n't`` when the word before ``'t`` ends with ``n``."""
    first = ctx.bindings["one"][0]
    word = first.features.get("string", "")
    if not word.endswith(n):
        return
    two = ctx.bindings["two"]
    for token in (first, *two):
        ctx.output.remove(token)
    middle = first.end - 1
    if first.start != middle:
        text = word[:-1]
        ctx.output.add("Token", first.start, middle,
                       {"kind": "word", "string": text, "length": str(len(text)), "orth": first.features.get("orth")})
    ctx.output.add("Token", middle, max(a.end for a in two),
                   {"kind": "word", "string": negation, "length": "3", "orth": orth})


@keeps_features
def vb_neg(ctx: ActionContext) -> None:
    """Rule VBneg (postprocess.jape:100): ``n't`` split off its verb (``does n't``, ``wo n't``)."""
    _negation(ctx, "n", "n't", "lowercase")


@keeps_features
def vb_neg_uppercase(ctx: ActionContext) -> None:
    """Rule VBnegUppercase (postprocess.jape:143): the same for ``N'T``."""
    _negation(ctx, "N", "N'T", "uppercase")


@keeps_features
def cannot(ctx: ActionContext) -> None:
    """Rule Cannot (postprocess.jape:184): ``cannot`` -> ``can`` ``not``, each with the word's
    other features."""
    word = ctx.bindings["cannot"][0]
    string = word.features.get("string", "")
    middle = word.start + 3
    ctx.output.remove(word)
    ctx.output.add("Token", word.start, middle, {**word.features, "string": string[:3], "length": "3"})
    ctx.output.add("Token", middle, word.end, {**word.features, "string": string[3:6], "length": "3"})


@keeps_features
def new_line(ctx: ActionContext) -> None:
    """Rule NewLine (postprocess.jape:228): ``\\r\\n`` (or ``\\n\\r``) becomes one SpaceToken
    kind=control; a lone ``\\n`` or ``\\r`` stays as it is (GATE replaces it by an equal one)."""
    if len(ctx.bindings["left"]) > 1:
        _joined(ctx, "SpaceToken", {"kind": "control"})


_JOINED = {"30s", "40s", "50s", "60s", "70s", "80s", "90s", "Cause", "cause", "Em", "em", "N", "S", "s", "T", "d",
           "ll", "m", "re", "til", "ve"}  # simpleJoin's words after an apostrophe
_AROUND = {"C": "mon", "c": "mon", "O": "clock", "o": "clock", "ma": "am", "Ma": "am"}  # simpleJoin's X ' Y
_ENDINGS = {"st", "nd", "rd", "th"}
_CANNOT = {"".join(letters) for letters in product(*zip("cannot", "CANNOT"))}  # [Cc][Aa][Nn][Nn][Oo][Tt]
_NEWLINES = {"\n": "\r", "\r": "\n"}  # NewLine: a line break, or one followed by the other
# Where a rule may start, or the token after its start: an apostrophe, a line break, an ending or
# cannot. Our tokenizer ends a word before an ASCII small letter never, and after one only before
# a capital (``x-tnd`` ``Cannot``), so a token of these letters has no such letter beside it but that.
_CANDIDATES = re.compile(r"['\n\r]|(?<![a-z])(?:st|nd|rd|th|c[Aa][Nn][Nn][Oo][Tt])(?![a-z])"
                         r"|C[Aa][Nn][Nn][Oo][Tt](?![a-z])")


class _Visible:
    """The Tokens and SpaceTokens of a set (which do not overlap: our tokenizer's), found by offset:
    what the phase sees, a character of no such token (a DEFAULT_TOKEN) skipped."""

    def __init__(self, annset: Any) -> None:
        self.types = [annset.in_order("Token"), annset.in_order("SpaceToken")]  # (starts, annotations)

    def at(self, offset: int) -> Any:
        """The annotation starting at ``offset``, or None."""
        for starts, anns in self.types:
            i = bisect_left(starts, offset)
            if i < len(starts) and starts[i] == offset:
                return anns[i]
        return None

    def after(self, ann: Any) -> Any:
        """The first annotation starting at or after the end of ``ann`` (None: ``ann`` is None or the last)."""
        found = None
        if ann is not None:
            for starts, anns in self.types:
                i = bisect_left(starts, ann.end)
                if i < len(starts) and (found is None or starts[i] < found.start):
                    found = anns[i]
        return found

    def before(self, ann: Any) -> Any:
        """The last annotation starting before ``ann``, or None."""
        found = None
        for starts, anns in self.types:
            i = bisect_left(starts, ann.start) - 1
            if i >= 0 and (found is None or starts[i] > found.start):
                found = anns[i]
        return found


def _string(ann: Any, type_name: str = "Token") -> str | None:
    return ann.features.get("string") if ann is not None and ann.type == type_name else None


def _matches(visible: _Visible, first: Any) -> list[tuple]:
    """Every match of postprocess.jape's rules from the annotation ``first``, as ``(end, rule
    index, elements, rule, bindings, label)`` in rule order."""
    one = _string(first)
    two = visible.after(first)
    three = visible.after(two)
    out = []
    if one is not None:
        second, third = _string(two), _string(three)
        if one == "'" and second in _JOINED:
            out.append((two, 2, 0, "simpleJoin", {"left": [first, two]}, None))
        if one == "'" and second == "n" and third == "'" or second == "'" and one in _AROUND and _AROUND[one] == third:
            out.append((three, 3, 0, "simpleJoin", {"left": [first, two, three]}, None))
        if first.features.get("kind") == "number" and second in _ENDINGS:
            out.append((two, 2, 1, "ordinals", {"number": [first], "ending": [two], "left": [first, two]}, None))
        if second == "'" and third in ("t", "T"):
            rule, index = ("VBneg", 2) if third == "t" else ("VBnegUppercase", 3)
            out.append((three, 3, index, rule, {"one": [first], "two": [two, three]}, None))
        if one in _CANNOT:
            out.append((first, 1, 4, "Cannot", {"cannot": [first]}, "cannot"))
    else:
        space = _string(first, "SpaceToken")
        if space in _NEWLINES:
            out.append((first, 1, 5, "NewLine", {"left": [first]}, None))
            if _string(two, "SpaceToken") == _NEWLINES[space]:
                out.append((two, 2, 5, "NewLine", {"left": [first, two]}, None))
    return [(last.end, *rest) for last, *rest in out]


@keeps_features
def fast_postprocess(ctx: ActionContext) -> None:
    """postprocess.jape's phase in one firing: at each annotation a rule may start at (the one
    found by :data:`_CANDIDATES`, and the one before it when it is an apostrophe or an ending),
    in order, the match ``appelt`` fires (the longest, then the earliest rule's, then the one of
    fewest elements), the next one looked for after its end."""
    visible = _Visible(ctx.input)
    starts = set()
    for found in _CANDIDATES.finditer(ctx.doc.text):
        ann = visible.at(found.start())
        if ann is None or _string(ann, ann.type) != found.group():
            continue
        starts.add(ann)
        if found.group() == "'" or found.group() in _ENDINGS:
            before = visible.before(ann)
            if before is not None:
                starts.add(before)
    resume = -1
    for first in sorted(starts, key=attrgetter("start")):
        if first.start < resume:
            continue
        found = _matches(visible, first)
        if not found:
            continue
        end, _, _, rule, bindings, label = max(found, key=lambda m: (m[0], -m[2], -m[1]))
        ACTIONS[f"postprocess_{rule}"](ActionContext(ctx.doc, bindings, ctx.input, ctx.output, {}, label, rule,
                                                     "postprocess"))
        resume = end


ACTIONS = {
    "postprocess_simpleJoin": simple_join,
    "postprocess_ordinals": ordinals,
    "postprocess_VBneg": vb_neg,
    "postprocess_VBnegUppercase": vb_neg_uppercase,
    "postprocess_Cannot": cannot,
    "postprocess_NewLine": new_line,
    "fast_postprocess": fast_postprocess,
}
