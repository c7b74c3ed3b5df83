"""Surrogate dates and ages: shifted, never invented, and written back in the original format.

Dates move by the document's ``ctx.date_shift_days`` (whole weeks: weekdays and every interval
between dates are kept). The surface is read token by token (numbers, words, separators), its
parts are given roles (day, month, month name, Roman month, year, time, ordinal suffix) and only
those tokens are rewritten, so separators, zero-padding, two- or four-digit years, the case and
abbreviation of month names, fillers (``de``, ``del``, ``of``) and times stay as they were.

- day, month and year: shifted by the day shift;
- day and month without a year (``12 de marzo``, ``Mar-12``, ``12/3``): shifted within a
  reference year (the year of the document's first full date, else the leap year 2000);
- month and year (``marzo de 2019``, ``diciembre-99``): shifted by ``ctx.month_shift``; a month
  alone (``octubre``) too (by one month less when the shift is a whole number of years, so the
  surface changes);
- compact dates (``20190312``) shift too; week numbers (``v. 12``, ``semana 12``) move by the
  shift's weeks; a range (``3/12-3/15``, ``12 al 15 de marzo``) has each end shifted;
- times are kept (``10:30``, and the numbers after ``kl.``, ``a las``, ``at``, ``@``);
- a day alone with an ordinal suffix (``the 12th``, ``1:a``) shifts within the month of the
  document's first full date (the suffix recomputed);
- a season and a year (``otoño de 1998``, ``in spring 2003``, ``hösten -98``) moves by the month
  shift in whole seasons (at least one, so the surface changes): ``autumn 1998`` three months
  on is ``winter 1999`` (a winter is that of its January);
- a year alone (``2019``, ``año 2019``) is kept: HIPAA keeps years; so are weekdays, seasons
  without a year and relative days (``Monday``, ``el lunes``, ``spring``, ``ayer``): the shift is
  whole weeks;
- a birth date (left context ``fecha de nacimiento``, ``nacido el``, ``born``, ``DOB``, ``född``
  ...) moves by the day shift minus ``ctx.age_shift_years`` years (rounded to whole weeks, so its
  weekday is kept too), so that shifted ages (``age + age_shift_years``) still match it.

Unparseable surfaces (the conservative replacement): a surface with digits but no date reading
(``39 años`` tagged as a date, ``999 999 999``) has every digit replaced by keyed digits (same
shape, never the original); any other surface with neither digits nor a month name (``Colombia``
tagged as a date, ``Christmas``) cannot be shifted: E750 (:class:`~annotator.errors.UnreadableValue`;
the Pseudonymiser writes the type's placeholder there).

Ages move by ``ctx.age_shift_years`` (never below zero; ``45``, ``45 años``, ``cuarenta y cinco``,
``forty-five``, ``fyrtiofem``: digits stay digits, words stay words up to 100). Ages over 89 (before
or after the shift) become ``90+`` in every language: HIPAA asks it for English and the reason
(very old people are few) holds for Spanish and Swedish notes too. Ages in months, weeks or days
move by the same number of their own unit (at least 1). Decades (``40s``) and life stages without
a number (``recién nacido``, ``adolescente``) are kept: they name no age to shift.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache

from annotator.deid.surrogates.base import DocumentContext, Generator, Span
from annotator.errors import UnreadableValue, coded
from annotator.lang import LANGUAGES, alternation, by_language, en, es, sv, union, xx

# --------------------------------------------------------------------------------------------
# month names (annotator.lang), fillers and cues

_MONTHS_FULL = by_language("MONTHS")
_MONTHS_ABBR = by_language("MONTH_ABBREVIATIONS")
#: other spellings read as a month (written back in the standard form of their kind)
_MONTH_VARIANTS = by_language("MONTH_VARIANTS")
#: seasons in calendar order from winter (that of its January), per written form: the form
#: that reads a word writes its shifted season (``fall`` stays American, ``hösten`` definite)
_SEASON_FORMS = by_language("SEASONS")
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
_ROMAN_MONTH = {r: i + 1 for i, r in enumerate(_ROMAN)}
_LANGUAGES = tuple(LANGUAGES)


def _month_table(first: str) -> dict[str, tuple[int, str, str]]:
    """word -> (month, language, form), the languages after ``first`` only filling gaps."""
    table: dict[str, tuple[int, str, str]] = {}
    for lang in (first, *(lg for lg in _LANGUAGES if lg != first)):
        entries = [(w, (i + 1, lang, "full")) for i, w in enumerate(_MONTHS_FULL[lang])]
        entries += [(w, (i + 1, lang, "abbr")) for i, w in enumerate(_MONTHS_ABBR[lang])]
        entries += [(w, (m, lang, form)) for w, (m, form) in _MONTH_VARIANTS[lang].items()]
        for word, value in entries:
            table.setdefault(word, value)
    return table


_MONTH_TABLES = {lang: _month_table(lang) for lang in _LANGUAGES}


def _season_table(first: str) -> dict[str, tuple[str, int, int]]:
    """season word -> (language, form, season index), the languages after ``first`` and the forms
    after the first only filling gaps."""
    table: dict[str, tuple[str, int, int]] = {}
    for lang in (first, *(lg for lg in _LANGUAGES if lg != first)):
        for form, names in enumerate(_SEASON_FORMS[lang]):
            for i, word in enumerate(names):
                table.setdefault(word, (lang, form, i))
    return table


_SEASON_TABLES = {lang: _season_table(lang) for lang in _LANGUAGES}
#: words of a date surface that name no calendar date: weekdays, seasons, parts of the day,
#: relative days and their fillers (``el lunes``, ``last Monday``, ``i höstas``)
_UNDATED = union("UNDATED_WORDS")
_WORDS = re.compile(r"[^\W\d_]+")
_TIME_INTRO = union("TIME_INTROS")
_FILLERS = union("DATE_FILLERS")
_TIME_WORDS = union("TIME_WORDS")
_EN_SUFFIXES = en.ORDINAL_SUFFIXES
_ES_SUFFIXES = es.ORDINAL_SUFFIXES
_REFERENCE_YEAR = 2000  # leap: 29 February shifts too

_TOKEN = re.compile(r"(\d+)|([^\W\d_]+)|(\s+|[^\w\s]|_)")
_BIRTH_CUE = re.compile(
    rf"(?:{alternation('BIRTH_CUES')})[\s:.,;()\-]*(?:(?:{alternation('BIRTH_CUE_FILLERS')}|:)[\s:.,;()\-]*){{0,2}}$",
    re.IGNORECASE)
_BIRTH_WINDOW = 40
_COMPACT = re.compile(r"(\d{4})(\d\d)(\d\d)")
_WEEK = re.compile(rf"(\D*\b(?:{alternation('WEEK_WORDS')})\s*)(\d{{1,2}})(\D*)", re.IGNORECASE)
_RANGE = re.compile(rf"\s*(?:-|–|—|\b(?:{alternation('RANGE_WORDS')})\b)\s*")
_YEAR_ALONE = re.compile(r"\D*(?<!\d)(?:\d{4}|'\d\d)(?!\d)\D*")

NUM, WORD, SEP = 0, 1, 2


class _Token:
    __slots__ = ("kind", "text", "role", "value")

    def __init__(self, kind: int, text: str) -> None:
        self.kind, self.text, self.role, self.value = kind, text, "", 0


def _tokens(surface: str) -> list[_Token]:
    return [_Token(NUM if m.group(1) else WORD if m.group(2) else SEP, m.group(0))
            for m in _TOKEN.finditer(surface)]


def _case_like(template: str, word: str) -> str:
    """``word`` in the case pattern of ``template`` (``MARZO``, ``Marzo``, ``marzo``)."""
    if len(template) > 1 and template.isupper():
        return word.upper()
    if template[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _padded(value: int, original: str, pad: bool = False) -> str:
    """``value`` zero-padded to the original field's width where that field was padded (``04``,
    ``018``, or ``12`` when ``pad``: the other fields of the date are two wide), else unpadded."""
    return str(value).zfill(len(original)) if original.startswith("0") or pad else str(value)


def _ordinal_en(day: int) -> str:
    if 10 <= day % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _ordinal_sv(day: int) -> str:
    return "a" if day % 10 in (1, 2) and day % 100 not in (11, 12) else "e"


# --------------------------------------------------------------------------------------------
# reading a date surface


class _Reading:
    """The roles found in one surface: which tokens are the day, month(s) and year."""

    __slots__ = ("tokens", "day", "months", "year", "suffix")

    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens = tokens
        self.day: _Token | None = None
        self.months: list[_Token] = []
        self.year: _Token | None = None
        self.suffix: _Token | None = None


def _neighbour(tokens: list[_Token], i: int, step: int) -> int | None:
    """Index of the nearest number before (step -1) or after (+1) token ``i``, over separators
    and fillers (``de``, ``of``, ``the``, ordinal suffixes), else None."""
    j = i + step
    while 0 <= j < len(tokens):
        tok = tokens[j]
        if tok.kind == NUM:
            return j if not tok.role else None
        if tok.kind == WORD and tok.role != "suffix" and (tok.role or tok.text.casefold() not in _FILLERS):
            return None
        j += step
    return None


def _mark_times_and_suffixes(tokens: list[_Token], language: str) -> None:
    timed = False                       # after kl., a las, at, @: the numbers are a time
    for tok in tokens:
        if tok.kind == WORD:
            timed = tok.text.casefold() in _TIME_INTRO
        elif tok.kind == SEP:
            timed = timed or tok.text == "@"
        elif timed:
            tok.role = "time"
    for i, tok in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if tok.kind != NUM or nxt is None:
            continue
        after = tokens[i + 2] if i + 2 < len(tokens) else None
        if nxt.text == ":" and after is not None:
            if after.kind == NUM:
                tok.role = after.role = "time"
            elif after.kind == WORD and after.text in sv.ORDINAL_SUFFIXES and language == "sv":
                after.role = "suffix"
        elif nxt.kind == WORD:
            word = nxt.text.casefold()
            if word in _TIME_WORDS:
                tok.role = "time"
            elif word in _EN_SUFFIXES or nxt.text in _ES_SUFFIXES:
                nxt.role = "suffix"
        elif nxt.text.isspace() and after is not None and after.kind == WORD \
                and after.text.casefold() in _TIME_WORDS:
            tok.role = "time"


def _read(surface: str, language: str) -> _Reading | None:
    """The roles of the surface's tokens, or None when it has no date reading."""
    tokens = _tokens(surface)
    _mark_times_and_suffixes(tokens, language)
    reading = _Reading(tokens)
    table = _MONTH_TABLES.get(language, _MONTH_TABLES["es"])
    for i, tok in enumerate(tokens):
        if tok.kind != WORD or tok.role:
            continue
        entry = table.get(tok.text.casefold())
        if entry is not None:
            tok.role, tok.value = "mname", entry[0]
            reading.months.append(tok)
        elif tok.text.upper() in _ROMAN_MONTH and (tok.text.isupper() or tok.text.islower()) \
                and _neighbour(tokens, i, -1) is not None and _neighbour(tokens, i, 1) is not None:
            tok.role, tok.value = "roman", _ROMAN_MONTH[tok.text.upper()]
            reading.months.append(tok)
    numbers = [t for t in tokens if t.kind == NUM and t.role != "time"]
    if reading.months:
        return _read_named(reading, numbers, language)
    return _read_numeric(reading, numbers, language)


