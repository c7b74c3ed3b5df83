r"""The tokenizer: ANNIE-compatible ``Token`` and ``SpaceToken`` annotations in one regex pass.

Every character of the text ends up in exactly one ``Token`` or ``SpaceToken``. A token is the
longest match of the first rule that applies at its position:

===================  ===================================================  ==============================
rule                 matches                                              annotation and features
===================  ===================================================  ==============================
word                 letters and combining marks (``\p{L}\p{M}``);        ``Token`` kind=word, orth (see
                     a hyphen (``\p{Pd}``) or soft hyphen (``\p{Cf}``)    below; when the word has no
                     inside only when a lowercase letter follows:         cased letter, e.g. CJK: no
                     ``e-mail``, ``x-ray``, ``year-old``; ``Jean-Paul``,  orth but type=other)
                     ``anti-HBs``, ``Sánchez-León`` split at the hyphen
number               a run of decimal digits (``\p{Nd}``)                 ``Token`` kind=number
other number         one ``\p{No}``/``\p{Nl}`` character (², ½, Ⅻ)        ``Token`` kind=number
space                one ``\p{Zs}`` character (space, no-break space)     ``SpaceToken`` kind=space
control              one ``\p{Cc}``/``\p{Zl}``/``\p{Zp}`` character       ``SpaceToken`` kind=control
                     (``\n``, ``\r``, ``\t`` ...)
dash punctuation     one ``\p{Pd}``/``\p{Cf}`` character: ``- –``         ``Token`` kind=punctuation,
                                                                          subkind=dashpunct
opening punctuation  one ``\p{Ps}``/``\p{Pi}`` character: ``( [ «``       kind=punctuation,
                                                                          position=startpunct
closing punctuation  one ``\p{Pe}``/``\p{Pf}`` character: ``) ] »``       kind=punctuation,
                                                                          position=endpunct
other punctuation    one ``\p{Po}``/``\p{Pc}`` character:                 kind=punctuation
                     ``. , : ; / @ % ' " ¿ ¡ & # *``
currency             one ``\p{Sc}`` character: ``€ $ £``                  kind=symbol,
                                                                          symbolkind=currency
symbol               any other character (``+ = < > ° ~``, emoji)         kind=symbol
===================  ===================================================  ==============================

With ``style=gate`` (the ``annie`` pipeline) the tokens are GATE's tokeniser's (its
DefaultTokeniser.rules, the ``_GATE_SHAPE`` comment below): a word also keeps the hyphens right
after it (``Karl-`` ``Heinz``, ``NHC-`` ``368503``, ``X-`` ``ray``), a word with capitals inside
runs on over hyphens (``McDonald-Smith``), a letter of no case is a word of its own (``n`` ``º``),
a character no GATE rule takes is a ``DEFAULT_TOKEN`` (type=UNKNOWN), and ``length`` is a string,
as GATE stores it (ANNIE's grammars test ``Token.length == "2"``).

``orth`` (words only, as ANNIE): ``upperInitial`` (first letter upper case, the rest lower case;
a single capital such as ``I`` or ``A``), ``allCaps`` (two or more cased letters, all upper case),
``lowercase``, ``mixedCaps`` (anything else: ``McDonald``, ``iPhone``, ``HBsAg``).
Every ``Token`` has ``string`` (its text), ``kind`` and ``length`` (an int; GATE stores a
string); every ``SpaceToken`` has ``string``, ``kind`` and ``length``.

What that gives on clinical text (each item is one token; spaces are SpaceTokens):

=============================  =============================================================
text                           tokens
=============================  =============================================================
``2/7``, ``120/70``            ``2`` ``/`` ``7``; ``120`` ``/`` ``70`` (number, punctuation, number)
``1500H``, ``S1S2``            ``1500`` ``H``; ``S`` ``1`` ``S`` ``2``
``c/o``, ``s/p``               ``c`` ``/`` ``o``; ``s`` ``/`` ``p``
``e-mail@host.es``             ``e-mail`` ``@`` ``host`` ``.`` ``es``
``C/ Dr. Esquerdo, 46``        ``C`` ``/`` ``Dr`` ``.`` ``Esquerdo`` ``,`` ``46``
``12/03/2019``, ``2019-03-12`` ``12`` ``/`` ``03`` ``/`` ``2019``; ``2019`` ``-`` ``03`` ``-`` ``12``
``3.5``, ``37,8``              ``3`` ``.`` ``5``; ``37`` ``,`` ``8`` (as ANNIE: no decimal numbers)
``+34 915 55 12 34``           ``+`` (symbol) ``34`` ``915`` ``55`` ``12`` ``34``
``12345678Z``, ``NHC-368503``  ``12345678`` ``Z``; ``NHC`` ``-`` ``368503``
``nº 5``, ``2º``, ``1ª``       ``nº`` (word, lowercase), ``5``; ``2`` ``º``; ``1`` ``ª``
``37 °C``, ``37 ºC``           ``37`` ``°`` (symbol) ``C``; ``37`` ``ºC`` (º is a letter: one word)
``don't``                      ``don`` ``'`` ``t`` (the ``annie`` pipeline runs ANNIE's post-processing)
=============================  =============================================================

Speed: one ``findall`` pass over the text with a compiled master pattern (one alternative per
rule), a table of the features by token string shared by all documents (:class:`TokenStrings`),
offsets from the string lengths, and one bulk :meth:`~annotator.document.AnnotationSet.add_columns`.
The pass runs on the standard library's ``re`` engine, faster than ``regex`` on clinical notes
(``benchmarks/RESULTS.md``), with the pattern's Unicode property classes (which ``re`` lacks) spelt out as ranges of the
Basic Multilingual Plane, read off the ``regex`` module's own tables: both engines then agree on
every character of that plane. A text with a character beyond it (an emoji) goes through ``regex``.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from itertools import accumulate
from typing import Any, Sequence

import regex

from annotator.document import Document
from annotator.processing.base import Param, ProcessingResource, register

# One alternative per rule; the order is the rule priority. ``.`` takes any single character. The
# pattern has no groups, so ``findall`` returns the token strings, which cover the text end to end.
_SHAPE = (
    "{letter}+(?:{joiner}(?={lower}){letter}+)*"  # word
    "|{digit}+"  # number
    "|."  # space, control, punctuation, symbol: one character
)
# The ``gate`` style: GATE's DefaultTokeniser.rules as its SimpleTokeniser runs them (the longest
# run any rule can go on with; ``tests/processing/test_tokenizer_gate_rules.py`` checks it against
# that automaton). With U an upper-case letter, L a lower-case one (each with its combining marks)
# and D a hyphen or soft hyphen, GATE's word rules take, from an upper-case letter: the whole run
# of U, L and D when U U or U, hyphens (not soft ones), U starts it (mixedCaps "ABc-d", allCaps
# "AB-C") or when U L+ U does (mixedCaps "McDonald-Smith": GATE's mixedCaps rule loops back to its
# start after a capital); else U L+ then L and D (upperInitial "Jean-" before "Paul"); else U and
# the U and D after it (allCaps "X-" before "ray", "D\u00adD" before "x"). From a lower-case
# letter: the whole run when L+ U starts it (mixedCaps "iPhone-X"), else L and D (lowercase
# "a--b", "ab-c" before "D"). Letters of no case (OTHER_LETTER and marks) make their own word
# ("n" "º"), a run of OTHER_NUMBER one number ("²³"), and a character no rule starts with
# (LETTER_NUMBER, MODIFIER_LETTER, TITLECASE_LETTER, ENCLOSING_MARK, line and paragraph separators,
# private use, unassigned) a ``DEFAULT_TOKEN``.
_RUN = "{cased_mark}*(?:{joiner}+{cased}{cased_mark}*)*{joiner}*"  # U, L and D, after a capital
_SMALL = "{lower}{lower_mark}*"  # L+
_SMALL_AND_HYPHENS = "(?:{joiner}+{lower}{lower_mark}*)*{joiner}*"  # L and D, after L+
_GATE_SHAPE = (
    "{upper}{mark}*(?:{dash}*{upper}" + _RUN + "|" + _SMALL + "(?:{upper}" + _RUN + "|" + _SMALL_AND_HYPHENS
    + ")|(?:{joiner}|{upper}{mark}*)*)"  # word from a capital
    "|" + _SMALL + "(?:{upper}" + _RUN + "|" + _SMALL_AND_HYPHENS + ")"  # word from a small letter
    + "|{uncased}+"  # OTHER_LETTER, COMBINING_SPACING_MARK, NON_SPACING_MARK
    "|{digit}+"
    "|{other_number}+"
    "|."  # space, control, punctuation, symbol, DEFAULT_TOKEN: one character
)
STYLES = ("annotator", "gate")
_CLASSES = {"letter": r"[\p{L}\p{M}]", "joiner": r"[\p{Pd}\p{Cf}]", "lower": r"\p{Ll}", "digit": r"\p{Nd}",
            "dash": r"\p{Pd}", "upper": r"\p{Lu}", "cased": r"[\p{Lu}\p{Ll}]", "mark": r"\p{Mn}",
            "cased_mark": r"[\p{Lu}\p{Ll}\p{Mn}]", "lower_mark": r"[\p{Ll}\p{Mn}]",
            "uncased": r"[\p{Lo}\p{Mc}\p{Mn}]", "other_number": r"\p{No}"}
_JOINER = regex.compile(_CLASSES["joiner"])
_BEYOND_BMP = re.compile("[\U00010000-\U0010FFFF]")


def _shape(style: str) -> str:
    return _GATE_SHAPE if style == "gate" else _SHAPE


@lru_cache(maxsize=None)
def _master(style: str) -> regex.Pattern[str]:
    return regex.compile(_shape(style).format(**_CLASSES), regex.DOTALL)


@lru_cache(maxsize=None)
def _bmp_master(style: str) -> re.Pattern[str]:
    """``_master`` for the ``re`` engine, right for texts of the Basic Multilingual Plane: each
    class spelt out as the runs of code points of the plane that ``regex`` puts in it (built on
    first use)."""
    plane = "".join(map(chr, range(0x10000)))

    def spelt(prop: str) -> str:
        runs = (m.group() for m in regex.finditer(prop + "+", plane))
        return "[" + "".join(re.escape(r[0]) + (f"-{re.escape(r[-1])}" if len(r) > 1 else "") for r in runs) + "]"

    shape = _shape(style)
    return re.compile(shape.format(**{name: spelt(prop) for name, prop in _CLASSES.items() if f"{{{name}}}" in shape}),
                      re.DOTALL)


def token_strings(text: str, style: str = "annotator") -> list[str]:
    """The strings of the tokens of ``text``, in order (they cover it end to end); ``style``
    as the tokenizer's parameter."""
    master = _master(style) if _BEYOND_BMP.search(text) else _bmp_master(style)
    return master.findall(text)


