"""Helpers of the evaluation tests: documents built in code from words of a text, brat folders."""

from __future__ import annotations

from pathlib import Path
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


def write_brat(folder: Path, name: str, text: str, anns: list[tuple[str, int, int]]) -> None:
    """``folder/name.txt`` and ``name.ann`` with one text-bound annotation per ``(type, start, end)``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    lines = [f"T{i}\t{t} {s} {e}\t{text[s:e]}" for i, (t, s, e) in enumerate(anns, 1)]
    (folder / f"{name}.ann").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
