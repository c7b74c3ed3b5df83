"""BIO labels over tokens: spans to labels for training, labels back to spans when tagging.

A token inside (or overlapping) a span of type T is labelled ``B-T`` when it is the span's first
token, else ``I-T``; other tokens are ``O``. Where gold spans overlap, the earlier one (then the
longer) keeps its tokens and the other is dropped for training. Decoding starts a span at every
``B-T`` and at an ``I-T`` that does not continue a span of type T, and ends it at the last token
of the run: a span goes from its first token's start to its last token's end, so a gold span
that starts or ends inside a token cannot be reproduced exactly (:func:`coverage` counts those).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Iterable, Sequence

from annotator.document import Annotation

OUTSIDE = "O"
Span = tuple[str, int, int]  # (type, start, end)


def _token_range(starts: Sequence[int], ends: Sequence[int], start: int, end: int) -> range:
    return range(bisect_right(ends, start), bisect_left(starts, end))


def encode(tokens: Sequence[Annotation], spans: Iterable[Span]) -> list[str]:
    """One label per token for the ``(type, start, end)`` spans."""
    starts = [t.start for t in tokens]
    ends = [t.end for t in tokens]
    labels = [OUTSIDE] * len(tokens)
    for type_name, start, end in sorted(spans, key=lambda s: (s[1], -s[2], s[0])):
        covered = _token_range(starts, ends, start, end)
        if not covered or any(labels[i] != OUTSIDE for i in covered):
            continue
        for i in covered:
            labels[i] = ("B-" if i == covered[0] else "I-") + type_name
    return labels


def runs(labels: Sequence[str]) -> list[tuple[str, int, int]]:
    """The spans of a label sequence as ``(type, first token, last token + 1)`` (see the module docstring)."""
    found: list[tuple[str, int, int]] = []
    open_type: str | None = None  # the type of the span the last token is in
    for i, label in enumerate(labels):
        if label == OUTSIDE:
            open_type = None
            continue
        prefix, _, type_name = label.partition("-")
        if prefix == "I" and open_type == type_name:
            found[-1] = (type_name, found[-1][1], i + 1)
            continue
        open_type = type_name
        found.append((type_name, i, i + 1))
    return found


def decode(tokens: Sequence[Annotation], labels: Sequence[str]) -> list[Span]:
    """The spans of a label sequence, from their first token's start to their last token's end."""
    return [(type_name, tokens[first].start, tokens[last - 1].end)
            for type_name, first, last in runs(labels[:len(tokens)])]


def coverage(tokens: Sequence[Annotation], spans: Iterable[Span]) -> tuple[int, int]:
    """``(reproducible, total)``: how many spans decoding their own labels gives back exactly
    (the ceiling of any BIO tagger on these tokens)."""
    spans = list(spans)
    back = set(decode(tokens, encode(tokens, spans)))
    return sum(1 for s in set(spans) if s in back), len(set(spans))
