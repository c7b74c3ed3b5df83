"""Hand-ported actions of ANNIE's sentence splitter (``../sentenceSplitter/main.jape``, GATE's
``sentenceSplitter/grammar/main.jape``; LGPL-3.0, see ``../README.md``).

``annotator jape port`` translates two of the grammar's four Java blocks (prepare's and cleanup's)
but not split.jape's two (they ``throw``); all four are here, one function per block under the name
the ported grammar gives it, so that the ``annie`` pipeline needs one actions file for the splitter.

What GATE's ``SentenceSplitter`` PR does after its grammar, outside any JAPE (a Sentence over the
tokens after the last one, or over the whole document when the grammar made none), is done here
too, by the cleanup action, marked below: the cleanup phase fires once on the first Token, after
every Sentence is made, so a document without a Token gets no Sentence (GATE's PR gives it one
over the whole text).

``fast_split`` (below, the one action of ``splitter-fast.jape``, which the ``annie`` pipeline runs)
is the fast path: the same Splits and Sentences in one firing, without the gazetteer PR; the
grammar above stays the reference, and tests/resources/test_annie_splitter.py compares the two."""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from pathlib import Path
from typing import Any

import regex

from annotator.jape.actions import ActionContext, keeps_features
from annotator.processing.gazetteer import letter_edges

LAST_END = "temp-last-sentence-end"  # the document feature GATE's split.jape keeps


@keeps_features
def prepare_cleanUp(ctx: ActionContext) -> None:
    """Rule cleanUp (prepare.jape:25): forget the end of the last sentence of an earlier run."""
    ctx.doc.features.pop(LAST_END, None)


def _sentence(ctx: ActionContext, end: int, external: bool) -> None:
    """split.jape's two blocks: a Sentence from the first Token contained in [last end, ``end``]
    to ``end`` (for an external split, to the end of the last of those tokens)."""
    last = ctx.doc.features.get(LAST_END, 0)
    tokens = ctx.input.with_type("Token").within(last, end)
    if not tokens:
        return
    if external:
        end = max(t.end for t in tokens)
    start = min(t.start for t in tokens)
    if start < end:
        ctx.output.add("Sentence", start, end, {})
        ctx.doc.features[LAST_END] = end


@keeps_features
def split_internalSplits(ctx: ActionContext) -> None:
    """Rule internalSplits (split.jape:25): a sentence that takes in its split."""
    _sentence(ctx, max(a.end for a in ctx.bindings["isplit"]), external=False)


@keeps_features
def split_externalSplits(ctx: ActionContext) -> None:
    """Rule externalSplits (split.jape:67): a sentence that ends before its split."""
    _sentence(ctx, min(a.start for a in ctx.bindings["esplit"]), external=True)


@keeps_features
def cleanup_cleanUp(ctx: ActionContext) -> None:
    """Rule cleanUp (cleanup.jape:24): drop the temporary document feature and the splitter's
    abbreviation Lookups."""
    ctx.doc.features.pop(LAST_END, None)
    ctx.input.remove_all(list(ctx.input.with_type("Lookup").with_features(majorType="splitter_abbreviation")))
    # hand (not in the grammar): what GATE's SentenceSplitter PR does once its grammar has run
    sentences = ctx.output.with_type("Sentence")
    tokens = ctx.input.with_type("Token")
    if not sentences:
        ctx.output.add("Sentence", 0, len(ctx.doc.text), {})
        return
    after = max(s.end for s in sentences)
    rest = [t for t in tokens.starting_in(after, len(ctx.doc.text) + 1)]
    if rest:
        ctx.output.add("Sentence", min(t.start for t in rest), max(t.end for t in rest), {})


ACTIONS = {
    "prepare_cleanUp": prepare_cleanUp,
    "split_internalSplits": split_internalSplits,
    "split_externalSplits": split_externalSplits,
    "cleanup_cleanUp": cleanup_cleanUp,
}


# ---------------------------------------------------------------- the fast path
# ``../hand/splitter-fast.jape`` (the ``annie`` pipeline): one firing of ``fast_split`` does what
# the abbreviations gazetteer and the four phases of ``main.jape`` do together, in one pass over
# the Tokens and SpaceTokens; tests/resources/test_annie_splitter.py checks it against them.

