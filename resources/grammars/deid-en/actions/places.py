"""Towns for the deid-en ``resolve`` action (actions/__init__.py) where the lists hold only a part of
them or none (guidelines 2.3: a town is PHI, the whole of its name).

:func:`particle_towns`: a place name with a particle is one town:

- a town of the lists joined by particles to a capitalised word, and a word joined so to a region:
  "Budišov nad Budišovkou", "Curaco de Vélez", "Ciudad de México" (the lists hold the full forms
  they know: Frankfurt am Main, Rio de Janeiro);
- two capitalised words joined by a particle that only place names have: "Waidhofen an der Ybbs",
  "Krimpen aan de Lek", "Rožmberk nad Vltavou", "Kingston upon Thames";
- a hyphened name with such a particle inside: "Aix-les-Bains", "Châlons-en-Champagne",
  "Southend-on-Sea".

:func:`weak_names_in_addresses`: a weak name (a name-list word alone, or a capitalised word in no
list) between a street line or a postcode and a country, state or postcode is a town: "12 Main St,
Cali, Colombia".

:func:`towns_beside_postcodes`: capitalised words in no list beside a postcode, the two a part of an
address (after a comma or at a line's start), are a town: "Mill Lane, Mengeš 68562", "Unit 27,
71012 Nadlac.", "Hauptstr. 5, D-80331 Xyzburg" (the postcode with its country letters, taken for an
identifier, is a ZIP there); a town and its postcode after a street line and a comma, taken for a
street line named without its type, are the two ("5 Elm Street, Smalltown 4051"); and the other
way round, the postcode after a town in no list that is such a part ("593 Ojiambo Burgs, Melinda
Ville 3407.").

:func:`shaped_address_towns`: a town where the text's shape says so: the value of a form's town
field ("City: Škofja Loka"), and capitalised words in no list after a name and "of", ending the
sentence or clause ("belongs to Mia Hermansen of Vig.").

:func:`address_values`: the parts of an address's value after its cue ("Address:", "his new
address is", a "Home address" line over an address block), split at commas, that no value holds
whole: a STREET with a digit, else a CITY ("Address: Suite 526, Nad Vernerákem 43, Yılmazborough").

Each works, as the helpers of addresses.py, on ``kept`` (sorted ``[start, end, type, confidence,
policies]`` values) and ``taken`` (per character, 1 where a kept value covers it) in place.
"""

from __future__ import annotations

import re

from .addresses import ADDRESS_CHAIN, NAMES, NOT_NAME, SPECIALTY, WORD
from .context import ENGLISH

#: particles of place names that person names do not have ("Frankfurt am Main", "Kingston upon
#: Thames", "Rožmberk nad Vltavou", "Neumarkt im Mühlkreis", "Krimpen aan de Lek", "Villers-sur-Mer")
PLACE_PARTICLES = "am|an|aan|nad|pod|upon|sur|sous|lès|im|bei|ob|unter"
#: the articles that may follow them ("an der Ybbs", "aan de Lek", "sur la Mer")
_ARTICLES = "der|den|dem|de|la|le|les|the"
#: particles that person names share with place names ("Curaco de Vélez", "Vila do Conde"): they join
#: a word to a town of the lists only
_SHARED_PARTICLES = "de|del|della|di|da|do|dos|das|du|des|la|le|los|las|el"
#: a place particle between two words (the word before it read off the text before the match)
_PLACE_JOIN = re.compile(rf"[ ](?:{PLACE_PARTICLES})(?:[ ](?:{_ARTICLES}))?[ ]({WORD})(?![\w'’\-])")
#: a hyphened town name with a particle inside ("-les-", "-en-", "-on-", "-upon-")
_HYPHEN_JOIN = re.compile(rf"-(?:{PLACE_PARTICLES}|en|on|les|le|la|aux|au|under|by|the|du|des)-({WORD})(?![\w'’])")
_PARTICLE = rf"(?:{PLACE_PARTICLES}|{_SHARED_PARTICLES})"
_PARTICLE_WORD = re.compile(rf"{_PARTICLE}|{_ARTICLES}")
_AFTER_TOWN = re.compile(rf"[ ]{_PARTICLE}(?:[ ]{_PARTICLE})?[ ]({WORD})(?![\w'’\-])")
_BEFORE_TOWN = re.compile(rf"(?<![\w'’\-.])({WORD})[ ]{_PARTICLE}(?:[ ]{_PARTICLE})?[ ]\Z")
_WORD_BEFORE = re.compile(rf"(?<![\w'’\-.])({WORD})\Z")
_HYPHENED_WORD_BEFORE = re.compile(r"(?<![\w'’\-.])([^\W\d_]+(?:-[^\W\d_]+)*)\Z")
#: the words that open a town's name before the word a particle joins ("Bad Waidhofen", "Sankt Johann im Pongau")
_PREFIX = re.compile(r"(?<![\w'’\-.])(?:Bad|Sankt|Sant|Sint|Saint|San|Santa|Neu|Alt|Groß|Klein|Nieder|Ober|Unter)[ ]\Z")
#: the words that name a town before a particle and a place, English words among them, in lower case
#: too as queries write them ("Ciudad de México", "ciudad de mexico", "Villa de Leyva", "Puerto de la Cruz")
_HEADS = frozenset("Ciudad Villa Vila Puerto Porto Puente Ponte Castel Castello Castillo Santiago Villanueva".split())
#: the values a town takes the place of: a weaker name or town over some of its words
_WEAK = 0.75


