"""Surrogate places: municipalities, postcodes, countries, streets and care units.

* ``place``: a municipality (also one that shares its name with its province, ``Madrid``) becomes
  another of the same Spanish province (else the same region: autonomous community, län, state;
  else the same country; else, for a city-state, a city of the same continent); a city abroad,
  also by another name (``Oporto``, ``Londres``: ``world/city_names.tsv``), becomes another of its
  country; a name that is only a province, region or continent, at home or abroad (``Baviera``),
  is kept (Dalianis 2019: it names no one); a postcode (digits only) becomes one of the province of the municipality
  that replaced its neighbour (Spanish postcodes start with the INE province code), else keeps its
  leading digits (Spanish province, Swedish postal area, US 3-digit ZIP: HIPAA's safe-harbour prefix)
  and the rest is keyed, with its shape kept; a place in no list becomes a place of the language's
  main country.
* ``country``: another country of the same continent, named in the document's language.
* ``street``: another street name, with the street type word kept (``C/``, ``Avda.``, ``Street``,
  ``-gatan``) and the number's shape kept (digits keyed, ``s/n`` kept); the words after the name
  and a number (``3º izquierda``, ``Esc. B``) are kept.
* ``hospital``: a generic unit of the same kind: the words that say the kind (``Hospital
  Universitario``, ``Centro de Salud``, ``Vårdcentralen``, ``Memorial Hospital``, ``-sjukhuset``)
  are kept and the name is replaced (by a municipality where it is one: ``Complejo Hospitalario de
  Albacete``, the same municipality the place generator gives: choices are shared through ``ctx.cache``);
  a name made of kind words only (``Hospital General``, ``Memorial Hospital``) keeps all but its last
  (English: first) and gets a name there, so the original does not stay in the text; an
  institution that is no care unit and has no kind word (a maker: ``Merck``) becomes another
  maker of medicines or devices.

Every choice is keyed on the normalised value (one surrogate per value in a document, the same in
every document under one key), never equals a real place of the document, and keeps the case
pattern of the original.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Callable, NamedTuple

import regex

from annotator.deid.surrogates.base import DocumentContext, Factory, Span, normalised
from annotator.deid.surrogates.casing import match_case
from annotator.deid.surrogates.pools import Pool, RealValues, check_language, fold, pool, rows, table
from annotator.lang import union

MAIN_COUNTRY = {"es": "ES", "en": "US", "sv": "SE"}
POSTCODE_PREFIX = {"es": 2, "en": 3, "sv": 2}  # leading digits kept when no new province is known
_POSTCODE = regex.compile(r"^\d[\d ]*\d$")
_NEIGHBOUR = 40  # characters between a postcode and the municipality it goes with


class _City(NamedTuple):
    name: str
    country: str
    region: str
    province: str


@lru_cache(maxsize=None)
def _cities() -> tuple[dict[str, list[tuple[str, ...]]], dict[tuple[str, ...], list[int]]]:
    """Normalised name -> the rows of the places of that name (biggest first); and the row numbers
    of the places of each (country, region, province). One pass over the list; the pools of larger
    groups and the :class:`_City` records are made only when asked for (:func:`_group`, :func:`_named`)."""
    by_name: dict[str, list[tuple[str, ...]]] = {}
    provinces: dict[tuple[str, ...], list[int]] = {}
    for i, row in enumerate(rows("world", "cities.tsv")):
        by_name.setdefault(normalised(row[0]), []).append(row)
        provinces.setdefault(row[1:4], []).append(i)
    return by_name, provinces


def _named(key: str) -> list[_City]:
    """The listed places whose normalised name (else other name: ``Oporto``) is ``key``, biggest first."""
    found = _cities()[0].get(key)
    if found is None and key in _other_names():
        country, name = _other_names()[key]
        found = [row for row in _cities()[0].get(normalised(name), ()) if row[1] == country]
    return [_City(*row[:4]) for row in found or ()]


@lru_cache(maxsize=None)
def _other_names() -> dict[str, tuple[str, str]]:
    """Normalised other name of a city abroad -> (country, its listed name)."""
    return {fold(row[0]): (row[1], row[2]) for row in rows("world", "city_names.tsv")}


@lru_cache(maxsize=None)
def _continent_pool(country: str) -> Pool:
    """The places of the continent of ``country`` (ISO code), drawn by population."""
    continents = {row[2]: row[1] for lang in ("es", "en", "sv") for row in rows(lang, "countries.tsv")}
    cities = rows("world", "cities.tsv")
    found = [row for row in cities if continents.get(row[1]) == continents.get(country, "")]
    return Pool([row[0] for row in found], [float(row[4]) for row in found])


@lru_cache(maxsize=None)
def _group(group: tuple[str, ...]) -> tuple[int, ...]:
    """The row numbers, in list order, of the places of a (country,), (country, region) or
    (country, region, province)."""
    provinces = _cities()[1]
    if len(group) == 3:
        return tuple(provinces.get(group, ()))
    return tuple(sorted(i for key in _provinces_of().get(group, ()) for i in provinces[key]))


@lru_cache(maxsize=None)
def _provinces_of() -> dict[tuple[str, ...], list[tuple[str, ...]]]:
    """(country,) and (country, region) -> the (country, region, province) keys in them."""
    found: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for key in _cities()[1]:
        found.setdefault(key[:1], []).append(key)
        found.setdefault(key[:2], []).append(key)
    return found


@lru_cache(maxsize=None)
def _pool(group: tuple[str, ...]) -> Pool:
    """The places of a group, drawn by population: a surrogate town is as likely as a patient
    living there (and as well known)."""
    cities = rows("world", "cities.tsv")
    found = [cities[i] for i in _group(group)]
    return Pool([row[0] for row in found], [float(row[4]) for row in found])


@lru_cache(maxsize=None)
def _regions() -> frozenset[str]:
    return frozenset(fold(row[0]) for row in rows("world", "regions.tsv"))


@lru_cache(maxsize=None)
def _countries(language: str) -> tuple[dict[str, tuple[str, str]], dict[str, Pool]]:
    """Normalised country name (in any shipped language) -> (continent, ISO code); drawable names of
    ``language`` per continent (and all of them under "")."""
    known = {fold(row[0]): (row[1], row[2]) for lang in ("es", "en", "sv") for row in rows(lang, "countries.tsv")}
    drawn: dict[str, list[str]] = defaultdict(list)
    for name, continent, _code, pool in rows(language, "countries.tsv"):
        if pool == "1":
            drawn[continent].append(name)
            drawn[""].append(name)
    return known, {continent: Pool(names) for continent, names in drawn.items()}


class _Keyed:
    """One document's keyed choices of one kind: one surrogate per normalised value, never one that
    contains a real value of the document (:class:`RealValues`) nor a surrogate already given to
    another value."""

    def __init__(self, ctx: DocumentContext, kind: str) -> None:
        self.ctx, self.kind, self.real = ctx, kind, RealValues.of(ctx)
        self.chosen = ctx.cache  # shared by the generators of the document: a city in a hospital's name
        self.given: dict[str, str] = {}

    def choose(self, key: str, pool: Pool, *more: Pool, scope: tuple[str, ...] = (),
               reject: Callable[[str], bool] = lambda value: False) -> str:
        """The surrogate of ``key`` from ``pool`` (else from the first of ``more`` that has one), never
        a value ``reject`` rejects (one that names the same thing: ``Estados Unidos`` for ``EE.UU.``;
        a town that reads as a street type: ``Ronda``)."""
        slot = (self.kind, key)
        if slot not in self.chosen:
            def accept(value: str) -> bool:
                folded = fold(value)
                return f" {key} " not in f" {folded} " and not self.real.within(value) \
                    and self.given.get(folded, key) == key and not reject(value)

            for candidates in (pool, *more):
                value = candidates.pick(self.ctx.random(self.kind, *scope, key), accept)
                if accept(value):
                    break
            self.chosen[slot] = value
            self.given[fold(value)] = key
        return self.chosen[slot]


class PlaceGenerator:
    """Municipalities, postcodes and other places (see the module docstring)."""

    def __init__(self, ctx: DocumentContext) -> None:
        self.ctx = ctx
        self.language = check_language(ctx.language)
        self.keyed = _Keyed(ctx, "place")
        self.countries = CountryGenerator(ctx)
        self.places = [span for span in ctx.spans if span.kind == "place"]

    def __call__(self, span: Span) -> str:
        surface = self.ctx.surface(span)
        if _POSTCODE.match(surface):
            return self._postcode(span, surface)
        return self.city(surface)[0]

    def city(self, surface: str) -> tuple[str, _City | None]:
        """The surrogate of a place name, and the listed place the surrogate names (None where the
        original is no listed municipality)."""
        key = fold(surface)
        found = _named(key)
        if key in _regions() and not found:
            return surface, None
        if not found and key in _countries(self.language)[0]:
            return self.countries.country(surface), None
        main = MAIN_COUNTRY[self.language]
        city = next((c for c in found if c.country == main), found[0] if found else None)
        groups = [(city.country, city.region, city.province), (city.country, city.region), (city.country,)] \
            if city else [(main,)]
        pools = [_pool(g) for g in groups if len(_group(g)) > 3 or g == groups[-1]]
        if city:  # a city-state has no other city of its country
            pools.append(_continent_pool(city.country))
        street_types = table(self.language, "street_types.tsv")
        name = f" {fold(city.name)} " if city else ""
        same = {row[1:] for row in _cities()[0].get(name.strip(), ())}

        def reject(value: str) -> bool:  # a street type (Ronda); the same place by another name (Wien, Lyon 06)
            folded = fold(value)
            return folded in street_types or bool(name) and name in f" {folded} " \
                or any(row[1:] in same for row in _cities()[0].get(folded, ()))

        value = self.keyed.choose(key, *pools, reject=reject)
        return match_case(value, surface), self._place(value, city) if city else None

    @staticmethod
    def _place(name: str, near: _City | None) -> _City | None:
        """The listed place ``name`` (the one in the region of ``near`` where several have that name)."""
        found = _named(fold(name))
        same = [c for c in found if near and (c.country, c.region) == (near.country, near.region)]
        return (same or found or [None])[0]

    def _postcode(self, span: Span, surface: str) -> str:
        """One surrogate per postcode in the document: the first mention's (next to its municipality)."""
        digits = [c for c in surface if c.isdigit()]
        slot = ("postcode", "".join(digits))
        if slot not in self.ctx.cache:
            self.ctx.cache[slot] = self._new_postcode(span, digits)
        out = iter(self.ctx.cache[slot])
        return "".join(next(out) if c.isdigit() else c for c in surface)

    def _new_postcode(self, span: Span, digits: list[str]) -> str:
        keep = POSTCODE_PREFIX[self.language]
        prefix = "".join(digits[:keep])
        new_place = self._neighbour_place(span)
        if self.language == "es" and new_place is not None and new_place.province and len(digits) == 5:
            prefix = new_place.province
        rng = self.ctx.random("postcode", prefix, "".join(digits))
        for _ in range(10):  # never the original, nor another real value of the document
            new = prefix + "".join(str(rng.randrange(10)) for _ in digits[len(prefix):])
            if new != "".join(digits) and not self.keyed.real.within(new):
                break
        return new

    def _neighbour_place(self, span: Span) -> _City | None:
        """The municipality that replaced the place named next to this postcode, if any."""
        near = [s for s in self.places if s is not span and not _POSTCODE.match(self.ctx.surface(s))
                and (0 <= span.start - s.end <= _NEIGHBOUR or 0 <= s.start - span.end <= _NEIGHBOUR)]
        for other in sorted(near, key=lambda s: min(abs(span.start - s.end), abs(s.start - span.end))):
            place = self.city(self.ctx.surface(other))[1]
            if place is not None:
                return place
        return None