def _read_named(reading: _Reading, numbers: list[_Token], language: str) -> _Reading | None:
    tokens = reading.tokens
    years = [t for t in numbers if len(t.text) == 4]
    if len(years) > 1:
        return None
    reading.year = years[0] if years else None
    for month in reading.months:
        i = tokens.index(month)
        before, after = _neighbour(tokens, i, -1), _neighbour(tokens, i, 1)
        for j, is_after in ((before, False), (after, True)):
            if j is None or tokens[j] is reading.year or len(tokens[j].text) > 2:
                continue
            tok = tokens[j]
            if is_after and language != "en" and reading.year is None:
                tok.role, reading.year = "year", tok      # diciembre-99, sep-04, 12-oct-04
            elif reading.day is None and 1 <= int(tok.text) <= 31:
                tok.role, reading.day = "day", tok
            elif is_after and reading.year is None:
                tok.role, reading.year = "year", tok      # March 12th, 99
    if reading.day is not None and len(reading.months) > 1:
        return None
    if reading.year is not None:
        reading.year.role = "year"
    if any(not t.role for t in numbers):
        return None
    if reading.day is not None:
        reading.suffix = _suffix_of(tokens, reading.day)
    return reading


def _suffix_of(tokens: list[_Token], day: _Token) -> _Token | None:
    """The ordinal suffix token right after the day (``12th``, ``1º``, ``1:a``), if any."""
    at = tokens.index(day) + 1
    for tok in tokens[at:at + 2]:
        if tok.role == "suffix":
            return tok
    return None


