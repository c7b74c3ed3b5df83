"""Literal strings a regular expression needs (the regex gazetteer's per-document pre-test)."""

from __future__ import annotations

import pytest
import regex

from annotator.processing.regex_literals import required_literals

MONTH = r"\b(?:[Ee]nero|[Ff]ebrero|[Mm]arzo)(?:\s+de)?\s+(?:19|20)\d{2}"


@pytest.mark.parametrize("pattern, expected", [
    (MONTH, [("arzo", "ebrero", "nero"), ("19", "20")]),
    (r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+", [("@",), (".",)]),
    (r"a?bc", [("bc",)]),                   # optional parts are not needed
    (r"(?:xyz)*y", [("y",)]),
    (r"x{0,2}\d", []),
    (r"(?:ab){2,}", [("ab",)]),             # a repetition at least once is
    (r"(?=abc)\d", []),                     # look-arounds are outside the match
    (r"(?:ab|)c", [("c",)]),                # an alternative without literals: the group needs none
    (r"(?>abc)d", [("abc",), ("d",)]),
])
def test_required_literals(pattern: str, expected: list) -> None:
    assert required_literals(pattern) == expected


@pytest.mark.parametrize("pattern", [
    r"\p{Lu}abc",          # regex-only syntax: re cannot read it
    r"(?i:abc)",           # case-insensitive: the literals are not exact
    r"(?i)abc",
    r"(?:abc){e<=1}",      # fuzzy: re would read "{e<=1}" as text
    r"[[:alpha:]]abc",     # a nested set: re warns
    r"(?|a(b)|c(d))x",     # branch reset
])
def test_unknown_syntax_gives_nothing(pattern: str) -> None:
    assert required_literals(pattern) == []


@pytest.mark.parametrize("pattern", [
    MONTH, r"(?:\+34[\s-]?)?[6789]\d{2}(?:[\s.-]?\d{2,3}){2,3}", r"(?:un|dos)\s+años?", r"c/\s*\w+|calle\s+\w+",
    r"(?:ab)+c?d", r"x(?:y|z(?:w|v))", r"\bSN\b", r"a{2,3}b",
])
@pytest.mark.parametrize("text", [
    "el 3 de marzo de 2001", "Marzo 1999", "enero 2020", "tel. 612 34 56 78", "dos años", "un año",
    "C/ Mayor", "calle Real", "ababd", "abd", "xzv", "xy", "SN", "aab", "aaab", "nada",
])
def test_a_text_without_the_literals_has_no_match(pattern: str, text: str) -> None:
    needs = required_literals(pattern)
    if regex.search(pattern, text):
        assert all(any(s in text for s in need) for need in needs)
