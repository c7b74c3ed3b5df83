"""Pieces common to header fields and signature lines: trimming a span to the MEDDOCAN
conventions, adding one, the end of a person's name, a run of phone numbers."""

from __future__ import annotations

from annotator.document import AnnotationSet

from .patterns import (
    BLANKS,
    JOINED_INITIALS,
    NAME_STOP,
    NAME_WORD,
    PHONE,
    PHONE_SEPARATOR,
    PHONE_SPLIT,
    STREET_START,
    TITLE,
)

_TRAIL = " \t.,;:-"


def clean_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Trim white space and trailing punctuation (MEDDOCAN spans never end with '.', ',' or ':')."""
    while start < end and text[start] in " \t\ufeff":
        start += 1
    while end > start and text[end - 1] in _TRAIL:
        end -= 1
    # a closing quote or parenthesis stays only when it has its opening partner inside
    while end > start and text[end - 1] in ")\"'" and text.count({")": "("}.get(text[end - 1], text[end - 1]),
                                                                   start, end - 1) == 0:
        end -= 1
        while end > start and text[end - 1] in _TRAIL:
            end -= 1
    return start, end


def add(out: AnnotationSet, kind: str, start: int, end: int, rule: str) -> None:
    """Add a `kind` annotation unless the span is empty; its feature `rule` says which rule made it
    (the clean-up phase ranks header and signature spans by it)."""
    if end > start:
        out.add(kind, start, end, {"rule": rule})


def annotate_phones(out: AnnotationSet, text: str, start: int, end: int, kind: str, rule: str) -> int:
    """One span per number in "918823884 / 918823984 / 619128686"; returns where the last ended
    (`start` when there is no number)."""
    pos = start
    while True:
        match = PHONE.match(text, pos, end)
        if match is None:
            return pos
        stop = PHONE_SPLIT.search(text, match.start(), match.end())  # "917277336 - 606409021": two
        stop_at = stop.start() if stop else match.end()
        add(out, kind, *clean_span(text, match.start(), stop_at), rule)
        pos = stop_at
        separator = PHONE_SEPARATOR.match(text, pos, end)
        if separator is None or PHONE.match(text, separator.end(), end) is None:
            return pos
        pos = separator.end()


def name_run_end(text: str, start: int, end: int) -> int:
    """End of a person's name starting at `start`: capitalised words, initials and particles,
    stopping at an organisation word, a street, a digit, a lower-case word or a sentence period."""
    pos = start
    last = start
    while pos < end:
        match = NAME_WORD.match(text, pos, end)
        if match is None or NAME_STOP.match(text, pos) or STREET_START.match(text, pos) or (
                pos > start and TITLE.match(text, pos, end)):
            break
        word = match.group()
        pos = match.end()
        if word[:1].isupper():
            last = pos
        if word.endswith(".") and len(word) > 3 and not JOINED_INITIALS.fullmatch(word):
            last -= 1
            break
        gap = BLANKS.match(text, pos, end).end() - pos
        if text[pos + gap:pos + gap + 1] in ("", ",", ".", "(", "\n") or gap == 0 and text[pos:pos + 1] != "":
            break
        pos += gap
    return last
