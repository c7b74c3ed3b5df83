"""Hand-ported actions of ANNIE's tokeniser post-processing (``../tokeniser/postprocess.jape``,
GATE's ``tokeniser/postprocess.jape``; LGPL-3.0, see ``../README.md``).

``annotator jape port`` translates none of that grammar's six Java blocks (they build strings in
loops over raw collections and call ``Integer.toString``), so each is ported here by hand, one
function per block under the name the ported grammar gives it (each changes no feature of an
annotation it keeps). What the Java does is kept,
GATE's odd values included (``orth=apostrophe`` on a joined ``'s``, ``orth=uppercase`` on
``N'T``, ``length`` a string but an int on a joined ordinal)."""

from __future__ import annotations

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


ACTIONS = {
    "postprocess_simpleJoin": simple_join,
    "postprocess_ordinals": ordinals,
    "postprocess_VBneg": vb_neg,
    "postprocess_VBnegUppercase": vb_neg_uppercase,
    "postprocess_Cannot": cannot,
    "postprocess_NewLine": new_line,
}
