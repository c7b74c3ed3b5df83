"""The record's IDs and phone numbers in the note, separators ignored.

A value is compared by its letters and digits alone: between any two of them the note may have up
to two separators (spaces, ``- . / ( )``), so ``546 79 80`` is ``5467980`` and ``(91) 234-56-78`` is
``912345678``; case is ignored. A phone with an international prefix (``+34``, ``0046``) is also
looked for without it (and with the trunk ``0`` for the countries that dial one). A run of at least
six digits of the note that is part of a longer value (``63514095`` of ``26 63514095``) is flagged
as partial, with ratio (missing digits) / (digits found).
"""

from __future__ import annotations

import re

from annotator.processing.record_matcher.match import Match

_SEPARATORS = r"[\s\-./()]{0,2}"
_ALNUM = re.compile(r"[^\W_]")
_DIGIT_GROUPS = re.compile(r"\d+(?:[ \-./]\d+)*")
_INTERNATIONAL = re.compile(r"^(?:\+|00)(1|3\d|4\d|\d{3})")
TRUNK_ZERO = frozenset({"44", "46", "49", "33", "31", "32", "41", "43", "47", "45", "358", "353", "61", "64"})
MIN_PARTIAL = 6


def skeleton(value: str) -> str:
    """The letters and digits of ``value``, upper-cased."""
    return "".join(_ALNUM.findall(value)).upper()


def national_forms(phone: str) -> list[str]:
    """A phone's skeleton, and its national forms when it has an international prefix."""
    compact = re.sub(r"[^\d+]", "", phone)
    forms = [skeleton(phone)]
    m = _INTERNATIONAL.match(compact)
    if m:
        rest = compact[m.end():]
        forms.append(("0" + rest) if m.group(1) in TRUNK_ZERO and not rest.startswith("0") else rest)
    return [f for f in forms if len(f) >= 3]


def _pattern(forms: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(_SEPARATORS.join(map(re.escape, f)) for f in sorted(set(forms), key=len, reverse=True)),
                      re.IGNORECASE)


def _bounded(text: str, start: int, end: int) -> bool:
    """Not inside a longer run of letters or digits."""
    return (start == 0 or not _ALNUM.match(text[start - 1])) and (end == len(text) or not _ALNUM.match(text[end]))


class NumberMatcher:
    """IDs and phones of one record (field -> values), found whole or, for >= 6 digits, in part."""

    def __init__(self, values: dict[str, list[str]], phone_fields: frozenset[str]) -> None:
        self.patterns = []  # (field, pattern)
        self.digits = []  # (field, digits of the value) for partial matches
        for field, field_values in values.items():
            for value in field_values:
                forms = national_forms(value) if field in phone_fields else [skeleton(value)]
                forms = [f for f in forms if f]
                if forms:
                    self.patterns.append((field, _pattern(forms)))
                    self.digits.extend((field, f) for f in forms if f.isdigit())

    def find(self, text: str) -> list[Match]:
        found = []
        for field, pattern in self.patterns:
            found.extend(Match(m.start() - (text[m.start() - 1:m.start()] == "+"), m.end(), field, 0.0, field)
                         for m in pattern.finditer(text) if _bounded(text, m.start(), m.end()))
        if self.digits:
            whole = {(m.start, m.end) for m in found}
            for run in _DIGIT_GROUPS.finditer(text):
                if len(run.group()) >= MIN_PARTIAL and _bounded(text, run.start(), run.end()):
                    found.extend(m for m in self._partial(run) if (m.start, m.end) not in whole)
        return found

    def _partial(self, run: re.Match[str]) -> list[Match]:
        """The longest sequence of whole digit groups of ``run`` with >= 6 digits that is part of a value."""
        groups = [(g.start() + run.start(), g.end() + run.start()) for g in re.finditer(r"\d+", run.group())]
        text = run.string
        best = None
        for i in range(len(groups)):
            digits = ""
            for j in range(i, len(groups)):
                digits += text[groups[j][0]:groups[j][1]]
                if len(digits) < MIN_PARTIAL:
                    continue
                for field, value in self.digits:
                    if digits in value and len(digits) < len(value) and (best is None or len(digits) > best[0]):
                        best = (len(digits), groups[i][0], groups[j][1], field, (len(value) - len(digits)) / len(digits))
        if best is None:
            return []
        _, start, end, field, ratio = best
        return [Match(start, end, field, ratio, field, partial=True)]