def _valid(day: int, month: int, year: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def _full_year(tok: _Token) -> int:
    value = int(tok.text)
    if len(tok.text) == 4:
        return value
    return value + (2000 if value <= 30 else 1900)


def _read_numeric(reading: _Reading, numbers: list[_Token], language: str) -> _Reading | None:
    if len(numbers) == 1 and len(numbers[0].text) <= 2 and 1 <= int(numbers[0].text) <= 31:
        suffix = _suffix_of(reading.tokens, numbers[0])
        if suffix is not None:                                 # the 12th: a day alone
            numbers[0].role, reading.day, reading.suffix = "day", numbers[0], suffix
            return reading
        return None
    if not 2 <= len(numbers) <= 3 or any(len(t.text) > 4 for t in numbers):
        return None
    if len(numbers) == 2:
        a, b = numbers
        if len(b.text) == 4 or len(a.text) == 4:              # 03/2019, 2019-03
            month, year = (a, b) if len(b.text) == 4 else (b, a)
            if not 1 <= int(month.text) <= 12:
                return None
            month.role, month.value, year.role = "month", int(month.text), "year"
            reading.months, reading.year = [month], year
            return reading
        if len(b.text) == 2 and int(b.text) > 31 and 1 <= int(a.text) <= 12:    # 7/69: month and year
            a.role, a.value, b.role = "month", int(a.text), "year"
            reading.months, reading.year = [a], b
            return reading
        orders = ((b, a), (a, b)) if language == "en" else ((a, b), (b, a))
        for day, month in orders:
            if _valid(int(day.text), int(month.text), _REFERENCE_YEAR):
                day.role, month.role, month.value = "day", "month", int(month.text)
                reading.day, reading.months = day, [month]
                return reading
        return None
    a, b, c = numbers
    if len(a.text) == 4:
        orders = ((c, b, a),)                                  # 2019-03-12
    elif language == "en":
        orders = ((b, a, c), (a, b, c))
    else:
        orders = ((a, b, c), (b, a, c))
    for day, month, year in orders:
        if len(year.text) not in (2, 4) or len(day.text) > 2:
            continue
        if _valid(int(day.text), int(month.text), _full_year(year)):
            day.role, month.role, year.role = "day", "month", "year"
            month.value = int(month.text)
            reading.day, reading.months, reading.year = day, [month], year
            return reading
    return None


# --------------------------------------------------------------------------------------------
# writing the shifted date


def _month_word(tok: _Token, month: int, language: str) -> str:
    if tok.role == "roman":
        roman = _ROMAN[month - 1]
        return roman if tok.text.isupper() else roman.lower()
    _, lang, form = _MONTH_TABLES.get(language, _MONTH_TABLES["es"])[tok.text.casefold()]
    names = _MONTHS_FULL[lang] if form == "full" else _MONTHS_ABBR[lang]
    return _case_like(tok.text, names[month - 1])


def _set_month(tok: _Token, month: int, language: str) -> None:
    if tok.role == "month":
        tok.text = _padded(month, tok.text, len(tok.text) > 1)
    else:
        tok.text = _month_word(tok, month, language)


def _set_year(tok: _Token | None, year: int) -> None:
    if tok is not None:
        tok.text = str(year) if len(tok.text) == 4 else f"{year % 100:02d}"


def _add_months(year: int, month: int, months: int) -> tuple[int, int]:
    index = year * 12 + month - 1 + months
    return index // 12, index % 12 + 1


def _season(surface: str, language: str) -> tuple[list[_Token], _Token, _Token] | None:
    """The tokens of a surface of one season word and one year (four digits, or two), no month
    name and no other number but times, with the season's and the year's token; else None."""
    tokens = _tokens(surface)
    table = _SEASON_TABLES[language]
    seasons = [t for t in tokens if t.kind == WORD and t.text.casefold() in table]
    if len(seasons) != 1 or any(t.kind == WORD and t.text.casefold() in _MONTH_TABLES[language] for t in tokens):
        return None
    _mark_times_and_suffixes(tokens, language)
    numbers = [t for t in tokens if t.kind == NUM and t.role != "time"]
    if len(numbers) != 1 or len(numbers[0].text) not in (2, 4):
        return None
    return tokens, seasons[0], numbers[0]


@lru_cache(maxsize=8192)
def _parse(surface: str, language: str) -> tuple | None:
    """What the surface says, or None: ``("full", d, m, y, has_year)``, ``("months", [m...], y)``,
    ``("year",)``; cached per surface, as most dates repeat a format."""
    reading = _read(surface, language)
    if reading is None:
        return ("year",) if _YEAR_ALONE.fullmatch(surface) else None
    if reading.day is not None and not reading.months:
        return ("day", int(reading.day.text))
    if reading.day is not None:
        year = _full_year(reading.year) if reading.year is not None else None
        return ("full", int(reading.day.text), reading.months[0].value, year)
    return ("months", tuple(t.value for t in reading.months),
            _full_year(reading.year) if reading.year is not None else None)


def birth_shift_days(ctx: DocumentContext) -> int:
    """How far a birth date moves: the day shift minus ``age_shift_years`` years, in whole weeks
    (weekday kept), never zero; ages move by ``+age_shift_years``, so they still match."""
    weeks = round(abs(ctx.age_shift_years) * 365.2425 / 7)
    days = ctx.date_shift_days + (-7 * weeks if ctx.age_shift_years > 0 else 7 * weeks)
    return days or (-7 if ctx.age_shift_years > 0 else 7)


class _DateGenerator:
    """Shifts each date of one document (see the module's docstring)."""

    def __init__(self, ctx: DocumentContext) -> None:
        self.ctx = ctx
        self.language = ctx.language if ctx.language in _LANGUAGES else "es"
        self._reference: tuple[int, int] | None = None

    @property
    def reference(self) -> tuple[int, int]:
        """The year and month of the document's first full date, else January of the leap year 2000."""
        if self._reference is None:
            self._reference = (_REFERENCE_YEAR, 1)
            for span in self.ctx.spans:
                if span.kind == "date":
                    parsed = _parse(self.ctx.surface(span), self.language)
                    if parsed and parsed[0] == "full" and parsed[3] is not None:
                        self._reference = (parsed[3], parsed[2])
                        break
        return self._reference

    def _is_birth(self, span: Span) -> bool:
        left = self.ctx.text[max(0, span.start - _BIRTH_WINDOW):span.start]
        return _BIRTH_CUE.search(left) is not None

    def __call__(self, span: Span) -> str:
        surface = self.ctx.surface(span)
        birth = self._is_birth(span)
        key = ("date", f"{surface}\x00{int(birth)}")
        cached = self.ctx.cache.get(key)
        if cached is None:
            cached = self.ctx.cache[key] = self._shift(surface, birth)
        return cached

    def _shift(self, surface: str, birth: bool) -> str:
        season = _season(surface, self.language)
        if season is not None:
            return self._shift_season(*season, birth)
        parsed = _parse(surface, self.language)
        if parsed is None:
            return self._other(surface, birth)
        if parsed[0] == "year":
            return surface
        reading = _read(surface, self.language)  # fresh tokens to rewrite (the parse is cached)
        assert reading is not None
        if parsed[0] == "day":
            year, month = self.reference
            month = month if _valid(parsed[1], month, year) else 1
            self._shift_full(reading, ("full", parsed[1], month, None), birth)
        elif parsed[0] == "full":
            self._shift_full(reading, parsed, birth)
        else:
            self._shift_months(reading, parsed, birth)
        return "".join(t.text for t in reading.tokens)

    def _other(self, surface: str, birth: bool) -> str:
        """A compact date (``20190312``), a week number (``v. 12``, ``semana 12``) or a range of two
        dates (``3/12-3/15``, ``12 al 15 de marzo``); else the conservative replacement."""
        days = birth_shift_days(self.ctx) if birth else self.ctx.date_shift_days
        if (match := _COMPACT.fullmatch(surface)) is not None:
            year, month, day = (int(g) for g in match.groups())
            if 1800 <= year <= 2200 and _valid(day, month, year):
                return (date(year, month, day) + timedelta(days=days)).strftime("%Y%m%d")
        if (match := _WEEK.fullmatch(surface)) is not None and 1 <= int(match.group(2)) <= 53:
            week = (int(match.group(2)) - 1 + days // 7) % 52 + 1
            return match.group(1) + _padded(week, match.group(2)) + match.group(3)
        for match in _RANGE.finditer(surface):
            left, right = surface[:match.start()], surface[match.end():]
            after = _parse(right, self.language)
            if after is None or after[0] == "year" or not left.strip():
                continue
            if left.isdigit() and after[0] == "full" and 1 <= int(left) <= 31:   # 12 al 15 de marzo
                base = after[3] or self.reference[0]
                if _valid(int(left), after[2], base):
                    moved = date(base, after[2], int(left)) + timedelta(days=days)
                    return _padded(moved.day, left) + match.group(0) + self._shift(right, birth)
            if _parse(left, self.language) is not None:
                return self._shift(left, birth) + match.group(0) + self._shift(right, birth)
        return _scrambled(self.ctx, surface)

    def _shift_full(self, reading: _Reading, parsed: tuple, birth: bool) -> None:
        _, day, month, year = parsed
        days = birth_shift_days(self.ctx) if birth else self.ctx.date_shift_days
        base_year = year if year is not None else self.reference[0]
        if not _valid(day, month, base_year):
            base_year = _REFERENCE_YEAR
        new = date(base_year, month, day) + timedelta(days=days)
        assert reading.day is not None
        numeric = bool(reading.months) and reading.months[0].role == "month"
        pad = numeric and len(reading.day.text) > 1 and len(reading.months[0].text) > 1
        reading.day.text = _padded(new.day, reading.day.text, pad)
        if reading.suffix is not None:
            fresh = _ordinal_sv(new.day) if reading.suffix.text in sv.ORDINAL_SUFFIXES else (
                _case_like(reading.suffix.text, _ordinal_en(new.day))
                if reading.suffix.text.casefold() in _EN_SUFFIXES else reading.suffix.text)
            reading.suffix.text = fresh
        if reading.months:
            _set_month(reading.months[0], new.month, self.language)
        if year is not None:
            _set_year(reading.year, new.year)

    def _shift_season(self, tokens: list[_Token], season: _Token, year: _Token, birth: bool) -> str:
        """A season and a year moved by the month shift in whole seasons, never by none."""
        months = self.ctx.month_shift - (12 * self.ctx.age_shift_years if birth else 0)
        seasons = round(months / 3) or (1 if months > 0 else -1)
        language, form, index = _SEASON_TABLES[self.language][season.text.casefold()]
        new_year, new_index = divmod(_full_year(year) * 4 + index + seasons, 4)
        season.text = _case_like(season.text, _SEASON_FORMS[language][form][new_index])
        _set_year(year, new_year)
        return "".join(t.text for t in tokens)

    def _shift_months(self, reading: _Reading, parsed: tuple, birth: bool) -> None:
        _, months, year = parsed
        shift = self.ctx.month_shift - (12 * self.ctx.age_shift_years if birth else 0)
        if shift == 0 or (year is None and shift % 12 == 0):
            shift -= 1 if shift > 0 or birth else -1      # the month must change
        new_year = year
        for tok, month in zip(reading.months, months):
            new_year, new_month = _add_months(year or _REFERENCE_YEAR, month, shift)
            _set_month(tok, new_month, self.language)
        if year is not None:
            _set_year(reading.year, new_year)


def _scrambled(ctx: DocumentContext, surface: str) -> str:
    """The conservative replacement of an unreadable date: keyed digits in the same places; a
    surface of weekdays, seasons and relative words only is kept (whole-week shifts keep weekdays)."""
    if not any(c.isdigit() for c in surface):
        if all(w.casefold() in _UNDATED for w in _WORDS.findall(surface)):
            return surface
        raise UnreadableValue(coded("E750", surface=surface))
    rng = ctx.random("date-digits", surface)
    while True:
        out = "".join(str(rng.randrange(10)) if c.isdigit() else c for c in surface)
        if out != surface:
            return out


# --------------------------------------------------------------------------------------------
# ages

#: a unit word of any language -> its unit (``años`` -> ``years``)
_UNIT_OF = {w: unit for units in (*by_language("AGE_UNITS").values(), xx.AGE_UNITS)
            for unit, words in units.items() for w in words}


def _in_words(n: int, language: str) -> str:
    """``n`` (0 to 100) in words: ``cuarenta y cinco``, ``forty-five``, ``fyrtiofem``."""
    words = LANGUAGES[language]
    if n == 100:
        return words.HUNDRED
    if n < len(words.NUMBER_UNITS):
        return words.NUMBER_UNITS[n]
    return words.NUMBER_TENS[n // 10] + (words.NUMBER_JOINER + words.NUMBER_UNITS[n % 10] if n % 10 else "")


def _word_numbers(language: str) -> dict[str, int]:
    table = {_in_words(n, language): n for n in range(101)}
    if language == "es":
        table.update(es.NUMBER_VARIANTS)
        one = es.ONE_BEFORE_UNIT["masculine"]
        table.update({es.NUMBER_TENS[n // 10] + es.NUMBER_JOINER + one: n for n in range(31, 100) if n % 10 == 1})
    elif language == "en":
        table.update({w.replace(en.NUMBER_JOINER, " "): n for w, n in list(table.items()) if en.NUMBER_JOINER in w})
        table.update(en.NUMBER_VARIANTS)
    else:
        table.update(sv.NUMBER_VARIANTS)
    return table


_ORDINALS = by_language("ORDINALS")


def _ordinal_words(language: str) -> dict[str, int]:
    table = {w: i + 1 for i, w in enumerate(_ORDINALS[language])}
    if language == "es":
        table.update({w[:-1] + "a": n for w, n in list(table.items())})   # cuarta semana
        table.update(es.ORDINAL_VARIANTS)
    return table


def _in_ordinal_words(n: int, language: str, template: str, before_unit: bool = False) -> str:
    """``n`` as an ordinal like ``template`` (its gender and, in Spanish, the apocope of a masculine
    one written so or ``before_unit``, a unit word: ``cuarto mes`` -> ``primer mes``); digits past 10."""
    if n > 10:
        return f"{n}" + {"es": "º", "en": _ordinal_en(n), "sv": ":" + _ordinal_sv(n)}[language]
    word = _ORDINALS[language][n - 1]
    if language == "es":
        if template.casefold().endswith("a"):
            word = word[:-1] + "a"
        elif (template.casefold() in es.ORDINAL_APOCOPES or before_unit) and n in es.ORDINAL_APOCOPES.values():
            word = word[:-1]
    return word


_WORD_NUMBERS = {lang: _word_numbers(lang) for lang in _LANGUAGES}
_ORDINAL_NUMBERS = {lang: _ordinal_words(lang) for lang in _LANGUAGES}


@lru_cache(maxsize=None)
def _word_number_re(language: str) -> re.Pattern:
    """Numbers and ordinals written in words (made on first use: most ages are digits)."""
    words = {**_WORD_NUMBERS[language], **_ORDINAL_NUMBERS[language]}
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")\b",
                      re.IGNORECASE)


_AGE_NUMBER = re.compile(r"\d+")
_DECADE = re.compile(r"\d0'?s\b")
_AFTER_NUMBER = re.compile(r"[\s\-]*([^\W\d_]+)")


#: singular and plural of the unit words whose form follows the number
_NUMBER_FORMS = {w: plural for forms in by_language("UNIT_PLURALS").values() for w, plural in forms.items()}
_OLD = re.compile(rf"[\s\-]*{en.AGE_ADJECTIVE}\b", re.IGNORECASE)
_SINGULAR = {plural: singular for singular, plural in _NUMBER_FORMS.items()}


def _agreeing(rest: str, number: int) -> str:
    """The text after a shifted number with its unit word in the number's form (``1 año``, ``3 años``)."""
    match = _AFTER_NUMBER.match(rest)
    if match is None:
        return rest
    word = match.group(1)
    if _OLD.match(rest, match.end(1)):
        return rest                                       # forty-five-year-old: no plural
    forms = _SINGULAR if number == 1 else _NUMBER_FORMS
    fresh = forms.get(word.casefold())
    if fresh is None:
        return rest
    return rest[:match.start(1)] + _case_like(word, fresh) + rest[match.end(1):]


def _unit_after(surface: str, end: int) -> str:
    match = _AFTER_NUMBER.match(surface, end)
    return _UNIT_OF.get(match.group(1).casefold(), "") if match else ""


class _AgeGenerator:
    """Shifts each age of one document by ``ctx.age_shift_years`` (see the module's docstring)."""

    def __init__(self, ctx: DocumentContext) -> None:
        self.ctx = ctx
        self.language = ctx.language if ctx.language in _LANGUAGES else "es"

    def __call__(self, span: Span) -> str:
        surface = self.ctx.surface(span)
        key = ("age", surface)
        cached = self.ctx.cache.get(key)
        if cached is None:
            cached = self.ctx.cache[key] = self._shift(surface)
        return cached

    def _shift(self, surface: str) -> str:
        if _DECADE.search(surface):
            return surface                          # in her 40s, los 40s: a decade, kept
        numbers = [(m, False) for m in _AGE_NUMBER.finditer(surface)]
        if not numbers:
            numbers = [(m, True) for m in _word_number_re(self.language).finditer(surface)]
        if not numbers:
            return surface          # a life stage (recién nacido, adolescente): no age to shift
        units = [_unit_after(surface, m.end()) for m, _ in numbers]
        pick = next((i for i, u in enumerate(units) if u == "years"), 0)
        match, in_words = numbers[pick]
        text = match.group(0)
        folded = text.casefold()
        ordinal = in_words and folded in _ORDINAL_NUMBERS[self.language]
        value = (_ORDINAL_NUMBERS[self.language][folded] if ordinal else
                 _WORD_NUMBERS[self.language][folded] if in_words else int(text))
        shift = self.ctx.age_shift_years
        in_years = units[pick] in ("years", "")
        new = value + shift
        if new < (0 if in_years and not ordinal else 1):
            new = value + abs(shift)
        if in_years and (value > 89 or new > 89):
            fresh = "90+"
        elif ordinal:
            fresh = _case_like(text, _in_ordinal_words(new, self.language, text, bool(units[pick])))
        elif in_words and new <= 100:
            word = _in_words(new, self.language)
            if new == 1 and self.language == "es":        # un año, una semana
                after = surface[match.end():].casefold()
                word = es.ONE_BEFORE_UNIT["feminine" if any(u in after for u in es.FEMININE_UNITS) else "masculine"]
            fresh = _case_like(text, word)
        else:
            fresh = str(new) if in_words else _padded(new, text)
        rest = surface[match.end():]
        return surface[:match.start()] + fresh + (rest if ordinal else _agreeing(rest, new))


def _make_dates(ctx: DocumentContext) -> Generator:
    return _DateGenerator(ctx)


def _make_ages(ctx: DocumentContext) -> Generator:
    return _AgeGenerator(ctx)


FACTORIES = {"date": _make_dates, "age": _make_ages}
