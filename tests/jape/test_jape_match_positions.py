"""Rules match wherever their elements occur: near the end of the document, where an element they
need occurs once, where their second element is of another type, through Kleene and optional
elements. Seeded random grammars and documents are checked against a plain reference matcher
(appelt: at each token the longest match, then on after it), so that no shortcut of the engine
(which rules it tries where) can lose or add a match."""

from __future__ import annotations

import random
import re

import pytest
from japehelp import found, make_doc

WORDS = "abcde"
HEAD = "Phase: P{n}\nInput: Token Lookup\nOptions: control = appelt\n"


def element(kind: str, word: str) -> tuple[str, str]:
    """One element as JAPE and as a regex over the token code (a word; upper case = has a Lookup)."""
    if kind == "word":
        return f'{{Token.string == "{word}"}}', f"[{word}{word.upper()}]"
    if kind == "lookup":
        return '{Lookup.majorType == "x"}', "[A-E]"
    return "{Token}", "[a-eA-E]"


def random_rule(rng: random.Random) -> tuple[str, str]:
    """A rule's LHS in JAPE and the regex that matches the same token sequences."""
    jape, pattern = [], []
    for position in range(rng.randint(1, 4)):
        kind = rng.choice(["word", "word", "word", "lookup", "any"])
        lhs, rx = element(kind, rng.choice(WORDS))
        repeat = rng.choice(["", "", "", "?", "*"]) if position else ""  # the first element is plain
        jape.append(f"({lhs}){repeat}" if repeat else lhs)
        pattern.append(f"(?:{rx}){repeat}")
    return " ".join(jape), "".join(pattern)


def reference(pattern: str, code: str) -> list[tuple[int, int]]:
    """Appelt matches as token index ranges: at each start the longest non-empty match, then on after it."""
    matches, i = [], 0
    while i < len(code):
        end = next((e for e in range(len(code), i, -1) if re.fullmatch(pattern, code[i:e])), None)
        if end is None:
            i += 1
        else:
            matches.append((i, end))
            i = end
    return matches


def test_random_rules_find_what_the_reference_finds(grammar):
    rng = random.Random(12)
    matched = 0
    for case in range(40):
        rules = [random_rule(rng) for _ in range(4)]
        g = grammar("".join(HEAD.format(n=n) + f"Rule: R{n} ({lhs}):m --> :m.Hit{n} = {{}}\n"
                            for n, (lhs, _) in enumerate(rules)), name=f"g{case}.jape")
        for _ in range(5):
            words = [rng.choice(WORDS) for _ in range(rng.randint(0, 14))]
            looked_up = [rng.random() < 0.25 for _ in words]
            text = " ".join(words)
            starts = [2 * i for i in range(len(words))]
            doc = make_doc(text, *[("Lookup", s, s + 1, {"majorType": "x"}) for s, on in zip(starts, looked_up) if on])
            g(doc)
            code = "".join(w.upper() if on else w for w, on in zip(words, looked_up))
            for n, (lhs, pattern) in enumerate(rules):
                expected = [text[starts[i]:starts[e - 1] + 1] for i, e in reference(pattern, code)]
                assert found(doc, f"Hit{n}") == expected, (lhs, code)
                matched += len(expected)
    assert matched > 300  # the cases are not vacuous


HEAD_T = "Phase: T\nInput: Token Lookup\nOptions: control = appelt\n"


@pytest.mark.parametrize("body, text, extra, hits", [
    # the needed last element occurs only early: no match after it, every match before
    ('({Token.string == "a"} {Token} {Token.string == "c"})', "a x c a y c a z a w", (), ["a x c", "a y c"]),
    # the first element as the last token of the document
    ('({Token.string == "a"} {Token.string == "b"})', "a b a", (), ["a b"]),
    # a second element of another type, found once
    ('({Token.string == "de"} {Lookup.majorType == "date"})', "dolor de cabeza de 2019",
     (("Lookup", "2019", None, {"majorType": "date"}),), ["de 2019"]),
    # the second element follows the longer of two co-starting annotations
    ('({Lookup.majorType == "loc"} {Token.string == "City"})', "New York City",
     (("Lookup", "New York", None, {"majorType": "loc"}),), ["New York City"]),
    ('({Token.orth == upperInitial, Lookup.majorType == "loc"} {Token.string == "City"})', "New York City",
     (("Lookup", "New York", None, {"majorType": "loc"}),), ["New York City"]),
    # second elements tested by a regex, a number, an orth pattern
    ('({Token.string == "x"} {Token.string ==~ "(?i)uno|dos"})', "x DOS y x tres", (), ["x DOS"]),
    ('({Token.string == "y"} {Token.length == 3})', "y abc y ab", (), ["y abc"]),
    ('({Token.string == "z"} {Token.orth =~ "^upper"} {Token.kind == number})', "z Ana 7 z ana 7", (), ["z Ana 7"]),
    # a Kleene second element, and an invisible annotation in the gap
    ('({Token.string == "a"} ({Token.kind == number})* {Token.string == "b"})', "a b . a 1 2 b . a 1 c",
     (("Noise", 2, 3),), ["a b", "a 1 2 b"]),
    # elements a match may do without: an optional last element, a negated one
    ('({Token.string == "a"} ({Token.string == "b"})?)', "c a a b", (), ["a", "a b"]),
    ('({Token.string == "a"} {!Lookup})', "a b a c", (("Lookup", 6, 7, {}),), ["a b"]),
])
def test_rules_match_at_every_place_their_elements_allow(grammar, body, text, extra, hits):
    doc = make_doc(text, *extra)
    grammar(HEAD_T + f"Rule: R {body}:m --> :m.Hit = {{}}")(doc)
    assert found(doc, "Hit") == hits


def test_rules_needing_different_elements_each_match_up_to_their_last_place(grammar):
    body = "\n".join([
        'Rule: A ({Token.string == "a"} {Token} {Token.string == "c"} {Token.string == "d"}):m --> :m.A = {}',
        'Rule: B ({Token.string == "a"} {Token} {Token.string == "d"}):m --> :m.B = {}',
        'Rule: C ({Token.string == "a"} {Token} {Lookup.majorType == "x"}):m --> :m.C = {}',
        'Rule: D ({Token.string == "a"}):m --> :m.D = {}',
    ])
    doc = make_doc("a b c d a b d c a b e", ("Lookup", "e", None, {"majorType": "x"}))
    grammar(HEAD_T + body)(doc)
    assert found(doc, "A") == ["a b c d"]
    assert found(doc, "B") == ["a b d"]
    assert found(doc, "C") == ["a b e"]
    assert found(doc, "D") == []  # appelt: a longer match wins at every "a"


def test_the_reference_takes_the_longest_match_and_goes_on_after_it():
    # the premise of the random test: longest at each start, then on after the match
    assert reference("(?:[aA])(?:[bB])?", "caab") == [(1, 2), (2, 4)]
    assert reference("(?:[aA])(?:[a-eA-E])*", "bab") == [(1, 3)]
