"""A value of the record found in the note: the common result of every matcher."""

from __future__ import annotations

from typing import NamedTuple


class Match(NamedTuple):
    """``[start, end)`` of the note holds ``field`` of the record; ``ratio`` is the edit distance
    over the shorter length (0 = exact); ``kind`` picks the output type (a field, or tagsets.DOCTOR /
    PERSON); ``partial`` marks a part (>= 6 digits) of a longer ID or phone."""

    start: int
    end: int
    field: str
    ratio: float
    kind: str
    partial: bool = False
