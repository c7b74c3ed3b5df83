"""The record's dates in the note, however they are written.

One pattern finds date-like expressions of two or three parts (numbers, ordinals such as ``11th``
or ``11º``, month names and abbreviations in Spanish, English and Swedish, Roman month numbers as
in ``12-III-2019``) with the separators ``- / . , :``, spaces and tabs, ``de``/``del``/``of``
(``11 de febrero de 1970``), and compact runs of 6 or 8 digits (``19700211``, ``110270``). Each is
read in every order (d/m/y, m/d/y, y/m/d, y/d/m; d/m, m/d; m/y, y/m with a 4-digit year; 2-digit
years) and kept when one reading is a record date. A day and month without a year (``2/7``) must
use ``/`` or ``-`` (or a month name) and is never taken next to a unit or duration (``mg``,
``días``, ``semanas`` ...): a dosage or a duration that happens to equal the birthday is not it.
Ratios (``120/70``, ``5/325``) never match: a date is not read out of a longer run of numbers.

Record dates are written day first (``11/02/1970``, ``23-octubre-1972``) or ISO (``1970-02-11``).
A record date that is not so written (:func:`record_date`: exported as ``04//11/1987``,
``312/07/1958``, ``04/11/87``, ``O4/11/1987``, ``04/11/1987 10:30``) is read in the few ways it can
plausibly mean, and each reading is looked for as a record date. What is found must still be the
patient's date, so the readings are few and keep what is written whole: a slip is taken to be
one stray keystroke or lookalike in one part (``312`` is ``31`` or ``12``, with ``07`` and ``1958``
as written; ``31/2/07``, which would move digits from part to part and leave ``1958`` over, is
not a reading), a reading must be a real date of the last OLDEST years, and readings that
differ in day or month are each found only with their year (``31/07/1958``, never a bare
``31/07``: the day is not known). A value with more than MAX_READINGS readings, or none, is
matched only as written.
"""

from __future__ import annotations

import datetime
import re
from functools import lru_cache
from itertools import chain
from typing import Collection, Iterable, Iterator, NamedTuple

from annotator.lang import LANGUAGES, alternation, en, es
from annotator.processing.record_matcher.match import Match


def _month_names() -> dict[int, list[str]]:
    """month -> its names and abbreviations in every language (annotator.lang)."""
    names: dict[int, dict[str, None]] = {month: {} for month in range(1, 13)}
    for lang in LANGUAGES.values():
        for month, (full, abbr) in enumerate(zip(lang.MONTHS, lang.MONTH_ABBREVIATIONS), 1):
            names[month].update({full: None, abbr: None})
        for variant, (month, _) in lang.MONTH_VARIANTS.items():
            names[month][variant] = None
    return {month: list(words) for month, words in names.items()}


MONTHS = _month_names()
ROMAN = "i ii iii iv v vi vii viii ix x xi xii".split()
MONTH_OF = {name: number for number, names in MONTHS.items() for name in names}
MONTH_OF.update({r: i for i, r in enumerate(ROMAN, 1)})
_NAMES = "|".join(sorted(MONTH_OF, key=len, reverse=True))
# the names of each month that no other name of it starts with ("feb": febrero, february ...):
# where they are written is where any name of the month is
_NAME_STARTS = {month: [n for n in names if not any(n != o and n.startswith(o) for o in names)]
                for month, names in MONTHS.items()}
_SUFFIX = r"(?:st|nd|rd|th|º|ª|°|:e|:a)"  # an ordinal's suffix (11th, 11º, 11:e)
_PART = rf"(?:\d{{1,4}}{_SUFFIX}?|(?:{_NAMES})\.?(?![^\W\d_]))"
# the Spanish and English fillers (Swedish "den" comes before a date, not between its parts)
_FILLER = "|".join(sorted(es.DATE_FILLERS | en.DATE_FILLERS))
_SEP = rf"(?:[ \t]*[-/.,:][ \t]*|[ \t]+(?:(?:{_FILLER})[ \t]+)?)"
# on the lower-cased text; no look-behind first (re then skips ahead by the first characters):
# find_dates checks that no word character, "/", "." or "-" comes before
_END = r"(?!\w|[/.\-]\d)"
DATE = re.compile(rf"{_PART}{_SEP}{_PART}(?:{_SEP}{_PART})?{_END}")
# the dates that start with a digit, found in one scan: the first digit stands outside the
# alternation, so that re skips ahead to digits (with it inside, re tries at every character of the
# text, which made the scan slower)
NUMERIC_DATE = re.compile(rf"\d(?:\d{{0,3}}{_SUFFIX}?{_SEP}{_PART}(?:{_SEP}{_PART})?"
                          rf"|\d{{5}}(?:\d\d)?){_END}")