ABBREVIATIONS = Path(__file__).resolve().parents[3] / "gazetteers" / "annie-splitter" / "abbreviations.lst"
_NEWLINES = ("\n", "\n\r", "\r\n")  # find.jape's NEWLINE: one of these, or "\n" "\r" / "\r" "\n"
_FILE_ORTHS = ("lowercase", "allCaps", "mixedCaps")


@lru_cache(maxsize=None)
def _abbreviations() -> dict[str, tuple[str, ...]]:
    """The splitter's abbreviations by first character, longest first (the gazetteer keeps the
    longest match at each start)."""
    by_first: dict[str, list[str]] = {}
    for line in ABBREVIATIONS.read_text(encoding="utf-8").splitlines():
        entry = line.strip()
        if entry:
            by_first.setdefault(entry[0], []).append(entry)
    return {first: tuple(sorted(entries, key=len, reverse=True)) for first, entries in by_first.items()}


def _abbreviation_finder() -> regex.Pattern[str]:
    """Where an Abbrev1 may be: after white space, an abbreviation and a full stop (a superset:
    ``_find_splits`` checks each as the gazetteer and find.jape would)."""
    entries = sorted((e for group in _abbreviations().values() for e in group), key=len, reverse=True)
    return regex.compile(r"(?<=\s)(?:" + "|".join(map(regex.escape, entries)) + r")\.")


_TRIGGERS = re.compile(r"[.!?\n\r]")
_FINDER = _abbreviation_finder()  # compiled once, when the actions file is loaded


class _ByOffset:
    """The Tokens and SpaceTokens of a set (which tile the text: our tokenizer's) by start offset, or
    by end offset: ``get(offset)``, the one starting (ending) there or None, found by binary search
    in the set's index lists (a dict of them all cost more to build than the few look-ups)."""

    def __init__(self, annset: Any, by_end: bool) -> None:
        self.parts = [annset.in_order("SpaceToken"), annset.in_order("Token")]  # (starts, annotations)
        self.by_end = by_end

    def get(self, offset: int) -> Any:
        for starts, anns in self.parts:
            if self.by_end:  # the last one starting before the offset, if it ends there
                i = bisect_left(starts, offset) - 1
                if i >= 0 and anns[i].end == offset:
                    return anns[i]
            else:
                i = bisect_left(starts, offset)
                if i < len(starts) and starts[i] == offset:
                    return anns[i]
        return None