class CountryGenerator:
    """Another country of the same continent, named in the document's language."""

    def __init__(self, ctx: DocumentContext) -> None:
        self.language = check_language(ctx.language)
        self.keyed = _Keyed(ctx, "country")

    def __call__(self, span: Span) -> str:
        return self.country(self.keyed.ctx.surface(span))

    def country(self, surface: str) -> str:
        known, pools = _countries(self.language)
        key = fold(surface)
        continent, code = known.get(key, ("", ""))
        pool = pools[continent] if continent in pools and len(pools[continent]) > 1 else pools[""]
        value = self.keyed.choose(key, pool, reject=lambda value: code != "" and known[fold(value)][1] == code)
        return value if _abbreviation(surface) else match_case(value, surface)


def _abbreviation(surface: str) -> bool:
    """``EE.UU.``, ``USA``: replaced by a name as it is spelled, not in capitals."""
    return "." in surface or len(surface) <= 3


# "s/n" (no number); "C/Choupana": the type, then the name; else a word
_STREET_TOKEN = regex.compile(r"(?i:s/n)\b|\p{L}{1,2}/(?=\p{L})|[^\s,;]+")
_NUMBER = regex.compile(r"\d|^s/n$|^s\.n\.?$", regex.IGNORECASE)


class StreetGenerator:
    """Another street name with the street type word and the number's shape kept."""

    def __init__(self, ctx: DocumentContext) -> None:
        self.ctx = ctx
        language = check_language(ctx.language)
        self.types = table(language, "street_types.tsv")
        self.attached = _endings(language, "street_types.tsv")
        self.pool = pool(language, "streets.tsv")
        self.keyed = _Keyed(ctx, "street")

    def __call__(self, span: Span) -> str:
        surface = self.ctx.surface(span)
        tokens = list(_STREET_TOKEN.finditer(surface))
        kinds = [self._kind(m.group()) for m in tokens]
        out, at, i, named = [], 0, 0, False
        while i < len(tokens):
            if kinds[i] == "number":
                out += [surface[at:tokens[i].start()], self._number(tokens[i].group())]
                at = tokens[i].end()
                if named:  # after the street's name and number come floor and door words: kept
                    kinds[i + 1:] = ["number" if k == "number" else "kept" for k in kinds[i + 1:]]
            elif kinds[i] == "name":
                named = True
                j = i
                while j + 1 < len(tokens) and kinds[j + 1] == "name":
                    j += 1
                name = surface[tokens[i].start():tokens[j].end()]
                out += [surface[at:tokens[i].start()], self._name(name)]
                at, i = tokens[j].end(), j
            i += 1
        return "".join(out) + surface[at:]

    def _kind(self, token: str) -> str:
        if _NUMBER.search(token):
            return "number"
        return "type" if fold(token) in self.types else "name"

    def _name(self, name: str) -> str:
        key = fold(name)
        suffix = next((s for s in self.attached if key.endswith(s) and len(key) > len(s)), "")
        if suffix:  # Storgatan -> Kyrkogatan
            stem = self.keyed.choose(key[:-len(suffix)], self.pool, scope=("stem",))
            return match_case(stem + name[len(name) - len(suffix):], name)
        return match_case(self.keyed.choose(key, self.pool), name)

    def _number(self, token: str) -> str:
        """Digits keyed (no leading zero where there was none), letters and separators kept; s/n kept."""
        if not any(c.isdigit() for c in token):
            return token
        rng = self.ctx.random("street-number", token)
        out = []
        for i, c in enumerate(token):
            if c.isdigit():
                first = i == 0 or not token[i - 1].isdigit()
                out.append(str(rng.randrange(1 if first and c != "0" else 0, 10)))
            else:
                out.append(c)
        return "".join(out)