_BEFORE_DATE = re.compile(r"[\w/.\-]")
_PARTS = re.compile(rf"\d{{1,4}}|(?:{_NAMES})(?![^\W\d_])", re.IGNORECASE)  # IGNORECASE: record dates too
# units and durations that make a day/month without a year a quantity
_BLOCKED_AFTER = re.compile(rf"[ \t]*(?:mg|mcg|g|ml|cc|{alternation('DURATION_WORDS')})(?![^\W\d_])", re.IGNORECASE)
_WRITTEN_DATE = rf"\d{{1,4}}{_SEP}(?:\d{{1,3}}|(?:{_NAMES})\.?){_SEP}\d{{1,4}}"
_RECORD_DATE = re.compile(rf"\s*{_WRITTEN_DATE}\s*", re.IGNORECASE)

Ymd = tuple[int, int, int]
# a letter that stands for a digit next to one (O4/11/1987, 04/1l/1987)
_LOOKALIKE = re.compile(r"(?<=\d)[Oo]|[Oo](?=\d)|(?<=\d)[lI|]|[lI|](?=\d)")
_TIME = re.compile(r"(?:[ \t]+|T)\d{1,2}:\d\d(?::\d\d(?:[.,]\d+)?)?(?:[ \t]*(?:h|hs|am|pm|z))?[ \t]*$", re.IGNORECASE)
# a day-first or ISO date inside a longer value, not inside a longer number
_INSIDE = re.compile(rf"(?<!\d){_WRITTEN_DATE}(?!\d)", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s\-/.,:_\\]+")
MAX_READINGS = 3
OLDEST = 120  # years back that a 2-digit or mended year may reach


class RecordDate(NamedTuple):
    """How a record date value is read: ``readings`` (none when it holds no date), ``exact``
    (written as a date, with a 4-digit year or a month name) and ``year_needed`` (the readings differ
    in day or month: each is looked for only with its year)."""

    readings: tuple[Ymd, ...]
    exact: bool
    year_needed: bool


def parse_record_date(value: str) -> Ymd | None:
    """A record date as (year, month, day): day first (``11/02/1970``, ``11 de febrero de 1970``,
    ``23-oct-72``: 2-digit years are the latest such year not in the future; month first when day
    first is no date, as ``03/15/1996``) or ISO (``1970-02-11``); None when it is not one."""
    parts = _PARTS.findall(value)
    if len(parts) != 3 or not _RECORD_DATE.fullmatch(value):
        return None
    a, b, c = parts
    if len(a) == 4 and a.isdigit():
        a, c = c, a
    if not (a.isdigit() and c.isdigit() and len(c) in (2, 4)):
        return None
    day, year = int(a), int(c)
    month = int(b) if b.isdigit() else MONTH_OF[b.lower()]
    if len(c) == 2:
        this_year = datetime.date.today().year
        year += 2000 if 2000 + year <= this_year else 1900
    for d, m in ((day, month), (month, day) if b.isdigit() else (day, month)):  # m/d/y when d/m/y cannot be
        try:
            datetime.date(year, m, d)
        except ValueError:
            continue
        return year, m, d
    return None


def _with_centuries(value: str, date: Ymd) -> list[Ymd]:
    """``date`` (as parse_record_date read ``value``), and, when ``value`` has a 2-digit year, the
    same date a century earlier when that is not over OLDEST years ago."""
    year, month, day = date
    if not _two_digit_year(value) or year - 100 < datetime.date.today().year - OLDEST:
        return [date]
    return [date, (year - 100, month, day)]


