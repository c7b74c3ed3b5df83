"""Names of the record found in the note as spelling variants (after Yuwono et al. 2016).

A note word ``w`` matches a record name token ``t`` when ``Levenshtein(w, t) / min(len(w), len(t))``
is below the threshold (lower-cased unless case-sensitive; accents count as edits, but an
accent-folded exact match counts too, with ratio 0). Particles (``de``, ``la``, ``van`` ...) and
one-letter tokens are never matched alone. A word that is a common word of the language
(:mod:`common_words`) and not the record's token as written (case included) needs a stronger signal:
a capital letter away from the start of a sentence, a name context before it (``Nombre:``, ``Sr.``,
``patient`` ...), or being next to another kept token of the same record name. A variant right after
a word for another person (``su vecino Rivero`` for the patient Rivera: neighbour, brother, wife
...) is that person, unless a neighbouring token of the record's name says otherwise. Kept tokens of
one name next to each other (whitespace, hyphens, particles between) merge into one span, which
takes the particles (when the name has some) and initials written before it (``De Miguel``,
``I. Rico``) and an initial of the name after it (``Casas A.``); the name's initials written
together (``IRP``, ``I.R.P.``) match too.

A title (the seed's list, with the Spanish and Swedish equivalents) followed by a capitalised word
that is not a common word (and up to two more such words) makes a name candidate: a doctor's title
makes it a clinician (also when it is the record's name: a doctor who shares the surname), another
title the record's name when it overlaps a match of it (``Mr. Jon Smyth`` for John Smith: the
whole span), else another person.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from functools import lru_cache
from typing import Iterable

from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import extract

from annotator.lang import alternation, en, es, sv, xx
from annotator.processing.folding import fold
from annotator.processing.record_matcher.match import Match
from annotator.processing.record_matcher.tagsets import DOCTOR, PERSON

WORD = re.compile(r"[^\W\d_]+")
_LETTER = re.compile(r"[^\W\d_]")  # a character of a WORD
PARTICLES = es.NAME_PARTICLES | sv.NAME_PARTICLES | xx.NAME_PARTICLES
DOCTOR_TITLES = en.DOCTOR_TITLES | es.DOCTOR_TITLES | sv.DOCTOR_TITLES
PERSON_TITLES = en.PERSON_TITLES | es.PERSON_TITLES | sv.PERSON_TITLES
TITLES = sorted(DOCTOR_TITLES | PERSON_TITLES, key=len, reverse=True)
# (title, the word of it that the note's words have: "prof" of "a/prof")
_TITLE_WORDS = [(title, title.rsplit("/", 1)[-1]) for title in TITLES]
# matched on the lower-cased text where a title is (see _title_matches)
_TITLE = re.compile(r"(" + "|".join(map(re.escape, TITLES)) + r")(\.|(?![^\W\d_]))[ \t]*([^\W\d_]+)")
_NEXT_NAME = re.compile(r"[ \t]+(?:(?:" + "|".join(es.TITLED_NAME_PARTICLES) + r")[ \t]+)*([^\W\d_]+)")
_PARTICLE = "|".join(sorted(PARTICLES, key=len, reverse=True))
# what may stand between two tokens of one name: spaces or a hyphen, and particles
_GAP = re.compile(rf"(?i:(?:[ \t]+|[ \t]*-[ \t]*)(?:(?:{_PARTICLE})(?:[ \t]+|[ \t]*-[ \t]*))*)")
# a label or title right before a word says a name follows
_NAME_CONTEXT = re.compile(
    r"(?i:(?<![^\W\d_])(?:(?:" + alternation("NAME_LABELS") + r")[ \t]*:|"
    r"(?:" + "|".join(map(re.escape, DOCTOR_TITLES | PERSON_TITLES)) + r")\.?))[ \t]*$")
_PARTICLES_BEFORE = re.compile(rf"(?<![^\W\d_])(?i:(?:{_PARTICLE})[ \t]+)+$")
# a word for another person right before a name: "su vecino Rivero" is not the patient Rivera
OTHER_PEOPLE = [*es.OTHER_PEOPLE, *en.OTHER_PEOPLE, *sv.OTHER_PEOPLE]
_OTHER_PERSON = re.compile(r"(?i:(?<![^\W\d_])(?:" + "|".join(OTHER_PEOPLE) + r"))"
                           r"(?:[ \t]+(?:" + "|".join(es.OTHER_PEOPLE_LINKS) + r"))?"
                           r"[ \t]*[:,]?[ \t]*$")
_DOTTED = re.compile(r"(?:[^\W\d_]\.[ \t]?)+")
_UNDOTTED = re.compile(r"[. \t]")
_INITIAL_AFTER = re.compile(r"[ \t]+([^\W\d_])(?![^\W\d_])")
_INITIALS_BEFORE = re.compile(r"(?:(?<![^\W\d_])([^\W\d_])\.[ \t]*)+$")
_SENTENCE_END = frozenset(".!?:;\n\r\"'¿¡()[]•*")


@lru_cache(maxsize=65536)
def _folded(word: str) -> str:
    """A note word as the common-word lists have it (the same words come back again and again)."""
    return fold(word, ignore_case=True, accents=True)


class _Name:
    """One name value of the record: its tokens (as compared) and its initials."""

    def __init__(self, value: str, case_sensitive: bool) -> None:
        words = WORD.findall(value)
        named = [w for w in words if w.lower() not in PARTICLES]  # the words that are not particles
        self.originals = frozenset(words)
        self.tokens = {w if case_sensitive else w.lower() for w in named if len(w) > 1}
        self.initials = "".join(w[0] for w in named).upper()
        self.particles = len(named) < len(words)

    def acronyms(self, text: str) -> list[Match]:
        """The name's initials written together: ``IRP`` (3 or more), ``I.R.P.``, ``I. R. P.``."""
        found = []
        initials = self.initials
        if len(initials) >= 3:
            start = text.find(initials)
            while start != -1:
                if _edge(text, start, start + len(initials)):
                    found.append(Match(start, start + len(initials), "name", 0.0, "name"))
                start = text.find(initials, start + 1)
        if len(initials) >= 2:
            start = text.find(initials[0] + ".")
            while start != -1:
                dotted = _DOTTED.match(text, start).group().rstrip(" \t")
                end = start + len(dotted)
                if _UNDOTTED.sub("", dotted) == initials and _edge(text, start, end):
                    found.append(Match(start, end, "name", 0.0, "name"))
                start = text.find(initials[0] + ".", start + 1)
        return found


