"""The ``hepple-tagger`` PR: GATE's ANNIE POS tagger (Mark Hepple's rule-based tagger, HepTag) on
its own lexicon and rules files, ``category`` written on every Token as GATE's ``POSTagger`` PR does.

What it reproduces (GATE's ``hepple.postag.POSTagger`` and ``gate.creole.POSTagger``):

- **Lexicon**: one entry a line, the word up to the first space, then its tags, the first being
  the word's initial tag (``to TO IN JJ``). Words are looked up exactly (case kept). A word not in
  the lexicon is guessed: first character ``A``-``Z``: ``NNP``; a hyphen inside (not first or
  last): ``JJ``; any digit ``0``-``9``: ``CD``; ending ``ed``, ``us``, ``ic``, ``ble``, ``ive``,
  ``ary``, ``ful``, ``ical``, ``less``: ``JJ``; ``s``: ``NNS``; ``ly``: ``RB``; ``ing``: ``VBG``;
  else ``NN``.
- **Rules**: ``FROM TO TEMPLATE ARGS...`` lines, kept in file order per ``FROM`` tag. A word keeps
  its initial tag unless a rule for that tag fires: the first one, in order, whose ``TO`` is one of
  the word's lexicon tags and whose context holds. Contexts read the words and the *initial* tags
  of the three words on either side (Hepple's independence assumption: not the tags rules gave),
  with ``STAART`` beyond the sentence's ends. The templates are Brill's (``PREVTAG``, ``NEXTTAG``,
  ``SURROUNDTAG``, ``WDPREVTAG``, ``LBIGRAM``, ... and ``UNRESTRICTED``, ``UNKNOWN``); see
  :data:`TEMPLATES`.
- **Sentences**: tokens in offset order; for each ``Sentence`` in offset order, the tokens not yet
  taken that end by its end are one sequence (so tokens before a sentence join it, as in GATE); the
  tokens after the last sentence are one more (without any Sentence, all the tokens are one, where
  GATE's PR refuses the document). The word is the Token's ``string`` feature.
"""

from __future__ import annotations

import re
from itertools import repeat
from operator import attrgetter
from pathlib import Path
from typing import Callable, Iterable, NamedTuple

from annotator.document import Annotation, Document, end_of, start_of
from annotator.errors import InputError, coded
from annotator.processing.base import Param, ProcessingResource, register, text_encoding

STAART = "STAART"
_PAD = 3
_FEATURES = attrgetter("features")

# context checks over (words, tags, i): words and initial tags of the padded sentence, i the word's
# index there; ``a`` holds the rule's arguments
Check = Callable[[list[str], list[str], int, tuple[str, ...]], bool]
# per template: its number of arguments, its check, and which argument (None: none) must equal the
# word itself, the initial tag before it and the one after it: a rule is tried only at the words
# where those hold (:class:`HeppleTagger` finds its candidates by them)
Keys = tuple[int | None, int | None, int | None]
TEMPLATES: dict[str, tuple[int, Check, Keys]] = {
    "CURWD": (1, lambda w, t, i, a: w[i] == a[0], (0, None, None)),
    "LBIGRAM": (2, lambda w, t, i, a: w[i - 1] == a[0] and w[i] == a[1], (1, None, None)),
    "RBIGRAM": (2, lambda w, t, i, a: w[i] == a[0] and w[i + 1] == a[1], (0, None, None)),
    "NEXT1OR2OR3TAG": (1, lambda w, t, i, a: a[0] in (t[i + 1], t[i + 2], t[i + 3]), (None, None, None)),
    "NEXT1OR2TAG": (1, lambda w, t, i, a: a[0] in (t[i + 1], t[i + 2]), (None, None, None)),
    "NEXT1OR2WD": (1, lambda w, t, i, a: a[0] in (w[i + 1], w[i + 2]), (None, None, None)),
    "NEXT2TAG": (1, lambda w, t, i, a: t[i + 2] == a[0], (None, None, None)),
    "NEXT2WD": (1, lambda w, t, i, a: w[i + 2] == a[0], (None, None, None)),
    "NEXTBIGRAM": (2, lambda w, t, i, a: t[i + 1] == a[0] and t[i + 2] == a[1], (None, None, 0)),
    "NEXTTAG": (1, lambda w, t, i, a: t[i + 1] == a[0], (None, None, 0)),
    "NEXTWD": (1, lambda w, t, i, a: w[i + 1] == a[0], (None, None, None)),
    "PREV1OR2OR3TAG": (1, lambda w, t, i, a: a[0] in (t[i - 3], t[i - 2], t[i - 1]), (None, None, None)),
    "PREV1OR2TAG": (1, lambda w, t, i, a: a[0] in (t[i - 2], t[i - 1]), (None, None, None)),
    "PREV1OR2WD": (1, lambda w, t, i, a: a[0] in (w[i - 2], w[i - 1]), (None, None, None)),
    "PREV2TAG": (1, lambda w, t, i, a: t[i - 2] == a[0], (None, None, None)),
    "PREV2WD": (1, lambda w, t, i, a: w[i - 2] == a[0], (None, None, None)),
    "PREVBIGRAM": (2, lambda w, t, i, a: t[i - 2] == a[0] and t[i - 1] == a[1], (None, 1, None)),
    "PREVTAG": (1, lambda w, t, i, a: t[i - 1] == a[0], (None, 0, None)),
    "PREVWD": (1, lambda w, t, i, a: w[i - 1] == a[0], (None, None, None)),
    "SURROUNDTAG": (2, lambda w, t, i, a: t[i - 1] == a[0] and t[i + 1] == a[1], (None, 0, 1)),
    "WDAND2AFT": (2, lambda w, t, i, a: w[i] == a[0] and w[i + 2] == a[1], (0, None, None)),
    "WDAND2BFR": (2, lambda w, t, i, a: w[i - 2] == a[0] and w[i] == a[1], (1, None, None)),
    "WDAND2TAGAFT": (2, lambda w, t, i, a: w[i] == a[0] and t[i + 2] == a[1], (0, None, None)),
    "WDAND2TAGBFR": (2, lambda w, t, i, a: t[i - 2] == a[0] and w[i] == a[1], (1, None, None)),
    "WDNEXTTAG": (2, lambda w, t, i, a: w[i] == a[0] and t[i + 1] == a[1], (0, None, 1)),
    "WDPREVTAG": (2, lambda w, t, i, a: t[i - 1] == a[0] and w[i] == a[1], (1, 0, None)),
    "UNRESTRICTED": (0, lambda w, t, i, a: True, (None, None, None)),
    "UNKNOWN": (0, lambda w, t, i, a: False, (None, None, None)),
}