# Features of single-character tokens by Unicode general category (ANNIE's DefaultTokeniser.rules).
_BY_CATEGORY: dict[str, tuple[str, dict[str, str]]] = {
    "Zs": ("SpaceToken", {"kind": "space"}),
    "Cc": ("SpaceToken", {"kind": "control"}),
    "Zl": ("SpaceToken", {"kind": "control"}),
    "Zp": ("SpaceToken", {"kind": "control"}),
    "Pd": ("Token", {"kind": "punctuation", "subkind": "dashpunct"}),
    "Cf": ("Token", {"kind": "punctuation", "subkind": "dashpunct"}),
    "Ps": ("Token", {"kind": "punctuation", "position": "startpunct"}),
    "Pi": ("Token", {"kind": "punctuation", "position": "startpunct"}),
    "Pe": ("Token", {"kind": "punctuation", "position": "endpunct"}),
    "Pf": ("Token", {"kind": "punctuation", "position": "endpunct"}),
    "Po": ("Token", {"kind": "punctuation"}),
    "Pc": ("Token", {"kind": "punctuation"}),
    "Sc": ("Token", {"kind": "symbol", "symbolkind": "currency"}),
    "No": ("Token", {"kind": "number"}),
    "Nl": ("Token", {"kind": "number"}),
}
_SYMBOL = ("Token", {"kind": "symbol"})