def _mended(value: str) -> list[Ymd]:
    """Readings of a date value with one part one digit too long (``312/07/1958``: 31/07/1958 and
    12/07/1958; ``04/11/19877``): every deletion of one of its digits that makes a date of a
    year not over OLDEST years ago nor in the future; or of 8 or 6 digits in a row (``19870411``,
    ``04111987``, ``041187``)."""
    parts = value.split("/")
    if len(parts) == 1 and value.isdigit() and len(value) in (6, 8):
        splits = [(value[:2], value[2:4], value[4:])]
        if len(value) == 8:
            splits.append((value[6:], value[4:6], value[:4]))
        candidates = ["/".join(split) for split in splits]
    elif len(parts) == 3 and all(p.isdigit() for p in parts):
        iso = len(parts[0]) >= 4 and len(parts[2]) <= 2
        longest = (4, 2, 2) if iso else (2, 2, 4)
        over = [i for i, (p, n) in enumerate(zip(parts, longest)) if len(p) > n]
        if len(over) != 1 or len(parts[over[0]]) != longest[over[0]] + 1:
            return []
        i = over[0]
        candidates = ["/".join(parts[:i] + [parts[i][:k] + parts[i][k + 1:]] + parts[i + 1:])
                      for k in range(len(parts[i]))]
    else:
        return []
    this_year = datetime.date.today().year
    found = {d for c in candidates if (date := parse_record_date(c)) is not None
             for d in _with_centuries(c, date) if this_year - OLDEST <= d[0] <= this_year}
    return sorted(found)


@lru_cache(maxsize=4096)
def record_date(value: str) -> RecordDate:
    """How the record date ``value`` is read (see :class:`RecordDate`): as written when it is a
    date with a 4-digit year (or a month name); else (tried in this order, the first that reads)
    with a letter that stands for a digit next to one made that digit and a time after it dropped:
    the one date written in it with no other digit around it (``nacido 04/11/1987``,
    ``04/11/1987a``), it with its separators mended (``04//11/1987``, ``04 - 11/1987``), a part one
    digit too long mended (:func:`_mended`). A 2-digit year is also read a century earlier (see
    _with_centuries). More than MAX_READINGS readings are none."""
    date = parse_record_date(value)
    if date is not None and not _two_digit_year(value) and _short_day_month(value):
        return RecordDate((date,), True, False)
    text = _TIME.sub("", _LOOKALIKE.sub(lambda m: "0" if m.group() in "Oo" else "1", value.strip()))
    readings: list[Ymd] = []
    inside = list(_INSIDE.finditer(text))
    if len(inside) == 1 and not any(c.isdigit() for c in text[:inside[0].start()] + text[inside[0].end():]):
        written = inside[0].group()
        if (date := parse_record_date(written)) is not None and _short_day_month(written):
            readings = _with_centuries(written, date)
    if not readings:
        mended = _SEPARATORS.sub("/", text.strip(" \t-/.,:_\\"))
        if (date := parse_record_date(mended)) is not None and _short_day_month(mended):
            readings = _with_centuries(mended, date)
        else:
            readings = _mended(mended)
    if len(readings) > MAX_READINGS:
        readings = []
    return RecordDate(tuple(readings), False, len({(m, d) for _, m, d in readings}) > 1)


def _short_day_month(value: str) -> bool:
    """The day and month of ``value`` (a date parse_record_date reads) have at most 2 digits
    (parse_record_date reads ``014/02/1939`` as the 14th: a slip, not a date as written)."""
    parts = _PARTS.findall(value)
    rest = parts[1:] if len(parts[0]) == 4 and parts[0].isdigit() else parts[:2]
    return all(len(p) <= 2 or not p.isdigit() for p in rest)


def _two_digit_year(value: str) -> bool:
    """``value`` (a date parse_record_date reads) writes its year with 2 digits."""
    parts = _PARTS.findall(value)
    year = parts[0] if len(parts[0]) == 4 and parts[0].isdigit() else parts[2]
    return len(year) == 2


