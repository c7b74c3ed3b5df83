"""Record values compared as written: addresses and fields without a matcher of their own.

A value matches when its words (letters and digits, lower-cased, accents folded) appear in order
with at most three other characters (spaces, punctuation) between two of them, not inside a
longer word. An address is matched whole and also part by part (split at commas); a leading street
type may be written any usual way (``C/ Mayor`` = ``Calle Mayor``). The address parts after the
first are typed as a postcode (4-5 digits) or a city; short parts (``2º``, ``1D``, ``a``) are not
matched alone.
"""

from __future__ import annotations

import re

from annotator.processing.folding import fold
from annotator.processing.record_matcher.match import Match

_WORDS = re.compile(r"[^\W_]+")
STREET_TYPES = [
    "calle c cl", "avenida avda av", "plaza pl pza plz", "paseo po pº", "carretera ctra", "camino cno",
    "ronda rda", "travesia trav", "glorieta gta", "street st", "avenue ave", "road rd", "lane ln", "drive dr",
    "boulevard blvd", "gatan g", "vagen v",
]
_STREET_OF = {word: f"(?:{'|'.join(sorted(group.split(), key=len, reverse=True))})"
              for group in STREET_TYPES for word in group.split()}


def _folded(text: str) -> str:
    return fold(text, ignore_case=True, accents=True)


def literal_pattern(value: str, street: bool = False) -> str | None:
    """The regex of ``value`` (accent-folded, lower-cased) as described above; None without words."""
    words = _WORDS.findall(_folded(value))
    if not words:
        return None
    parts = [re.escape(w) for w in words]
    if street and len(words) > 1 and words[0] in _STREET_OF:
        parts[0] = _STREET_OF[words[0]]
    return r"[^\w]{0,3}".join(parts)


class LiteralMatcher:
    """Literal fields and addresses of one record."""

    def __init__(self, values: dict[str, list[str]], address_fields: frozenset[str]) -> None:
        self.patterns: list[tuple[str, str, re.Pattern[str]]] = []  # (field, kind, pattern)
        for field, field_values in values.items():
            for value in field_values:
                street = field in address_fields
                pieces = [(field, value)]  # (kind: the type's field, text)
                if street:
                    parts = [p.strip() for p in value.split(",") if p.strip()]
                    if len(parts) > 1:
                        pieces += [(field, parts[0])] + [
                            ("postcode" if re.fullmatch(r"\d{4,5}", p) else "city", p) for p in parts[1:]
                            if re.fullmatch(r"\d{4,5}", p) or sum(c.isalpha() for c in p) >= 3]
                for kind, piece in pieces:
                    pattern = literal_pattern(piece, street)
                    if pattern:
                        self.patterns.append((field, kind, re.compile(r"(?<![^\W_])(?:" + pattern + r")(?![^\W_])")))

    def find(self, folded: str) -> list[Match]:
        """Matches in ``folded``, the note lower-cased and accent-folded (offsets are the note's)."""
        return [Match(m.start(), m.end(), field, 0.0, kind) for field, kind, pattern in self.patterns
                for m in pattern.finditer(folded)]