def _town_word(word: str, start: int, lookups) -> bool:
    """Whether ``word`` (at ``start``) may be a word of a town: capitalised with a letter in lower
    case, no English word and no Lookup that is no name's or place's (Dr, Ward, May)."""
    return word[0].isupper() and any(c.islower() for c in word) and \
        all(part.lower() not in ENGLISH for part in word.split("-")) and \
        not any(a.features.get("majorType") in NOT_NAME - {"place"} for a in lookups.starting_at(start))


def _take(kept: list[list], taken: bytearray, start: int, end: int, found: list[list], weak: float = _WEAK) -> bool:
    """Marks ``start:end`` a town when what lies there is only names and towns of a confidence up to
    ``weak`` wholly inside it (they give way): True when taken."""
    if any(taken[start:end]):
        inside = [v for v in kept if v[0] < end and start < v[1]]
        if not all((v[2] in NAMES or v[2] == "CITY") and v[3] <= weak and start <= v[0] and v[1] <= end
                   for v in inside):
            return False
        for v in inside:
            v[2] = None
    taken[start:end] = b"\x01" * (end - start)
    found.append([start, end, "CITY", ADDRESS_CHAIN, None])
    return True


def _add_found(kept: list[list], found: list[list]) -> None:
    """``found`` added to ``kept``, in order, and the values that gave way to them (type None) dropped."""
    if found:
        kept[:] = sorted([v for v in kept if v[2] is not None] + found)


def particle_towns(text: str, kept: list[list], taken: bytearray, lookups) -> None:
    """Towns of several words joined by particles (module docstring), added to ``kept`` as CITY in
    place of the weaker names and towns over their words; a town of ``kept`` takes the word a
    particle joins to it."""
    found: list[list] = []
    for value in kept:  # a town of the lists and the word a particle joins to it; a region after one
        if value[2] not in ("CITY", "STATE"):  # is a town named after it ("Ciudad de México")
            continue
        if value[2] == "CITY" and (after := _AFTER_TOWN.match(text, value[1])) is not None and \
                _town_word(after.group(1), after.start(1), lookups) and not any(taken[value[1]:after.end()]):
            taken[value[1]:after.end()] = b"\x01" * (after.end() - value[1])
            value[1] = after.end()
        if (before := _BEFORE_TOWN.search(text, max(0, value[0] - 40), value[0])) is not None and \
                (before.group(1).title() in _HEADS or _town_word(before.group(1), before.start(1), lookups)) and \
                not any(taken[before.start():value[0]]):
            taken[before.start():value[0]] = b"\x01" * (value[0] - before.start())
            value[0], value[2] = before.start(), "CITY"
    # the hyphened name is a town by its shape: its last word may be English ("Southend-on-Sea")
    for pattern, word_before in ((_PLACE_JOIN, _WORD_BEFORE), (_HYPHEN_JOIN, _HYPHENED_WORD_BEFORE)):
        for m in pattern.finditer(text):
            left = word_before.search(text, max(0, m.start() - 40), m.start())
            if left is None or not _town_word(left.group(1), left.start(1), lookups) or not (
                    _town_word(m.group(1), m.start(1), lookups) if pattern is _PLACE_JOIN else m.group(1)[0].isupper()):
                continue
            start = left.start(1)
            if (prefix := _PREFIX.search(text, max(0, start - 8), start)) is not None:
                start = prefix.start()
            _take(kept, taken, start, m.end(1), found)
    _add_found(kept, found)


