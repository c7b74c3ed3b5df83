"""What every match of a regular expression holds: the literal strings it needs (the regex
gazetteer's per-document pre-test) and whether it begins with a word character."""

from __future__ import annotations

import random

import pytest
import regex

from annotator.regexes.literals import (consumed_chars, first_chars, leading_alternatives, prefix_strings,
                                        required_literals, starts_with_word)

MONTH = r"\b(?:[Ee]nero|[Ff]ebrero|[Mm]arzo)(?:\s+de)?\s+(?:19|20)\d{2}"


@pytest.mark.parametrize("pattern, expected", [
    (MONTH, [("arzo", "nero", "ebrero"), ("19", "20")]),  # shortest first: found sooner
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


@pytest.mark.parametrize("pattern, expected", [
    (MONTH, True),
    (r"(?<![\d/])(?:0?[1-9]|[12]\d|3[01])/\d\d", True),  # look-arounds take no character
    (r"(?:c(?:alle|/)|avda)\.?", True),
    (r"x?\d+", True),                                   # optional, then what follows
    (r"[a-zñ_0-9]+|ª", True),
    (r"(?:\+34)?\d{9}", False),                          # may begin with "+"
    (r"[\w.+-]+@\w+", False),
    (r"\s*calle", False),
    (r".abc", False),
    (r"[^,]abc", False),
    (r"a?", False),                                     # may match the empty string
    (r"(?:)", False),
    (r"(a)\1", True),
    (r"(?:(a)|b)\1", True),
    (r"\1?(a)", False),                                  # a group reference first: not known
    (r"(?i:abc)", False),                               # flags: not known
    (r"\p{L}+", False),                                  # regex-only syntax: not known
])
def test_starts_with_word(pattern: str, expected: bool) -> None:
    assert starts_with_word(pattern) is expected


@pytest.mark.parametrize("pattern", [r"(?:c(?:alle|/)|avda)\.?", MONTH, r"x?\d+", r"[a-zñ_0-9]+|ª", r"(a)\1"])
def test_a_word_pattern_matches_only_at_word_characters(pattern: str) -> None:
    text = "calle c/ avda. 5 x5 xx ñu _a ª Marzo 2001 el 3 de marzo de 2001 aa"
    assert starts_with_word(pattern)
    starts = [m.start() for m in regex.finditer(pattern, text, overlapped=True)]
    assert starts and all(regex.match(r"\w", text[s]) for s in starts)


@pytest.mark.parametrize("pattern, expected", [
    (r"\b(?:[Ee]nero|[Ff]ebrero|[Mm]a(?:rzo|yo))\s+\d{4}",
     (r"\b", [r"[Ee]nero", r"[Ff]ebrero", r"[Mm]a(?:rzo|yo)"], r"\s+\d{4}")),
    (r"(?:(?<![\d/.(])(?=\d)(?:0?[1-9]|3[01])[-/ ](?:a|b))",  # one group around all: its body
     (r"(?<![\d/.(])(?=\d)", [r"0?[1-9]", r"3[01]"], r"[-/ ](?:a|b)")),
    (r"(?:a|[|)]|\)|\||)x", ("", ["a", "[|)]", r"\)", r"\|", ""], "x")),
    (r"(?:[]|]|b)", ("", ["[]|]", "b"], "")),
])
def test_leading_alternatives(pattern: str, expected: tuple) -> None:
    assert leading_alternatives(pattern) == expected


@pytest.mark.parametrize("pattern", [
    r"(?:a|b)+c", r"(?:a|b){2}c", r"(?:a|b)?c",  # the group is repeated
    r"x(?:a|b)", r"\d(?:a|b)",                     # something is matched before it
    r"(?:(a)|b)c\1", r"(?:a|b)(?P<n>c)",            # groups would be renumbered
    r"(?:ab)c", r"(?:a|b", r"(?i)(?:a|b)", r"\p{L}(?:a|b)", r"(?:a(?#(x)|b)c",
])
def test_no_leading_alternatives(pattern: str) -> None:
    assert leading_alternatives(pattern) is None


@pytest.mark.parametrize("pattern", [
    r"\b(?:[Ee]nero|[Ff]ebrero|[Mm]a(?:rzo|yo)|[Ee]ne|[Ee]ner)(?:\s+de)?\s+(?:\d{4}|\d\d)?",
    r"(?<!\w)(?:a|ab|abc|b\w+)(?:c|bc)?\b", r"(?:\d|\d\d|)x?",
])
def test_first_alternative_that_matches_is_the_match(pattern: str) -> None:
    # at each offset, the pattern matches what the first split pattern that matches there matches
    lead, alternatives, rest = leading_alternatives(pattern)
    parts = [regex.compile(lead + alternative + rest) for alternative in alternatives]
    text = "Enero 2001, enero de 01; Ene 1999 Ener  Marzo mayo ab abc abcbc bx bbc 12x 1x x"
    for start in range(len(text) + 1):
        whole = regex.compile(pattern).match(text, start)
        first = next((m for m in (p.match(text, start) for p in parts) if m), None)
        assert (whole and whole.span()) == (first and first.span())


@pytest.mark.parametrize("patterns, begins, never", [
    ((r"\b(?:0{0,2}[1-9]|1[0-2])/\d",), "0123456789", "a /"),
    ((r"(?<![\w+])(?:\(?(?:\+|00)34\)?[ .\-]?)?[6789]\d{8}",), "(+06789", "12345a "),
    ((r"\d{2}", r"x?y"), "09xy", "az-"),         # several patterns: any of them
    ((r"(?=abc)\d",), "5", "a"),                  # a look-ahead begins nothing
    ((r"(?:ab)*c",), "ac", "b"),
])
def test_first_chars(patterns: tuple, begins: str, never: str) -> None:
    chars = regex.compile(first_chars(*patterns))
    assert all(chars.fullmatch(c) for c in begins)
    assert not any(chars.fullmatch(c) for c in never)


@pytest.mark.parametrize("pattern", [r".\d", r"[^a]b", r"(?i:abc)", r"(?P<s>a)?(?P=s)", r"\p{Lu}", r"(?:)"])
def test_first_chars_unknown(pattern: str) -> None:
    assert first_chars(pattern) is None


@pytest.mark.parametrize("pattern, consumed, never", [
    (r"\b(?<![.+-])\w[\w.+-]*+@[\w-]++(?:\.[\w-]++)*+", "aZ9_.+-@ñ", " ,;:/\t"),
    (r"(?<![\w:])(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}(?![\w:])", "09afAF:", "gG \t"),  # look-arounds read, not consume
    (r"\bwww\.[\w-]++(?:[^\s<>]*(?<=[^\s.]))?", "w.x-/?=é", " \t\n<>"),              # a negated set: all but those
    (r"[^a]b", "bcz ", "a"),
    (r"(?P<s>[-/])\d(?P=s)", "-/0", "a ."),                                             # a group reference
    (r"(x)?(?(1)y|z)", "xyz", "a"),                                                    # a conditional
])
def test_consumed_chars(pattern: str, consumed: str, never: str) -> None:
    chars = regex.compile(consumed_chars(pattern), flags=regex.V1)
    assert all(chars.fullmatch(c) for c in consumed)
    assert not any(chars.fullmatch(c) for c in never)


@pytest.mark.parametrize("pattern", [r"a.b", r"(?i:ab)", r"\p{L}", r"(?|a|b)"])
def test_consumed_chars_unknown(pattern: str) -> None:
    assert consumed_chars(pattern) is None


@pytest.mark.parametrize("pattern, expected", [
    (r"[Ss]ep(?:t|tiembre)", {"Sep", "sep"}),
    (r"\b(?:ene|FEB)\.?\s+\d", {"ene", "FEB"}),      # a class after the first characters does not matter
    (r"(?:a|bc)d", {"ad", "bcd"}),
    (r"a?", {"a", ""}),                              # an empty match: the empty string
    (r"(?<=x)a(?=bc)b", {"ab"}),                      # look-arounds are left out
    (r"[a-c]x{5}", {"axx", "bxx", "cxx"}),
])
def test_prefix_strings(pattern: str, expected: set) -> None:
    assert prefix_strings(pattern, 3) == expected


@pytest.mark.parametrize("pattern", [r"\d{3}", r"[^a]bc", r".ab", r"(?i:abc)", r"[a-z]{3}", r"\p{L}ab", r"a\wb"])
def test_prefix_strings_unknown_or_too_many(pattern: str) -> None:
    assert prefix_strings(pattern, 3) is None


@pytest.mark.parametrize("pattern", [r"[Ss]ep(?:t|tiembre)?", r"(?:a|bc)d?", r"\b(?:ab|b)(?=a)", r"(?:ab){1,3}c"])
def test_every_match_begins_with_a_prefix_string(pattern: str) -> None:
    strings = prefix_strings(pattern, 3)
    rng = random.Random(3)
    text = "".join(rng.choice("abcdSsept ") for _ in range(3000))
    matches = [m.group() for m in regex.finditer(pattern, text, overlapped=True) if m.group()]
    assert matches and all(match[:3] in strings for match in matches)
