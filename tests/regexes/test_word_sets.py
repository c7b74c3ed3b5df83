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


def groups(chars: str, matches: dict[str, set[str]]) -> list[set[str]]:
    """The characters each of ``chars`` matches, joined into groups where they meet."""
    found: list[set[str]] = []
    for char in chars:
        group = {char} | matches[char]
        for other in [g for g in found if g & group]:
            found.remove(other)
            group |= other
        found.append(group)
    return found


def check_case_key(chars: str, haystack: str) -> None:
    """CaseKey(chars) joins exactly what ``(?i)`` + each character matches in ``haystack`` (by real
    matching, one pattern per character), and changes no other character of ``haystack``."""
    key = CaseKey(chars)
    joined = groups(chars, {c: set(regex.findall("(?i)" + regex.escape(c), haystack)) for c in chars})
    keys = [{key(c) for c in group} for group in joined]
    assert all(len(k) == 1 for k in keys), [g for g, k in zip(joined, keys) if len(k) > 1]
    assert len(set().union(*keys)) == len(joined)  # one key per group
    members = set().union(*joined)
    assert all(a == b or a in members for a, b in zip(haystack, key(haystack)))


def test_the_case_table_read_is_the_one_regex_matches_with():
    # CaseKey reads its candidates from a scan of the cased characters only; check what it joins
    # against real matching over every character
    everything = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x110000)))
    check_case_key("aiksßσǅ", everything)
    sample = "".join(map(chr, range(0x250))) + "İıſKÅẞςσΣǅǄǆ"
    # every character that (?i) + a character of the sample matches is one the class of all matches
    candidates = "".join(regex.findall("(?i)[" + "".join(map(regex.escape, sample)) + "]", everything))
    check_case_key(sample, candidates + sample)