def orth(word: str) -> str | None:
    """ANNIE's ``orth`` of a word: upperInitial, allCaps, lowercase, mixedCaps (None if uncased)."""
    if word.islower():
        return "lowercase"
    if word.isupper():
        return "allCaps" if word[1:].isupper() else "upperInitial"
    if word[0].isupper() and word[1:].islower():
        return "upperInitial"
    if not any(c.isupper() or c.islower() for c in word):
        return None
    return "mixedCaps"


def classify(string: str, style: str = "annotator") -> tuple[str, dict[str, Any]]:
    """Annotation type and features of one token string found by the master pattern (``length``
    a string in the ``gate`` style)."""
    if style == "gate" and (category := unicodedata.category(string[0])) in _GATE_DEFAULT:
        return "DEFAULT_TOKEN", {"type": "UNKNOWN", "string": string, "length": str(len(string))}
    if style == "gate" and category in ("Lo", "Mc", "Mn"):  # GATE's word rule for letters of no case
        return "Token", {"string": string, "kind": "word", "type": "other", "length": str(len(string))}
    type, features = _classify(string)
    if style == "gate":
        features["length"] = str(len(string))  # (also a run of OTHER_NUMBER: "²³" is "2")
        if features.get("orth") == "upperInitial" and not any(map(str.islower, string)) and _JOINER.search(string):
            features["orth"] = "allCaps"  # "A-": GATE's allCaps rule, an upper-case letter then hyphens
    return type, features


