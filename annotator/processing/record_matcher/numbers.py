"""The record's IDs and phone numbers in the note, separators ignored.

A value is compared by its letters and digits alone: between two runs of them the note may have up
to two separators (spaces, ``- . / ( )``), so ``546 79 80`` is ``5467980`` and ``(91) 234-56-78`` is
``912345678``; case is ignored. Values are looked for in the note's chunks of digits (with letters
in them, one or two letters around them), so a value needs a digit. A phone with an
international prefix (``+34``, ``0046``) is also looked for without it (and with the trunk ``0``
for the countries that dial one). A run of at least six digits of the note that is part of a
longer value (``63514095`` of ``26 63514095``) is flagged as partial, with ratio (missing digits)
/ (digits found).

An ID or phone of the record that is not written as one (:func:`well_formed_id`,
:func:`well_formed_phone`: ``NHC 1234567``, ``1234567#``, ``12  345678``, ``9 1234 5678``) is also
looked for as its digits alone (``1234567``), when it has at least MIN_DIGITS of them.
"""

from __future__ import annotations

import re

from annotator.processing.record_matcher.match import Match

_ALNUM = re.compile(r"[^\W_]")
_ALNUM_RUN = re.compile(r"[^\W_]+")
_NOT_ALNUM = re.compile(r"[\W_]+")
_DIGITS = re.compile(r"\d+")
# a run of digits and what may continue it: letters, digits, up to two separators (spaces, - . / ( ))
# before more digits or one or two letters ("L" of "X-1234567-L"); starts at a digit, so that re
# skips ahead to digits; letters and digits as runs ([^\W_]*), which re reads faster than one by one
_CHUNK = re.compile(r"\d[^\W_]*(?:[\s\-./()]{1,2}(?=\d|[^\W\d_]{1,2}(?![^\W_]))[^\W_]*)*")
_PREFIX = re.compile(r"[^\W\d_]{1,2}[\s\-./()]{0,2}$")
_DIGIT_GROUPS = re.compile(r"\d+(?:[ \-./]\d+)*")
_INTERNATIONAL = re.compile(r"^(?:\+|00)(1|3\d|4\d|\d{3})")
_NOT_DIALLED = re.compile(r"[^\d+]")
TRUNK_ZERO = frozenset({"44", "46", "49", "33", "31", "32", "41", "43", "47", "45", "358", "353", "61", "64"})
MIN_PARTIAL = 6
MIN_DIGITS = 5
# an ID: groups of letters and digits (a group of letters has at most two: a word is a label), joined
# by one separator, the same throughout; a number grouped by thousands (12 345 678) is no ID
_ID_GROUP = r"(?:[^\W\d_]{1,2}|[^\W\d_]{0,3}\d[^\W_]*)"
_ID = re.compile(rf"{_ID_GROUP}(?:([-/. ]){_ID_GROUP}(?:\1{_ID_GROUP})*)?")
_THOUSANDS = re.compile(r"\d{1,3}(?:([ .,])\d{3})(?:\1\d{3})+")
# a phone: an international prefix, an area code in brackets, then the number unbroken or in groups
# of 2-4 digits, one separator between two
_PHONE = re.compile(r"(?:(?:\+|00)\d{1,3}[ .\-]?)?(?:\(\d{1,5}\)[ .\-]?)?(?:\d{6,15}|\d{2,4}(?:[ .\-/]\d{2,4})+)")


def skeleton(value: str) -> str:
    """The letters and digits of ``value``, upper-cased."""
    return _NOT_ALNUM.sub("", value).upper()


def well_formed_id(value: str) -> bool:
    """``value`` is written as an ID (see _ID), with a digit."""
    return _ID.fullmatch(value) is not None and not _THOUSANDS.fullmatch(value) and any(c.isdigit() for c in value)


def well_formed_phone(value: str) -> bool:
    """``value`` is written as a phone number (see _PHONE)."""
    return _PHONE.fullmatch(value) is not None


def digits_of(value: str) -> str | None:
    """The digits of a messy ID or phone (a ``+`` before them kept), when there are MIN_DIGITS."""
    digits = _NOT_DIALLED.sub("", value)
    digits = digits[:1] + digits[1:].replace("+", "")
    return digits if sum(c.isdigit() for c in digits) >= MIN_DIGITS else None