_UNIT_TOKEN = regex.compile(r"\S+")
INSTITUTION_TYPES = {"INSTITUCION", "ORGANIZATION", "COMPANY"}  # tag-set types of hospital kind that are no care unit
_PARTICLES = union("INSTITUTION_LINKS")


@lru_cache(maxsize=None)
def _endings(language: str, name: str) -> tuple[str, ...]:
    """The words of a list that may end a compound (``Storgatan``, ``Södersjukhuset``), longest first:
    a street type marked ``attached``, any unit word of five letters or more."""
    found = [word for word, rest in table(language, name).items()
             if (rest[0] == "attached" if rest else len(word) >= 5)]
    return tuple(sorted(found, key=len, reverse=True))


class HospitalGenerator:
    """A generic care unit or institution of the same kind (see the module docstring)."""

    def __init__(self, ctx: DocumentContext) -> None:
        self.ctx = ctx
        self.language = check_language(ctx.language)
        self.words = table(self.language, "unit_words.tsv")
        self.endings = _endings(self.language, "unit_words.tsv")
        self.pool = pool(self.language, "unit_names.tsv")
        self.keyed = _Keyed(ctx, "hospital")
        self.places = PlaceGenerator(ctx)

    def __call__(self, span: Span) -> str:
        surface = self.ctx.surface(span)
        tokens = list(_UNIT_TOKEN.finditer(surface))
        kind = [fold(m.group().strip(",.;:()")) in self.words for m in tokens]
        head = next((i for i, k in enumerate(kind) if not k), len(tokens))
        tail = next((i for i in range(len(tokens), head, -1) if not kind[i - 1]), head)
        ending = next((e for e in self.endings if len(tokens) == 1 and fold(surface).endswith(e)
                       and len(surface) - len(e) >= 3), "")
        if ending:  # Södersjukhuset -> Ekdalensjukhuset
            return self._name(surface[:-len(ending)], fold(surface)) + surface[-len(ending):]
        if head == 0 and tail == len(tokens) and span.type.upper() in INSTITUTION_TYPES:  # "Merck" -> "Bayer"
            return match_case(self.keyed.choose(fold(surface), pool("world", "institutions.tsv"), scope=("institution",)), surface)
        if head == len(tokens):  # only kind words: the last (English: first) gives way to a name
            name = self._name(surface, fold(surface))
            if len(tokens) == 1:
                return f"{name} {surface}" if self.language == "en" else f"{surface} {name}"
            if self.language == "en":  # "Memorial Hospital" -> "Riverside Hospital"
                return name + surface[tokens[0].end():]
            kept = surface[:tokens[-1].start()].rstrip()  # "Hospital General" -> "Hospital San Rafael"
            while kept and fold(kept.split()[-1]) in _PARTICLES:  # "Facultad de Medicina" -> "Facultad X"
                kept = kept[:kept.rfind(" ")].rstrip() if " " in kept else ""
            return f"{kept} {name}" if kept else name
        start, end = tokens[head].start(), tokens[tail - 1].end()
        middle = surface[start:end]
        return surface[:start] + self._name(middle, fold(surface)) + surface[end:]

    def _name(self, middle: str, key: str) -> str:
        if fold(middle) in _cities()[0]:
            return self.places.city(middle)[0]
        return match_case(self.keyed.choose(key, self.pool), middle)


FACTORIES: dict[str, Factory] = {"place": PlaceGenerator, "country": CountryGenerator,
                                 "street": StreetGenerator, "hospital": HospitalGenerator}