# What GATE's DefaultTokeniser.rules has no rule for: SimpleTokeniser makes a DEFAULT_TOKEN.
_GATE_DEFAULT = frozenset({"Lt", "Lm", "Me", "Nl", "Zl", "Zp", "Co", "Cn", "Cs"})


def _classify(string: str) -> tuple[str, dict[str, Any]]:
    category = unicodedata.category(string[0])
    if category[0] in "LM":
        found = orth(string)
        extra = {"type": "other"} if found is None else {"orth": found}
        return "Token", {"string": string, "kind": "word", **extra, "length": len(string)}
    if category == "Nd":
        return "Token", {"string": string, "kind": "number", "length": len(string)}
    type, features = _BY_CATEGORY.get(category, _SYMBOL)
    return type, {"string": string, **features, "length": 1}


Columns = tuple[Sequence[str], Sequence[int], Sequence[int], Sequence[dict[str, Any]]]


class TokenStrings:
    """Type and features by token string (what :func:`classify` says), kept for all the documents
    a tokenizer sees and replaced when it grows past ``limit``. Two dicts, not one of (type,
    features) tuples: a tuple holding a dict stays tracked by the cyclic garbage collector, and its
    every full collection walked the whole table. Threads may share one: a string is added with
    the same values whoever adds it, and a full table is replaced, not emptied."""

    def __init__(self, limit: int = 200_000, style: str = "annotator") -> None:
        self.limit = limit
        self.style = style
        self._known: tuple[dict[str, str], dict[str, dict[str, Any]]] = ({}, {})

    def tokenize(self, text: str) -> Columns:
        """Every Token and SpaceToken of ``text``, in order, as four parallel columns: types,
        starts, ends and features (a fresh dict per token), ready for
        :meth:`~annotator.document.AnnotationSet.add_columns`.

        Everything per token runs in C (``map``, ``accumulate``); Python code runs once per token
        string not seen before."""
        strings = token_strings(text, self.style)
        type_of, features_of = self._known
        try:
            types = list(map(type_of.__getitem__, strings))
        except KeyError:
            type_of, features_of = self._learn(strings)
            types = list(map(type_of.__getitem__, strings))
        offsets = list(accumulate(map(len, strings), initial=0))
        return types, offsets[:-1], offsets[1:], list(map(dict.copy, map(features_of.__getitem__, strings)))

    def _learn(self, strings: list[str]) -> tuple[dict[str, str], dict[str, dict[str, Any]]]:
        """The table, with the type and features of the ``strings`` it lacks added."""
        type_of, features_of = self._known
        new = set(strings).difference(type_of)
        if len(type_of) + len(new) > self.limit:
            # new dicts, so that a thread still using the old ones is not disturbed
            type_of, features_of = self._known = ({}, {})
            new = set(strings)
        for string in new:
            type_of[string], features_of[string] = classify(string, self.style)
        return type_of, features_of


@register("tokenizer")
class Tokenizer(ProcessingResource):
    """Splits the text into ANNIE-style ``Token`` and ``SpaceToken`` annotations."""

    produces = ("Token", "SpaceToken")
    style = Param(str, "annotator", "'annotator' (see the module) or 'gate': GATE's tokens (a hyphen "
                  "right after a word stays in it, 'Karl-'; length a string)", choices=tuple(STYLES))

    def setup(self) -> None:
        self.strings = TokenStrings(style=self.style)

    def __call__(self, doc: Document) -> None:
        self.output_set(doc).add_columns(*self.strings.tokenize(doc.text), check_features=False, check_spans=False)
