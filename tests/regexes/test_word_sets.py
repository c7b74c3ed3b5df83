"""Regexes read as word lists, and the case-insensitive keys rule dispatch looks them up with."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import regex

from annotator.regexes.word_sets import CaseKey, words_of

GRAMMARS = Path(__file__).resolve().parents[2] / "resources" / "grammars"


@pytest.mark.parametrize("pattern, words, ignore_case", [
    ("el|la|del", {"el", "la", "del"}, False),
    ("(?i)ni[ñn][oa]s?", {"niño", "nino", "niña", "nina", "niños", "ninos", "niñas", "ninas"}, True),
    ("^[A-C]$", {"A", "B", "C"}, False),
    ("sep?tiembre", {"septiembre", "setiembre"}, False),
    ("a{1,3}", {"a", "aa", "aaa"}, False),
    ("(?:dr|dra)\\.?", {"dr", "dra", "dr.", "dra."}, False),
    ("", {""}, False),
])
def test_finite_patterns_are_spelled_out(pattern, words, ignore_case):
    found_words = words_of(pattern)
    assert found_words is not None
    assert found_words.strings == words
    assert found_words.ignore_case is ignore_case
    compiled = regex.compile(pattern)
    assert all(compiled.fullmatch(w) for w in words)


@pytest.mark.parametrize("pattern", [
    "a+", "[A-Z]*", "\\d{2}", "[^a]", ".", "\\w", "a\\b", "(?i:a)b", "(?x) a", "x{e<=1}", "\\p{L}",
    "a^b", "(?m)a$b", "[a-z]{4}",  # too many words
    "[\u0100-\u0200]",  # too wide a class
])
def test_other_patterns_are_not_word_lists(pattern):
    assert words_of(pattern) is None


def test_word_lists_of_the_shipped_grammars_match_what_their_regexes_match():
    # every ==~ pattern of the shipped grammars that reads as a word list: each word matches, and
    # variants of the words (case, accents, dotted/long/Kelvin letters) match exactly when listed
    patterns = {m for path in GRAMMARS.rglob("*.jape")
                for m in re.findall(r'==~\s*"((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8"))}
    lists = {p: words_of(p) for p in patterns}
    assert sum(w is not None for w in lists.values()) >= 50
    for pattern, words in lists.items():
        if words is None:
            continue
        compiled = regex.compile(pattern)
        key = CaseKey(set("".join(words.strings)))
        keys = {key(w) for w in words.strings}
        for word in words.strings:
            for variant in (word, word.upper(), word.title(), word.swapcase(), word + "s", word[:-1],
                            word.replace("i", "İ").replace("s", "ſ").replace("k", "\u212a")):
                if compiled.fullmatch(variant):
                    assert (key(variant) in keys) if words.ignore_case else (variant in words.strings), (pattern, variant)
                elif not words.ignore_case:
                    assert variant not in words.strings


@pytest.mark.parametrize("a, b", [("i", "İ"), ("s", "ſ"), ("k", "\u212a"), ("ß", "ẞ"), ("ñ", "Ñ"), ("σ", "ς")])
def test_case_keys_join_what_regex_matches_case_insensitively(a, b):
    assert regex.fullmatch("(?i)" + a, b)  # the premise, read from the regex module
    key = CaseKey(a)
    assert key(a) == key(b)
    assert key(a + "x") != key(a + "y")


def test_the_case_table_read_is_the_one_regex_matches_with():
    # the candidates CaseKey joins are read from a scan of the cased characters only; check them
    # against real matching over every character
    from annotator.regexes.word_sets import _equivalents

    sample = "".join(map(chr, range(0x250))) + "İıſKÅẞςσΣǅǄǆ"
    everything = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x110000)))
    for char, same in _equivalents(set("aiksßσǅ")).items():
        assert set(same) == set(regex.findall("(?i)" + regex.escape(char), everything)), char
    for char, same in _equivalents(set(sample)).items():
        assert set(same) == set(regex.findall("(?i)" + regex.escape(char), sample + "".join(same))), char
