"""The GATE-compatible gazetteer: ``Lookup`` annotations for the entries of ``lists.def`` lists.

Matching works on *units*: maximal runs of letters (alphanumeric characters other than decimal
digits: "nº" and "x²" are one unit each), maximal runs of decimal digits, and every other
non-space character alone (a combining mark too, in the entry as in the text). An entry is the
sequence of its units with, between two units, either nothing or a space (any run of whitespace
in the document, as GATE treats all whitespace alike): "New York" matches ``New`` + whitespace +
``York``, "Mr." matches ``Mr`` + ``.`` with nothing between. Entries live in one flat dict keyed
by their normalised text (whitespace runs collapsed to one space; lower-cased when
``caseSensitive`` is false, one character for one so that offsets hold: "İ" -> "i", while "ß"
does not match "SS", as in GATE); each proper prefix of an entry that ends at a unit boundary is
also a key, so a match is a walk over the document's units that stops as soon as the text read
so far is not a key.

Whole words (``wholeWordsOnly``): when the input set has ``Token`` annotations, a match must
start at the start of a Token and end at the end of a Token (so "Mr." matches the Tokens ``Mr``
and ``.``). Without Tokens, a match must not start or end inside a word, a word being a maximal
run of ``\\w`` (letters, marks, digits, ``_``). Either way a match can only start and end at unit
boundaries, so a tokenizer must not split a run of letters or of digits (ours splits only a
letter from a following ² or Ⅻ, where an entry "x" then does not match "x²"). With
``wholeWordsOnly=false`` matches may start and end at any unit boundary ("1500" in "1500H"),
not at any character as GATE's does.

``wordEdges=letters`` makes whole words GATE's ``DefaultGazetteer``'s, for pipelines that follow
GATE (``annie``): whatever the Tokens, a match must not have a letter or a combining mark just
before its start or just after its end, so "Karl" matches in the Token "Karl-" of "Karl-Ludwig"
and "US" in "US-led" (a digit, a hyphen or an apostrophe beside a match is allowed, as in GATE).

``longestMatchOnly`` keeps, at each start, only the longest entry found there (all its lists);
matches at later starts are kept even when they overlap ("York City" inside "New York City").
"""

from __future__ import annotations

import re
import unicodedata
from itertools import accumulate, compress
from pathlib import Path
from typing import Callable, Iterable

import regex

from annotator.document import Document
from annotator.processing.base import Param, ProcessingResource, register, text_encoding
from annotator.processing.folding import fold
from annotator.processing.gazetteer_lists import ListSpec, read_entries, read_lists_def

# ``re`` rather than ``regex`` here: faster for this simple pattern (benchmarks/RESULTS.md)
UNIT = re.compile(r"[^\W\d_]+|\d+|\S")
_SPACED_UNIT = re.compile(r"\s*(?:[^\W\d_]+|\d+|\S)")
# with ``wordEdges=letters`` each digit is a unit: GATE's DefaultGazetteer tries a match at every
# character and checks only for letters beside it, so "3M" matches in "23M" and "Motel 6" in "Motel 66"
DIGIT_UNIT = re.compile(r"[^\W\d_]+|\S")
_SPACED_DIGIT_UNIT = re.compile(r"\s*(?:[^\W\d_]+|\S)")
_WORD_CHAR = regex.compile(r"\w")
_MISSING = object()

# A payload is a tuple of (list index, entry features or None): one Lookup each.
Payload = tuple[tuple[int, "dict[str, str] | None"], ...]


def _prefixes(key: str, unit: re.Pattern[str] = UNIT) -> list[str]:
    """The proper prefixes of ``key`` that end at a boundary of ``unit``."""
    return [key[: m.end()] for m in unit.finditer(key)][:-1]


def normalise(entry: str) -> str:
    """An entry as matched: surrounding whitespace removed, inner runs collapsed to one space."""
    return " ".join(entry.split())


class EntryTable:
    """Entries keyed by normalised text, plus their unit-boundary prefixes (value None)."""

    def __init__(self, case_sensitive: bool, digit_units: bool = False) -> None:
        self.case_sensitive = case_sensitive
        self.digit_units = digit_units  # each digit a unit (GATE's matching inside digit runs)
        self.unit, self.spaced_unit = (DIGIT_UNIT, _SPACED_DIGIT_UNIT) if digit_units else (UNIT, _SPACED_UNIT)
        self.table: dict[str, Payload | None] = {}

    def key(self, text: str) -> str:
        return text if self.case_sensitive else fold(text, ignore_case=True)

    def add(self, entries: Iterable[tuple[str, tuple[int, dict[str, str] | None]]]) -> None:
        """Add ``(entry, (list index, features or None))`` pairs; entries must be normalised."""
        table = self.table
        get, setdefault = table.get, table.setdefault
        key_of = None if self.case_sensitive else self.key
        digit_units, unit = self.digit_units, self.unit
        for entry, payload in entries:
            key = entry if key_of is None else key_of(entry)
            found = get(key)
            if found is None:
                table[key] = (payload,)
                if key.isalpha() or (key.isdecimal() and not digit_units):
                    continue
                if key.replace(" ", "").isalpha():  # words of letters: a prefix ends before each space
                    space = key.find(" ")
                    while space != -1:
                        setdefault(key[:space], None)
                        space = key.find(" ", space + 1)
                else:
                    for prefix in _prefixes(key, unit):
                        setdefault(prefix, None)
            elif payload not in found:
                table[key] = found + (payload,)

    def matches(self, text: str, start_ok: Callable[[int], bool] | None, end_ok: Callable[[int], bool] | None,
                longest_only: bool) -> list[tuple[int, int, Payload]]:
        """``(start, end, payload)`` of every match in ``text``, in document order."""
        spaced = self.spaced_unit.findall(self.key(text))  # each unit with the whitespace before it
        units = list(map(str.lstrip, spaced))
        ends = list(accumulate(map(len, spaced)))  # fold keeps offsets, so these are text offsets
        table = self.table
        get = table.get
        found: list[tuple[int, int, Payload]] = []
        count = len(units)
        # only the units that begin a key, picked in C: most units begin none
        for i in compress(range(count), map(table.__contains__, units)):
            key = units[i]
            value = table[key]
            end = ends[i]
            start = end - len(key)
            if start_ok is not None and not start_ok(start):
                continue
            best = None
            j = i
            while True:
                if value is not None and (end_ok is None or end_ok(end)):
                    if longest_only:
                        best = (start, end, value)
                    else:
                        found.append((start, end, value))
                j += 1
                if j == count:
                    break
                unit = units[j]
                key = key + (" " if len(spaced[j]) != len(unit) else "") + unit
                value = get(key, _MISSING)
                if value is _MISSING:
                    break
                end = ends[j]
            if best is not None:
                found.append(best)
        return found