def national_forms(phone: str) -> list[str]:
    """A phone's skeleton, and its national forms when it has an international prefix."""
    compact = _NOT_DIALLED.sub("", phone)
    forms = [skeleton(phone)]
    m = _INTERNATIONAL.match(compact)
    if m:
        rest = compact[m.end():]
        forms.append(("0" + rest) if m.group(1) in TRUNK_ZERO and not rest.startswith("0") else rest)
    return [f for f in forms if len(f) >= 3]


def _bounded(text: str, start: int, end: int) -> bool:
    """Not inside a longer run of letters or digits."""
    return (start == 0 or not _ALNUM.match(text[start - 1])) and (end == len(text) or not _ALNUM.match(text[end]))


class NumberMatcher:
    """IDs and phones of one record (field -> values), found whole or, for >= 6 digits, in part."""

    def __init__(self, values: dict[str, list[str]], phone_fields: frozenset[str]) -> None:
        self.forms: list[tuple[str, str]] = []  # (field, skeleton of a way of writing a value)
        for field, field_values in values.items():
            phone = field in phone_fields
            for value in field_values:
                well_formed = well_formed_phone(value) if phone else well_formed_id(value)
                digits = None if well_formed else digits_of(value)
                for written in (value, digits) if digits else (value,):
                    forms = national_forms(written) if phone else [skeleton(written)]
                    self.forms += [(field, f) for f in dict.fromkeys(forms) if f and (field, f) not in self.forms]
        self.digits = [(field, f) for field, f in self.forms if f.isdigit()]  # for partial matches

    def find(self, text: str) -> list[Match]:
        """The values in ``text``, whole, then in part (where no whole value is). One scan of the
        note's chunks finds both (a run of digit groups, a part's place, lies inside a chunk)."""
        if not self.forms:
            return []
        whole, parts = [], []
        shortest = min(len(f) for _, f in self.forms) - 2  # a chunk may lose a 2-letter prefix
        least = min(shortest, MIN_PARTIAL)
        for chunk in _CHUNK.finditer(text):
            start, end = chunk.span()
            if end - start < least:
                continue
            if end - start >= shortest:
                whole.extend(self._whole(text, start, end))
            if end - start >= MIN_PARTIAL and self.digits:
                for run in _DIGIT_GROUPS.finditer(text, start, end):
                    if len(run.group()) >= MIN_PARTIAL and _bounded(text, run.start(), run.end()):
                        parts.extend(self._partial(run))
        spans = {(m.start, m.end) for m in whole}
        return whole + [m for m in parts if (m.start, m.end) not in spans]

    def _whole(self, text: str, start: int, end: int) -> list[Match]:
        """Values written in ``text[start:end]`` (a chunk: letters and digits with up to two separators
        between them), from the start of one of its runs to the end of one."""
        prefix = _PREFIX.search(text, max(0, start - 4), start)  # "X-" of "X-1234567-L"
        if prefix and (prefix.start() == 0 or not _ALNUM.match(text[prefix.start() - 1])):
            start = prefix.start()
        skel, starts, ends = "", {}, {}  # skeleton offset -> text offset, where a whole run starts / ends
        for run in _ALNUM_RUN.finditer(text, start, end):
            if run.start() == 0 or not _ALNUM.match(text[run.start() - 1]):
                starts[len(skel)] = run.start()
            skel += run.group().upper()
            if run.end() == len(text) or not _ALNUM.match(text[run.end()]):
                ends[len(skel)] = run.end()
        found = []
        for field, form in self.forms:
            at = skel.find(form)
            while at != -1:
                if at in starts and at + len(form) in ends:
                    begin = starts[at] - (text[starts[at] - 1:starts[at]] == "+")
                    found.append(Match(begin, ends[at + len(form)], field, 0.0, field))
                at = skel.find(form, at + 1)
        return found

    def _partial(self, run: re.Match[str]) -> list[Match]:
        """The longest sequence of whole digit groups of ``run`` with >= 6 digits that is part of a value."""
        groups = [(g.start() + run.start(), g.end() + run.start()) for g in _DIGITS.finditer(run.group())]
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
                        ratio = (len(value) - len(digits)) / len(digits)
                        best = (len(digits), groups[i][0], groups[j][1], field, ratio)
        if best is None:
            return []
        _, start, end, field, ratio = best
        return [Match(start, end, field, ratio, field, partial=True)]
