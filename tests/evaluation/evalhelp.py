"""Helpers of the evaluation tests: documents built in code from words of a text."""

from __future__ import annotations

from typing import Any

from annotator import Document


def span_of(text: str, word: str, occurrence: int = 0) -> tuple[int, int]:
    """The span of the ``occurrence``-th (from 0) occurrence of ``word`` in ``text``."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(word, start + 1)
    return start, start + len(word)


def make_doc(text: str, anns: list[tuple[Any, ...]], name: str) -> Document:
    """A document whose default set has the annotations ``(type, (start, end)[, features])``."""
    d = Document(text, name=name)
    for type_, (start, end), *features in anns:
        d.annset().add(type_, start, end, features[0] if features else None)
    return d
