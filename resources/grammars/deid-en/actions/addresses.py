"""The address helpers of the deid-en ``resolve`` action (actions/__init__.py): what a street line,
a town, a postcode or a unit takes beside the values the candidates gave, after the guidelines
(2.3: the whole street line with its unit; a town, a postcode and a state each their own value).

Each helper works on ``kept`` (sorted ``[start, end, type, confidence, policies]`` values) and
``taken`` (per character, 1 where a kept value covers it) in place. The Lookups of a document are
read once per document, by ``resolve``: the helpers that need them take them (``lookups``).
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

from annotator.jape.actions import ActionContext
from annotator.processing.gazetteer_lists import read_entries, read_lists_def

from .context import ENGLISH, SAFE

#: the confidence of a value an address rule adds (a capitalised word between two parts of an
#: address, a town in no list, a street line named without its type)
ADDRESS_CHAIN = 0.6
#: the name types
NAMES = {"PATIENT", "DOCTOR"}
#: a word of letters, its apostrophes and hyphens inside
WORD = r"[^\W\d_][^\W\d_'’]*(?:[\-'’][^\W\d_]+)*"

#: a bare five-digit number right after one of these is a ZIP code ("Nancy Clark 01852", "Boston 02108")
ZIP_BEFORE = {"PATIENT", "CITY", "STATE", "STREET"}
_ZIP_AFTER = re.compile(r"[ \t,]+(\d{5}(?:-\d{4})?)(?![\w/.\-])")


#: the town after a facility and a comma, ending the line: "St. Vincent's Hospital, Darlinghurst",
#: "Royal Prince Alfred Hospital, Camperdown" (no English word: "St Mary's Hospital, Cardiology")
SPECIALTY = re.compile(r"(?:ology|ologists?|iatry|iatrics|ics|ery|ity|ence|ine|therapy)$")  # Cardiology, Paediatrics, Surgery, Maternity, Physiotherapy
_TOWN_AFTER_FACILITY = re.compile(r"[ \t]*,[ \t]*([A-Z][^\W\d_]+(?:[ \t][A-Z][^\W\d_]+)?)[ \t]*(?=\n|$)")


def town_after(text: str, end: int, taken: bytearray) -> tuple[int, int] | None:
    """The span of a town right after the facility ending at ``end`` (:data:`_TOWN_AFTER_FACILITY`),
    untaken and no English word (then marked taken)."""
    m = _TOWN_AFTER_FACILITY.match(text, end)
    if m is None or any(taken[m.start(1):m.end(1)]) or \
            any(w.lower() in ENGLISH or SPECIALTY.search(w) for w in m.group(1).split()):
        return None
    taken[m.start(1):m.end(1)] = b"\x01" * (m.end(1) - m.start(1))
    return m.start(1), m.end(1)


def zip_after(text: str, end: int, taken: bytearray) -> tuple[int, int] | None:
    """The span of a bare ZIP code right after ``end``, not yet taken (then marked taken)."""
    m = _ZIP_AFTER.match(text, end)
    if m is None or any(taken[m.start(1):m.end(1)]):
        return None
    taken[m.start(1):m.end(1)] = b"\x01" * (m.end(1) - m.start(1))
    return m.start(1), m.end(1)


#: the unit after a street line, in the words of many countries, after a comma or a space only
#: (guidelines 2.3: the street line with its unit): ", Apt 6", ", apto 32", ", Piso 5, Depto B",
#: ", kv. 45", ", Bât. B", ", #08-456", ", int. 3", ", oficina 201", ", casa 4", " Apt. 41",
#: " Interior 975", " Edif. 78"
_UNIT_AFTER = re.compile(
    r"(?:[ \t]*,[ \t]*|[ \t]+)(?:(?:apt|apto|appt|apartment|flat|unit|suite|ste|floor|fl|level|piso|depto|dpto|dept|kv|"
    r"bât|bat|bldg|building|block|blk|room|rm|tower|torre|etage|étage|stock|wohnung|whg|edif|edificio|"
    r"int|interior|oficina|ofic|local|casa|lote|sala|bloco|manzana|mz|departamento|dep)\b\.?[ \t]*(?:no\.?[ \t]*)?#?"
    r"|#)(?=[\w\-]*\d|(?-i:[A-Z])\b)[A-Za-z0-9][\w\-]{0,6}(?![\w\-])", re.I)
#: a floor after a street line, the number first: ", 3e verdieping", ", 2nd floor", ", 4º piso"
_FLOOR_AFTER = re.compile(
    r"[ \t]*,[ \t]*\d{1,2}(?:st|nd|rd|th|e|de|ste|er|re|ème|º|°|o|a)?[ \t]+(?:floor|verdieping|etage|étage|stock|piso|andar)\b", re.I)
#: the words and the house number before a comma and a postcode, at a line's start or after a comma or
#: colon: a street named without its type, as continental Europe writes it ("Unter den Linden 77,
#: 10117 Berlin", "Address: Coolsingel 40, 3011 AD Rotterdam")
_STREET_BEFORE_ZIP = re.compile(
    r"(?:^|(?<=[,:;]))[ \t]*([A-Z][^\W\d_]+(?:[ \t]+[^\W\d_]+){0,3}[ \t]+\d{1,4}[a-zA-Z]?)[ \t]*,[ \t]*$", re.M)
#: the neighbourhood after a street line, as Mexico, Colombia and Brazil write it on the street's line
#: (the street line with the parts that place it in its town: ", Col. Roma Norte", ", colonia Juárez",
#: ", barrio El Poblado", ", Bairro Centro"; the town after it stays a value of its own)
_NEIGHBOURHOOD_AFTER = re.compile(
    r"[ \t]*,[ \t]*(?i:col|colonia|fracc|fraccionamiento|barrio|bairro|urb|urbanización|urbanizacion|jardim|vila)\.?"
    r"(?:[ \t]+(?:(?:de|del|la|las|los|el|do|da|dos|das)[ \t]+)?[A-Z][^\W\d_]+(?:-[^\W\d_]+)*){1,4}(?![\w\-])")
STREET_AFTER = (_UNIT_AFTER, _FLOOR_AFTER, _NEIGHBOURHOOD_AFTER)
#: the block before a street line ("Blk 123 Ang Mo Kio Ave 3": guidelines 2.3, the whole street line)
BLOCK_BEFORE = re.compile(r"(?<![\w.])(?:blk|block)\.?[ \t]+$", re.I)
#: a postal district after a town: "Dublin 7", "Dublin 9," (then punctuation or the line's end)
_DISTRICT = re.compile(r"[ \t]\d{1,2}(?=[ \t]*(?:[,.;)]|$))", re.M)
CITY_AFTER = (_DISTRICT,)
#: an address's parts that the words between two of them belong to (a district, town or state; not a
#: hospital, which a department may follow: "St Mary's Hospital, Cardiology")
ADDRESS = {"STREET", "CITY", "STATE", "ZIP", "COUNTRY"}

CHAIN_GAP = re.compile(rf"[ \t]*(?:[,\-–][ \t]*)?({WORD}(?:[ \t]{WORD}){{0,2}})[ \t]*(?:[,\-–][ \t]*)?")
#: Lookups whose word is no part of a name beside it (Mrs, Herr, Sister, Ward, Street, MRN ...)
NOT_NAME = frozenset("title role label head date block common nationality profession place org".split())
#: Lookups whose word starts no street line before a postcode (Ward 7, Room 12, Dr, Monday 3)
NOT_STREET = frozenset("head label title role date".split())


def chain_type(words: str, before_zip: bool) -> str | None:
    """CITY (STATE for a code in capitals: NSW, BC, SP) for the words between two parts of an
    address, when each is capitalised and none an English word (before a postcode it may
    be one: "Mill Lane, Cork T12 X70A", "Reading RG1 1AA"); else None."""
    if all(len(w) <= 3 and w.isupper() for w in words.split()):
        return "STATE"
    if all(w[0].isupper() and (before_zip or w.lower() not in ENGLISH) for w in words.split()):
        return "CITY"
    return None


def streets_before_postcodes(ctx: ActionContext, kept: list[list], taken: bytearray, lookups) -> None:
    """A street line named without its type before a postcode (:data:`_STREET_BEFORE_ZIP`), its first
    word no head, label, title, role or date and not every word English, added to ``kept`` in place of
    the weaker values inside it (a town in ``Unter den Linden 77``); none where a surer value lies."""
    text = ctx.doc.text
    sure = ADDRESS_CHAIN
    for zip_value in [v for v in kept if v[2] == "ZIP"]:
        line_start = text.rfind("\n", 0, zip_value[0]) + 1
        m = _STREET_BEFORE_ZIP.search(text, max(line_start, zip_value[0] - 60), zip_value[0])
        if m is None:
            continue
        start, end = m.span(1)
        inside = [v for v in kept if v[0] < end and v[1] > start]
        if any(v[3] >= sure or v[0] < start or v[1] > end for v in inside) or \
                all(w.lower() in ENGLISH for w in m.group(1).split()[:-1]) or \
                any(a.features.get("majorType") in NOT_STREET for a in lookups.starting_at(start)):
            continue
        kept[:] = sorted([v for v in kept if v not in inside] + [[start, end, "STREET", sure, None]])
        taken[start:end] = b"\x01" * (end - start)


#: a part of the address after a street line, as the countries write it ("Stenderupgade 681, 2830
#: Stouby", "Canale Bellucci, 18, 38020, Cloz (TN)", "20 O'Sullivan Avenue, Manawahoro 2366", "Szegedi
#: utca 16., H-2390 Eger", "ul. Kościuszki 66, 09-247 Ruda Śląska"): a postcode, a province code in
#: capitals, or one to three capitalised words of a town (hyphens and the particles in them:
#: "Denis-sur-Hubert")
_TAIL_POSTCODE = (r"\d{5}-\d{3}|\d{4}-\d{3}|\d{2}-\d{3}|\d{3}[ ]\d{2}|\d{4}[ ]?(?!SA|SD|SS)[A-Z]{2}|"
                  r"[A-Z]{1,2}-\d{4,5}|\d{4,6}")
_TAIL_TOWN = r"[^\W\d_]{2,}(?:-[^\W\d_]+)*(?:[ ][^\W\d_]{2,}(?:-[^\W\d_]+)*){0,2}"
_TAIL = re.compile(
    rf"(?:\.(?=,))?[ \t]*(?:[,/\-–][ \t]*)?(?:(?P<zip>{_TAIL_POSTCODE})|\(?(?P<code>[A-Z]{{2,3}})\)?|(?P<town>{_TAIL_TOWN}))"
    r"(?=[ \t]*(?:[,.;:()/\-–\n]|$)|[ \t]+(?:\d|[^\W\d_]))")
#: the words that open a town's name before a word of the lists ("New Allanton", "Port Brandonbury")
_TOWN_PREFIX = re.compile(r"(?<![\w'’\-])(?:New|North|South|East|West|Port|Fort|Mount|Saint|San|Santa|Lake|Upper|Lower|"
                          r"Great|Little|Old|Bad|Sankt)[ ]$")


#: the line break after a part of an address, before a short line (an address block's next line)
_NEXT_LINE = re.compile(r"[ \t]*,?[ \t]*\n[ \t]*(?=[^\n]{1,40}(?:\n|$))")
#: the words of a town before a comma and a country or region ("visited Kerrybury, Philippines",
#: "Vysoké nad Jizerou, Croatia"): capitalised words, the particles of town names between them
_BEFORE_COUNTRY = re.compile(r"((?:[^\W\d_][^\W\d_'’]*+(?:-[^\W\d_]+)*+[ ]){0,3}[^\W\d_][^\W\d_'’]*+(?:-[^\W\d_]+)*+)[ \t]*,[ \t]*$")
_TOWN_PARTICLES = frozenset("am an in im de del della di da do dos das du la le les sur sous nad pod upon on en".split())


def towns_before_countries(ctx: ActionContext, kept: list[list], taken: bytearray, lookups) -> None:
    """A town in no list before a comma and a country or region (guidelines: a town is PHI): up to
    three capitalised words, none an English word but a prefix first (:data:`_TOWN_PREFIX`: "Port
    Rojusshire"), lower-case particles between them, none in a value or starting a Lookup of
    :data:`NOT_NAME` (Dr, Ward, May) ; added to ``kept`` as CITY."""
    text = ctx.doc.text
    found = []
    for value in kept:
        if value[2] not in ("COUNTRY", "STATE") or value[0] < 2:
            continue
        m = _BEFORE_COUNTRY.search(text, max(0, value[0] - 50), value[0])
        if m is None or "\n" in m.group(0):
            continue
        words, at = [], m.end(1)
        for w in reversed(m.group(1).split(" ")):
            start = at - len(w)
            ok = (w[0].isupper() and any(c.islower() for c in w) and w.lower() not in ENGLISH) or \
                (w in _TOWN_PARTICLES and words)
            if not ok and w[0].isupper() and _TOWN_PREFIX.match(w + " ") and words:
                words.append((start, w))
                break
            if not ok:
                break
            words.append((start, w))
            at = start - 1
        while words and words[-1][1] in _TOWN_PARTICLES:
            words.pop()
        if not words:
            continue
        start, end = words[-1][0], m.end(1)
        if any(taken[start:end]) or start and (text[start - 1].isalnum() or text[start - 1] in "'’-.") or \
                not _TOWN_PREFIX.match(words[-1][1] + " ") and \
                any(a.features.get("majorType") in NOT_NAME - {"place"} for a in lookups.starting_at(start)):
            continue
        taken[start:end] = b"\x01" * (end - start)
        found.append([start, end, "CITY", ADDRESS_CHAIN, None])
    if found:
        kept[:] = sorted(kept + found)


#: the unit before a street line and its comma ("Suite 300, Boulevard San Martin N° 9762", "Flat 4B,
#: 87, rue Vasseur": guidelines 2.3, the street line with its unit)
_UNIT_BEFORE = re.compile(
    r"(?<![\w.])(?:apt|apartment|flat|unit|suite|ste|floor|level|piso|studio|penthouse|bldg|building)\.?[ \t]*#?"
    r"(?=[\w\-]*\d)[A-Za-z0-9][\w\-]{0,5}[ \t]*,[ \t]*$", re.I)
#: a town after an organisation and "in" ("works for Duran A.Ş. in Anderen")
_IN_TOWN = re.compile(r"\.?[ \t]+in[ \t]+(?=[^\W\d_])")
_TOWN_AFTER = re.compile(r"[^\W\d_][^\W\d_'’]*(?:-[^\W\d_]+)*(?:[ ](?:(?:de|del|di|da|do|sur|am|an|la|le)[ ])?[^\W\d_][^\W\d_'’]*(?:-[^\W\d_]+)*){0,2}")


def units_before_streets(ctx: ActionContext, kept: list[list], taken: bytearray) -> None:
    """A street line takes the unit before it (:data:`_UNIT_BEFORE`), in place of a unit, room or
    department value of the unit alone."""
    text = ctx.doc.text
    for value in kept:
        if value[2] != "STREET":
            continue
        m = _UNIT_BEFORE.search(text, max(0, value[0] - 30), value[0])
        if m is None:
            continue
        inside = [v for v in kept if v is not value and v[0] < value[0] and v[1] > m.start()]
        if any(v[0] < m.start() or v[2] not in ("STREET", "DEPARTMENT", "ROOM") for v in inside):
            continue
        for v in inside:
            v[2] = None
        taken[m.start():value[0]] = b"\x01" * (value[0] - m.start())
        value[0] = m.start()
    kept[:] = [v for v in kept if v[2] is not None]


def towns_after_organisations(ctx: ActionContext, kept: list[list], taken: bytearray) -> None:
    """A town in no list after an organisation and "in" (:data:`_IN_TOWN`): capitalised words, none
    an English word but a prefix first (:data:`_TOWN_PREFIX`), in no value: added as CITY."""
    text = ctx.doc.text
    found = []
    for value in kept:
        if value[2] != "ORGANIZATION" or (m := _IN_TOWN.match(text, value[1])) is None:
            continue
        town = _TOWN_AFTER.match(text, m.end())
        if town is None:
            continue
        words, end = town.group(0).split(" "), m.end()
        for i, w in enumerate(words):
            if not ((w[0].isupper() and w.lower() not in ENGLISH) or (i and w.islower() and i + 1 < len(words)) or
                    (i == 0 and _TOWN_PREFIX.match(w + " ") and len(words) > 1)):
                break
            if w[0].isupper():
                end = m.end() + len(" ".join(words[:i + 1]))
        if end == m.end() or _TOWN_PREFIX.match(text[m.end():end] + " ") or any(taken[m.end():end]) or \
                text[end:end + 1].isalnum():
            continue
        taken[m.end():end] = b"\x01" * (end - m.end())
        found.append([m.end(), end, "CITY", ADDRESS_CHAIN, None])
    if found:
        kept[:] = sorted(kept + found)


#: the name lists of the gazetteer's lists.def (read as the gazetteer reads them)
_NAME_LISTS = ("deid_first.lst", "deid_surname.lst", "deid_first_world.lst", "deid_surname_world.lst")
_LISTS_DEF = Path(str(files("annotator.resources") / "gazetteers" / "en" / "deid.def"))
#: given and family names of the name lists, lower case (the stems of the towns named after a person)
_NAME_WORDS_LOWER = frozenset(entry.lower() for spec in read_lists_def(_LISTS_DEF) if spec.path.name in _NAME_LISTS
                              for _, entry, _ in read_entries(spec, ":") if " " not in entry)
#: the English way of naming a town after a person: a name and a town ending ("Santiagoville",
#: "Evansmouth", "Douglastown"), a compass or other prefix word and a name ("Port Jane", "West
#: Aina"), a name and "Ville" ("Taylor Ville"); the endings and prefixes are those of Faker's
#: English address providers (MIT) and of English place names
_TOWN_ENDINGS = ("town", "ton", "land", "ville", "berg", "burgh", "borough", "bury", "view", "port", "mouth", "stad",
                 "furt", "chester", "fort", "haven", "side", "shire", "burn", "stone", "leigh", "gate", "field", "ford",
                 "wood", "dale")
_TOWN_ENDING = re.compile(rf"[A-Z][^\W\d_]{{2,}}(?:{'|'.join(_TOWN_ENDINGS)})(?![\w'’\-])")
_ENDING_PREFIX = re.compile(r"(?<![\w'’\-.])(?:North|East|West|South|New|Lake|Port|Upper|Lower|Mount)[ ]$")
_PREFIX_TOWN = re.compile(r"(?:North|East|West|South|New|Lake|Port)[ ]([A-Z][^\W\d_]+)(?![\w'’\-])")
_VILLE = re.compile(r"[ ]Ville(?![\w'’\-])")
_WORD_ENDING = re.compile(r"(?<![\w'’\-.])[A-Z][^\W\d_]+\Z")
_NOT_BEFORE_WORD = frozenset("'’-.")
#: where a town of two words stands: after a place word, a field's start or a postcode, or before
#: a comma or the line's end ("lives in Port Jane", "1534-525 North Emilis"; not "West Nile virus")
_PLACE_BEFORE = re.compile(r"(?:[\n,:;\d]|\b(?:in|from|to|at|near|of|City|Town))[ \t]*$")
_PLACE_AFTER = re.compile(r"[ \t]*(?:[,;\n]|\.?[ \t]*$)")


def shaped_towns(ctx: ActionContext, kept: list[list], taken: bytearray, block_prio: list[int], lookups) -> None:
    """A town in no list named in the English way after a person (:data:`_TOWN_ENDING`,
    :data:`_PREFIX_TOWN`, :data:`_VILLE_TOWN`, these two where a town stands: :data:`_PLACE_BEFORE`,
    :data:`_PLACE_AFTER`): its name part is a given or family name of the lists,
    the town's word no English word and no name itself (Washington, Huntington stay to the name
    rules), no Lookup on it but a name's (a place's too on the name part of two words), under no
    Block, in no value but names and towns of its words (which it replaces); added as CITY."""
    text = ctx.doc.text
    found = []

    def add(start: int, end: int, word: int, allowed: tuple[str, ...]) -> None:
        if any(a.features.get("majorType") not in allowed for a in lookups.starting_at(word)) or \
                max(block_prio[start:end]):
            return
        if any(taken[start:end]):  # a name or town of a word of it ("Port [Jane]") yields to the town
            inside = [v for v in kept if v[0] < end and start < v[1]]
            if not all((v[2] in NAMES or v[2] == "CITY") and start <= v[0] and v[1] <= end for v in inside):
                return
            for v in inside:
                v[2] = None
            kept[:] = [v for v in kept if v[2] is not None]
        taken[start:end] = b"\x01" * (end - start)
        found.append([start, end, "CITY", ADDRESS_CHAIN, None])

    for m in _TOWN_ENDING.finditer(text):
        at, word = m.start(), m.group(0).lower()
        if word in ENGLISH or word in _NAME_WORDS_LOWER or \
                at and (text[at - 1].isalnum() or text[at - 1] == "_" or text[at - 1] in _NOT_BEFORE_WORD):
            continue
        stem = min((word[:-len(e)] for e in _TOWN_ENDINGS if word.endswith(e) and len(word) - len(e) >= 3), key=len)
        if stem in _NAME_WORDS_LOWER:
            prefix = _ENDING_PREFIX.search(text, max(0, at - 6), at)
            add(prefix.start() if prefix else at, m.end(), at, ("name",))
    towns = [(m.start(), m.end(), m.start(1), m.group(1)) for m in _PREFIX_TOWN.finditer(text)
             if not (m.start() and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_'’-."))]
    for m in _VILLE.finditer(text):
        if (w := _WORD_ENDING.search(text, max(0, m.start() - 40), m.start())) is not None:
            towns.append((w.start(), m.end(), w.start(), w.group(0)))
    for start, end, at, name in towns:
        if name.lower() in _NAME_WORDS_LOWER and name.lower() not in ENGLISH and \
                (_PLACE_BEFORE.search(text[max(0, start - 12):start]) or _PLACE_AFTER.match(text, end)):
            add(start, end, at, ("name", "place"))
    if found:
        kept[:] = sorted(kept + found)


#: a house number before a name's words, at a line's or field's start or after "at", "to", "is"
#: ("went to 435 [Sirap Key]", "Address: 6332 [Ayinke Bridge]"): the words are a street in no list
_HOUSE_BEFORE_NAME = re.compile(r"(?:^|[,:;]|\b(?:at|to|is|address))[ \t]*(\d{1,5}[A-Za-z]?)[ ]$", re.M | re.I)
#: a street named without its type and its house number, at a line's or field's start or after
#: "at", "to", "is", before a comma or the line's end ("Kin: John Teixeira, Budatínska 22,
#: Santiagoville", "address is Hurbanovo námestie 4, Flat 25D")
#: what ends a street line: a comma, the line's end, a unit ("435 Sirap Key, Ste 36", "111 Fatima Pine Apt. 361")
_STREET_END = re.compile(r"[ \t]*(?:[,;\n]|\.?[ \t]*$|(?:apt|apartment|suite|ste|unit|flat)\b)", re.I)
_NAMED_STREET_NUMBER = re.compile(r"[ ]\d{1,4}[a-zA-Z]?(?=[ \t]*(?:,(?!\d)|\n|$))", re.M)
_NAMED_STREET = re.compile(
    r"(?:^|(?<=[,:;])|(?<=\bat)|(?<=\bto)|(?<=\bis))[ \t]*([A-Z][^\W\d_]+(?:-[^\W\d_]+)*(?:[ ][^\W\d_]+){0,2})\Z", re.M)


def street_lines_of_names(ctx: ActionContext, kept: list[list], taken: bytearray, block_prio: list[int], lookups) -> None:
    """Street lines whose words are taken for a name or town, or are in no list (guidelines 2.3: the
    whole street line with its unit): a name value after a house number (:data:`_HOUSE_BEFORE_NAME`)
    and before a comma, the line's end or a unit (:data:`_STREET_END`) becomes a STREET from the number; words and a house number before a comma or the line's end
    (:data:`_NAMED_STREET`), none an English word, the first with a lower-case letter and no Lookup
    but a name's or a place's, under no Block, in no value but names, become one; either then takes
    a unit after it."""
    text = ctx.doc.text
    changed = False
    for value in kept:
        if value[2] not in NAMES or value[0] < 2:
            continue
        at = value[0]
        if text[at - 1] != " " or not (text[at - 2].isdigit() or (text[at - 3:at - 2].isdigit() and text[at - 2].isalpha())):
            continue  # no house number right before it
        m = _HOUSE_BEFORE_NAME.search(text[max(0, at - 16):at])
        if m is None:
            continue
        start = value[0] - (m.end() - m.start(1))
        if any(taken[start:value[0]]) or (start and text[start - 1].isalnum()) or \
                not _STREET_END.match(text, value[1]):
            continue
        taken[start:value[0]] = b"\x01" * (value[0] - start)
        value[0], value[2] = start, "STREET"
        changed = True
    for number in _NAMED_STREET_NUMBER.finditer(text):
        if any(taken[number.start():number.end()]):
            continue
        window = max(0, number.start() - 80)  # on the number's line: the street's words hold no line break
        if (m := _NAMED_STREET.search(text, max(window, text.rfind("\n", window, number.start()) + 1), number.start())) is None:
            continue
        start, end = m.start(1), number.end()
        words = m.group(1).split(" ")
        if any(w.lower() in SAFE for w in words) or not any(c.islower() for c in words[0]) or max(block_prio[start:end]) or \
                any(a.features.get("majorType") not in ("name", "place") for a in lookups.starting_at(start)):
            continue
        inside = [v for v in kept if v[0] < end and start < v[1]]
        if not all(v[2] in NAMES and start <= v[0] and v[1] <= end for v in inside):
            continue
        for v in inside:
            v[2] = None
        taken[start:end] = b"\x01" * (end - start)
        kept.append([start, end, "STREET", ADDRESS_CHAIN, None])
        changed = True
    if not changed:
        return
    kept[:] = sorted(v for v in kept if v[2] is not None)
    for value in kept:
        if value[2] != "STREET":
            continue
        for extension in STREET_AFTER:  # its unit, in place of a unit or room value of the unit alone
            if (m := extension.match(text, value[1])) is None:
                continue
            inside = [v for v in kept if v[0] < m.end() and value[1] <= v[0]]
            if all(v[2] in ("DEPARTMENT", "ROOM") and v[1] <= m.end() for v in inside):
                for v in inside:
                    v[2] = None
                taken[value[1]:m.end()] = b"\x01" * (m.end() - value[1])
                value[1] = m.end()
    kept[:] = [v for v in kept if v[2] is not None]


#: a place word and one or two capitalised words, a prefix word of towns before them, then
#: punctuation, the line's end or a word in lower case ("I live in Balgoij.", "Yafi Aasif, 24, from
#: Drniš, was seen", "can see her in Bad Ischl next week", "moved from Leeds to Ralsko in 2012"; no
#: particle of a longer name: "in Curaco de Vélez");
#: "to" only after a word of going (:data:`_GOING`: not "no change to Amoxicillin")
_CUED_PREFIXES = ("New|North|South|East|West|Port|Fort|Mount|Saint|San|Santa|Bad|Sankt|Upper|Lower|Great|Little|"
                  "Old|Novi|Nova|Novo|Nowy|Nowa|Stary|Stara")
_CUED_TOWN = re.compile(
    rf"(?:in|from|near|to)[ ]((?:(?:{_CUED_PREFIXES})[ ])?"
    r"[A-Z][^\W\d_]{3,}(?:-[^\W\d_]+)*(?:[ ][A-Z][^\W\d_]{2,})?)"
    r"(?=[ \t]*(?:[,.;:)\n]|$)|[ ](?!(?:de|del|della|di|da|do|dos|das|du|des|la|le|los|las|el|am|an|aan|nad|pod|"
    r"upon|sur|sous|im|bei|ob|unter|en)[ ])[a-z])")
#: a word of going in the clause before "to" ("moved from Leeds to", "flew back to", "a trip to")
_GOING = re.compile(r"\b(?:mov|went|go|flew|fly|flies|travel|relocat|emigrat|return|drove|driv|came|com|back|trip|"
                    r"journey|visit|holiday|head|sail|transferr?ed)\w*[^\n.;:]{0,40}\Z", re.I)
#: the prefix word of a town that :data:`_CUED_TOWN` matched (an English word or a Lookup of its own)
_CUED_PREFIX = re.compile(rf"(?:{_CUED_PREFIXES})[ ]")


def cued_towns(ctx: ActionContext, kept: list[list], taken: bytearray, block_prio: list[int], lookups) -> None:
    """A town in no list after a place word (:data:`_CUED_TOWN`): its words (but a prefix word) no
    English words, no specialty ("referred to Dermatology in May") and in no list at all (a name,
    drug or language is none: "a letter from Anna."), in no value, under no Block; added as CITY."""
    text = ctx.doc.text
    found = []
    for m in _CUED_TOWN.finditer(text):
        if m.start() and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_'’-"):
            continue
        start, end = m.span(1)
        if text.startswith("to", m.start()) and not _GOING.search(text, max(0, m.start() - 60), m.start()):
            continue
        prefix = _CUED_PREFIX.match(text, start, end)
        at = prefix.end() if prefix and end > prefix.end() else start
        words = text[at:end].split(" ")
        if any(w.lower() in SAFE or SPECIALTY.search(w) for w in words) or any(taken[start:end]) or \
                max(block_prio[start:end]) or any(lookups.starting_at(at + len(" ".join(words[:i])) + (1 if i else 0))
                    for i in range(len(words))):
            continue
        taken[start:end] = b"\x01" * (end - start)
        found.append([start, end, "CITY", ADDRESS_CHAIN, None])
    if found:
        kept[:] = sorted(kept + found)


def address_tails(kept: list[list], text: str, taken: bytearray) -> None:
    """The postcodes, province codes and towns after each street line (:data:`_TAIL`), up to four
    parts, stepping over the values there: added to ``kept`` (ZIP, STATE, CITY); a town's words are
    no English words but the first (:data:`_TOWN_PREFIX`) and a bare number of four digits is a
    postcode only beside a town. A town of ``kept`` takes the prefix word before it."""
    sure = ADDRESS_CHAIN
    found: list[list] = []
    weaker: list[list] = []
    for value in kept:
        if value[2] == "CITY" and (m := _TOWN_PREFIX.search(text, max(0, value[0] - 8), value[0])) \
                and not any(taken[m.start():value[0]]):
            taken[m.start():value[0]] = b"\x01" * (value[0] - m.start())
            value[0] = m.start()
    for value in kept:
        if value[2] != "STREET":
            continue
        pos, parts, last_town, lines = value[1], [], False, 0
        for _ in range(4):
            m = _TAIL.match(text, pos)
            if m is None and lines < 2 and (line := _NEXT_LINE.match(text, pos)) is not None:
                # an address block: the next short line goes on with the address ("623 Hollie
                # Ferry\n65753 Honkajoki\nCroatia")
                pos, lines = line.end(), lines + 1
                m = _TAIL.match(text, pos)
            if m is None:
                break
            kind = m.lastgroup
            start, end = m.span(kind)
            if kind == "town":
                # the town's words up to the first in lower case or English (the first may be a prefix)
                words = m.group(kind).split()
                keep = 0
                for i, w in enumerate(words):
                    if not w[0].isupper() or w.isupper() or (w.lower() in ENGLISH and not (i == 0 and _TOWN_PREFIX.match(w + " "))):
                        break
                    keep = i + 1
                if keep == 0 or (keep == 1 and _TOWN_PREFIX.match(words[0] + " ")):
                    break
                end = start + len(" ".join(words[:keep]))
            inside = [v for v in kept if v[0] < end and v[1] > start] if any(taken[start:end]) else []
            # a year alone (a DATE of the i2b2-2014 policy only) is the postcode's number ("1830 Mürzzuschlag")
            year = kind == "zip" and inside and all(v[2] == "DATE" and v[4] and v[0] >= start and v[1] <= end for v in inside)
            if all(taken[start:end]) and not year:  # a value of its own there: a town, a postcode
                if parts and parts[-1][2] == "ZIP?":
                    parts[-1][2] = "ZIP"
                pos, last_town = end, True
                continue
            # weaker values inside the part give way to it ("Denis-sur-Hubert", "H-2390 Eger")
            if not year and any(v[3] >= sure or v[0] < start or v[1] > end for v in inside):
                break
            if kind == "town":
                if parts and parts[-1][2] == "ZIP?":
                    parts[-1][2] = "ZIP"
                type_, last_town = "CITY", True
            elif kind == "zip":
                bare = m.group(kind).isdigit() and len(m.group(kind)) == 4
                type_, last_town = "ZIP?" if bare and not last_town else "ZIP", False
            else:
                type_, last_town = "STATE", False
            parts.append([start, end, type_, sure, inside])
            pos = end
        for start, end, type_, value, inside in parts:
            if type_ != "ZIP?":
                taken[start:end] = b"\x01" * (end - start)
                found.append([start, end, type_, value, None])
                weaker.extend(inside)
    if found:
        kept[:] = sorted([v for v in kept if not any(v is w for w in weaker)] + found)

