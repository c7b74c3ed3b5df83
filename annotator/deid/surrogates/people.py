"""Surrogate people: names that keep gender and stay consistent per person, and professions.

A name span is cut into tokens; titles (``Dr.``, ``Sra.``), particles (``de la``, ``del``, ``y``),
kinship and sex words (``madre``, ``her husband``: they name no one; in a relative's or other
person's span, any lower-case word in no name list: ``tres hermanos``), a possessive ``'s`` and all
separators are kept (a span of such words only comes back unchanged), and each name token is
mapped to a surrogate token of its class: first name (of the person's gender) or surname. The
map is per document and keyed (``ctx.random`` on the class, gender and normalised token), so
``Dr. Ana García Ruiz`` ... ``la Dra. García`` ... ``Ana`` get one surrogate everywhere, and the same one in every document under one key. Initials become
the initial of the surrogate of the name they abbreviate where the document spells it out next to
the same other tokens, else a keyed initial. Surrogates never equal a real name token of the
document, nor a surrogate already given to another token (the next candidate in keyed order is
taken), nor one that contains a real value of any kind of the document (a surname ``Toledo`` where
the document names the town).

The generator reads all name spans of the document when it is made, fullest mentions first, so a
lone ``García`` is known as a surname and ``A.`` as ``Ana`` even when the full mention comes later;
a token keeps the class (and a first name the gender) it got first.

Gender of a first name: the language's list (``f``/``m`` where one sex holds >= 90%, else ``n``);
where the name is neutral or in no list, a gendered title or kinship word next to it (``su hermano
Pablo``, ``Sra. Alex``, ``her husband Sam``, ``hans bror Kim``); else the nearest listed name
(rapidfuzz) for a name in no list; else neutral. Neutral names get neutral surrogates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import regex

from annotator.deid.surrogates.base import DocumentContext, Factory, Span
from annotator.deid.surrogates.casing import match_case
from annotator.deid.surrogates.pools import Pool, RealValues, check_language, fold, rows

FUZZY_CUTOFF = 80  # rapidfuzz ratio below which an unlisted first name gets no gender from the lists
_TOKEN = regex.compile(r"\p{L}+(?:['’]\p{L}+)*\.?")
_POSSESSIVE = regex.compile(r"['’]s?$")
_WORD = regex.compile(r"\p{L}+")
_ABBREVIATED = {"mª": "maría", "maª": "maría", "mª.": "maría"}  # written for a first name: replaced by a whole one
_CONTEXT_WORDS = 2  # words looked at either side of a name for a gendered title or kinship word


@dataclass(frozen=True)
class _Lists:
    """One language's name lists: lexicons (normalised name -> gender / rank) and drawable pools."""

    first_gender: dict[str, str]
    first_rank: dict[str, int]
    last_rank: dict[str, int]
    first_pools: dict[str, Pool]  # drawn by the square root of the frequency: common names do not crowd out the rest
    last_pool: Pool
    words: dict[str, tuple[str, str]]  # normalised word -> (title|particle|kin, f|m|n)


@lru_cache(maxsize=None)
def _lists(language: str) -> _Lists:
    first = rows(language, "first_names.tsv")
    last = rows(language, "surnames.tsv")
    pools = {}
    for gender in "fmn":
        drawn = [row for row in first if row[1] == gender and row[3] == "1"]
        pools[gender] = Pool([row[0] for row in drawn], [math.sqrt(float(row[2])) for row in drawn])
    drawn_last = [row for row in last if row[2] == "1"]
    return _Lists(
        first_gender={fold(row[0]): row[1] for row in first},
        first_rank={fold(row[0]): rank for rank, row in enumerate(first)},
        last_rank={fold(row[0]): rank for rank, row in enumerate(last)},
        first_pools=pools,
        last_pool=Pool([row[0] for row in drawn_last], [math.sqrt(float(row[1])) for row in drawn_last]),
        words={fold(row[0]): (row[1], row[2]) for row in rows(language, "person_words.tsv")},
    )