def _readings(parts: list[tuple[str, bool]]) -> Iterable[tuple[int | None, int, int | None, bool]]:
    """(year or None, month, day or None, year has 2 digits) for each order the parts allow;
    ``parts`` are (text, is a month name)."""
    # what each part is as a month, a day, a year (with whether it has 2 digits), or None
    months = [MONTH_OF[text.lower()] if named else int(text) if len(text.lstrip("0")) <= 2 else None
              for text, named in parts]
    days = [None if named or len(text) > 2 else int(text) for text, named in parts]
    years = [None if named or len(text) not in (2, 4) else (int(text), len(text) == 2) for text, named in parts]
    orders3 = ((2, 1, 0), (2, 0, 1), (0, 1, 2), (0, 2, 1))  # (year, month, day): d/m/y, m/d/y, y/m/d, y/d/m
    orders2 = ((None, 1, 0), (None, 0, 1), (1, 0, None), (0, 1, None))  # d/m, m/d, m/y, y/m
    for y, mo, d in orders3 if len(parts) == 3 else orders2:
        yv = years[y] if y is not None else None
        mv, dv = months[mo], days[d] if d is not None else None
        if mv is None or (y is not None and yv is None) or (d is not None and dv is None):
            continue
        if y is not None and d is None and yv[1]:
            continue  # month/year needs a 4-digit year
        yield (yv[0] if yv else None), mv, dv, bool(yv and yv[1])


def _compact(digits: str) -> list[tuple[int | None, int, int | None, bool]]:
    """Readings of a 6- or 8-digit run: yyyymmdd, ddmmyyyy, mmddyyyy / yymmdd, ddmmyy."""
    n = int
    if len(digits) == 8:
        return [(n(digits[:4]), n(digits[4:6]), n(digits[6:]), False),
                (n(digits[4:]), n(digits[2:4]), n(digits[:2]), False),
                (n(digits[4:]), n(digits[:2]), n(digits[2:4]), False)]
    return [(n(digits[:2]), n(digits[2:4]), n(digits[4:]), True), (n(digits[4:]), n(digits[2:4]), n(digits[:2]), True)]


def _named(text: str, months: set[int]) -> Iterator[re.Match[str]]:
    """The date-like expressions of ``text`` that start with a name of one of ``months``, in text
    order: tried where one of the month's _NAME_STARTS is written (found by plain search)."""
    starts = set()
    for month in months:
        for name in _NAME_STARTS[month]:
            at = text.find(name)
            while at != -1:
                starts.add(at)
                at = text.find(name, at + 1)
    for at in sorted(starts):
        m = DATE.match(text, at)
        if m is not None:
            yield m


def _named_reference(text: str, months: set[int]) -> Iterator[re.Match[str]]:
    """What _named gives, found plainly: an expression tried at every offset where any name of
    one of ``months`` is written."""
    names = [name for month in sorted(months) for name in MONTHS[month]]
    for at in range(len(text)):
        if any(text.startswith(name, at) for name in names) and (m := DATE.match(text, at)) is not None:
            yield m


def find_dates(text: str, dates: list[Ymd], with_year: Collection[Ymd] = (), reference: bool = False) -> list[Match]:
    """The places where ``text`` (lower-cased) writes one of ``dates`` (year, month, day); those
    of ``with_year`` only where their year is written too. The expressions read: those that start
    with a digit, in one scan, then those that start with a month name of one of the dates
    (``reference``: found plainly, :func:`_named_reference`, to check the fast search against)."""
    if not dates:
        return []
    months = {month for _, month, _ in dates}
    found = []
    for m in chain(NUMERIC_DATE.finditer(text), (_named_reference if reference else _named)(text, months)):
        if m.start() and _BEFORE_DATE.match(text, m.start() - 1):
            continue
        written = m.group()
        if written.isdigit():
            readings = _compact(written)
        else:
            parts = [(p, not p.isdigit()) for p in _PARTS.findall(written)]
            if len(parts) not in (2, 3):
                continue
            readings = list(_readings(parts))
        for year, month, day, short in readings:
            hits = [(y, mo, d) for y, mo, d in dates if month == mo and (day is None or day == d) and
                    (year is None or year == (y % 100 if short else y))]
            if not hits:
                continue
            if year is None:  # a day and a month: only as a date, never as a quantity
                if all(hit in with_year for hit in hits):
                    continue
                named = any(not p.isdigit() for p in _PARTS.findall(written))
                if not named and not re.search(r"\d[ \t]*[-/][ \t]*\d", written) or \
                        _BLOCKED_AFTER.match(text, m.end()):
                    continue
            found.append(Match(m.start(), m.end(), "date", 0.0, "date"))
            break
    return found
