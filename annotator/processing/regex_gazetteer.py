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
Each regex entry is a pattern of its own (measured: an alternation of regexes is no faster than
running them one by one, which keeps each one's own search optimisations and groups), and is not
run on a document that lacks literal text every match of it contains (a month name, an "@"; see
:mod:`annotator.regexes.literals`). With
``wholeWordsOnly`` (GATE's rule) the character before a match and the one after it may not be
word characters (the scanning pattern checks only the character after: a pattern that starts with
a look-behind defeats the ``regex`` module's search for where a match can start, so the character
before is tested on each match found: the same matches in a fifth less time on the MEDDOCAN
patterns). When every match of a scanning pattern begins with a word character
(:func:`literals.starts_with_word`), it begins with ``\\b``, which is then the same test and
lets the ``regex`` module skip to word boundaries (the MEDDOCAN hospital names: 2.3 times faster).
``longestMatchOnly`` keeps at each start the longest match over all patterns;
otherwise every entry of a matching alternation that matches at that start is reported, with
its own match. Zero-length matches are dropped. Identical patterns (after munging) from
several lists give one Lookup per list. Meant for lists of thousands of entries (MEDDOCAN
streets, hospitals, regexes for IDs and dates); for hundreds of thousands of plain names use the
``gazetteer`` PR (6,000 munged streets match at about 15 M characters per second of CPU time,
benchmarks/bench_gazetteer.py; 20,000 accent- and case-folded names at about 2).

Timeout: matching one document may take at most ``timeout`` seconds (the ``regex`` module's
``timeout=``), so no catastrophic backtracking can hang a run. On a timeout the PR finds the entry
responsible and raises E435 naming its list file and line; the document fails (it is not written,
so de-identification fails closed), and with ``--keep-going`` the other documents go on.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path
from typing import Iterable

import regex

from annotator.document import Document
from annotator.processing.base import Param, ProcessingResource, register, text_encoding
from annotator.processing.folding import fold
from annotator.processing.gazetteer import add_lookups
from annotator.processing.gazetteer_lists import gazetteer_error, read_entries, read_lists_def
from annotator.processing.munging import RuleBook
from annotator.regexes.literals import leading_alternatives, required_literals, starts_with_word

CHUNK = 2000
MIN_ANCHOR = 3
_PLAIN_TEXT = (False, False)
_AFTER_WORD = regex.compile(r"(?<=\w)")  # matches at an offset just after a word character

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
        self.entry: Entry | None = None

    def add(self, entry: Entry) -> None:
        node = self
        for atom in entry.atoms:
            node = node.children.setdefault(atom, _Trie())
        node.entry = entry

    def emit(self, markers: dict[int, Entry] | None = None) -> str:
        """This branch as a pattern. With ``markers``, each entry ends in an empty marker group
        ``()`` whose number goes to ``markers`` (the pieces have no groups of their own). Longer
        continuations are tried before the entry that ends here, so the longest entry wins where
        one extends another."""
        parts = [atom + child.emit(markers) for atom, child in self.children.items()]
        if self.entry is not None:
            if markers is not None:
                markers[len(markers) + 1] = self.entry
            parts.append("()" if markers is not None else "")
        if len(parts) == 1:
            return parts[0]
        return "(?:" + "|".join(parts) + ")"


@dataclass
class Matcher:
    """A compiled pattern (``scan``), the text view it runs on, and its entries.

    Capture groups make scanning several times slower, so ``scan`` has none of its own: a match
    is attributed by re-matching at its start with ``marked``, the same pattern where each entry
    ends in an empty marker group (``markers``: group number -> entry). A matcher with one entry
    has no ``marked``. With ``wholeWordsOnly`` the caller drops matches that start after a word
    character (``scan`` leaves that test out, see the module doc); ``marked`` keeps it.
    ``needs``: sets of strings a text must hold one of each of to hold a match
    (:func:`literals.required_literals`; regex entries only). ``alternatives``: for a regex
    entry that begins with a group of alternatives each needing a literal of ``MIN_ANCHOR``
    characters or more (month names), ``scan`` split by alternative
    (:func:`literals.leading_alternatives`), each with its needs: the caller runs those
    instead of ``scan`` and keeps at each start the match of the first that matches there."""

    scan: regex.Pattern
    folding: tuple[bool, bool]
    entries: list[Entry]
    marked: regex.Pattern | None = None
    markers: dict[int, Entry] = field(default_factory=dict)
    needs: list[tuple[str, ...]] = field(default_factory=list)
    alternatives: list[tuple[regex.Pattern, list[tuple[str, ...]]]] = field(default_factory=list)

    def entry(self, text: str, match: regex.Match, timeout: float) -> Entry:
        if self.marked is None:
            return self.entries[0]
        return self.markers[self.marked.match(text, match.start(), timeout=timeout).lastindex]


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
                matchers.append(Matcher(scan, entry.folding, [entry], needs=required_literals(entry.pattern),
                                        alternatives=self._alternatives(entry)))
            else:
                shared.append(entry)
        shared.sort(key=lambda e: (e.folding, e.affixes, e.atoms))
        for (folding, affixes), same in groupby(shared, key=lambda e: (e.folding, e.affixes)):
            same = list(same)
            for k in range(0, len(same), CHUNK):
                chunk = same[k : k + CHUNK]
                trie = _Trie()
                for entry in chunk:
                    trie.add(entry)
                markers: dict[int, Entry] = {}
                scan, marked = (affixes[0] + "(?:" + trie.emit(m) + ")" + affixes[1] for m in (None, markers))
                matchers.append(Matcher(self._compile(self._wrap(scan, before=False), chunk[0]), folding, chunk,
                                        self._compile(self._wrap(marked), chunk[0]) if len(chunk) > 1 else None,
                                        markers))
        return matchers

    def _alternatives(self, entry: Entry) -> list[tuple[regex.Pattern, list[tuple[str, ...]]]]:
        """The scanning patterns of the alternatives ``entry`` begins with, with their needs, when
        each alternative needs a literal of at least ``MIN_ANCHOR`` characters ([] otherwise)."""
        split = leading_alternatives(entry.pattern)
        if split is None:
            return []
        lead, alternatives, rest = split
        if not all(any(min(map(len, need)) >= MIN_ANCHOR for need in required_literals(alternative))
                   for alternative in alternatives):
            return []
        parts = [lead + alternative + rest for alternative in alternatives]
        return [(self._compile(self._wrap(part, before=False), entry), required_literals(part)) for part in parts]

    def __call__(self, doc: Document) -> None:
        deadline = time.monotonic() + self.timeout
        # the text as each matcher's folding has it, and whether it holds each string set needed
        views: dict[tuple[bool, bool], tuple[str, dict[tuple[str, ...], bool]]] = {}
        found: dict[tuple[int, int], list[Entry]] = {}
        longest: dict[int, int] = {}
        after_word = _AFTER_WORD.match if self.wholeWordsOnly else None
        longest_only = self.longestMatchOnly  # a parameter: read once, not per match
        for matcher in self.matchers:
            view = views.get(matcher.folding)
            if view is None:
                view = views[matcher.folding] = (fold(doc.text, *matcher.folding), {})
            text, present = view
            if not _may_match(text, matcher.needs, present):
                continue
            try:
                for match in _scan(matcher, text, present, deadline):
                    start, end = match.span()
                    if start == end or (after_word is not None and after_word(text, start)):
                        continue
                    if longest_only:
                        if end >= longest.get(start, end):
                            longest[start] = end
                            found.setdefault((start, end), []).append(matcher.entry(text, match, _left(deadline)))
                    else:
                        for entry, entry_end in self._all_at(matcher, text, start, deadline):
                            found.setdefault((start, entry_end), []).append(entry)
            except TimeoutError:
                raise self._culprit(matcher, text, doc.name) from None
        spans = sorted(s for s in found if not longest_only or longest[s[0]] == s[1])
        add_lookups(doc, self.outputASName, self.specs,
                    ((start, end, tuple(p for entry in found[start, end] for p in entry.payload)) for start, end in spans))

    def _all_at(self, matcher: Matcher, text: str, start: int, deadline: float) -> list[tuple[Entry, int]]:
        """Every entry of ``matcher`` that matches at ``start``, with the end of its match."""
        found = []
        for entry in matcher.entries:
            match = self.own_pattern(entry).match(text, start, timeout=_left(deadline))
            if match and match.end() > start:
                found.append((entry, match.end()))
        return found

    def _culprit(self, matcher: Matcher, text: str, doc_name: str) -> Exception:
        """The E435 error for a timeout of ``matcher``, naming the entry that is too slow alone."""
        for entry in matcher.entries:
            try:
                for _ in self.own_pattern(entry).finditer(text, overlapped=True, timeout=self.timeout):
                    pass
            except TimeoutError:
                return gazetteer_error("E435", entry.path, entry.line, seconds=self.timeout, doc=doc_name, entry=entry.text)
        first = matcher.entries[0]
        return gazetteer_error("E435", first.path, first.line, seconds=self.timeout, doc=doc_name,
                               entry=f"{first.text}, or one of the {len(matcher.entries) - 1} entries after it")


def _scan(matcher: Matcher, text: str, present: dict[tuple[str, ...], bool], deadline: float) -> Iterable[regex.Match]:
    """The matches of ``matcher.scan`` in ``text`` (one per start, in order of start)."""
    if not matcher.alternatives:
        return matcher.scan.finditer(text, overlapped=True, timeout=_left(deadline))
    first: dict[int, regex.Match] = {}
    for scan, needs in matcher.alternatives:
        if _may_match(text, needs, present):
            for match in scan.finditer(text, overlapped=True, timeout=_left(deadline)):
                first.setdefault(match.start(), match)
    return [first[start] for start in sorted(first)]


def _may_match(text: str, needs: list[tuple[str, ...]], present: dict[tuple[str, ...], bool]) -> bool:
    """Whether ``text`` holds a string of each of ``needs`` (answers about ``text`` kept in
    ``present``)."""
    for need in needs:
        found = present.get(need)
        if found is None:
            found = present[need] = any(map(text.__contains__, need))
        if not found:
            return False
    return True


def _left(deadline: float) -> float:
    """Seconds left before ``deadline`` (a tiny positive number once it has passed)."""
    return max(deadline - time.monotonic(), 1e-6)
