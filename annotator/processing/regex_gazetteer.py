"""The regex gazetteer: list entries as regular expressions, or plain strings expanded into variant
patterns by named munging rules (the MEDDOCAN seed system of Sánchez-León 2019).

Definition file (``listsURL``): the GATE ``lists.def`` syntax with one more field, the munging
rules of the list (comma-separated names; see :mod:`annotator.processing.munging`)::

    streets.lst:LOCATION:street:es::ignore-case,accents,es-street-cues,es-fillers,punctuation,street-number
    ids.lst:ID:nhc::Lookup:regex

The reserved rule name ``regex`` makes the entries of that list regular expressions (``regex``
module syntax), used as written (only ``ignore-case`` applies to them). Rule names other than the
built-in ones come from the YAML file ``mungingURL``. ``.lst`` lines are read as by the GATE
gazetteer, except that the default ``gazetteerFeatureSeparator`` is a TAB, because patterns
contain ``:`` (``(?:...)``): ``\\d{8}[A-Z]<TAB>kind=dni``.

Matching: plain entries become patterns on a folded view of the text (lower case and/or
without accents, one character for one, when the list has ``ignore-case``/``accents``), so most
patterns are literals with optional pieces. Entries with the same view, prefix and suffix are
merged into a character trie (entries with the same beginning share one branch; longer
continuations are tried first) and compiled in alternations of up to 2,000 entries; each
alternation scans the text at every position (``overlapped``), so at each start where an entry
matches, one match is found (the longest along the trie; between unrelated alternatives, the
first that matches).
A regex entry whose matches all begin with a digit or punctuation (``first_chars`` of
:mod:`annotator.regexes.literals`: no letter, no space; dates, times, phones, IDs) is not scanned
at every offset: one scan finds the offsets holding one of those characters (after no word
character with ``wholeWordsOnly``), and there each such pattern whose matches can begin with the
next few characters (``prefix_sets`` of :mod:`annotator.regexes.literals`: ``5 mg`` can begin no
date) is tried (:class:`Starts`). A regex entry that begins with a group
of alternatives whose matches begin with a few known strings (month names, ``year|año|år``:
:func:`literals.leading_alternatives`, ``Matcher.leads``) is run in the same way, at the offsets
where the first few characters of one of them can be: one scan of the case- and accent-folded text
(from word starts only with ``wholeWordsOnly``) for a trie of the strings those characters can be,
folded (``[Ss]ep``, ``SEP`` -> ``sep``: ``prefix_strings``), for all such entries at once (not a
search for each alternative: benchmarks/RESULTS.md, "leads"). A regex entry whose matches hold no
spaces and a literal (e-mails, URLs: ``consumed_chars``, ``required_literals``) is tried only on
the runs of the characters it consumes around that literal (:class:`Runs`). Each of these ways
finds the same matches as trying each pattern at every offset, which ``strategy="reference"``
does (plainly, slowly): the tests compare the two on random text, the MEDDOCAN texts and the
English notes.
Each other regex entry scans the text of its own (measured: an alternation of regexes is no
faster than running them one by one, which keeps each one's own search optimisations and
groups). A regex entry not run by a :class:`Starts` is not run at all on a document that lacks
literal text every match contains (an "@", a "://"; see :mod:`annotator.regexes.literals`). With
``wholeWordsOnly`` (GATE's rule) the character before a match and the one after it may not be
word characters (the scanning pattern checks only the character after: a pattern that starts with
a look-behind defeats the ``regex`` module's search for where a match can start, so the character
before is tested on each match found: the same matches in less time). When every match of a scanning pattern begins with a word character
(:func:`literals.starts_with_word`), it begins with ``\\b``, which is then the same test and
lets the ``regex`` module skip to word boundaries.
``longestMatchOnly`` keeps at each start the longest match over all patterns;
otherwise every entry of a matching alternation that matches at that start is reported, with
its own match. Zero-length matches are dropped. Identical patterns (after munging) from
several lists give one Lookup per list. Meant for lists of thousands of entries (MEDDOCAN
streets, hospitals, regexes for IDs and dates); for hundreds of thousands of plain names use the
``gazetteer`` PR (benchmarks/bench_gazetteer.py compares the two; figures in
benchmarks/RESULTS.md).

Timeout: matching one document may take at most ``timeout`` seconds (the ``regex`` module's
``timeout=`` on every call that runs an entry's pattern; the scans for where :class:`Starts` try
them, sets and tries of strings, are linear and have none), so no catastrophic backtracking can
hang a run. On a timeout the PR finds the entry responsible and raises E435 naming its list file
and line; the document fails (it is not written, so de-identification fails closed), and with
``--keep-going`` the other documents go on. The document's deadline is wall-clock
(``time.monotonic``); each call gets what is left of it, which the ``regex`` module counts in the
process's CPU time. A timer signal would spare those calls their clock reads, but Python runs
signal handlers in the main thread only, and Dask workers and thread pools run documents in
others: the timeouts stay, in every thread (benchmarks/RESULTS.md, "The regex module's timeout").
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress, groupby
from pathlib import Path
from typing import Callable, Iterable, Iterator

import regex

from annotator.document import Document
from annotator.processing.base import Param, ProcessingResource, register, text_encoding
from annotator.processing.folding import fold
from annotator.processing.gazetteer import add_lookups
from annotator.processing.gazetteer_lists import gazetteer_error, read_entries, read_lists_def
from annotator.processing.munging import RuleBook
from annotator.regexes.literals import (consumed_chars, first_chars, leading_alternatives, prefix_sets,
                                        prefix_strings, required_literals, starts_with_word, without_assertions)

CHUNK = 2000
LEAD_CHARS = 3  # characters of the strings the leads are found by
LEAD_VIEW = (True, True)  # the text view the leads are found on (case and accents folded: fewer strings)
PREFIX = 6  # characters read to choose the patterns tried at an offset (Starts)
MEMO = 100_000  # strings of PREFIX characters Starts keeps the fitting members of
RUNS_SHARE = 32
_PLAIN_TEXT = (False, False)
_AFTER_WORD = regex.compile(r"(?<=\w)")  # matches at an offset just after a word character
# characters too common for a pattern to be run only at their offsets (see the module doc)
_COMMON = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ \t\n"

Payload = list[tuple[int, "dict[str, str] | None"]]


@dataclass
class Entry:
    """One distinct pattern, where it was first written, and the lists it comes from.

    ``folding`` is the view of the text it matches on (see :func:`folding.fold`); ``affixes``
    the prefix and suffix patterns of its list; ``atoms`` the pieces of its own pattern (one for
    a regex entry)."""

    is_regex: bool
    folding: tuple[bool, bool]
    affixes: tuple[str, str]
    atoms: tuple[str, ...]
    text: str
    path: Path
    line: int
    payload: Payload = field(default_factory=list)
    own: regex.Pattern | None = None  # compiled alone, when needed

    @property
    def pattern(self) -> str:
        return self.affixes[0] + "".join(self.atoms) + self.affixes[1]


class _Trie:
    """Entries sharing leading pieces share one branch of the compiled pattern."""

    def __init__(self) -> None:
        self.children: dict[str, _Trie] = {}
        self.ends = False  # a sequence of pieces ends here
        self.entry: Entry | None = None  # its entry

    def add(self, atoms: Iterable[str], entry: Entry | None = None) -> None:
        node = self
        for atom in atoms:
            node = node.children.setdefault(atom, _Trie())
        node.ends = True
        node.entry = entry

    def emit(self, markers: dict[int, Entry] | None = None) -> str:
        """This branch as a pattern. With ``markers``, each entry ends in an empty marker group
        ``()`` whose number goes to ``markers`` (the pieces have no groups of their own). Longer
        continuations are tried before the entry that ends here, so the longest entry wins where
        one extends another."""
        parts = [atom + child.emit(markers) for atom, child in self.children.items()]
        if self.ends:
            if markers is not None:
                markers[len(markers) + 1] = self.entry
            parts.append("()" if markers is not None else "")
        if len(parts) == 1:
            return parts[0]
        return "(?:" + "|".join(parts) + ")"


@dataclass
class Matcher:
    """A compiled pattern (``scan``), the text view it runs on, and its entries.

    Capture groups make scanning slower, so ``scan`` has none of its own: a match
    is attributed by re-matching at its start with ``marked``, the same pattern where each entry
    ends in an empty marker group (``markers``: group number -> entry). A matcher with one entry
    has no ``marked``. With ``wholeWordsOnly`` the caller drops matches that start after a word
    character (``scan`` leaves that test out, see the module doc); ``marked`` keeps it.
    ``needs``: sets of strings a text must hold one of each of to hold a match
    (:func:`literals.required_literals`; regex entries only). ``leads``: for a regex entry that
    begins with a group of alternatives whose first ``LEAD_CHARS`` characters are a few known
    strings (month names, :func:`literals.leading_alternatives`, :func:`_lead_strings`), those
    alternatives: every match begins where one of them matches, so ``scan`` is run only where
    one of those strings is (the offsets found in one scan for all such matchers, see
    :meth:`RegexGazetteer._lead_scan`).
    ``runs``: for a regex entry that consumes no spaces and needs literals, the runs of the
    characters it consumes (see :class:`Runs`)."""

    scan: regex.Pattern
    folding: tuple[bool, bool]
    entries: list[Entry]
    marked: regex.Pattern | None = None
    markers: dict[int, Entry] = field(default_factory=dict)
    needs: list[tuple[str, ...]] = field(default_factory=list)
    leads: tuple[str, ...] = ()
    runs: "Runs | None" = None

    def entry(self, text: str, start: int, deadline: float) -> Entry:
        """The entry of the match of ``scan`` at ``start``."""
        if self.marked is None:
            return self.entries[0]
        return self.markers[self.marked.match(text, start, None, False, False, _left(deadline)).lastindex]


@dataclass
class Runs:
    """Where a pattern that consumes only characters of a set without spaces (``consumed_chars``:
    e-mails, URLs, IPv6 addresses) and needs literals (``Matcher.needs``) can match: a match lies
    in one run of such characters, the run around an occurrence of a string of its first (most
    selective) need, found by ``finder``, and that run holds a string of each need. The pattern is
    tried at the offsets of those runs where a match can begin (``starts``: a character of its
    ``first_chars``, after no word character with ``wholeWordsOnly``) instead of at every offset of
    the text (the same matches), unless the text holds more than one such string per
    ``RUNS_SHARE`` squared characters or the runs more than one ``RUNS_SHARE``-th of the text (a
    call per offset costs as much as a scan of many characters: an IPv6 address needs a ":", which
    most texts hold too often for the runs around each to be worth it)."""

    forward: regex.Pattern  # the run from an offset on
    backward: regex.Pattern  # the run up to an offset
    starts: regex.Pattern  # where in a run a match can begin
    finder: regex.Pattern  # the strings of the first need

    @classmethod
    def of(cls, pattern: str, needs: list[tuple[str, ...]], whole_words: bool) -> "Runs | None":
        chars = consumed_chars(pattern) if needs else None
        if chars is None or regex.search(chars, " \t\n", flags=regex.V1):
            return None
        first = first_chars(pattern)
        starts = ("(?<!\\w)" if whole_words else "") + (f"(?={first})" if first else "")
        finder = "|".join(map(regex.escape, sorted(needs[0], key=len, reverse=True)))
        forward, backward = (regex.compile(f"{chars}*", flags=regex.V1 | flags) for flags in (0, regex.REVERSE))
        return cls(forward, backward, regex.compile(starts), regex.compile(finder))

    def offsets(self, text: str, needs: list[tuple[str, ...]]) -> list[int] | None:
        """The offsets of the runs of ``text`` that hold a string of each of ``needs`` where a match
        can begin; None when there are too many runs or literals."""
        left = len(text) // RUNS_SHARE
        occurrences = left // RUNS_SHARE
        runs: dict[int, int] = {}
        end = 0
        for found in self.finder.finditer(text, None, None, False, False):  # see _left
            at = found.start()
            occurrences -= 1
            if at < end:  # in the run before
                continue
            if occurrences < 0:
                return None
            start = self.backward.match(text, 0, at, False).start()
            end = self.forward.match(text, at, None, False).end()
            if all(any(string in text[start:end] for string in strings) for strings in needs):
                left -= end - start
                if left < 0:
                    return None
                runs[start] = end
        return [match.start() for start, end in sorted(runs.items())
                for match in self.starts.finditer(text, start, end, False, False)]


class Starts:
    """Matchers run only at some offsets (see the module doc): those where ``scan`` stops (a
    character of one of their ``first_chars`` sets, after no word character with
    ``wholeWordsOnly``; or where one of their ``leads`` can begin). At each, a matcher is tried
    only when the next ``PREFIX`` characters fit one of the ways its matches can begin
    (:func:`literals.prefix_sets`) and its pattern without assertions matches them, or more
    (:func:`literals.without_assertions`, ``partial``): ``5 mg`` fits no date, ``25/03`` the
    numeric ones. Which members fit is kept for each string of ``PREFIX`` characters met
    (``ahead``, at most ``MEMO`` strings), found from the ways each character fits at each
    position (``masks``: bits, one per way of each member). An offset costs a slice and a
    dictionary look-up, then one call per member that fits.
    ``indices``: the members' indices in the PR's matchers; ``scans``: their scanning patterns.
    ``scan`` (for the leads, :meth:`RegexGazetteer._lead_scan`) is a look-ahead
    for a set of characters or a trie of strings, after a look-behind for a set: linear, it is run
    without a timeout."""

    def __init__(self, scan: regex.Pattern, view: tuple[bool, bool], indices: list[int],
                 scans: list[regex.Pattern]) -> None:
        self.scan = scan
        self.view = view
        self.indices = indices
        self.scans = scans
        # a way of n characters (fewer than PREFIX: matches that long) fits a string of at least n
        # characters whose first n are in its sets; a member whose ways are not known has one way
        # of no characters, which fits any string
        self.member_ways: list[int] = []  # member -> its ways (bits)
        self.owner: list[int] = []  # way (bit) -> member
        self.fit_length = [0] * (PREFIX + 1)  # length of a string -> the ways that fit one that long
        self.free = [0] * PREFIX  # position -> the ways shorter than it: any character fits there
        self.ways: dict[tuple[int, str], int] = {}  # (position, character set) -> the ways with that set there
        bit = 1
        for scan_j in scans:
            self.member_ways.append(0)
            found = prefix_sets(scan_j.pattern, PREFIX)
            for n, ways in found.items() if found is not None else [(0, [()])]:
                for way in ways:
                    self.member_ways[-1] |= bit
                    self.owner.append(len(self.member_ways) - 1)
                    for length in range(n, PREFIX + 1):
                        self.fit_length[length] |= bit
                    for i in range(n, PREFIX):
                        self.free[i] |= bit
                    for place in enumerate(way):
                        self.ways[place] = self.ways.get(place, 0) | bit
                    bit <<= 1
        self.sets = {chars: regex.compile(chars, flags=regex.V1) for _, chars in self.ways}
        loose = [without_assertions(scan_j.pattern) for scan_j in scans]
        self.loose = [regex.compile(pattern) if pattern is not None else None for pattern in loose]
        self.masks: dict[str, list[int]] = {}
        self.ahead = _Memo(self._fitting_ahead)

    def _mask(self, char: str) -> list[int]:
        """Position -> the ways that can have ``char`` there (bits)."""
        fits = {chars for chars, pattern in self.sets.items() if pattern.fullmatch(char, None, None, False)}
        mask = list(self.free)
        for (i, chars), ways in self.ways.items():
            if chars in fits:
                mask[i] |= ways
        return mask

    def _fitting_ahead(self, key: str) -> tuple[int, ...]:
        """The members whose matches can begin with ``key`` (``PREFIX`` characters, fewer at the end of a text)."""
        bits = self.fit_length[len(key)]
        for i, char in enumerate(key):
            mask = self.masks.get(char)
            if mask is None:
                mask = self.masks[char] = self._mask(char)
            bits &= mask[i]
        fitting = []
        while bits:  # the member of the lowest way left, then none of its ways
            j = self.owner[(bits & -bits).bit_length() - 1]
            bits &= ~self.member_ways[j]
            # the ways read each position on its own past MAX_WAYS of them: the whole pattern decides
            if self.loose[j] is None or self.loose[j].match(key, None, None, False, True):
                fitting.append(j)
        return tuple(fitting)

    def find(self, scanned: str, text: str, deadline: float) -> dict[int, list[tuple[int, int]]]:
        """The spans of the matches in ``text`` of each member that has some (by index in the PR's
        matchers), in order of start: where ``scan`` stops in ``scanned`` (the text as ``view``
        has it). Each offset costs a slice and a look-up in a comprehension; only those some member
        fits are visited one by one (``compress``: most fit none)."""
        found: dict[int, list[tuple[int, int]]] = {}
        # linear: no timeout
        starts = [match.start() for match in self.scan.finditer(scanned, None, None, False, False)]
        ahead = self.ahead
        fitting = [ahead[text[start:start + PREFIX]] for start in starts]
        scans, indices = self.scans, self.indices
        for start, fit in compress(zip(starts, fitting), fitting):  # the offsets some member fits
            for j in fit:
                match = scans[j].match(text, start, None, False, False, _left(deadline))  # see _left
                if match is not None:
                    found.setdefault(indices[j], []).append(match.span())
        return found


class _Memo(dict):
    """Key -> ``compute(key)``, found on first use (at most ``MEMO`` keys kept)."""

    def __init__(self, compute: Callable[[str], tuple[int, ...]]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: str) -> tuple[int, ...]:
        if len(self) >= MEMO:
            self.clear()
        value = self[key] = self.compute(key)
        return value


@register("regex-gazetteer")
class RegexGazetteer(ProcessingResource):
    """Lookup annotations for regular-expression entries and munged variants of plain entries."""

    produces = ("Lookup",)

    listsURL = Param(Path, None, "the lists.def-like definition (file.lst:major:minor:lang:type:rules)", required=True)
    mungingURL = Param(Path, None, "YAML file of named munging rules (optional)")
    caseSensitive = Param(bool, True, "false: every list behaves as if it had the ignore-case rule")
    longestMatchOnly = Param(bool, True, "at each start keep only the longest match")
    wholeWordsOnly = Param(bool, True, "matches may not start or end inside a word")
    gazetteerFeatureSeparator = Param(str, "\t", "separator of entry features in .lst lines (default TAB)")
    encoding = Param(text_encoding, "utf-8", "encoding of the definition and list files")
    timeout = Param(float, 10.0, "seconds one document may take; longer fails the document (E435)", min=0.01)
    strategy = Param(str, "fast", "fast: find where matches can begin first; reference: try every pattern at "
                     "every offset (the same Lookups, slowly: to check the fast one)", choices=("fast", "reference"))

    def setup(self) -> None:
        self.specs = read_lists_def(self.listsURL, self.encoding, extra_fields=1, extra_help="[:rules]")
        self.produces = tuple(sorted({spec.annotation_type for spec in self.specs}))  # lists.def's annotationType
        book = RuleBook(self.mungingURL)
        entries: dict[tuple, Entry] = {}
        for index, spec in enumerate(self.specs):
            names = [n.strip() for n in spec.extra[0].split(",") if n.strip()]
            is_regex = "regex" in names
            munging = book.munging([n for n in names if n != "regex"], spec.where)
            munging.ignore_case |= not self.caseSensitive
            for line, text, features in read_entries(spec, self.gazetteerFeatureSeparator, self.encoding):
                text = text.strip()
                if is_regex:
                    key = (True, _PLAIN_TEXT, ("", ""), (f"(?{'i' if munging.ignore_case else ''}:{text})",))
                else:
                    key = (False, munging.folding, munging.affixes, tuple(munging.atoms(text)))
                entry = entries.get(key)
                if entry is None:
                    entry = entries[key] = Entry(*key, text, spec.path, line)
                    if is_regex:
                        self.own_pattern(entry)  # a bad pattern fails here, at its line
                if (index, features) not in entry.payload:
                    entry.payload.append((index, features))
        self.matchers = self._matchers(list(entries.values()))
        self.starts = self._starts()
        # the matchers that scan the text (those of no Starts)
        self.scanned = frozenset(range(len(self.matchers))).difference(
            *(group.indices for groups in self.starts.values() for group in groups))
        # the views of the text the matchers and the scans of self.starts run on
        self.views = {matcher.folding for matcher in self.matchers} | {
            group.view for groups in self.starts.values() for group in groups}

    def _wrap(self, pattern: str, before: bool = True) -> str:
        """``pattern`` bounded by non-word characters (``wholeWordsOnly``); ``before=False``: only
        after it (the scanning patterns, whose callers test the character before; with ``\\b``
        first when every match begins with a word character, see the module doc)."""
        if not self.wholeWordsOnly:
            return pattern
        if before:
            return f"(?<!\\w)(?:{pattern})(?!\\w)"
        boundary = "\\b" if starts_with_word(pattern) else ""
        return f"{boundary}(?:{pattern})(?!\\w)"

    def _compile(self, pattern: str, entry: Entry) -> regex.Pattern:
        try:
            return regex.compile(pattern)
        except (regex.error, OverflowError, RecursionError) as exc:
            raise gazetteer_error("E436", entry.path, entry.line, entry=entry.text, reason=exc) from None

    def own_pattern(self, entry: Entry) -> regex.Pattern:
        """``entry`` compiled alone (for timeouts and ``longestMatchOnly=false``)."""
        if entry.own is None:
            entry.own = self._compile(self._wrap(entry.pattern), entry)
        return entry.own

    def _matchers(self, entries: list[Entry]) -> list[Matcher]:
        matchers = []
        shared = []
        for entry in entries:
            if entry.is_regex:
                scan = self._compile(self._wrap(entry.pattern, before=False), entry)
                needs = required_literals(entry.pattern)
                matchers.append(Matcher(scan, entry.folding, [entry], needs=needs, leads=self._leads(entry),
                                        runs=Runs.of(entry.pattern, needs, self.wholeWordsOnly)))
            else:
                shared.append(entry)
        shared.sort(key=lambda e: (e.folding, e.affixes, e.atoms))
        for (folding, affixes), same in groupby(shared, key=lambda e: (e.folding, e.affixes)):
            same = list(same)
            for k in range(0, len(same), CHUNK):
                chunk = same[k : k + CHUNK]
                trie = _Trie()
                for entry in chunk:
                    trie.add(entry.atoms, entry)
                markers: dict[int, Entry] = {}
                scan, marking = (affixes[0] + "(?:" + trie.emit(m) + ")" + affixes[1] for m in (None, markers))
                marked = self._compile(self._wrap(marking), chunk[0]) if len(chunk) > 1 else None
                matchers.append(Matcher(self._compile(self._wrap(scan, before=False), chunk[0]), folding, chunk,
                                        marked, markers))
        return matchers

    def _starts(self) -> dict[tuple[bool, bool], list[Starts]]:
        """For each view of the text, the matchers run only where a match can begin: those whose
        matches begin with a character of a set of no letters and no spaces (digits, ``+``, ``(``),
        found where such a character is; then those that begin with ``leads``, found where the
        first ``LEAD_CHARS`` characters of one of them can be (:meth:`_lead_scan`)."""
        first_led: dict[tuple[bool, bool], list[tuple[int, str]]] = {}
        led: dict[tuple[bool, bool], list[int]] = {}
        for index, matcher in enumerate(self.matchers):
            first = first_chars(matcher.scan.pattern)
            if first is not None and not regex.search(first, _COMMON):
                first_led.setdefault(matcher.folding, []).append((index, first))
            elif matcher.leads:
                led.setdefault(matcher.folding, []).append(index)
        before = "(?<!\\w)" if self.wholeWordsOnly else ""
        starts: dict[tuple[bool, bool], list[Starts]] = {}
        for folding, members in first_led.items():
            scan = regex.compile(f"{before}(?={first_chars(*(first for _, first in members))})")
            starts.setdefault(folding, []).append(self._group(scan, folding, [index for index, _ in members]))
        for folding, indices in led.items():
            starts.setdefault(folding, []).append(self._group(self._lead_scan(indices), LEAD_VIEW, indices))
        return starts

    def _group(self, scan: regex.Pattern, view: tuple[bool, bool], indices: list[int]) -> Starts:
        return Starts(scan, view, indices, [self.matchers[index].scan for index in indices])

    def _leads(self, entry: Entry) -> tuple[str, ...]:
        """The alternatives ``entry`` begins with, when the strings their matches begin with are
        known (() otherwise)."""
        split = leading_alternatives(entry.pattern)
        if split is None:
            return ()
        lead, alternatives, rest = split
        if any(_lead_strings(lead, alternative, rest) is None for alternative in alternatives):
            return ()
        return tuple(alternatives)

    def _lead_scan(self, indices: list[int]) -> regex.Pattern:
        """A zero-width pattern that matches on the ``LEAD_VIEW`` of a text where a match of one of
        the matchers at ``indices`` (with ``leads``) can begin: a trie of the strings the first
        ``LEAD_CHARS`` characters of their alternatives' matches can be, folded
        (:func:`_lead_strings`), after no word character for the alternatives whose matches begin
        with one when ``wholeWordsOnly`` (folding keeps which characters are word characters). One
        scan of the text for all of them (a trie of a few dozen strings: quicker than searching for
        each alternative). It is linear: run without a timeout."""
        tries = {"(?<!\\w)": _Trie(), "": _Trie()}
        for index in indices:
            lead, alternatives, rest = leading_alternatives(self.matchers[index].entries[0].pattern)
            for alternative in alternatives:
                trie = tries["(?<!\\w)" if self.wholeWordsOnly and starts_with_word(alternative) else ""]
                for string in sorted(_lead_strings(lead, alternative, rest)):
                    trie.add(map(regex.escape, string))
        return regex.compile("|".join(f"{boundary}(?={trie.emit()})" for boundary, trie in tries.items() if trie.children))

    def __call__(self, doc: Document) -> None:
        deadline = time.monotonic() + self.timeout
        views = {folding: _View(fold(doc.text, *folding)) for folding in self.views}
        found: dict[tuple[int, int], Payload] = {}  # span -> the payloads of the entries that match it
        longest: dict[int, int] = {}
        after_word = _AFTER_WORD.match if self.wholeWordsOnly else None
        longest_only = self.longestMatchOnly  # a parameter: read once, not per match
        spans_of = self._reference_spans if self.strategy == "reference" else self._fast_spans(views, deadline, doc.name)
        for index, matcher in enumerate(self.matchers):  # in order: the Lookups of a span are in list order
            text = views[matcher.folding].text
            try:
                for start, end in spans_of(index, views[matcher.folding], deadline):
                    if start == end or (after_word is not None and after_word(text, start, None, False)):
                        continue
                    if longest_only:
                        if end >= longest.get(start, end):
                            longest[start] = end
                            entry = matcher.entry(text, start, deadline)
                            found.setdefault((start, end), []).extend(entry.payload)
                    else:
                        for entry, entry_end in self._all_at(matcher, text, start, deadline):
                            found.setdefault((start, entry_end), []).extend(entry.payload)
            except TimeoutError:
                raise self._culprit([matcher], text, doc.name) from None
        spans = sorted(longest.items() if longest_only else found)  # (start, its longest end) is in found
        add_lookups(doc, self.outputASName, self.specs, ((start, end, found[start, end]) for start, end in spans))

    def _reference_spans(self, index: int, view: "_View", deadline: float) -> Iterator[tuple[int, int]]:
        """The spans of the matches of matcher ``index``: its pattern (bounded by non-word
        characters with ``wholeWordsOnly``) tried at every offset of the text."""
        matcher = self.matchers[index]
        pattern = matcher.marked or self.own_pattern(matcher.entries[0])
        for start in range(len(view.text) + 1):
            match = pattern.match(view.text, start, timeout=_left(deadline))
            if match is not None:
                yield match.span()

    def _fast_spans(self, views: dict[tuple[bool, bool], "_View"], deadline: float,
                    doc_name: str) -> Callable[[int, "_View", float], Iterable[tuple[int, int]]]:
        """A function giving the spans of the matches of a matcher found the fast way: at the
        offsets of :attr:`starts` (all found first, for the whole text), on the runs of
        :class:`Runs`, or by a scan of the text when it holds what the matcher needs."""
        started: dict[int, list[tuple[int, int]]] = {}  # the spans of the matchers of self.starts
        for folding, groups in self.starts.items():
            text = views[folding].text
            for group in groups:
                try:
                    started.update(group.find(views[group.view].text, text, deadline))
                except TimeoutError:
                    raise self._culprit([self.matchers[index] for index in group.indices], text, doc_name) from None

        def spans(index: int, view: _View, deadline: float) -> Iterable[tuple[int, int]]:
            if index in started or index not in self.scanned:
                return started.get(index, ())
            matcher, text = self.matchers[index], view.text
            if not _may_match(text, matcher.needs, view.present):
                return ()
            run_offsets = matcher.runs and matcher.runs.offsets(text, matcher.needs)
            if run_offsets is not None:
                return _at(matcher.scan, text, run_offsets, deadline)
            return (m.span() for m in matcher.scan.finditer(text, None, None, True, False, False, _left(deadline)))
        return spans

    def _all_at(self, matcher: Matcher, text: str, start: int, deadline: float) -> list[tuple[Entry, int]]:
        """Every entry of ``matcher`` that matches at ``start``, with the end of its match."""
        found = []
        for entry in matcher.entries:
            match = self.own_pattern(entry).match(text, start, None, False, False, _left(deadline))
            if match and match.end() > start:
                found.append((entry, match.end()))
        return found

    def _culprit(self, matchers: list[Matcher], text: str, doc_name: str) -> Exception:
        """The E435 error for a timeout of ``matchers``, naming the entry that is too slow alone."""
        entries = [entry for matcher in matchers for entry in matcher.entries]
        for entry in entries:
            try:
                for _ in self.own_pattern(entry).finditer(text, overlapped=True, timeout=self.timeout):
                    pass
            except TimeoutError:
                return gazetteer_error("E435", entry.path, entry.line, seconds=self.timeout, doc=doc_name, entry=entry.text)
        first = entries[0]
        return gazetteer_error("E435", first.path, first.line, seconds=self.timeout, doc=doc_name,
                               entry=f"{first.text}, or one of the {len(entries) - 1} entries after it")


@lru_cache(maxsize=4096)  # the same alternatives begin several patterns
def _lead_strings(lead: str, alternative: str, rest: str) -> frozenset[str] | None:
    """Strings one of which every match of ``lead + alternative + rest`` (a pattern split by
    :func:`literals.leading_alternatives`) that begins with ``alternative`` begins with, folded as
    the ``LEAD_VIEW`` of a text is: the strings the first ``LEAD_CHARS`` characters of a match of
    the alternative can be, or, when it has shorter matches, of the whole pattern (read once:
    reading a long pattern costs). None when they are not known, or hold a capital sigma
    (``str.lower`` maps it by context: no one string)."""
    strings = prefix_strings(lead + alternative, LEAD_CHARS)
    if strings is not None and min(map(len, strings), default=0) < LEAD_CHARS:
        strings = prefix_strings(lead + alternative + rest, LEAD_CHARS)
    if strings is None or any("\u03a3" in string for string in strings):
        return None
    return frozenset(fold(string, *LEAD_VIEW) for string in strings if string)  # empty matches are dropped


def _at(scan: regex.Pattern, text: str, offsets: list[int], deadline: float) -> Iterable[tuple[int, int]]:
    """The spans of the matches of ``scan`` that begin at one of ``offsets``."""
    for offset in offsets:
        match = scan.match(text, offset, None, False, False, _left(deadline))
        if match is not None:
            yield match.span()


class _View:
    """A document's text as one folding has it, and whether it holds each string set needed
    (``present``, see :func:`_may_match`)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.present: dict[tuple[str, ...], bool] = {}


def _may_match(text: str, needs: list[tuple[str, ...]], present: dict[tuple[str, ...], bool]) -> bool:
    """Whether ``text`` holds a string of each of ``needs`` (answers about ``text`` kept in
    ``present``)."""
    for need in needs:
        found = present.get(need)
        if found is None:
            found = present[need] = _holds(need)(text)
        if not found:
            return False
    return True


@lru_cache(maxsize=4096)
def _holds(strings: tuple[str, ...]) -> Callable[[str], bool]:
    """A test of whether a text holds one of ``strings``: one regex search for all of them when they
    begin with one character (it stops only where that character is: the 16 domain endings of
    URLs, ``.es`` ... ``.info``: quicker than a substring search for each), else a substring
    search for each (one search for strings that begin with different letters stops almost
    everywhere: month names)."""
    if len(strings) > 1 and len({string[:1] for string in strings}) == 1:
        search = regex.compile("|".join(map(regex.escape, strings))).search
        return lambda text: search(text, None, None, False) is not None
    return lambda text: any(map(text.__contains__, strings))


def _left(deadline: float) -> float:
    """Seconds left before ``deadline`` (a tiny positive number once it has passed: the ``regex``
    module reads a negative one as no timeout). Calls per offset pass it by position,
    ``pattern.match(text, start, None, False, False, _left(deadline))`` (``endpos``, ``concurrent``,
    ``partial``, ``timeout``): a keyword argument costs the ``regex`` module a good part of a short
    match, and this call is made at every offset where a date may start. Every call of this module
    passes ``concurrent=False``, by position too (``finditer``: ``pos``, ``endpos``, ``overlapped``,
    ``concurrent``, ``partial``, ``timeout``): by default the ``regex`` module releases and retakes
    the GIL on each call, work a single thread does not need."""
    return max(deadline - time.monotonic(), 1e-6)