_DIGIT = re.compile("[0-9]").search
_JJ_ENDINGS = ("ed", "us", "ic", "ble", "ive", "ary", "ful", "ical", "less")
GUESSES = ("NNP", "JJ", "CD", "NNS", "RB", "VBG", "NN")  # the tags guess() gives


def guess(word: str) -> str:
    """The tag HepTag gives a word its lexicon does not hold."""
    if "A" <= word[:1] <= "Z":
        return "NNP"
    if "-" in word[1:-1]:
        return "JJ"
    if _DIGIT(word):
        return "CD"
    if word.endswith(_JJ_ENDINGS):
        return "JJ"
    if word.endswith("s"):
        return "NNS"
    if word.endswith("ly"):
        return "RB"
    if word.endswith("ing"):
        return "VBG"
    return "NN"


def _lines(path: Path, encoding: str, what: str) -> list[str]:
    try:
        return path.read_text(encoding=encoding).lstrip("\ufeff").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(coded("E606", what=what, reason=exc), path=path) from None


def read_lexicon(path: Path, encoding: str = "utf-8") -> dict[str, tuple[str, ...]]:
    """HepTag's lexicon: ``word TAG TAG...`` lines (the word ends at the first space)."""
    lexicon: dict[str, tuple[str, ...]] = {}
    for number, line in enumerate(_lines(path, encoding, "Hepple lexicon"), 1):
        word, space, rest = line.partition(" ")
        tags = tuple(rest.split())
        if not space or not tags:
            raise InputError(coded("E607", line=line), path=path, line=number)
        lexicon[word] = tags
    return lexicon


class Rule(NamedTuple):
    """A rule of HepTag's: its TO tag, its template's check and arguments, and the values (None:
    any) its context must give the word itself, the initial tag before it and the one after it."""

    to: str
    check: Check
    args: tuple[str, ...]
    keys: tuple[str | None, str | None, str | None]


def read_rules(path: Path, encoding: str = "utf-8") -> dict[str, list[Rule]]:
    """HepTag's rules: ``FROM TO TEMPLATE ARGS...`` lines, as :class:`Rule` s per FROM tag."""
    rules: dict[str, list[Rule]] = {}
    for number, line in enumerate(_lines(path, encoding, "Hepple rules"), 1):
        parts = line.split()
        if not parts:
            continue
        template = TEMPLATES.get(parts[2]) if len(parts) >= 3 else None
        if template is None or len(parts) - 3 < template[0]:
            raise InputError(coded("E608", line=line), path=path, line=number)
        args = tuple(parts[3:])
        keys = tuple(None if k is None else args[k] for k in template[2])
        rules.setdefault(parts[0], []).append(Rule(parts[1], template[1], args, keys))
    return rules


# a word's candidate rules by the initial tag before it: {tag: those for a word after it}, and those
# for a word after any other tag
Candidates = tuple[dict[str, list[Rule]], list[Rule]]


def _by_before(candidates: list[Rule]) -> Candidates:
    """``candidates`` (in order) split by the tag before the word that their keys need."""
    tags = {rule.keys[1] for rule in candidates} - {None}
    return ({tag: [r for r in candidates if r.keys[1] in (None, tag)] for tag in tags},
            [r for r in candidates if r.keys[1] is None])


