"""``Anchored`` (annotator/regexes/anchored.py): a pattern searched only where a character its
matches begin with is gives the matches of ``pattern.finditer`` (``strategy="reference"``), groups
included, on random text; the class it searches for, case folded out, holds every character the
pattern's own class matches, checked over every code point."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from annotator.regexes.anchored import FOLDED_TO_ASCII, Anchored, case_sensitive_class

EVERY = "".join(map(chr, range(0x110000)))
PATTERNS = [
    (re.compile(r"\b(?=[ab])(?:ab|ba)+(?P<tail>c?)"), "ab"),
    (re.compile(r"\b(?=[sk\d])(?:sk|ks|\d+)(?:\s+(?:sk|\d))*", re.I), r"sk\d"),
    (re.compile(r"(?=[(+])(?<![\w+])(?:\+\d|\(\d\))\d*"), "(+"),
    (re.compile(r"\b(?=[i])(?:in|is)\b(?=\s+[A-Z])", re.I | re.M), "i"),
    (re.compile(r"(?<=\w, )(\d{1,3})(?=, |$)", re.M), r"\d"),
    (re.compile(r"(?<=seen )(?:on\s+)?ab|\b(?=[oa])ab\w*", re.I), "oa"),
]
PIECES = ["a", "b", "ab", "ba", "c", "s", "k", "S", "K", "ſ", "\u212a", "ı", "İ", "in", "IS", "is", "1", "23",
          "²", "٣", "(", ")", "+", ",", ", ", " ", " ", "\t", "\n", "seen ", "on", "O", "x", "Aa", "_"]


def matches(anchored: Anchored, text: str) -> list[tuple]:
    return [(m.span(), m.groups(), m.groupdict()) for m in anchored.finditer(text)]


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(case=st.sampled_from(range(len(PATTERNS))), pieces=st.lists(st.sampled_from(PIECES), max_size=30))
def test_same_matches_as_finditer_on_random_text(case: int, pieces: list[str]) -> None:
    pattern, first = PATTERNS[case]
    text = "".join(pieces)
    fast, reference = Anchored(pattern, first), Anchored(pattern, first, strategy="reference")
    assert matches(fast, text) == matches(reference, text)
    assert matches(reference, text) == [(m.span(), m.groups(), m.groupdict()) for m in pattern.finditer(text)]


@pytest.mark.parametrize("first, flags", [(r"\djfmasond", re.I), (r"\daiwtdb", re.I | re.M), ("iK", re.I),
                                          ("A-Z", re.I), ("(+0", 0), ("pPzZ", 0)])
def test_the_case_sensitive_class_matches_what_the_folded_one_does(first: str, flags: int) -> None:
    folded = re.compile(f"[{first}]", flags).findall(EVERY)
    assert re.compile(f"[{case_sensitive_class(first, flags)}]").findall(EVERY) == folded


def test_the_characters_folded_to_ascii_are_all_there_are() -> None:
    outside = {c for c in re.compile("[a-z]", re.I).findall(EVERY) if not c.isascii()}
    assert outside == set(FOLDED_TO_ASCII)


def test_a_pattern_that_matches_the_empty_string_is_refused_when_it_does() -> None:
    anchored = Anchored(re.compile(r"(?=a)a*?"), "a")
    with pytest.raises(ValueError, match="empty string"):
        list(anchored.finditer("xa"))


def test_an_unknown_strategy_is_refused() -> None:
    with pytest.raises(ValueError, match="strategy"):
        Anchored(re.compile("a"), "a", strategy="quick")


def test_the_other_methods_are_the_patterns() -> None:
    pattern = re.compile(r"\b(?=[ab])(?P<word>ab|ba)")
    anchored = Anchored(pattern, "ab")
    assert anchored.search("x ba").span() == pattern.search("x ba").span()
    assert anchored.groupindex == {"word": 1}
