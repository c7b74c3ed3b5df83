"""The vocabulary catch-all PR: redacts what looks like a name, place or number and is not known to be safe.

A recall-first de-identification pipeline runs it after its rules: whatever the rules missed and
looks like PHI is added to the PHI set (``outputASName``) with a low ``confidence``, so that a
threshold on confidence (the policy filter's) can take it back. Everything language-specific is a
resource: the word lists, the safe digit shapes, the cue words and the type names.

The text is read line by line, a line as *chunks*: runs of characters other than white space and
``, ; : ( ) [ ] { } < > " |``, trimmed of leading and trailing characters that are neither letters
nor digits (``(614)`` -> ``614``, ``K.`` -> ``K``). Nothing is caught where a PHI annotation lies.

**Words** (chunks without a digit): each word (letters and inner apostrophes, ``O'Brien``; a hyphen
separates words) is looked up lower-cased, then without each of ``suffixes`` (``Crohn's`` ->
``crohn``), in two lists:
  * ``vocabulary``: safe wherever it stands and however written, so a sentence-initial
    ``Troponin`` or a title-case header word is safe;
  * ``ambiguous`` (ordinary words that are also names: ``rose``, ``bill``): safe in lower case
    (weak where lower-case words are caught: ``adeyemi-bello``);
    capitalised, caught inside a sentence and *weak* at its start (the first word of a line, or
    after ``.``, ``!`` or ``?`` unless the word before the stop is a capitalised abbreviation of up
    to 4 letters: ``Dr.``); on a line without lower-case letters, caught.
A word in neither list is caught when it starts with a capital (title case, ``McNeil``), except an
all-capital word of at most ``acronymLength`` letters on a line that also has lower-case letters
(an abbreviation: ``NSR``); on a line without lower-case letters (an all-capital header, a shouted
``JOHN SMITH``) case says nothing and it is caught. In lower case it is caught as ``lowerCase``
says: ``never``; ``caseless`` (default): on a line where case says nothing of names, one without
capitals, or one whose capitals are in all-capital words only and that does not end as a sentence
(a search query typed in lower case: ``okafor CT chest``); ``always``. A single capital letter (an initial, when ``initials`` is on) is weak, and so is a
single lower-case letter where lower-case words are caught (``okafor r``). A capitalised
word followed by one of the ``heads`` (``sign``, ``syndrome``: an eponym, ``Levine sign``) is safe.
The text of an annotation of the input set named in ``keepTypes`` (``TYPE`` or
``TYPE.feature=value``: the rules' verdict that it is no PHI, an eponym ``West Nile virus``) is left
alone as PHI is: nothing is caught inside it and nothing grows over it; one across a line break is
not taken (a grammar blind to white space may match over a form's lines: ``Zhang Wei\nTests``).

**Numbers** (chunks with a digit): safe when the chunk matches one of the ``shapes`` (regular
expressions matched whole, ignoring case: doses ``5mg``, vitals ``120/80``, times, ordinals,
clinical codes), is in the vocabulary, is one of the ``codeLabels`` with a version (``ICD-10``) or
follows one (``SNOMED``, ``CPT``: directly, after its version or after one more word); else caught
when it holds letters and digits (``QX40417``, ``RT-550912``). Chunks separated by one to three
of space, ``( ) + - .`` form a group: digits alone (with ``-`` or ``.`` inside), caught chunks, and
safe codes of 2 to 4 capitals and digits (``H3A``, ``CA12``). A group is caught as one span when
it holds ``minDigits`` digits (``+44 20 7946 0958``, ``TR33 0006 1005 1978``), a caught chunk, or
two such codes, one of 3 characters or more (a postcode: ``H3A 2R7``, not ``E4 V5 M6``). Next to
a chunk inside a PHI annotation of ``numberNeighbourTypes``, a group's chunks outside PHI are
caught (``(02)`` before a phone number found as ``9876 5432``, ``4471`` after a plate found as
``KA 05 MN``), and so are the letters and digits outside PHI of a chunk partly inside it (``CO``
of ``CO-880412773`` found as ``880412773``). A chunk with a digit right after one of the
``numberCues`` (``Unit``, ``PO Box``, ``Room``) is caught with the cue as the cue's type.

**Spans and types.** Caught and weak words separated by spaces and at most one ``-`` or ``'``
(or ``.`` after an initial), or by one to three ``joiners`` (``van der``, ``bin``), on one line
make a run, with the joiners right before it (``al Mansouri``); a run of weak words alone is
dropped unless a PHI annotation of ``neighbourTypes`` is right next to it (``Maria K.`` with
``Maria`` found by the rules). A run's type: that neighbour's type; else that of a ``Lookup`` of
the input set inside it or right before it, by ``lookupTypes`` (``majorType=TYPE`` or
``majorType:minorType=TYPE``); else that of the word right before it (across spaces and a ``.``)
in ``cues`` (``word<TAB>TYPE`` lines: ``dr`` DOCTOR, ``in`` CITY); else ``wordType``. A number's
type is ``numberType``.

With ``extend``, a run, and a PHI annotation of ``neighbourTypes``, grows over a lower-case
hyphenated tail (``Hyun-woo``), the capitalised words, the joiners between them and the numbers of
up to 4 digits right next to it (across one space; not over a cue word, a head word, a PHI
annotation, or a word that starts a sentence unless a Lookup of ``lookupTypes`` lies on it):
``Hospital Italiano de Buenos Aires``, ``Rua Augusta 1508``, ``Grace Wanjiru``; what grows around
a PHI annotation is a new span of its type, and so are the joiners between two of them (``bin``
in ``Abdullah bin Rashid``). Every span made gets the feature ``confidence`` = ``confidence``.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from operator import sub
from pathlib import Path
from string import punctuation
from typing import Any

import regex

from annotator.document import Annotation, Document, end_of
from annotator.errors import pipeline_error
from annotator.processing.base import Param, ProcessingResource, register

# The calls made per line, chunk or word pass ``concurrent=False`` by position (``pattern.search(text,
# pos, endpos, False)``): by default the ``regex`` module releases the GIL around a call on a long
# text, which costs more than a short match; a keyword argument costs it a good part of one too.
# What parts chunks: the characters of Unicode's White_Space (the ``regex`` module's ``\s``) and
# a few marks; lines are parted by line feeds and carriage returns.
WHITE_SPACE = "\t\v\f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
CHUNK_MARKS = ",;:()[]{}<>\"|"
LINE_BREAKS = "\n\r"
TRIM = regex.compile(r"[\p{L}\p{N}](?:.*[\p{L}\p{N}])?", regex.DOTALL)  # searched: from the first to the last
WORD = regex.compile(r"\p{L}+(?:['\u2019]\p{L}+)*")
HAS_DIGIT = regex.compile(r"\p{Nd}")
HAS_LETTER = regex.compile(r"\p{L}")
HAS_UPPER = regex.compile(r"\p{Lu}")
HAS_LOWER = regex.compile(r"\p{Ll}")
TITLE_CASE = regex.compile(r"\p{Lu}\p{Ll}")
SENTENCE_STOP = regex.compile(r"[.!?][\"'\u2019)\]]*\s*$")
DIGITS_ONLY = regex.compile(r"\p{Nd}+(?:[-.]\p{Nd}+)*")
WORD_GAP = regex.compile(r"[ \t]?(?:[-'\u2019][ \t]?)?")  # two spaces or more part the fields of a form
INITIAL_GAP = regex.compile(r"\.?[ \t]?(?:[-'\u2019.][ \t]?)?")
NUMBER_GAP = regex.compile(r"[ \t()+\-.]{1,3}")
SENTENCE_END = regex.compile(r"(\p{L}*)[.!?]+[\"'\u2019)\]]*\s+$")
ABBREVIATION = regex.compile(r"\p{Lu}\p{L}{0,3}")
NEXT_WORD = regex.compile(r"(?:['\u2019]s?)?[ \t]+(\p{L}+)")
LABELS_BEFORE = regex.compile(r"(?:(\p{L}+)[^\p{L}\p{N}\n]{1,3})?(\p{L}+)(?:-?\p{Nd}{1,2})?[^\p{L}\p{N}\n]{1,3}$")
LABEL_CHUNK = regex.compile(r"(\p{L}+)-?\p{Nd}{1,2}")  # a code system with its version: ICD-10
POSTCODE_PART = regex.compile(r"[\p{Lu}\p{Nd}]{2,4}")
CUE_BEFORE = regex.compile(r"(\p{L}+)\.?[ \t]*$")
HYPHEN_TAIL = regex.compile(r"-\p{Ll}+(?![\p{L}\p{N}])")  # the rest of a hyphenated given name: Hyun-woo
NAME_PART = r"(?:\p{Lu}\p{Ll}\p{L}*(?:['\u2019\-]\p{L}+)*|\p{Nd}{1,4})(?![\p{L}\p{N}])"
LOWER_CASE = ("never", "caseless", "always")
SAFE, CAUGHT, WEAK, MEMBER = 0, 1, 2, 3
ALNUM_RUN = regex.compile(r"[\p{L}\p{N}]+")
UNIT_LIKE = regex.compile(r"\p{Nd}[\p{Nd}.,]*\p{Ll}")  # 5mg, 10mL: a number with a unit


@dataclass
class _Seen:
    """What one run over a document knows: its text, where PHI lies (``covered``; ``numeric``: PHI
    of ``numberNeighbourTypes``), the PHI of ``neighbourTypes`` as ``(start, end, type)`` in
    document order, and the input set's Lookups as its ``in_order`` lists (``lookup_starts``,
    ``lookup_anns``) and the length of the longest (``longest``, read on the first question): the
    Lookups near a span are a slice of them, typed when asked for (a document's runs ask of few)."""

    text: str
    covered: bytearray
    numeric: bytearray
    names: list[tuple[int, int, str]]
    lookup_starts: list[int] = field(default_factory=list)
    lookup_anns: list[Annotation] = field(default_factory=list)
    longest: int | None = None


class _LookupTypes(dict):
    """``(majorType, minorType)`` -> the type ``lookupTypes`` gives a Lookup of them (None: none),
    found on first use."""

    def __init__(self, types: dict[tuple[str, str | None], str]) -> None:
        super().__init__()
        self.types = types

    def __missing__(self, key: tuple[Any, Any]) -> str | None:
        value = self[key] = self.types.get(key) or self.types.get((key[0], None))
        return value



@lru_cache(maxsize=16)
def read_words(path: Path, mtime: float) -> frozenset[str]:
    """The words of a word list (one a line, ``#`` comments), lower-cased; cached by path and mtime."""
    with path.open(encoding="utf-8") as lines:
        return frozenset(w.strip().lower().replace("\u2019", "'") for w in lines
                         if w.strip() and not w.startswith("#"))


def _words(path: Path | None) -> frozenset[str]:
    return frozenset() if path is None else read_words(path, path.stat().st_mtime)


def _lines(path: Path) -> list[tuple[int, str]]:
    """The ``(line number, text)`` of the non-empty, non-comment lines of ``path``."""
    return [(n, line.rstrip("\n")) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if line.strip() and not line.startswith("#")]


@register("vocabulary-catchall")
class VocabularyCatchall(ProcessingResource):
    """Adds low-confidence PHI where a capitalised word, an ID or a long number is not in a safe vocabulary."""

    vocabulary = Param(Path, None, "the safe words, one a line (lower case; # comments)", required=True)
    extraVocabulary = Param(Path, None, "more safe words (a site's own), same format")
    ambiguous = Param(Path, None, "ordinary words that are also names: safe in lower case, caught capitalised inside a sentence")
    shapes = Param(Path, None, "regular expressions of safe chunks with digits (5mg, 120/80), one a line, "
                   "matched whole ignoring case")
    codeLabels = Param(Path, None, "words (code systems) after which a number is safe, one a line")
    heads = Param(Path, None, "words after which a capitalised word is safe (eponyms: sign, syndrome), one a line")
    cues = Param(Path, None, "word<TAB>TYPE lines: a span right after the word gets TYPE")
    numberCues = Param(Path, None, "words<TAB>TYPE lines (unit, po box): a number right after them is caught with them as TYPE")
    joiners = Param(Path, None, "name particles (van, der, bin) that join two caught words into one span, one a line")
    extend = Param(bool, False, "grow caught word spans and neighbourTypes PHI over the capitalised words and "
                   "short numbers next to them")
    suffixes = Param(list, [], "endings taken off an unknown word before a second look-up (possessive 's)")
    lowerCase = Param(str, "caseless", "when an unknown lower-case word is caught", choices=LOWER_CASE)
    acronymLength = Param(int, 4, "all-capital words up to this length on a line with lower case are abbreviations "
                          "(0: none)", min=0)
    minDigits = Param(int, 5, "digits that make a number or a group of numbers an identifier", min=1)
    initials = Param(bool, True, "catch a single capital letter next to a caught word or a neighbourTypes PHI")
    wordType = Param(str, "PATIENT", "type of a caught word span without a better guess")
    numberType = Param(str, "IDNUM", "type of a caught number or identifier")
    neighbourTypes = Param(list, [], "PHI types that a span right next to such an annotation takes")
    numberNeighbourTypes = Param(list, [], "PHI types (phones, IDs) that a group of numbers next to them extends")
    lookupTypes = Param(list, [], "majorType[:minorType]=TYPE: the type of a span with such a Lookup inside or right before")
    keepTypes = Param(list, [], "TYPE or TYPE.feature=value: annotations of the input set whose text is never "
                      "caught (the rules' blocks: Block.kind=eponym)")
    confidence = Param(float, 0.25, "the confidence feature of every annotation made", min=0.0, max=1.0)

    def setup(self) -> None:
        self._vocabulary = _words(self.vocabulary) | _words(self.extraVocabulary)
        self._ambiguous = _words(self.ambiguous) - self._vocabulary
        self._code_labels = _words(self.codeLabels)
        self._heads = _words(self.heads)
        self._joiners = _words(self.joiners)
        joiner = "|".join(regex.escape(j) for j in sorted(self._joiners, key=lambda j: (-len(j), j)))
        joiner_after, space_joiner = rf"(?:(?i:{joiner})[ \t]+)", rf"(?:[ \t]+(?i:{joiner}))"
        after, before = (joiner_after + "{0,3}", space_joiner + "{0,3}") if joiner else ("", "")
        self._part_after = regex.compile(rf"[ \t]({after}{NAME_PART})")
        self._part_before = regex.compile(rf"(?<![\p{{L}}\p{{N}}])({NAME_PART}{before})[ \t]$")
        self._joiners_before = (regex.compile(rf"(?<![\p{{L}}\p{{N}}])((?i:{joiner}){space_joiner}{{0,2}})[ \t]+$")
                                if joiner else None)
        self._joiners_between = (regex.compile(rf"[ \t]+((?i:{joiner}){space_joiner}{{0,2}})[ \t]+")
                                 if joiner else None)
        self._shape = self._read_shapes()
        self._cues = self._read_cues(self.cues)
        number_cues = self._read_cues(self.numberCues)
        self._number_cues = number_cues
        self._number_cue = None
        if number_cues:
            ordered = sorted(number_cues, key=lambda c: (-len(c), c))  # longest first: po box before box
            alternatives = "|".join(regex.escape(c).replace(r"\ ", r"[ \t]+") for c in ordered)
            self._number_cue = regex.compile(rf"(?<![\p{{L}}\p{{N}}])(?i:({alternatives}))\.?[ \t]*(?:#[ \t]*)?$")
        self._lookups = self._read_lookup_types()
        self._lookup_type = _LookupTypes(self._lookups)
        self._neighbours = frozenset(self.neighbourTypes)
        self._number_neighbours = frozenset(self.numberNeighbourTypes)
        self._suffixes = tuple(s.lower() for s in self.suffixes)
        self._keep = self._read_keep_types()
        self.needs = tuple(dict.fromkeys((("Lookup",) if self._lookups else ()) + tuple(t for t, _, _ in self._keep)))
        self.produces = tuple(sorted({self.wordType, self.numberType, *self._cues.values(), *number_cues.values(),
                                      *self._lookups.values()}))

    def _read_shapes(self) -> regex.Pattern | None:
        if self.shapes is None:
            return None
        parts = []
        for number, line in _lines(self.shapes):
            try:
                regex.compile(line)
            except regex.error as exc:
                raise pipeline_error("E314", self.shapes, number, pr=self.name, message=f"bad shape {line!r}: {exc}") from None
            parts.append(f"(?:{line})")
        return regex.compile("|".join(parts), regex.IGNORECASE) if parts else None

    def _read_cues(self, path: Path | None) -> dict[str, str]:
        cues: dict[str, str] = {}
        if path is not None:
            for number, line in _lines(path):
                word, tab, type_name = line.partition("\t")
                if not tab or not word.strip() or not type_name.strip():
                    raise pipeline_error("E314", path, number, pr=self.name, message=f"expected word<TAB>TYPE, got {line!r}")
                cues[" ".join(word.lower().split())] = type_name.strip()
        return cues

    def _read_keep_types(self) -> list[tuple[str, str | None, str | None]]:
        found = []
        for item in self.keepTypes:
            type_name, dot, condition = item.partition(".")
            feature, equals, value = condition.partition("=")
            if not type_name.strip() or dot and (not equals or not feature.strip()):
                raise ValueError(f"keepTypes: expected TYPE or TYPE.feature=value, got {item!r}")
            found.append((type_name.strip(), feature.strip() or None, value.strip() if dot else None))
        return found

    def _read_lookup_types(self) -> dict[tuple[str, str | None], str]:
        found: dict[tuple[str, str | None], str] = {}
        for item in self.lookupTypes:
            kind, equals, type_name = item.partition("=")
            if not equals or not kind.strip() or not type_name.strip():
                raise ValueError(f"lookupTypes: expected majorType[:minorType]=TYPE, got {item!r}")
            major, _, minor = kind.strip().partition(":")
            found[(major, minor or None)] = type_name.strip()
        return found

    # ------------------------------------------------------------------ the run
    def __call__(self, doc: Document) -> None:
        text = doc.text
        phi = self.output_set(doc)
        seen = _Seen(text, bytearray(len(text)), bytearray(len(text)), [])
        for ann in phi:
            seen.covered[ann.start:ann.end] = b"\x01" * (ann.end - ann.start)
            if ann.type in self._number_neighbours:
                seen.numeric[ann.start:ann.end] = b"\x01" * (ann.end - ann.start)
            if ann.type in self._neighbours:
                seen.names.append((ann.start, ann.end, ann.type))
        for type_name, feature, value in self._keep:
            for ann in self.input_set(doc).with_type(type_name):
                if feature is not None and str(ann.features.get(feature)) != value or "\n" in text[ann.start:ann.end]:
                    continue
                seen.covered[ann.start:ann.end] = b"\x01" * (ann.end - ann.start)
        if self._lookups and self.input_set(doc).with_type("Lookup"):
            seen.lookup_starts, seen.lookup_anns = self.input_set(doc).in_order("Lookup")
        spans = self._grown_phi(seen) if self.extend and self._neighbours else []
        spaced = text  # the text with every chunk separator a space and every line break a \n
        for separator in WHITE_SPACE + CHUNK_MARKS + LINE_BREAKS:
            if separator in spaced:
                spaced = spaced.replace(separator, "\n" if separator in LINE_BREAKS else " ")
        line_start = 0
        for line in spaced.split("\n"):
            if line:
                spans += self._line(seen, line_start, line_start + len(line), line.split(" "))
            line_start += len(line) + 1
        for start, end, type_name in spans:
            phi.add(type_name, start, end, {"confidence": self.confidence})

    def _line(self, seen: _Seen, start: int, end: int, parts: list[str]) -> list[tuple[int, int, str]]:
        """The spans caught on the line ``[start, end)``, whose text split at each chunk separator
        is ``parts`` (its chunks and empty strings)."""
        text, covered, numeric = seen.text, seen.covered, seen.numeric
        case: tuple[bool, bool] | None = None  # (caps_line, catch_lower): read at the first word not known
        words: list[tuple[int, int, bool]] = []    # (start, end, weak)
        numbers: list[tuple[int, int, int, bool, int]] = []   # group members: (start, end, digits, inside PHI, weight)
        spans: list[tuple[int, int, str]] = []
        first = True  # the next word is the line's first
        vocabulary = self._vocabulary
        line_numeric = numeric.find(1, start, end) >= 0
        at = start
        for part in parts:
            chunk_start, at = at, at + len(part) + 1
            if not part:
                continue
            plain = part.strip(punctuation)  # TRIM's word, when the chunk is one: tablets.
            if len(plain) > 1 and plain.isalpha() and plain.lower() in vocabulary and not line_numeric:
                first = False  # most chunks: one known word
                continue
            trimmed = TRIM.search(text, chunk_start, at - 1, False)
            if trimmed is None:
                continue
            c_start, c_end = trimmed.span()
            if covered.find(1, c_start, c_end) >= 0:
                first = False
                if numeric.find(1, c_start, c_end) >= 0:
                    numbers.append((c_start, c_end, 0, True, 0))
                    spans += self._outside(seen, c_start, c_end)
                continue
            if HAS_DIGIT.search(text, c_start, c_end, False):
                first = False
                cue = self._number_cue.search(text, max(start, c_start - 24), c_start, False) if self._number_cue else None
                if cue is not None and covered.find(1, cue.start(1), c_start) < 0:
                    spans.append((cue.start(1), c_end, self._number_cues[" ".join(cue.group(1).lower().split())]))
                    words = [w for w in words if w[1] <= cue.start(1)]  # the cue's own words, if caught
                    continue
                verdict = self._number(text, c_start, c_end)
                if verdict != SAFE:
                    digits = len(HAS_DIGIT.findall(text, c_start, c_end, False, False)) if verdict == MEMBER else 0
                    numbers.append((c_start, c_end, digits, False, 2 if verdict == CAUGHT else verdict == WEAK))
                continue
            if case is None:
                case = self._case(text[start:end])
            caps_line, catch_lower = case
            for word in WORD.finditer(text, c_start, c_end, False, False):
                verdict = self._word(text, start, word, first, caps_line, catch_lower)
                first = False
                if verdict == CAUGHT and self._heads and self._before_head(text, word.end(), end):
                    verdict = SAFE
                if verdict != SAFE:
                    words.append((word.start(), word.end(), verdict == WEAK))
        word_spans = self._word_spans(seen, words) if words else []
        if word_spans and self.extend and not caps_line:
            word_spans = [(*self._extended(seen, start, end, s, e), t) for s, e, t in word_spans]
        return spans + word_spans + (self._number_groups(text, numbers) if numbers else [])

    def _case(self, line: str) -> tuple[bool, bool]:
        """Whether ``line`` is in capitals only (case says nothing of names), and whether its unknown
        lower-case words are caught (``lowerCase``)."""
        has_upper, has_lower = HAS_UPPER.search(line, 0, None, False) is not None, HAS_LOWER.search(line, 0, None, False) is not None
        caseless = not has_upper or TITLE_CASE.search(line, 0, None, False) is None and not SENTENCE_STOP.search(line, 0, None, False)
        return has_upper and not has_lower, self.lowerCase == "always" or (self.lowerCase == "caseless" and caseless)

    def _grown_phi(self, seen: _Seen) -> list[tuple[int, int, str]]:
        """What ``extend`` adds around the PHI annotations of ``neighbourTypes`` (marked covered),
        and the joiners between one and the next name."""
        text, covered = seen.text, seen.covered
        spans = []
        for ann_start, ann_end, type_name in seen.names:
            if "\n" in text[ann_start:ann_end]:
                continue
            line_start = text.rfind("\n", 0, ann_start) + 1
            line_end = text.find("\n", ann_end) % (len(text) + 1)
            start, end = self._extended(seen, line_start, line_end, ann_start, ann_end)
            particles = self._joiners_between.match(text, ann_end, line_end) if self._joiners_between else None
            if end == ann_end and particles is not None and covered[particles.end()] and not covered[particles.start(1)]:
                end = particles.end(1)  # joiners between two names: bin in Abdullah bin Rashid
            before, after = text[start:ann_start], text[ann_end:end]
            for s, e in ((start, start + len(before.rstrip())), (end - len(after.lstrip()), end)):
                if s < e:
                    spans.append((s, e, type_name))
                    covered[s:e] = b"\x01" * (e - s)
        return spans

    def _extended(self, seen: _Seen, line_start: int, line_end: int, start: int, end: int) -> tuple[int, int]:
        """``[start, end)`` grown over the capitalised words (not cue words, not starting a
        sentence unless a ``lookupTypes`` Lookup lies on them: ``Grace Wanjiru``), the joiners
        between them and the numbers of up to 4 digits next to it, up to a PHI annotation."""
        text, covered = seen.text, seen.covered
        tail = HYPHEN_TAIL.match(text, end, line_end)
        if tail is not None and covered.find(1, end, tail.end()) < 0:
            end = tail.end()
        while (after := self._part_after.match(text, end, line_end)) is not None:
            word = after.group(1).split()[-1]
            if covered.find(1, end, after.end()) >= 0 or word.lower() in self._cues or word.lower() in self._heads:
                break
            end = after.end()
        while (before := self._part_before.search(text, max(line_start, start - 60), start)) is not None:
            at = before.start(1)
            word = before.group(1).split()[0]
            first_on_line = not HAS_LETTER.search(text, line_start, at) and not HAS_DIGIT.search(text, line_start, at)
            starts = word[0].isalpha() and (first_on_line or self._sentence_start(text, line_start, at))
            if (covered.find(1, at, start) >= 0 or word.lower() in self._cues
                    or starts and not self._looked_up(seen, at, at + len(word))):
                break
            start = at
        return start, end

    def _outside(self, seen: _Seen, start: int, end: int) -> list[tuple[int, int, str]]:
        """The letters and digits of a chunk partly inside PHI of ``numberNeighbourTypes`` that lie
        outside any PHI (the prefix of ``CO-880412773`` found as ``880412773``), as spans."""
        return [(m.start(), m.end(), self.numberType) for m in ALNUM_RUN.finditer(seen.text, start, end)
                if seen.covered.find(1, m.start(), m.end()) < 0]

    @staticmethod
    def _sentence_start(text: str, line_start: int, at: int) -> bool:
        before = SENTENCE_END.search(text, max(line_start, at - 12), at, False)
        return before is not None and not ABBREVIATION.fullmatch(before.group(1))

    def _before_head(self, text: str, at: int, line_end: int) -> bool:
        after = NEXT_WORD.match(text, at, line_end, False)
        return after is not None and after.group(1).lower() in self._heads

    def _key(self, word: str) -> tuple[str, ...]:
        """The look-up keys of ``word``: lower-cased, then without each suffix."""
        key = word.lower().replace("\u2019", "'")
        return (key,) + tuple(key[:-len(s)] for s in self._suffixes if key.endswith(s) and len(key) > len(s))

    def _word(self, text: str, line_start: int, match: regex.Match, first: bool, caps_line: bool,
              catch_lower: bool) -> int:
        """SAFE, CAUGHT or WEAK (caught only next to a caught word or a neighbourTypes PHI) for the
        word ``match`` (``first``: the line's first word)."""
        word = match.group()
        if len(word) == 1:
            return WEAK if self.initials and (word.isupper() or catch_lower) else SAFE
        keys = self._key(word)
        if any(k in self._vocabulary for k in keys):
            return SAFE
        capitalised = word[0].isupper()
        if any(k in self._ambiguous for k in keys):
            if not capitalised:
                return WEAK if catch_lower else SAFE
            if caps_line:
                return CAUGHT
            return WEAK if first or self._sentence_start(text, line_start, match.start()) else CAUGHT
        if capitalised:
            if not caps_line and word.isupper() and len(word) <= self.acronymLength:
                return SAFE
            return CAUGHT
        return CAUGHT if catch_lower else SAFE

    def _number(self, text: str, start: int, end: int) -> int:
        """The digit chunk ``[start, end)``: CAUGHT (whatever its group), a MEMBER of a group (pure
        digits), a WEAK member (a safe code of 2 to 4 capitals and digits: ``H3A``, ``CA12``; two make a
        postcode) or SAFE."""
        chunk = text[start:end]
        if self._code_labels:
            window = max(0, start - 40)
            # the search tries every offset of the window: only where a label can be one of its words
            near = text[window:start].lower()
            before = LABELS_BEFORE.search(text, window, start) if any(w in near for w in self._code_labels) else None
            if before is not None and any(w and w.lower() in self._code_labels for w in before.groups()):
                return SAFE
            label = LABEL_CHUNK.fullmatch(chunk)
            if label is not None and label.group(1).lower() in self._code_labels:
                return SAFE
        if (self._shape is not None and self._shape.fullmatch(chunk)) or chunk.lower() in self._vocabulary:
            postcode_like = POSTCODE_PART.fullmatch(chunk) and HAS_LETTER.search(chunk) and not UNIT_LIKE.match(chunk)
            return WEAK if postcode_like else SAFE
        if DIGITS_ONLY.fullmatch(chunk):
            return MEMBER
        if HAS_LETTER.search(chunk):
            return CAUGHT
        return MEMBER if len(HAS_DIGIT.findall(chunk)) >= self.minDigits else SAFE

    def _number_groups(self, text: str, numbers: list[tuple[int, int, int, bool, int]]) -> list[tuple[int, int, str]]:
        """Groups of members (weight: 2 for a chunk caught whatever its group, 1 for a weak one) with
        at least ``minDigits`` digits, a weight of 2, or a chunk inside PHI of ``numberNeighbourTypes``:
        their chunks outside PHI, as spans."""
        spans = []
        group: list[tuple[int, int, int, bool, int]] = []
        for item in numbers + [(-1, -1, 0, False, 0)]:
            if group and item[0] >= 0 and NUMBER_GAP.fullmatch(text, group[-1][1], item[0], False):
                group.append(item)
                continue
            codes = [g[1] - g[0] for g in group if g[4] == 1]
            if (any(g[3] for g in group) or sum(g[2] for g in group) >= self.minDigits
                    or any(g[4] == 2 for g in group) or len(codes) >= 2 and max(codes) >= 3):
                run: list[tuple[int, int, int, bool, int]] = []
                for member in group + [(-1, -1, 0, True, 0)]:
                    if not member[3]:
                        run.append(member)
                    elif run:
                        spans.append((run[0][0], run[-1][1], self.numberType))
                        run = []
            group = [item]
        return spans

    def _word_spans(self, seen: _Seen, words: list[tuple[int, int, bool]]) -> list[tuple[int, int, str]]:
        """Runs of adjacent caught and weak words, each with its type; a run of weak words alone
        only next to a PHI annotation of ``neighbourTypes``."""
        text = seen.text
        spans = []
        run: list[tuple[int, int, bool]] = []
        for item in words + [(-1, -1, False)]:
            if run and item[0] >= 0:
                gap = INITIAL_GAP if run[-1][1] - run[-1][0] == 1 else WORD_GAP
                if gap.fullmatch(text, run[-1][1], item[0], False) or self._joined(text[run[-1][1]:item[0]]):
                    run.append(item)
                    continue
            if run:
                start, end = run[0][0], run[-1][1]
                neighbour = self._neighbour(seen, start, end)
                if neighbour is not None or not all(weak for _, _, weak in run):
                    type_name = neighbour or self._guess(seen, start, end)
                    particles = self._joiners_before.search(text, max(0, start - 30), start) if self._joiners_before else None
                    spans.append((particles.start(1) if particles else start, end, type_name))
            run = [item]
        return spans

    def _joined(self, gap: str) -> bool:
        """Whether ``gap`` between two caught words holds one to three joiners and spaces only."""
        parts = gap.split()
        return (bool(self._joiners) and 0 < len(parts) <= 3 and "\n" not in gap
                and all(p.lower() in self._joiners for p in parts))

    def _neighbour(self, seen: _Seen, start: int, end: int) -> str | None:
        """The type of a PHI annotation of ``neighbourTypes`` right before or after ``[start, end)``."""
        text = seen.text
        for ann_start, ann_end, type_name in seen.names:
            if (start - 3 <= ann_end <= start and INITIAL_GAP.fullmatch(text, ann_end, start)
                    or end <= ann_start <= end + 3 and INITIAL_GAP.fullmatch(text, end, ann_start)):
                return type_name
        return None

    def _guess(self, seen: _Seen, start: int, end: int) -> str:
        """The type of a word span without a PHI neighbour: a Lookup's, a cue word's, or ``wordType``."""
        text = seen.text
        for lookup_start, lookup_end, type_name in self._typed_lookups(seen, start - 40, end):
            right_before = lookup_end <= start and WORD_GAP.fullmatch(text, lookup_end, start)
            if lookup_end > start or right_before:
                return type_name
        if self._cues:
            before = CUE_BEFORE.search(text, max(0, start - 40), start)
            if before is not None and before.group(1).lower() in self._cues:
                return self._cues[before.group(1).lower()]
        return self.wordType

    def _looked_up(self, seen: _Seen, start: int, end: int) -> bool:
        """Whether a Lookup of ``lookupTypes`` lies over ``[start, end)``."""
        return any(lookup_start <= start and lookup_end >= end
                   for lookup_start, lookup_end, _ in self._typed_lookups(seen, end, start + 1))

    def _typed_lookups(self, seen: _Seen, start: int, end: int) -> list[tuple[int, int, str]]:
        """The Lookups of ``lookupTypes`` that start before ``end`` and end at or after ``start``,
        as ``(start, end, type)`` in document order."""
        if seen.longest is None:
            seen.longest = max(map(sub, map(end_of, seen.lookup_anns), seen.lookup_starts), default=0)
        starts = seen.lookup_starts
        found = []
        for ann in seen.lookup_anns[bisect_left(starts, start - seen.longest):bisect_left(starts, end)]:
            if ann.end >= start:
                type_name = self._lookup_type[ann.features.get("majorType"), ann.features.get("minorType")]
                if type_name is not None:
                    found.append((ann.start, ann.end, type_name))
        return found
