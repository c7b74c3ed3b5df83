"""Case patterns: a surrogate is written in the case of the value it replaces (``GARCÍA`` -> ``LÓPEZ``)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1 << 14)
def _pattern(original: str) -> tuple[str, int]:
    """``upper``, ``lower`` or ``""`` (no letters, capitalised or mixed) and the number of letters."""
    letters = [c for c in original if c.isalpha()]
    if letters and all(c.isupper() for c in letters):
        return "upper", len(letters)
    if letters and all(c.islower() for c in letters):
        return "lower", len(letters)
    return "", len(letters)


def match_case(surrogate: str, original: str) -> str:
    """``surrogate`` in the case pattern of ``original``: all upper, all lower, or as the surrogate is
    spelled (names, places) where the original is capitalised or mixed."""
    case, letters = _pattern(original)
    if case == "upper" and (letters > 1 or len(surrogate) == 1):
        return surrogate.upper()
    if case == "lower":
        return surrogate.lower()
    return surrogate