def word_boundary(text: str) -> Callable[[int], bool]:
    """True at offsets that are not inside a run of ``\\w`` characters."""
    is_word = _WORD_CHAR.match

    def check(offset: int) -> bool:
        return offset == 0 or offset == len(text) or not (is_word(text, offset - 1) and is_word(text, offset))

    return check


def _word_internal(char: str) -> bool:
    """GATE's ``DefaultGazetteer.isWordInternal``: a letter or a combining mark."""
    return char.isalpha() or unicodedata.category(char) in ("Mn", "Mc")


def letter_edges(text: str) -> tuple[Callable[[int], bool], Callable[[int], bool]]:
    """GATE's whole-word checks: no letter or combining mark before the start, none after the end."""

    def start_ok(offset: int) -> bool:
        return offset == 0 or not _word_internal(text[offset - 1])

    def end_ok(offset: int) -> bool:
        return offset == len(text) or not _word_internal(text[offset])

    return start_ok, end_ok


def boundaries(doc: Document, set_name: str, whole_words: bool, word_edges: str = "tokens") -> tuple[Callable[[int], bool] | None, Callable[[int], bool] | None]:
    """The start and end checks for whole-word matching: with ``word_edges="letters"`` GATE's
    (:func:`letter_edges`); else Token edges if the set has Tokens, else word boundaries of the raw
    text; ``(None, None)`` when whole words are not required."""
    if not whole_words:
        return None, None
    if word_edges == "letters":
        return letter_edges(doc.text)
    tokens = doc.annset(set_name).with_type("Token") if doc.has_annset(set_name) else None
    if tokens:
        starts, ends = tokens.edges()
        return starts.__contains__, ends.__contains__
    check = word_boundary(doc.text)
    return check, check


def add_lookups(doc: Document, set_name: str, specs: list[ListSpec],
                matches: Iterable[tuple[int, int, Payload]]) -> None:
    """One annotation per (match, list): the list's type and features, then the entry's features.
    Nothing is checked again: features are str keys and values as read from the list files, types
    the lists' (never empty), and spans the matchers' own on ``doc``'s text (folding keeps offsets)."""
    base = [spec.features() for spec in specs]
    types = [spec.annotation_type for spec in specs]
    annset = doc.annset(set_name)
    items = [(types[index], start, end, {**base[index], **features} if features else base[index].copy())
             for start, end, payload in matches
             for index, features in payload]
    if items:
        annset.add_columns(*zip(*items), check_features=False, check_spans=False)


@register("gazetteer")
class Gazetteer(ProcessingResource):
    """GATE's default gazetteer: Lookup annotations for the entries of the lists in lists.def."""

    produces = ("Lookup",)

    listsURL = Param(Path, None, "the lists.def file", required=True)
    caseSensitive = Param(bool, True, "match case exactly (false: lower-case entries and text)")
    longestMatchOnly = Param(bool, True, "at each start keep only the longest match")
    wholeWordsOnly = Param(bool, True, "matches start and end at Token edges (or word boundaries without Tokens)")
    wordEdges = Param(str, "tokens", "what whole words means: Token edges (tokens) or, as GATE's DefaultGazetteer, "
                      "no letter beside the match (letters)", choices=("tokens", "letters"))
    gazetteerFeatureSeparator = Param(str, ":", "separator of entry features in .lst lines ('' = none)")
    encoding = Param(text_encoding, "utf-8", "encoding of lists.def and the .lst files")

    def setup(self) -> None:
        self.specs = read_lists_def(self.listsURL, self.encoding)
        self.entries = EntryTable(self.caseSensitive, digit_units=self.wordEdges == "letters")
        for index, spec in enumerate(self.specs):
            plain = (index, None)
            self.entries.add((normalise(entry), (index, features) if features else plain)
                             for _, entry, features in read_entries(spec, self.gazetteerFeatureSeparator, self.encoding))

    def __call__(self, doc: Document) -> None:
        start_ok, end_ok = boundaries(doc, self.inputASName, self.wholeWordsOnly, self.wordEdges)
        found = self.entries.matches(doc.text, start_ok, end_ok, self.longestMatchOnly)
        add_lookups(doc, self.outputASName, self.specs, found)