def edit_distance(a: str, b: str) -> int:
    """The Levenshtein distance of ``a`` and ``b`` (insertions, deletions, substitutions)."""
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other)))
        previous = current
    return previous[-1]


def _title_matches(lower: str, words: set[str]) -> list[re.Match[str]]:
    """Title + word in ``lower`` (the note lower-cased; ``words``: its words), a title not right after a
    letter: searched for from the titles the note has, which is much faster than scanning the note
    with the pattern of them all."""
    found: dict[int, re.Match[str]] = {}
    for title, word in _TITLE_WORDS:
        if word in words:
            at = lower.find(title)
            while at != -1:
                m = _TITLE.match(lower, at) if at not in found and not (at and lower[at - 1].isalpha()) else None
                if m is not None:
                    found[at] = m
                at = lower.find(title, at + 1)
    return [found[at] for at in sorted(found)]


def _whole_word(text: str, start: int, end: int) -> bool:
    """``[start, end)`` is a whole WORD of ``text``, not part of a longer one."""
    return not (start and _LETTER.match(text, start - 1)) and not _LETTER.match(text, end)


def _edge(text: str, start: int, end: int) -> bool:
    """``[start, end)`` is not inside a longer run of letters."""
    return (start == 0 or not text[start - 1].isalpha()) and (end == len(text) or not text[end].isalpha())