#: a postcode with its country letters, which the identifier rules take ("D-80331", "CH-8001")
_LETTERED_POSTCODE = re.compile(r"[A-Z]{1,2}-\d{4,5}")
#: one to three words of a town, particles between them ("Bad Leonfelden", "Cousin am Albis")
_TOWN = rf"{WORD}(?:[ ](?:(?:{_PARTICLE})[ ]){{0,2}}{WORD}){{0,2}}"
_TOWN_AFTER_POSTCODE = re.compile(rf"[ \t]+({_TOWN})(?=[ \t]*(?:[,.;)\n]|$))")
_TOWN_BEFORE_POSTCODE = re.compile(rf"(?:^|(?<=,))[ \t]*({_TOWN})[ \t]+\Z", re.M)
#: a town and a postcode of digits ("Smalltown 4051")
_TOWN_AND_POSTCODE = re.compile(rf"({_TOWN})[ ](\d{{4,6}})")
#: a postcode after a town, ending the address part: digits as many countries write them, a
#: Canadian postcode unspaced ("Lucas Ville 94069", "Lodz 84-103", "Tiputereara E7C7G9")
_POSTCODE_AFTER_TOWN = re.compile(r"[ ](\d{4,6}|\d{4}-\d{3}|\d{5}-\d{3}|\d{2}-\d{3}|[A-Z]\d[A-Z]\d[A-Z]\d)(?=[ \t]*(?:[,.;)\n]|$))")
#: four digits that may be a year ("Leeds, London 2012.") are no postcode after a town
_YEAR = re.compile(r"(?:19|20)\d\d")
#: where a postcode stands as a part of an address: at a line's start or after a comma
_PART_START = re.compile(r"(?:^|,)[ \t]*\Z", re.M)


def _town_words(text: str, start: int, end: int, lookups) -> bool:
    """Whether the words of ``text[start:end]`` are a town's: each capitalised word a town word
    (:func:`_town_word`) or, first, a prefix word (Bad, San ...); the others particles between them."""
    at = start
    words = text[start:end].split(" ")
    for i, word in enumerate(words):
        if not word[0].isupper():
            if not 0 < i < len(words) - 1 or not _PARTICLE_WORD.fullmatch(word):
                return False
        elif not (i == 0 and _PREFIX.match(word + " ")) and not _town_word(word, at, lookups):
            return False
        at += len(word) + 1
    return True


#: what parts two parts of an address on one line: a comma, or spaces ("Cali 76001")
_PART_GAP = re.compile(r"[ \t]*,[ \t]*|[ \t]+")
#: the names a town in an address takes the place of: a name-list word alone, a word in no list
_WEAK_NAME = ADDRESS_CHAIN


def weak_names_in_addresses(text: str, kept: list[list]) -> None:
    """A weak name (a confidence up to :data:`_WEAK_NAME`: a name-list word alone, a word in no
    list) between a street line or a postcode and a country, state or postcode, the parts one comma
    or spaces apart on one line, is a town: retyped CITY in ``kept``."""
    for left, mid, right in zip(kept, kept[1:], kept[2:]):
        if mid[2] in NAMES and mid[3] <= _WEAK_NAME and left[2] in ("STREET", "ZIP") and \
                right[2] in ("COUNTRY", "STATE", "ZIP") and _PART_GAP.fullmatch(text, left[1], mid[0]) and \
                _PART_GAP.fullmatch(text, mid[1], right[0]):
            mid[2], mid[3] = "CITY", ADDRESS_CHAIN


