"""``{Token.string ==~ "pattern"}`` fires exactly on the strings the regex module matches whole,
for every such pattern of the shipped grammars and for patterns of every kind (finite word lists,
case-insensitive ones, classes, repeats, open-ended ones), on words of the MEDDOCAN samples and
their case and look-alike variants (dotted and dotless i, long s, Kelvin sign, sharp s, final sigma)."""

from __future__ import annotations

import re

import regex

from annotator.document import Document
from annotator.jape.lexer import Lexer
from annotator.paths import RESOURCES

PATTERNS = [
    "el|la|del", "(?i)ni[ñn][oa]s?", "^[A-C]$", "sep?tiembre", "a{1,3}", "(?:dr|dra)\\.?", "(?i)el|il",
    "a+", "[A-Z]*", "\\d{2}", "[^a]", ".", "\\w", "(?i:a)b", "(?x) a", "\\p{L}", "[a-z]{4}", "[\u0100-\u0200]",
    "(?i)i", "(?i)s", "(?i)k", "(?i)ß", "(?i)σ|x", "(?i)straße|strasse",
]
EXTRA_WORDS = ["niño", "Niñas", "NINO", "septiembre", "setiembre", "aaa", "aaaa", "dr.", "Dra", "dra.", "ab", "Ab", "aB",
               "İL", "ıl", "ſ", "\u212a", "ẞ", "ς", "Σ", "STRASSE", "Straße", "ĀĂ", "Ā", "12", "x"]


def shipped_patterns() -> set[str]:
    """The ``==~`` patterns of the shipped grammars, as the grammar reader reads their string literals."""
    raw = {m for path in (RESOURCES / "grammars").rglob("*.jape")
           for m in re.findall(r'==~\s*("(?:[^"\\]|\\.)*")', path.read_text(encoding="utf-8"))}
    return {Lexer(literal, "test").next().value for literal in raw}


def candidates() -> list[str]:
    words = {w for path in (RESOURCES / "samples" / "meddocan").glob("*.txt")
             for w in re.findall(r"\w+\.?|[^\w\s]", path.read_text(encoding="utf-8"))}
    variants = {v for w in words | set(EXTRA_WORDS)
                for v in (w, w.upper(), w.lower(), w.title(), w.swapcase(),
                          w.replace("i", "İ").replace("s", "ſ").replace("k", "\u212a"))}
    return sorted(variants)


def literal(pattern: str) -> str:
    return '"' + pattern.replace("\\", "\\\\").replace('"', '\\"') + '"'


def test_regex_constraints_fire_where_the_regex_matches_whole(grammar):
    patterns = sorted(shipped_patterns() | set(PATTERNS))
    assert len(patterns) > 80
    words = candidates()
    g = grammar("".join(f"Phase: P{n}\nInput: Token\nOptions: control = appelt\n"
                        f"Rule: R{n} ({{Token.string ==~ {literal(p)}}}):t --> :t.Hit{n} = {{}}\n"
                        for n, p in enumerate(patterns)))
    doc = Document(" ".join(words), name="words")
    start = 0
    for word in words:
        doc.annset().add("Token", start, start + len(word), {"string": word})
        start += len(word) + 1
    g(doc)
    hits = 0
    for n, pattern in enumerate(patterns):
        compiled = regex.compile(pattern)
        expected = [w for w in words if compiled.fullmatch(w)]
        assert [doc.text[a.start:a.end] for a in doc.annset().with_type(f"Hit{n}")] == expected, pattern
        hits += len(expected)
    assert hits > 500