@lru_cache(maxsize=4096)
def _fuzzy_gender(language: str, name: str) -> str | None:
    """The gender of the listed first name nearest to ``name`` (normalised), if near enough."""
    from rapidfuzz import fuzz, process  # on use: most documents have no unlisted first name

    genders = _lists(language).first_gender
    best = process.extractOne(name, _first_names(language), scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
    return genders[best[0]] if best else None


@lru_cache(maxsize=None)
def _first_names(language: str) -> tuple[str, ...]:
    return tuple(_lists(language).first_gender)


@dataclass
class _Token:
    start: int          # offsets in the span's surface
    end: int
    text: str           # the name itself, without a final '.' or possessive
    key: str            # normalised text
    role: str           # first, last, initial, or kept
    suffix: str = ""    # the kept end: '.', "'s"


class NameGenerator:
    """Surrogates for the name spans of one document (see the module docstring)."""

    def __init__(self, ctx: DocumentContext) -> None:
        self.ctx = ctx
        self.lists = _lists(check_language(ctx.language))
        self.map: dict[tuple[str, str, str], str] = {}      # (role, gender, key) -> surrogate
        self.roles: dict[str, set[str]] = {}                 # key -> the roles it has in self.map
        self.given: dict[str, tuple[str, str, str]] = {}     # normalised surrogate -> its real token
        self.initials: dict[tuple[str, str], str] = {}       # (other token key, real letter) -> surrogate letter
        self.results: dict[tuple[int, int], str] = {}
        self.genders: dict[str, str] = {}  # a person's first first name -> the gender it was given
        self.read: dict[Span, tuple[tuple[tuple[int, int, str, str, str, str], ...], bool]] = {}  # see _read
        spans = [span for span in ctx.spans if span.kind == "name"]
        self.real = {fold(word) for span in spans for word in _WORD.findall(ctx.surface(span))}
        self.real_values = RealValues.of(ctx)
        # how many first and last names a span holds: its name tokens (each becomes one or the other)
        fullness = {span: sum(token[4] == "name" for token in self._tokens(span)[0]) for span in spans}
        for span in sorted(spans, key=lambda span: -fullness[span]):  # stable: document order within
            self.results[(span.start, span.end)] = self._render(span, self._parse(span))

    def __call__(self, span: Span) -> str:
        found = self.results.get((span.start, span.end))
        return found if found is not None else self._render(span, self._parse(span))

    # -- reading a span ------------------------------------------------------------------------

    def _parse(self, span: Span) -> list[_Token]:
        fields, titled = self._tokens(span)
        tokens = [_Token(*token) for token in fields]
        self._classify(tokens, self.ctx.surface(span), titled)
        return tokens

    def _tokens(self, span: Span) -> tuple[tuple[tuple[int, int, str, str, str, str], ...], bool]:
        """:meth:`_read`, once per span."""
        read = self.read.get(span)
        if read is None:
            read = self.read[span] = self._read(span)
        return read

    def _read(self, span: Span) -> tuple[tuple[tuple[int, int, str, str, str, str], ...], bool]:
        """The tokens of a span before classification (names not yet first or last), as tuples, and
        whether a title goes with it (in it or just before it)."""
        surface = self.ctx.surface(span)
        tokens = []
        for match in _TOKEN.finditer(surface):  # titles any case; kinship words and particles lower case
            text, suffix = match.group(), ""
            if text.endswith("."):
                text, suffix = text[:-1], "."
            if self.ctx.language == "en" and (possessive := _POSSESSIVE.search(text)) and len(text) > 2:
                text, suffix = text[:possessive.start()], text[possessive.start():] + suffix
            spelled = _ABBREVIATED.get(text.casefold())
            key = fold(spelled or text)
            suffix = "" if spelled else suffix  # "Mª. Carmen" -> "Lucía Elena"
            kind = self.lists.words.get(key, ("", ""))[0]
            lower = text.islower()
            unlisted = key not in self.lists.first_rank and key not in self.lists.last_rank
            if kind == "title" or kind == "kin" and lower or kind == "particle" and (lower or len(text) > 1) \
                    or span.role in ("relative", "other") and lower and unlisted:  # "raza mestiza"
                role = "kept"
            else:
                role = "initial" if len(text) == 1 else "name"
            tokens.append((match.start(), match.start() + len(text), text, key, role, suffix))
        titled = any(self.lists.words.get(t[3], ("",))[0] == "title" for t in tokens) or self._title_before(span)
        return tuple(tokens), titled

    def _classify(self, tokens: list[_Token], surface: str, titled: bool) -> None:
        """Names become first or last names, by the span's shape first (``García Ruiz, Ana``; the last
        token, and in Spanish the last two of three or more, are surnames, but for a Spanish pair of
        first names: ``José Luis``), then by this document (a
        token keeps the class it had in a fuller mention: ``Smith`` after ``John Smith``, unless the lists
        make it likelier a first name), then by the lists. A lone token in the first-name list is a first
        name (``Ana``, ``Lara``) unless a title goes with it (``Dra. García``, ``Dr. Martín``). An
        abbreviated first name (``Mª``) is one wherever it stands (``José Mª Sánchez``: one surname)."""
        names = []
        for t in tokens:
            if t.role == "name" and t.text.casefold() in _ABBREVIATED:
                t.role = "first"
            elif t.role == "name":
                names.append(t)
        comma = surface.find(",")
        surnames = 2 if self.ctx.language == "es" and len(names) >= 3 else 1
        for i, token in enumerate(names):
            known = self.roles.get(token.key, set())
            first_rank = self.lists.first_rank.get(token.key)
            last_rank = self.lists.last_rank.get(token.key)
            likelier_first = first_rank is not None and (last_rank is None or first_rank < last_rank)
            if comma > 0 and len(names) > 1:
                token.role = "first" if token.start > comma else "last"
            elif len(names) == 1 and titled:
                only_first = known == {"first"} or not known and first_rank is not None and last_rank is None
                token.role = "first" if only_first else "last"
            elif len(names) == 1 and len(known) == 1 and not (known == {"last"} and likelier_first):
                token.role = next(iter(known))  # "Smith" after "John Smith"; but "Álvaro" stays a first name
            elif len(names) == 1:
                token.role = "first" if first_rank is not None or last_rank is None else "last"
            elif len(names) == 2 and i == 1 and self.ctx.language == "es" and names[0].role == "first" \
                    and likelier_first and known != {"last"}:
                token.role = "first"  # "José Luis", "Mª José": two first names, no surname
            elif i >= len(names) - surnames:
                token.role = "last"
            elif len(known) == 1:
                token.role = next(iter(known))
            elif i == 0:
                token.role = "last" if first_rank is None and last_rank is not None else "first"
            else:
                token.role = "first" if names[i - 1].role == "first" and likelier_first else "last"

    def _title_before(self, span: Span) -> bool:
        before = _WORD.findall(self.ctx.text[max(0, span.start - 12):span.start])
        return bool(before) and self.lists.words.get(fold(before[-1]), ("",))[0] == "title"

    def _context_gender(self, span: Span, tokens: list[_Token]) -> str | None:
        """f or m from a gendered title or kinship word in the span or just around it."""
        inside = [t.key for t in tokens if t.role == "kept"]
        before = [fold(w) for w in _WORD.findall(self.ctx.text[max(0, span.start - 40):span.start])]
        after = self.ctx.text[span.end:span.end + 40]
        after_words = [fold(w) for w in _WORD.findall(after)] if after.lstrip()[:1] in (",", "(") else []
        for word in inside + before[::-1][:_CONTEXT_WORDS] + after_words[:_CONTEXT_WORDS + 1]:
            kind, gender = self.lists.words.get(word, ("", "n"))
            if kind in ("title", "kin") and gender != "n":
                return gender
        return None

    def _gender(self, span: Span, tokens: list[_Token]) -> str:
        first = next((t for t in tokens if t.role == "first"), None)
        if first and first.key in self.genders:  # the gender this name had in a fuller mention of the document
            return self.genders[first.key]
        listed = self.lists.first_gender.get(first.key) if first else None
        if listed in ("f", "m"):
            return listed
        context = self._context_gender(span, tokens)
        if context:
            return context
        if first is None or listed == "n":
            return "n"
        return _fuzzy_gender(self.ctx.language, first.key) or "n"

    # -- writing the surrogate -----------------------------------------------------------------

    def _render(self, span: Span, tokens: list[_Token]) -> str:
        surface = self.ctx.surface(span)
        if not any(t.role in ("first", "last", "initial") for t in tokens):
            return surface
        first = next((t for t in tokens if t.role == "first"), None)
        gender = self._gender(span, tokens) if first else "n"
        if first:
            self.genders.setdefault(first.key, gender)
        replaced = {id(t): self._surrogate(t, gender) for t in tokens if t.role in ("first", "last")}
        for t in tokens:
            if t.role == "initial":
                replaced[id(t)] = self._initial(t, tokens)
        self._remember_initials(tokens, replaced)
        out, at = [], 0
        for t in tokens:
            if id(t) in replaced:
                out += [surface[at:t.start], match_case(replaced[id(t)], t.text)]
                at = t.end
        return "".join(out) + surface[at:]

    def _surrogate(self, token: _Token, gender: str) -> str:
        gender = gender if token.role == "first" else ""
        slot = (token.role, gender, token.key)
        if slot in self.map:
            return self.map[slot]
        pool = self.lists.first_pools[gender] if token.role == "first" else self.lists.last_pool
        if not len(pool):
            pool = self.lists.first_pools["f"]
        rng = self.ctx.random("name", token.role, gender, token.key)

        def accept(value: str) -> bool:
            key = fold(value)
            return key not in self.real and not self.real_values.within(value) and self.given.get(key, slot) == slot

        value = pool.pick(rng, accept)
        self.map[slot] = value
        self.roles.setdefault(token.key, set()).add(token.role)
        self.given[fold(value)] = slot
        return value

    def _initial(self, token: _Token, tokens: list[_Token]) -> str:
        letter = token.key.upper()
        for other in tokens:
            found = self.initials.get((other.key, letter))
            if other is not token and found:
                return found
        rng = self.ctx.random("name", "initial", letter, *sorted(t.key for t in tokens if t.role != "kept"))
        pool = self.lists.first_pools["f"]
        return pool.pick(rng, lambda value: fold(value[0]).upper() != letter)[0]

    def _remember_initials(self, tokens: list[_Token], replaced: dict[int, str]) -> None:
        """Each surrogate's initial, under the other name tokens of the span: ``A. García`` after
        ``Ana García`` gets the initial of Ana's surrogate."""
        named = [t for t in tokens if id(t) in replaced]
        for t in named:
            for other in named:
                if other is not t:
                    self.initials.setdefault((other.key, t.key[:1].upper()), replaced[id(t)][:1].upper())


@lru_cache(maxsize=None)
def _professions(language: str) -> tuple[dict[str, Pool], frozenset[str]]:
    """Masculine and feminine pools (one form where the language has one), and the feminine forms."""
    listed = rows(language, "professions.tsv")
    pools = {"m": Pool([row[0] for row in listed]), "f": Pool([row[-1] for row in listed])}
    return pools, frozenset(fold(row[-1]) for row in listed if row[-1] != row[0])


class ProfessionGenerator:
    """Another profession of the language's list, of the same grammatical gender where the
    language has one (``enfermera`` -> ``abogada``); keyed on the normalised value.

    Professions are replaced, not kept: with age, sex and place they single people out (HIPAA's
    quasi-identifiers), and MEDDOCAN tags them as PHI. Where a profession is a clinical exposure
    (a miner's silicosis) the reader loses that, which the policy table of the Pseudonymiser notes.
    """

    def __init__(self, ctx: DocumentContext) -> None:
        self.ctx = ctx
        self.pools, self.feminine = _professions(check_language(ctx.language))

    def __call__(self, span: Span) -> str:
        surface = self.ctx.surface(span)
        key = fold(surface)
        head = key.split(" ")[0] if key else ""
        gender = "f" if head in self.feminine or (self.ctx.language == "es" and head.endswith("a")) else "m"
        value = self.pools[gender].pick(self.ctx.random("profession", gender, key),
                                        lambda candidate: fold(candidate) != key)
        return match_case(value, surface)


FACTORIES: dict[str, Factory] = {"name": NameGenerator, "profession": ProfessionGenerator}