class NameMatcher:
    """Finds the record's names (several values) in a note."""

    def __init__(self, values: Iterable[str], threshold: float, case_sensitive: bool, common: frozenset[str],
                 reference: bool = False) -> None:
        """``reference``: compare every word of a note with every token of the record by a plain
        edit distance (:meth:`_similar_reference`), to check the fast comparison against."""
        self.reference = reference
        self.names = [_Name(v, case_sensitive) for v in values]
        self.threshold = threshold
        self.case_sensitive = case_sensitive
        self.common = common
        self.owners: dict[str, list[int]] = defaultdict(list)  # token -> the names that have it
        for index, name in enumerate(self.names):
            for token in name.tokens:
                self.owners[token].append(index)
        self.tokens = list(self.owners)
        self.originals = {w for name in self.names for w in name.originals}
        # accent-folded token -> token; folded in one call (a token is a word: no space in it)
        self.by_folded = dict(zip(fold(" ".join(self.tokens), ignore_case=False, accents=True).split(" "), self.tokens))
        # the largest distance each token allows (d / min(len) < threshold), and any token (the longest)
        self.cutoffs = [max(0, math.ceil(threshold * len(token)) - 1) for token in self.tokens]
        self.cutoff = max(self.cutoffs, default=0)

    def _similar(self, words: set[str], low: str, folded: str) -> dict[str, list[tuple[str, float]]]:
        """Note word (of ``words``, the words of ``low``; ``folded``: ``low`` with accents folded) -> the
        record tokens it matches, with their ratios."""
        choices = list(words)  # one-letter words too: no token is that short, so their ratio is >= 1
        hits: dict[str, dict[str, float]] = defaultdict(dict)
        if self.cutoff > 0:
            # per token: the words within its cutoff (extract, not cdist: no numpy matrix to go through)
            for token, cutoff in zip(self.tokens, self.cutoffs):
                for word, distance, _ in extract(token, choices, scorer=Levenshtein.distance,
                                                 score_cutoff=cutoff, limit=None):
                    ratio = distance / min(len(word), len(token))
                    if ratio < self.threshold:
                        hits[word][token] = ratio
        # accent-folded exact matches, looked for in the folded note (a WORD of it, as in ``words``)
        for key, token in self.by_folded.items():
            at = folded.find(key)
            while at != -1:
                if _whole_word(folded, at, at + len(key)):
                    hits[low[at:at + len(key)]][token] = 0.0
                at = folded.find(key, at + 1)
        return {w: list(found.items()) for w, found in hits.items()}

    def _similar_reference(self, words: set[str], low: str, folded: str) -> dict[str, list[tuple[str, float]]]:
        """What :meth:`_similar` gives, found by comparing every word with every token: a ratio
        below the threshold, or the same word once accents are folded (ratio 0)."""
        hits: dict[str, dict[str, float]] = defaultdict(dict)
        for word in words:
            for token in self.tokens:
                ratio = edit_distance(word, token) / min(len(word), len(token))
                if ratio < self.threshold:
                    hits[word][token] = ratio
            token = self.by_folded.get(fold(word, ignore_case=False, accents=True))
            if token is not None:
                hits[word][token] = 0.0
        return {w: list(found.items()) for w, found in hits.items()}

    def _strong(self, text: str, start: int, end: int, ratio: float) -> bool:
        """True when the match needs no neighbour (see the module docstring)."""
        before = text[max(0, start - 32):start]
        if ratio > 0.0 and _OTHER_PERSON.search(before) is not None:
            return False
        if _folded(text[start:end]) not in self.common or text[start:end] in self.originals:
            return True
        if _NAME_CONTEXT.search(before) is not None:
            return True
        stripped = before.rstrip(" \t")
        return text[start].isupper() and bool(stripped) and stripped[-1] not in _SENTENCE_END

    def find(self, text: str, lower: str, low: str, low_folded: str) -> list[Match]:
        """The name matches in ``text`` (``lower``: it lower-cased; ``low``: ``lower``, or the text
        itself when case-sensitive; ``low_folded``: ``low`` with accents folded; all of the same length)."""
        if not self.names:
            return []
        found: list[Match] = []
        words = set(WORD.findall(low))
        similar = self._similar_reference if self.reference else self._similar
        hits = similar(words, low, low_folded) if self.tokens else {}
        if hits:
            # per name: (start, end, ratio, strong)
            per_name: dict[int, list[tuple[int, int, float, bool]]] = defaultdict(list)
            for word, matched in hits.items():
                best: dict[int, float] = {}
                for token, ratio in matched:
                    for index in self.owners[token]:
                        best[index] = min(ratio, best.get(index, 1.0))
                start = low.find(word)
                while start != -1:
                    end = start + len(word)
                    if _edge(low, start, end):
                        for index, ratio in best.items():
                            per_name[index].append((start, end, ratio, self._strong(text, start, end, ratio)))
                    start = low.find(word, end)
            for index, occurrences in per_name.items():
                found.extend(self._spans(text, self.names[index], occurrences))
        for name in self.names:
            found.extend(name.acronyms(text))
        titled, doctors = self._titled(text, lower, words if low is lower else set(WORD.findall(lower)), found)
        return [Match(n.start, n.end, n.field, n.ratio, DOCTOR) if (n.start, n.end) in doctors else n
                for n in found] + titled

    @staticmethod
    def _adjacent(text: str, a: tuple[int, int, float, bool], b: tuple[int, int, float, bool]) -> bool:
        return a[1] < b[0] and _GAP.fullmatch(text, a[1], b[0]) is not None

    def _spans(self, text: str, name: _Name, occurrences: list[tuple[int, int, float, bool]]) -> list[Match]:
        """Weak matches next to kept ones kept too (to a fixpoint); kept neighbours merged; initials before."""
        occurrences.sort()
        kept = [o[3] for o in occurrences]
        changed = True
        while changed:
            changed = False
            for i, occ in enumerate(occurrences):
                if kept[i]:
                    continue
                if (i > 0 and kept[i - 1] and self._adjacent(text, occurrences[i - 1], occ)) or \
                        (i + 1 < len(occurrences) and kept[i + 1] and self._adjacent(text, occ, occurrences[i + 1])):
                    kept[i] = changed = True
        spans: list[list] = []
        for occ, keep in zip(occurrences, kept):
            if not keep:
                continue
            if spans and self._adjacent(text, (spans[-1][0], spans[-1][1], 0.0, True), occ):
                spans[-1][1] = occ[1]
                spans[-1][2] = max(spans[-1][2], occ[2])
            else:
                spans.append([occ[0], occ[1], occ[2]])
        result = []
        for start, end, ratio in spans:
            particles = name.particles and _PARTICLES_BEFORE.search(text, max(0, start - 16), start)
            if particles:
                start = particles.start()
            # initials end with a dot: looked for only where one is
            dotted = text[max(0, start - 12):start].rstrip(" \t").endswith(".")
            initials = _INITIALS_BEFORE.search(text, max(0, start - 12), start) if dotted else None
            after = _INITIAL_AFTER.match(text, end)
            if after and after.group(1) in name.initials:
                end = after.end(1)
            if initials and all(c.upper() in name.initials and c.isupper()
                                for c in re.findall(r"([^\W\d_])\.", initials.group())):
                start = initials.start()
            result.append(Match(start, end, "name", ratio, "name"))
        return result

    def _titled(self, text: str, lower: str, words: set[str],
                names: list[Match]) -> tuple[list[Match], set[tuple[int, int]]]:
        """Title + capitalised word(s): new candidates (doctors, other people), and the spans of
        record ``names`` after a doctor's title (see the module docstring)."""
        found = []
        doctors = set()
        for m in _title_matches(lower, words):
            first = text[m.start(3):m.end(3)]
            if not first[0].isupper() or (m.group(1) in en.TITLES_WITH_DOT and not m.group(2)):
                continue
            start, end = m.start(3), m.end(3)
            doctor = m.group(1) in DOCTOR_TITLES

            def in_record(a: int, b: int) -> bool:
                return any(n.start < b and a < n.end for n in names)

            if _folded(first) in self.common and not in_record(start, end):
                continue
            for _ in range(2):
                more = _NEXT_NAME.match(text, end)
                if more is None or not more.group(1)[0].isupper() or \
                        (_folded(more.group(1)) in self.common and not in_record(more.start(1), more.end(1))):
                    break
                end = more.end()
            overlapping = [n for n in names if n.start < end and start < n.end]
            if not overlapping:
                found.append(Match(start, end, "title", 0.0, DOCTOR if doctor else PERSON))
                continue
            if doctor:
                doctors.update((n.start, n.end) for n in overlapping)
            start, end = min(start, *(n.start for n in overlapping)), max(end, *(n.end for n in overlapping))
            if all((n.start, n.end) != (start, end) for n in overlapping):  # the title's words reach further
                found.append(Match(start, end, "name", max(n.ratio for n in overlapping), DOCTOR if doctor else "name"))
        return found, doctors