def _find_splits(text: str, at: _ByOffset, ends: _ByOffset) -> list[tuple[int, int, str]]:
    """find.jape (appelt): the Splits, from ``at`` / ``ends`` (the Tokens and SpaceTokens by start
    and by end offset). Only a ``.``, ``!`` or ``?`` Token, a SpaceToken or a Token before a full stop
    can start a rule, so only those are tried, left to right, each match going on after its end."""
    abbreviations = _abbreviations()
    _, end_ok = letter_edges(text)
    starts = set()
    for m in _TRIGGERS.finditer(text):
        p = m.start()
        starts.add(p)
        if text[p] == ".":
            before = ends.get(p)
            if before is not None and before.type == "Token":
                starts.add(before.start)
    for m in _FINDER.finditer(text):
        before = ends.get(m.start())
        if before is not None and before.type == "SpaceToken":
            starts.add(before.start)

    def token(t, string: str) -> bool:
        return t is not None and t.type == "Token" and t.features.get("string") == string

    def newlines(t) -> list:
        """The last SpaceToken of each NEWLINE that can start at ``t``."""
        found = []
        if t is not None and t.type == "SpaceToken":
            s = t.features.get("string")
            if s in _NEWLINES:
                found.append(t)
            u = at.get(t.end)
            if (u is not None and u.type == "SpaceToken"
                    and (s, u.features.get("string")) in (("\n", "\r"), ("\r", "\n"))):
                found.append(u)
        return found

    def space_run(t):
        """The last SpaceToken of kind space of the run after ``t`` (``t`` itself if none)."""
        u = at.get(t.end)
        while u is not None and u.type == "SpaceToken" and u.features.get("kind") == "space":
            t, u = u, at.get(u.end)
        return t

    def initial(t) -> bool:
        return (t is not None and t.type == "Token" and t.features.get("orth") == "upperInitial"
                and t.features.get("length") == "1")

    splits = []
    pos = 0
    for start in sorted(starts):
        if start < pos:
            continue
        t = at.get(start)
        if t is None:
            continue
        best, split = -1, None  # the end offset of the longest match, and its Split kind
        features = t.features
        if t.type == "SpaceToken":
            for first in newlines(t):  # CR: NEWLINE space* NEWLINE space*, the longest
                for second in newlines(at.get(space_run(first).end)):
                    best, split = max(best, space_run(second).end), "external"
            if best < 0:  # Abbrev1: SpaceToken, abbreviation Lookup, "."
                here = t.end
                for entry in abbreviations.get(text[here:here + 1], ()):
                    if text.startswith(entry, here) and end_ok(here + len(entry)):
                        stop = at.get(here + len(entry))
                        if token(stop, "."):
                            best = stop.end
                        break  # the longest entry found is the Lookup there
        else:
            s = features.get("string")
            kind = features.get("kind")
            if s == "!" or s == "?":
                u = t
                while token(at.get(u.end), "!") or token(at.get(u.end), "?"):
                    u = at.get(u.end)
                best, split = u.end, "internal"
            elif s == ".":
                u, dots = t, 1
                while token(at.get(u.end), "."):
                    u, dots = at.get(u.end), dots + 1
                if dots >= 5:  # Ldots
                    best = u.end
                else:  # FULLSTOP or THREEDOTS
                    best, split = u.end, "internal"
                    after = at.get(t.end)
                    if dots == 1 and after is not None and after.type == "Token" and (
                            after.features.get("string") in ("NET", "net", "Net")
                            or after.features.get("orth") in _FILE_ORTHS):
                        best, split = after.end, None  # DotNetStop, DotFileName
            elif kind == "word" or kind == "number":  # dottedName, Number
                u = t
                while True:
                    dot = at.get(u.end)
                    if not token(dot, "."):
                        break
                    w = at.get(dot.end)
                    if w is None or w.type != "Token" or w.features.get("kind") != kind:
                        break
                    u = w
                if u is not t:
                    best = u.end
            if initial(t):  # Abbrev2
                u, end = t, -1
                while initial(u) and token(at.get(u.end), "."):
                    end = at.get(u.end).end
                    u = at.get(end)
                if end > best:
                    best, split = end, None
        if best < 0:
            continue
        if split is not None:
            splits.append((start, best, split))
        pos = best
    return splits


@keeps_features
def fast_split(ctx: ActionContext) -> None:
    """The whole splitter in one firing: Splits as find.jape makes them, then Sentences as split.jape
    and the cleanup action make them."""
    text = ctx.doc.text
    at, ends = _ByOffset(ctx.input, by_end=False), _ByOffset(ctx.input, by_end=True)
    splits = _find_splits(text, at, ends)

    def first_token(pos: int, limit: int):
        """The first Token starting in [pos, limit) (tokens tile the text; a gap is walked over)."""
        while pos < limit:
            t = at.get(pos)
            if t is None:
                pos += 1
            elif t.type == "SpaceToken":
                pos = t.end
            else:
                return t
        return None

    def last_end(pos: int, limit: int) -> int:
        """The end of the last Token ending in (limit, pos], or -1."""
        while pos > limit:
            t = ends.get(pos)
            if t is None:
                pos -= 1
            elif t.type == "SpaceToken":
                pos = t.start
            else:
                return pos if t.start >= limit else -1
        return -1

    items = [("Split", start, end, {"kind": kind}) for start, end, kind in splits]
    last, made = 0, False
    for start, end, kind in splits:
        if kind == "external":
            end = last_end(start, last)
            if end < 0:
                continue
        first = first_token(last, end)
        if first is None or first.end > end:
            continue
        items.append(("Sentence", first.start, end, {}))
        last, made = end, True
    if not made:
        items.append(("Sentence", 0, len(text), {}))
    else:
        first = first_token(last, len(text))
        if first is not None:
            items.append(("Sentence", first.start, last_end(len(text), first.start), {}))
    ctx.output.add_many(items, check_features=False)


ACTIONS["fast_split"] = fast_split
