"""The sentence splitter: ANNIE-style ``Sentence`` and ``Split`` annotations, from the raw text.

It reads the text, not Token annotations, so it can run with or without the tokenizer and costs
one ``regex`` pass for terminators plus one for lines. Sentences are the text between cuts with
the surrounding white space trimmed; ``Sentence`` has no features. ``Split`` kind=internal covers
the terminator (and its closing quotes/brackets) that ends a sentence; ``Split`` kind=external
covers the line breaks between two sentences (both when a sentence ends with a period and a line
break). Cuts made by an inline list item or bullet have no ``Split``.

Punctuation (``.``, ``!``, ``?``, ``…`` runs followed by optional closers ``" ' ” ’ » ) ]`` and
then white space or the end of the text):

- the text is never cut when the next word starts with a lower-case letter ("Yahoo! in",
  "'This is great.' she said", "(... engineer.) at");
- ``!``/``?`` runs cut otherwise;
- ``...`` or ``…`` cuts before a capitalised word; spaced ``. . .`` (an omission) does not;
  four dots (``....``, ``. . . .``) cut, after the first dot when it is attached to a word
  ("compounds. . . . The"); ``[...]`` and ``(...)`` never cut;
- a period after a title (``titles-XX.lst``: Dr., Mr., Sra., Avda.; matched as listed or with
  the first letter's case changed, so "dr." is a title and "PL." is not "Pl.") never cuts;
- a period after a numbering word (``numbering-XX.lst``: "No. 103", "Núm. 5"; matched like
  titles) never cuts before a number, and cuts like any other period elsewhere ("¿Fuma? No. Bebe");
- a terminator followed by a slash, comma, semicolon or colon never cuts ("consuela. / [...]");
- a period after an abbreviation (``abbreviations-XX.lst``), a single letter ("E.", "D.") or a
  letter-period run ("U.S.", "a.m.", "p.ej.") cuts only before a sentence starter
  (``starters-XX.lst``: "They", "How", "El", "Se"), so "U.S. Government", "Jonas E. Smith",
  "p. 55" and "aprox. 3 cm" stay whole; a listed abbreviation or single letter after a number
  and a space is a unit ("2 wks.", "500 mg.", "37.5 C.") and cuts before any capitalised word;
- any other period cuts (decimal numbers, e-mail addresses and URLs have no white space after
  their inner periods, so they never cut).

Layout (clinical notes):

- a blank line cuts, unless the line before ends with a connector word ("started on\n\nmetformin",
  as in PyRuSH) and the next line is no list item or heading;
- a heading in capitals of two words or more inside a line, after text in lower case, a number or
  a full stop, starts a sentence ("Chest pain HISTORY OF PRESENT ILLNESS: ...");
- a single line break cuts when the next line starts a list item (``- ``, ``* ``, ``•``,
  ``o `` before a capital, ``1.``, ``2)``, ``a.``) or a heading (a capitalised label of up to 50 characters ending in a
  colon: ``PMHX:``, ``Impression:``, ``ANTECEDENTES PERSONALES:``; headings are recognised at
  the start of a line only, and stay in one sentence with the text after them on the same
  line: "Plan: stress test."), when the line ends with a
  colon, when the punctuation rules cut at the end of the line, and otherwise unless the sentence
  visibly goes on: the line ends with ``, ; ( / & + -`` or a connector word (``connectors-XX.lst``:
  "and", "of", "since", "de", "y"), or the next line starts in lower case, or with a number and a
  lower-case word after a line ending in lower case ("taking\n2 tablets"); a lower-case line still starts a
  sentence after a line in capitals (a heading: "PLAN\nreview in 2 weeks") and in a list of
  entries, where it starts with a label of up to three words and a number and the line before is
  an entry too or a short capitalised label (medication and vitals lists: "aspirin 81 mg
  daily\nmetoprolol 25 mg bid", "Obs\nbp 120/80\nhr 72");
- a prescription line (``Sig:``, ``Disp:``, ``Refills:``, ``Qty:``, any case) starts a sentence;
- a de-identification placeholder (``[** ... **]``, as in MIMIC: "[**Ward 4. Bed 2**]",
  "[**Last Name\n(NamePattern1) **]") is never cut inside;
- inline: a bullet (``•``, ``⁃``, ``▪`` ...) after white space cuts before it, and a numbered
  or lettered item continuing the line's list ("1.) ... 2.) ...", "a. ... b. ...") cuts before
  the next number; the periods of list markers never cut;
- a dash that ends a sentence after a space or a terminator is left out of it ("Delirium -",
  "Ordered the MRI scan.-": a dangling mark of the layout, as in PyRuSH).

``lineBreaks = gate`` (the ``annie`` pipeline) gives GATE ANNIE's behaviour instead: a blank line
(two line breaks or more) always cuts, a single line break never ends a sentence, and no layout
rule applies (inline headings included).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import regex

from annotator.document import Document
from annotator.errors import InputError, coded
from annotator.lang import en
from annotator.paths import RESOURCES
from annotator.processing.base import Param, ProcessingResource, register

LISTS = RESOURCES / "sentence_splitter"
LANGUAGES = ("en", "es", "sv")
LINE_BREAKS = ("layout", "gate")

_CLOSERS = "\"'”’»)\\]}"
_OPENERS = "\"'“‘«([{¿¡"
# A terminator: spaced ellipsis (". . ." or more), or a run of . ! ? … ; then closers; then
# white space or the end of the text. A lookahead (which always matches) captures what comes
# next: white space, opening punctuation, then a word or a number.
_TERMINATOR = regex.compile(
    rf"(?P<term>\.(?:[ \u00a0]\.){{2,}}|[.!?‽…]+)(?P<close>[{_CLOSERS}]*)(?=\s|\Z)"
    r"(?=(?P<next>\s*(?P<open>[^\s\p{L}\p{N}]*)(?P<word>\p{L}[\p{L}\p{M}]*|\p{N}+)?))"
)
_INITIALS = regex.compile(r"(?:\p{L}\.)+\p{L}")
_WORD_BEFORE = regex.compile(r"\S*", regex.REVERSE)  # .match(text, 0, end): the word ending at end
_LINE = regex.compile(r"\S(?:[^\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]*\S)?")
_BREAK = regex.compile(r"\r\n|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
_BULLETS = "•·⁃◦▪▫●○‣■□►▶➢➤✓✔◆❖"
_ITEM = regex.compile(
    rf"(?P<bullet>[{_BULLETS}]|[-*+–—](?=\s)|o(?=[ \t]+\p{{Lu}}))?\s*"
    r"(?:(?P<value>\d{1,3}|[a-zA-Z])(?P<style>\.\)|[.)])(?=\s))?"
)
_INLINE_BULLET = regex.compile(rf"(?<=\s)[{_BULLETS}]")
_HEADING = regex.compile(r"[\p{Lu}\p{Lt}][\p{L}\p{M}\p{N} /().&'-]{0,48}:(?=\s|\Z)")
# a heading in capitals of two words or more (two letters or more each) inside a line, after text
# that is not in capitals and not a comma ("Chest pain HISTORY OF PRESENT ILLNESS: ...")
_INLINE_HEADING = regex.compile(
    r"(?<=[\p{Ll}\p{N}.)%][ \t]{1,2})\p{Lu}[\p{Lu}/&-]+(?:[ \t]+\p{Lu}[\p{Lu}/&-]+){1,5}:(?=\s)")
_NUMBER_WORD = regex.compile(r"\p{N}+(?:[.,]\p{N}+)?[ \t]+\p{Ll}")  # "2 tablets": a line going on
_CAPITALS_LINE = regex.compile(r"[^\p{Ll}]*\p{Lu}[^\p{Ll}]*\p{Lu}[^\p{Ll}]*")  # two capitals, no lower case
# a list entry: a label of up to three words, then a number ("aspirin 81 mg", "bp 120/80", "T: 37.1")
_ENTRY = regex.compile(r"\p{L}[\p{L}\p{N}'/-]*(?:[ \t]+\p{L}[\p{L}'/-]*){0,2}[ \t]*:?[ \t]*[<>~]?\p{N}")
_LABEL_LINE = regex.compile(r"\p{Lu}[\p{L}'/&-]*(?:[ \t]+[\p{L}'/&-]+){0,2}")  # "Obs", "Current medication"
_CONTINUATION_CHARS = frozenset(",;(/&+-–")
_DANGLING_DASH = regex.compile(r"(?<=[.!?…]|\s)[-–]$|\s+[-–]$")  # "Delirium -", "scan.-": the dash is no part of it
_NOT_STARTS = frozenset("/,;:")  # what cannot start a sentence after a terminator
_PRESCRIPTION = regex.compile(r"(?i)(?:" + "|".join(en.PRESCRIPTION_LABELS) + r")\s*:")
_PLACEHOLDER = regex.compile(r"\[\*\*.{0,200}?\*\*\]", regex.DOTALL)


@dataclass(frozen=True)
class Lists:
    """The word lists of one language (see ``resources/sentence_splitter/NOTE.md``)."""

    titles: frozenset[str]
    numbering: frozenset[str]
    abbreviations: frozenset[str]
    starters: frozenset[str]
    connectors: frozenset[str]


def _read_list(path: Path, fold: bool = False) -> frozenset[str]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(coded("E471", reason=exc), path=path) from None
    entries = (line.strip() for line in lines)
    entries = (e for e in entries if e and not e.startswith("#"))
    if fold:
        return frozenset(e.lower().removesuffix(".") for e in entries)
    return frozenset(e.removesuffix(".") for e in entries)


@lru_cache(maxsize=None)
def load_lists(language: str, folder: Path = LISTS) -> Lists:
    """The lists of ``language`` read from ``folder`` (``XX`` in ``titles-XX.lst`` etc.)."""
    return Lists(
        titles=_read_list(folder / f"titles-{language}.lst"),
        numbering=_read_list(folder / f"numbering-{language}.lst"),
        abbreviations=_read_list(folder / f"abbreviations-{language}.lst", fold=True),
        starters=_read_list(folder / f"starters-{language}.lst"),
        connectors=_read_list(folder / f"connectors-{language}.lst", fold=True),
    )


class _Splitter:
    """The cuts of one text: positions where a sentence ends, and the Split annotations."""

    def __init__(self, text: str, lists: Lists, line_breaks: str = "layout") -> None:
        self.text = text
        self.lists = lists
        self.layout = line_breaks == "layout"
        self.cuts: set[int] = set()
        self.splits: list[tuple[int, int, str]] = []
        self.protected: set[int] = set()  # positions of list-marker periods, which never cut
        self.lines: list[tuple[int, int]] = []  # (start, end) of each line's text, trimmed
        self.items: set[int] = set()  # line starts that begin a list item

    def run(self) -> list[tuple[int, int]]:
        self._layout()
        line_ends = self._punctuation()
        self._line_breaks(line_ends)
        self._placeholders()
        return self._sentences()

    # ---------------------------------------------------------------- lists and bullets
    def _layout(self) -> None:
        text = self.text
        self.lines = [m.span() for m in _LINE.finditer(text)]
        for start, end in self.lines:
            m = _ITEM.match(text, start, end)
            if m.group("bullet") or m.group("value"):
                self.items.add(start)
                if m.group("value"):
                    self.protected.update(range(m.start("style"), m.end("style")))
                    self._inline_items(m.group("value"), m.group("style"), m.end(), end)
        for m in _INLINE_BULLET.finditer(text):
            self.cuts.add(m.start())
        if self.layout:
            self.cuts.update(m.start() for m in _INLINE_HEADING.finditer(text))

    def _inline_items(self, value: str, style: str, pos: int, end: int) -> None:
        """Cut before the items that continue a numbered or lettered list on the same line."""
        text = self.text
        while True:
            value = str(int(value) + 1) if value.isdigit() else chr(ord(value) + 1)
            found = regex.compile(rf"(?<=[\s{_BULLETS}]){regex.escape(value + style)}(?=\s)").search(text, pos, end)
            if found is None:
                return
            cut = found.start()
            before = cut
            while before > pos and text[before - 1].isspace():
                before -= 1
            if text[before - 1] in _BULLETS:
                cut = before - 1
            self.cuts.add(cut)
            self.protected.update(range(found.end() - len(style), found.end()))
            pos = found.end()

    # ---------------------------------------------------------------- punctuation
    def _punctuation(self) -> dict[int, bool]:
        """Decide every terminator; returns {end of terminator: cut?} for the line-break rules."""
        decided: dict[int, bool] = {}
        for m in _TERMINATOR.finditer(self.text):
            cut = self._decide(m)
            decided[m.end()] = cut is not None
            if cut is not None:
                self.cuts.add(cut)
                self.splits.append((m.start(), cut if cut < m.end() else m.end(), "internal"))
        return decided

    def _decide(self, m: regex.Match[str]) -> int | None:
        """Where the terminator ``m`` ends a sentence, or None when it does not."""
        text = self.text
        ts = m.start("term")
        if ts in self.protected:
            return None
        term, close, opening, word = m.group("term", "close", "open", "word")
        if ts > 0 and text[ts - 1] in "[(" and close[:1] in ")]":
            return None
        if m.end("next") == len(text) and not word and not opening:
            return m.end()
        if (word and word[0].islower()) or (opening and opening[0] in _NOT_STARTS):
            return None
        dots = term.count(".") + 3 * term.count("…")
        if "!" in term or "?" in term or "‽" in term:
            return m.end()
        if dots >= 4:
            attached = ts > 0 and not text[ts - 1].isspace()
            return ts + 1 if attached and " " in term else m.end()
        if dots == 3:
            return None if " " in term else m.end()
        return self._after_word(ts, word, m.end())

    def _after_word(self, ts: int, next_word: str | None, end: int) -> int | None:
        """A single period: cut unless the word before it is a title or an abbreviation."""
        text = self.text
        start = _WORD_BEFORE.match(text, 0, ts).start()
        word = text[start:ts].lstrip(_OPENERS)
        titles = self.lists.titles
        if word in titles or word[:1].swapcase() + word[1:] in titles:
            return None
        numbering = self.lists.numbering
        if next_word and next_word[0].isdigit() and (word in numbering or word[:1].swapcase() + word[1:] in numbering):
            return None
        key = word.lower()
        unit = key in self.lists.abbreviations or (len(word) == 1 and word.isalpha())
        if unit or _INITIALS.fullmatch(word):
            if next_word in self.lists.starters:
                return end
            # a unit after a number ("2 wks.", "500 mg.", "37.5 C.") ends a sentence before a capital
            before = start
            while before > 0 and text[before - 1] in " \u00a0":
                before -= 1
            after_number = unit and before < start and text[before - 1 : before].isdigit()
            return end if after_number and next_word and next_word[0].isupper() else None
        return end

    # ---------------------------------------------------------------- line breaks
    def _line_breaks(self, decided: dict[int, bool]) -> None:
        text = self.text
        for (a_start, a_end), (b_start, b_end) in zip(self.lines, self.lines[1:]):
            breaks = list(_BREAK.finditer(text, a_end, b_start))
            if not breaks:
                continue
            if len(breaks) >= 2:
                cut = not (self.layout and a_end not in decided and self._connector_end(a_start, a_end)
                           and not self._starts(b_start, b_end))
            else:
                cut = self.layout and self._line_cuts(a_start, a_end, b_start, b_end, decided)
            if cut:
                self.cuts.add(a_end)
                self.splits.append((breaks[0].start(), breaks[-1].end(), "external"))

    def _starts(self, b_start: int, b_end: int) -> bool:
        """Whether the line ``b_start:b_end`` starts a sentence whatever comes before: an item, a heading."""
        text = self.text
        return (b_start in self.items or bool(_HEADING.match(text, b_start, b_end))
                or bool(_PRESCRIPTION.match(text, b_start, b_end)))

    def _connector_end(self, a_start: int, a_end: int) -> bool:
        """Whether the line ``a_start:a_end`` ends with a connector word ("and", "of", "since")."""
        text = self.text
        start = a_end - 1
        while start > a_start and text[start - 1].isalpha():
            start -= 1
        return text[start:a_end].lower() in self.lists.connectors

    def _line_cuts(self, a_start: int, a_end: int, b_start: int, b_end: int, decided: dict[int, bool]) -> bool:
        """Whether a single line break between the line ``a_start:a_end`` and the next ends a sentence."""
        text = self.text
        if self._starts(b_start, b_end):
            return True
        if a_end in decided:
            return decided[a_end]
        if text[a_end - 1] == ":":
            return True
        if text[a_end - 1] in _CONTINUATION_CHARS or self._connector_end(a_start, a_end):
            return False
        if text[a_end - 1].islower() and _NUMBER_WORD.match(text, b_start, b_end):
            return False
        if not text[b_start].islower():
            return True
        if _CAPITALS_LINE.fullmatch(text, a_start, a_end):
            return True
        return bool(_ENTRY.match(text, b_start, b_end)
                    and (_ENTRY.match(text, a_start, a_end) or _LABEL_LINE.fullmatch(text, a_start, a_end)))

    def _placeholders(self) -> None:
        """Drop the cuts (and their Splits) inside ``[** ... **]`` placeholders."""
        if "[**" not in self.text:
            return
        spans = [m.span() for m in _PLACEHOLDER.finditer(self.text)]
        starts = [start for start, _ in spans]

        def inside(pos: int) -> bool:
            i = bisect_left(starts, pos) - 1  # the last placeholder starting before pos
            return i >= 0 and pos < spans[i][1]

        self.cuts = {c for c in self.cuts if not inside(c)}
        self.splits = [s for s in self.splits if not inside(s[0])]

    # ---------------------------------------------------------------- sentences
    def _sentences(self) -> list[tuple[int, int]]:
        text = self.text
        found = []
        previous = 0
        for cut in sorted(self.cuts | {len(text)}):
            segment = text[previous:cut]
            stripped = segment.strip()
            if stripped[-1:] in ("-", "–"):
                stripped = _DANGLING_DASH.sub("", stripped)
            if stripped:
                start = previous + len(segment) - len(segment.lstrip())
                found.append((start, start + len(stripped)))
            previous = cut
        return found


def split_sentences(text: str, lists: Lists, line_breaks: str = "layout") -> tuple[list[tuple[int, int]],
                                                                               list[tuple[int, int, str]]]:
    """Sentence spans and ``(start, end, kind)`` Split spans of ``text``, in text order; ``line_breaks``
    is ``layout`` (clinical layout rules) or ``gate`` (ANNIE: only blank lines cut)."""
    splitter = _Splitter(text, lists, line_breaks)
    sentences = splitter.run()
    return sentences, sorted(splitter.splits)


@register("sentence-splitter")
class SentenceSplitter(ProcessingResource):
    """Adds ``Sentence`` and ``Split`` (kind internal/external) annotations."""

    produces = ("Sentence", "Split")
    language = Param(str, "en", "language of the abbreviation lists", choices=LANGUAGES)
    lineBreaks = Param(str, "layout", "layout: a single line break ends a sentence by the layout rules (lists, "
                       "headings, lines without a full stop); gate: only a blank line does (GATE ANNIE)",
                       choices=LINE_BREAKS)

    def setup(self) -> None:
        self.lists = load_lists(self.language)

    def __call__(self, doc: Document) -> None:
        sentences, splits = split_sentences(doc.text, self.lists, self.lineBreaks)
        items = [("Split", s, e, {"kind": kind}) for s, e, kind in splits]
        items.extend(("Sentence", s, e, {}) for s, e in sentences)
        self.output_set(doc).add_many(items, check_features=False)
