"""The record fields that the matcher reads as a kind (names, dates, IDs, phones), and what it makes
of a value that is not written as its kind (an export's ``04//11/1987``, ``NHC 1234567``)."""

from __future__ import annotations

from annotator.processing.record_matcher.dates import record_date
from annotator.processing.record_matcher.numbers import digits_of, well_formed_id, well_formed_phone

NAME_FIELDS = frozenset({"name"})
DATE_FIELDS = frozenset({"date"})
ID_FIELDS = frozenset({"id", "insurance", "episode"})
PHONE_FIELDS = frozenset({"phone", "fax"})
ADDRESS_FIELDS = frozenset({"address"})
NUMBER_FIELDS = ID_FIELDS | PHONE_FIELDS
LITERAL_EXCEPT = NAME_FIELDS | DATE_FIELDS | NUMBER_FIELDS  # every other field is a literal one

DATE_KIND = "a date (day/month/year with a 4-digit year, or year-month-day)"
ID_KIND = "an ID (letters and digits, in groups joined by one separator)"
PHONE_KIND = "a phone number (digits, whole or in groups of 2-4)"
MIN_WRITTEN_DIGITS = 4  # a messy date is matched as written only with this many digits


def malformed(field: str, value: str) -> str | None:
    """The kind that ``value`` of ``field`` is not written as, or None (well formed, or a field
    of no kind)."""
    if field in DATE_FIELDS:
        return None if record_date(value).exact else DATE_KIND
    if field in ID_FIELDS:
        return None if well_formed_id(value) else ID_KIND
    if field in PHONE_FIELDS:
        return None if well_formed_phone(value) else PHONE_KIND
    return None


def written_date(value: str) -> bool:
    """A messy date ``value`` is also looked for as written (as literal fields are)."""
    return sum(c.isdigit() for c in value) >= MIN_WRITTEN_DIGITS


def matched_as(field: str, value: str) -> str:
    """How a malformed ``value`` of ``field`` is looked for, in words (for the warning)."""
    if field in DATE_FIELDS:
        read = record_date(value)
        dates = " or ".join(f"{d:02d}/{m:02d}/{y}" for y, m, d in read.readings)
        if not dates:
            return "as written" if written_date(value) else "nowhere (no date in it)"
        return ("as written and " if written_date(value) else "") + f"as {dates}" + \
            (", each only with its year" if read.year_needed else "")
    digits = digits_of(value)
    return f"as written and as its digits {digits}" if digits else "as written"