def towns_beside_postcodes(text: str, kept: list[list], taken: bytearray, lookups) -> None:
    """Words of a town (:func:`_town_words`) right after a postcode that starts a part of an address
    (:data:`_PART_START`), before punctuation or the line's end, or right before one after a comma or
    at a line's start: added to ``kept`` as CITY, in place of weak names and towns over them; a
    lettered postcode taken for an identifier (:data:`_LETTERED_POSTCODE`) with a town after it is a
    ZIP; a weak street line of a town and a postcode after another (:data:`_TOWN_AND_POSTCODE`) is the
    two; a postcode right after a weak town that starts a part of an address (:data:`_POSTCODE_AFTER_TOWN`,
    no year) is added as ZIP."""
    found: list[list] = []
    for left, value in zip(kept, kept[1:]):  # a town and its postcode after a street line, taken for another
        if value[2] == "STREET" and left[2] == "STREET" and value[3] <= _WEAK_NAME and \
                text[left[1]:value[0]].strip(" \t") == "," and \
                (m := _TOWN_AND_POSTCODE.fullmatch(text, value[0], value[1])) is not None and \
                _town_words(text, *m.span(1), lookups):
            found.append([*m.span(2), "ZIP", ADDRESS_CHAIN, None])
            value[1], value[2] = m.end(1), "CITY"
    for value in kept:
        if value[2] != "ZIP" and not (value[2] == "IDNUM" and _LETTERED_POSTCODE.fullmatch(text, value[0], value[1])):
            continue
        line_start = text.rfind("\n", 0, value[0]) + 1
        towns = []
        if _PART_START.search(text, max(line_start, value[0] - 8), value[0]) and \
                (after := _TOWN_AFTER_POSTCODE.match(text, value[1])) is not None:
            towns.append(after.span(1))
        if value[2] == "ZIP" and (before := _TOWN_BEFORE_POSTCODE.search(text, max(line_start, value[0] - 60), value[0])):
            towns.append(before.span(1))
        for start, end in towns:
            if _town_words(text, start, end, lookups) and _take(kept, taken, start, end, found, _WEAK_NAME):
                value[2] = "ZIP"
    for value in kept:  # a postcode beside a town that is a part of an address
        if value[2] != "CITY" or value[3] > _WEAK_NAME or (value[1] < len(text) and text[value[1]] != " "):
            continue
        line_start = text.rfind("\n", 0, value[0]) + 1
        if _PART_START.search(text, max(line_start, value[0] - 8), value[0]) and \
                (m := _POSTCODE_AFTER_TOWN.match(text, value[1])) is not None and \
                not _YEAR.fullmatch(m.group(1)) and not any(taken[m.start(1):m.end(1)]):
            taken[m.start(1):m.end(1)] = b"\x01" * (m.end(1) - m.start(1))
            found.append([*m.span(1), "ZIP", ADDRESS_CHAIN, None])
    _add_found(kept, found)


#: the label of a form's town field, right before its colon ("City:", "Town/City:", "Suburb:")
_TOWN_LABEL = re.compile(r"(?<![\w/])(?i:city|town|town/city|city/town|suburb|village|locality|municipality)[ \t]*\Z")
#: a colon and the value of a field: words (dotted short forms between), to the field's end
_FIELD_VALUE = re.compile(rf":[ \t]*({WORD}(?:\.?[ ]{WORD}){{0,4}})\.?(?=[ \t]*(?:[\n,;(]|\t|[ ]{{2}}|$))")
#: the confidence of a town field's value (the value of a label)
_FIELD_CONFIDENCE = 0.85
#: a town after a name and "of", before punctuation or the line's end
_OF_TOWN = re.compile(rf"[ ]of[ ]({_TOWN})(?=[ \t]*(?:[,.;:)\n]|$))")


def shaped_address_towns(text: str, kept: list[list], taken: bytearray, lookups) -> None:
    """Towns by the text's shape (module docstring): a town field's value (its first word
    capitalised; the names, towns and states over its words give way) and a town after a name and
    "of" (:func:`_town_words`, no specialty: "Dr. Jones of Cardiology"; in place of weak names over
    them), added to ``kept`` as CITY."""
    found: list[list] = []
    for m in _FIELD_VALUE.finditer(text):
        start, end = m.span(1)
        if not text[start].isupper() or _TOWN_LABEL.search(text, max(0, m.start() - 16), m.start()) is None:
            continue
        inside = [v for v in kept if v[0] < end and start < v[1]]
        if any(v[2] not in NAMES | {"CITY", "STATE"} or v[3] >= _FIELD_CONFIDENCE or v[0] < start or v[1] > end
               for v in inside):
            continue
        for v in inside:
            v[2] = None
        taken[start:end] = b"\x01" * (end - start)
        found.append([start, end, "CITY", _FIELD_CONFIDENCE, None])
    for value in kept:
        if value[2] in NAMES and text.startswith(" of ", value[1]) and (m := _OF_TOWN.match(text, value[1])) and \
                _town_words(text, *m.span(1), lookups) and not any(SPECIALTY.search(w) for w in m.group(1).split()):
            _take(kept, taken, *m.span(1), found, _WEAK_NAME)
    _add_found(kept, found)


