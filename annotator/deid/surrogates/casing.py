"""Case patterns: a surrogate is written in the case of the value it replaces (``GARCÍA`` -> ``LÓPEZ``)."""

from __future__ import annotations


def match_case(surrogate: str, original: str) -> str:
    """``surrogate`` in the case pattern of ``original``: all upper, all lower, or as the surrogate is
    spelled (names, places) where the original is capitalised or mixed."""
    letters = [c for c in original if c.isalpha()]
    if not letters:
        return surrogate
    if all(c.isupper() for c in letters) and (len(letters) > 1 or len(surrogate) == 1):
        return surrogate.upper()
    if all(c.islower() for c in letters):
        return surrogate.lower()
    return surrogate
