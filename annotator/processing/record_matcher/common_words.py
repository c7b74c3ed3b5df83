"""The common-word lists (resources/records/common_words_LANG.txt, built by
resources/build/build_common_words.py from UD treebanks and, for Spanish, the words that the MEDDOCAN
background documents write in lower case): ordinary words that a fuzzy name match must not take
without a stronger signal."""

from __future__ import annotations

from functools import cache

from annotator.paths import RESOURCES
from annotator.processing.folding import fold

FOLDER = RESOURCES / "records"


def languages() -> list[str]:
    """The languages that have a list."""
    return sorted(p.stem.rsplit("_", 1)[1] for p in FOLDER.glob("common_words_*.txt"))


@cache
def common_words(language: str | None = None) -> frozenset[str]:
    """The lower-cased, accent-folded common words of ``language`` (None or a language without a
    list: of every language that has one)."""
    chosen = [language] if language in languages() else languages()
    words: set[str] = set()
    for lang in chosen:
        text = (FOLDER / f"common_words_{lang}.txt").read_text(encoding="utf-8")
        words.update(fold(w, ignore_case=True, accents=True) for w in text.split("\n") if w and not w.startswith("#"))
    return frozenset(words)