#: the cue of an address's value: a field ("Address:", "Home address:", "Addr:") or a clause ("his
#: new address is"), the value after it on its line; or a heading line of its own ("Home address"),
#: the value the lines after it up to a blank line or a form's label (":")
#: (the word first, so that the search skips to its letter; a word before it, "Home", "new", changes nothing)
_ADDRESS_CUE = re.compile(
    r"[Aa](?<![^\W\d_][Aa])[Dd][Dd][Rr](?:[Ee][Ss][Ss])?"
    r"(?:\.?[ \t]*:|[ \t]+(?:is|was)[ \t]*:?|(?P<heading>[ \t]*:?[ \t]*$))[ \t]*", re.M)
#: a line of an address block under its heading (no label before a colon, at most a few lines)
_BLOCK_LINE = re.compile(r"\n(?![ \t]*\n)([^\n:]+)(?=\n|$)")
#: the parts of an address's value: split at commas
_PART = re.compile(r"[^,]+")
#: a new sentence, a form's next field or the gap before it ends a value: "12 Elm St, Leeds. Please
#: call", "Address: see above. Phone: ...", "Address: 4 Elm Rd   Tel: ..."
_SENTENCE_END = re.compile(r"\.[ \t]+(?=[A-Z][^\W\d_]*[ \t]+[a-z])|[.;]?[ \t]+(?=[A-Z][^\W\d_]*(?:[ \t][^\W\d_]+)?[ \t]*:)"
                           r"|\t|[ ]{2,}|\.?[ \t]*$")
#: the values an address's part takes the place of: names and towns no surer than a word in no list
#: beside a name, parts of the address of another rule
_PART_WEAK = 0.75


def address_values(text: str, kept: list[list], taken: bytearray) -> None:
    """The parts of an address's value after its cue (:data:`_ADDRESS_CUE`) that no value holds
    whole (guidelines 2.3: every part of an address below the state is PHI): each part, split at
    commas, is a STREET when it has a digit, else a CITY, in place of the weak names and towns and the
    street lines inside it (:data:`_PART_WEAK`; as sure as the surest of them); a part without a digit only when it has a word
    that is no English word, capitalised when first, or when capitalised after another part
    ("Address: see above" stays)."""
    found: list[list] = []
    for cue in _ADDRESS_CUE.finditer(text):
        if cue.group("heading") is not None:
            lines = []
            at = cue.end()
            for _ in range(5):
                if (line := _BLOCK_LINE.match(text, at)) is None:
                    break
                lines.append(line.span(1))
                at = line.end()
        else:
            end = text.find("\n", cue.end())
            end = len(text) if end < 0 else end
            stop = _SENTENCE_END.search(text, cue.end(), end)
            lines = [(cue.end(), stop.start() if stop else end)]
        first = True
        for line_start, line_end in lines:
            for m in _PART.finditer(text, line_start, line_end):
                start, end = m.span()
                while start < end and text[start] in " \t":
                    start += 1
                while end > start and text[end - 1] in " \t.":
                    end -= 1
                if start < end:
                    _address_part(text, kept, taken, start, end, first, found)
                    first = False
    _add_found(kept, found)


def _address_part(text: str, kept: list[list], taken: bytearray, start: int, end: int, first: bool,
                  found: list[list]) -> None:
    """One part of an address's value (:func:`address_values`), added to ``found`` when no value
    holds it whole and none inside it is sure or of another kind."""
    if all(taken[i] for i in range(start, end) if text[i].isalnum()):
        return
    digit = any(c.isdigit() for c in text[start:end])
    words = re.findall(r"[^\W\d_]+", text[start:end])
    if not digit and not (any(w.lower() not in ENGLISH for w in words) and (text[start].isupper() or not first)
                          or text[start].isupper() and not first):
        return
    inside = [v for v in kept if v[0] < end and start < v[1] and v[2] is not None]
    if any(v[0] < start or v[1] > end or not ((v[2] in NAMES or v[2] in ("CITY", "STREET", "DEPARTMENT", "ROOM"))
                                               and v[3] <= _PART_WEAK or v[2] == "STREET") for v in inside):
        return
    for v in inside:
        v[2] = None
    taken[start:end] = b"\x01" * (end - start)
    found.append([start, end, "STREET" if digit else "CITY", max([ADDRESS_CHAIN] + [v[3] for v in inside]), None])