class HeppleTagger:
    """HepTag on a lexicon and rules: :meth:`tag` one sentence (a list of words). Each word of the
    lexicon, and each word a rule names, has its entry and its :meth:`candidates` (split by the tag
    before it) made here; an unknown word has those of its guessed tag."""

    def __init__(self, lexicon: dict[str, tuple[str, ...]], rules: dict[str, list[Rule]]) -> None:
        self.lexicon = lexicon
        self.rules = rules
        named = {rule.keys[0] for of_tag in rules.values() for rule in of_tag} - {None}
        by_entry: dict[tuple[str, ...], Candidates] = {}  # the candidates of the words no rule names
        self._known: dict[str, tuple[tuple[str, ...], Candidates]] = {}
        for word in [*lexicon, *named, STAART]:
            entry = (STAART,) if word == STAART else lexicon.get(word) or (guess(word),)
            if word in named:
                self._known[word] = (entry, _by_before(self.candidates(entry, word)))
            else:
                if entry not in by_entry:
                    by_entry[entry] = _by_before(self.candidates(entry, None))
                self._known[word] = (entry, by_entry[entry])
        self._guessed = {tag: ((tag,), _by_before(self.candidates((tag,), None))) for tag in GUESSES}

    def candidates(self, entry: tuple[str, ...], word: str | None) -> list[Rule]:
        """The rules that may retag ``word`` (None: a word no rule names) of this lexicon entry,
        in order: those for its initial tag whose TO is one of its tags (GATE's
        ``Rule.hasToTag``) and whose template does not need another word there."""
        return [r for r in self.rules.get(entry[0], ()) if r.to in entry and r.keys[0] in (None, word)]

    def tag(self, words: list[str]) -> list[str]:
        known, guessed = self._known, self._guessed
        found = [known.get(w) or guessed[guess(w)] for w in words]
        pad = [STAART] * _PAD
        padded_words = pad + list(words) + pad
        initial = pad + [entry[0] for entry, _ in found] + pad
        tags = []
        for i, (entry, (by_before, other)) in enumerate(found, _PAD):
            tag = entry[0]
            after = initial[i + 1]
            for to, check, args, (_, _, a) in by_before.get(initial[i - 1], other):
                if (a is None or a == after) and check(padded_words, initial, i, args):
                    tag = to
                    break
            tags.append(tag)
        return tags


def _spans(annotations: Iterable[Annotation]) -> list[tuple[int, int]]:
    """``(start, end)`` of each annotation, by C-level getters."""
    annotations = list(annotations)
    return list(zip(map(start_of, annotations), map(end_of, annotations)))


def sentence_groups(tokens: list[tuple[int, int]], sentences: list[tuple[int, int]]) -> list[list[int]]:
    """Indexes of ``tokens`` (``(start, end)`` in offset order) per sequence, as GATE's POSTagger
    groups them: per sentence (in offset order) the next tokens that end by its end; then the rest."""
    groups = []
    k, n = 0, len(tokens)
    for _, s_end in sentences:
        group = []
        while k < n and tokens[k][1] <= s_end:
            group.append(k)
            k += 1
        groups.append(group)
    if k < n:
        groups.append(list(range(k, n)))
    return groups


@register("hepple-tagger")
class HeppleTaggerPR(ProcessingResource):
    """GATE's ANNIE POS tagger (Hepple's HepTag) on its lexicon and rules files: Token ``category``."""

    needs = ("Token",)
    produces = ("Token",)
    lexiconURL = Param(Path, None, "HepTag lexicon (word TAG TAG... lines)", required=True)
    rulesURL = Param(Path, None, "HepTag rules (FROM TO TEMPLATE ARGS... lines)", required=True)
    encoding = Param(text_encoding, "utf-8", "encoding of the lexicon and rules files")
    baseTokenAnnotationType = Param(str, "Token", "annotation type to tag (GATE's name)")
    baseSentenceAnnotationType = Param(str, "Sentence", "annotation type of the sentences (GATE's name)")

    def setup(self) -> None:
        self._tagger = HeppleTagger(read_lexicon(self.lexiconURL, self.encoding),
                                    read_rules(self.rulesURL, self.encoding))

    def __call__(self, doc: Document) -> None:
        inp = self.input_set(doc)
        # in (start, end) order: two stable sorts on C-level keys, of tokens mostly in that order already
        tokens = sorted(sorted(inp.with_type(self.baseTokenAnnotationType), key=end_of), key=start_of)
        if not tokens:
            return
        sentences = sorted(_spans(inp.with_type(self.baseSentenceAnnotationType)))
        features = list(map(_FEATURES, tokens))
        words = list(map(dict.get, features, repeat("string")))
        if not {str}.issuperset(map(type, words)) or "" in words:  # a Token without its string
            words = [w if w.__class__ is str and w else doc.text[t.start:t.end] for w, t in zip(words, tokens)]
        tags = [""] * len(tokens)
        for group in sentence_groups(_spans(tokens), sentences):
            for i, tag in zip(group, self._tagger.tag([words[i] for i in group])):
                tags[i] = tag
        if self.outputASName == self.inputASName:
            for found, tag in zip(features, tags):
                found["category"] = tag
            return
        self.output_set(doc).add_many((t.type, t.start, t.end, {**t.features, "category": tag})
                                      for t, tag in zip(tokens, tags))
