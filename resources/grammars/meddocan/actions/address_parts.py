"""Where each part of an address ends: an organisation (with its abbreviation, and without a
street or towns glued to its name), a street (with its number, floor and door), a town or
country; the address run (address.py) decides which part comes next."""

from __future__ import annotations

from annotator.document import AnnotationSet

from .patterns import (
    ABBREVIATION,
    ABBREVIATION_END,
    CAPITAL_AFTER,
    COLONIA,
    CAPITALISED_WORD,
    COLONIA_WORD,
    DEPARTMENT,
    DIGIT,
    DISTRICT_INITIALS,
    EMAIL,
    FLOOR_ORDINAL,
    FLOOR_WORD,
    HOUSE_NUMBER,
    INITIAL,
    NAMED_BEFORE_TOWN,
    NAMED_BEFORE_TOWN_TAIL,
    NON_BLANKS,
    NOT_PLACE,
    NUMBER_AT_END,
    OF_COUNTRY,
    ORG_GOES_ON,
    ORG_START,
    PARTICLE_END,
    PLACE_PARTICLE,
    PLACE_WORD,
    PO_BOX,
    POSTCODE,
    POSTCODE4_AFTER,
    POSTCODE_CUE,
    SAINT,
    SN,
    SPACES,
    STREET_ABBREVIATION_END,
    STREET_NOUN,
    STREET_NUMBER,
    STREET_PARTICLE,
    STREET_START,
    STREET_STOP,
    SURNAME_PARTICLE,
    SURNAME_SAINT,
    TOWN_PARTICLE_END,
    UNTYPED_STREET,
)
from .spans import add, clean_span


def place_end(text: str, start: int, end: int, places: dict) -> int:
    """End of a town, province or country name starting at `start` (`start` when there is none):
    the longest gazetteer place starting here (with a federal district's initials after it: "Bogotá
    D.C."; with its country after "de": "Santiago de Chile"), else a run of capitalised words and particles."""
    known = max((e for (s, e) in places if s == start and e <= end), default=start)
    if known > start:
        joint = OF_COUNTRY.match(text, known, end) if places.get((start, known)) != "country" else None
        if joint:
            country = max((e for (s, e), minor in places.items() if s == joint.end() and e <= end and minor == "country"),
                          default=0)
            known = country or known
        initials = DISTRICT_INITIALS.match(text, known, end)
        return initials.end() if initials else known
    if NOT_PLACE.match(text, start, end):
        return start
    pos = start
    last = start
    particle = None
    while pos < end:
        inner = max((e for (s, e) in places if s == pos and e <= end), default=0) if pos > start else 0
        if inner and particle:  # "San Juan de Alicante", "Isla de La Palma": a place after a particle is inside
            last = inner
            break
        if NOT_PLACE.match(text, pos) or ORG_START.match(text, pos) or inner:  # "X Centro Urológico ..."
            break
        word = PLACE_WORD.match(text, pos, end)
        if word is None:
            break
        pos = last = word.end()
        gap = SPACES.match(text[pos:end])
        if gap is None:
            break
        pos += gap.end()
        particle = PLACE_PARTICLE.match(text, pos, end)
        if particle:
            pos = particle.end()
    return last if last - start > 2 else start


def add_organisation(out: AnnotationSet, text: str, start: int, end: int, kind: str, rule: str,
                     places: dict, people: dict | None = None) -> int:
    """Annotate the organisation starting at `start`; towns ending its name
    ('Hospital Nuestra Señora del Rosario Madrid, España') are left to the place rules, and an
    abbreviation in parentheses after it ('Hospital Universitario La Paz (HULP)') gets its type.
    Returns where the address goes on."""
    stop = split_glued_street(text, start, org_end(text, start, end), end, people)
    s, e = clean_span(text, start, stop)
    while True:  # "Hospital Universitario Central de Asturias Oviedo Asturias": both towns are left out
        town = longest_place_ending(places, s, e)
        if not (town and len(text[s:town[0]].split()) >= 3
                and not TOWN_PARTICLE_END.search(text[s:town[0]])):
            break
        e = clean_span(text, s, town[0])[1]
        stop = town[0]
    town = longest_place_ending(places, s, e)
    if kind == "HOSPITAL" and town and NAMED_BEFORE_TOWN.search(text, s, town[0]):
        add(out, "TERRITORIO", *town, rule.split(":")[0] + ":place")
        e = clean_span(text, s, NAMED_BEFORE_TOWN_TAIL.search(text, s, town[0]).start())[1]
    add(out, kind, s, e, rule)
    return max(add_abbreviation(out, text, stop, end, kind, rule), start + 1)


def longest_place_ending(places: dict, start: int, end: int) -> tuple[int, int] | None:
    """The longest place of the gazetteer that ends at `end` and starts after `start`: "A Coruña", not
    its tail "Coruña" (so that "... de A Coruña" is seen as a town after "de")."""
    return min(((ps, pe) for (ps, pe) in places if pe == end and ps > start), default=None)


def add_abbreviation(out: AnnotationSet, text: str, stop: int, end: int, kind: str, rule: str) -> int:
    """The abbreviation in parentheses right after an organisation ('Hospital Universitario La Paz
    (HULP)') has the organisation's type; returns where the address goes on."""
    abbreviation = ABBREVIATION.match(text[stop:end])
    if abbreviation is None:
        return stop
    add(out, kind, stop + abbreviation.start(1), stop + abbreviation.end(1), rule)
    return stop + abbreviation.end()


def org_end(text: str, start: int, end: int) -> int:
    """End of an organisation name: the next '.', ',' or ';' (not inside quotes), a street (after a
    glued period too), a postcode, an e-mail or another organisation word after the first (not after
    a particle: "Centro de Ciencias de la Universidad de X" is one name)."""
    pos = start
    quote = False
    first = True
    while pos < end:
        ch = text[pos]
        if ch in "\"“”":
            quote = not quote
        elif not quote:
            if ch in ",;(" or (ch == "." and (pos + 1 >= end or text[pos + 1] in " \n")
                                and not ABBREVIATION_END.search(text[start:pos])):
                return pos
            if ch == "." and STREET_START.match(text, pos + 1, end):  # "Hospital la Paz.Paseo de la Castellana, 261"
                return pos
            if ch == " " and pos + 1 < end:
                nxt = pos + 1
                after_particle = PARTICLE_END.search(text[start:pos])
                if ((STREET_START.match(text, nxt) and not after_particle) or POSTCODE.match(text, nxt)
                        or EMAIL.match(text, nxt)
                        or (not first and not after_particle and ORG_START.match(text, nxt)
                            and not ORG_GOES_ON.match(text[nxt:]))):
                    return pos
                first = False
        pos += 1
    return end


def split_glued_street(text: str, start: int, stop: int, end: int, people: dict | None = None) -> int:
    """'Hospital de Navarra Irunlarrea, 3' or 'Hospital Lucus Augusti San Cibrao s/n': when an
    organisation name runs into a street number, its last word ('San Cibrao': last two) is the
    street, or its last words back to a first name ('Gaspar Aguilar', 'Vicente García Torres':
    surnames and particles in between; `people` maps a name's span to "person_first" or "surname") or a place noun
    ('Altos de Nava'); returns the organisation's new end."""
    inside = NUMBER_AT_END.search(text[start:stop])  # "Hospital POVISA Salamanca 5 - 36211"
    if inside:
        name_end = start + inside.start()
    elif STREET_NUMBER.match(text[stop:end]):
        name_end = stop
    else:
        return stop
    words = list(NON_BLANKS.finditer(text[start:name_end]))
    if len(words) < 3:
        return stop
    cut = len(words) - 1
    # "Hospital Virgen del Camino Irunlarrea, 4": a word after a particle belongs to the name
    if SAINT.match(words[-2].group()) and not STREET_PARTICLE.fullmatch(words[-3].group()):
        cut -= 1
    else:  # a street named after a person or a place noun: "Gaspar Aguilar", "Altos de Nava", "Río Júcar"
        for i in range(len(words) - 2, max(len(words) - 5, 1), -1):
            word = words[i].group()
            person = (people or {}).get((start + words[i].start(), start + words[i].end()))
            if person == "person_first" or STREET_NOUN.fullmatch(word) and cut == len(words) - 1:
                before = words[i - 1].group()
                if STREET_PARTICLE.fullmatch(before) or SAINT.match(before):
                    break
                cut = i
                if person != "person_first":
                    break
                continue  # "Federico Garcia Lorca": the street's name may hold two first names
            if not (STREET_PARTICLE.fullmatch(word) or person == "surname"):
                break
    return start + words[cut].start()


def street_without_type(text: str, start: int, end: int) -> bool:
    """'Irunlarrea, 3' or 'San Cibrao s/n': capitalised words then a number or s/n before a postcode."""
    return bool(UNTYPED_STREET.match(text[start:end]))


def street_after_name(text: str, start: int, stop: int, end: int, people: dict) -> int | None:
    """Where a street without its type word starts inside a signature's name run ('Dirección para
    correspondencia: Begoña Suárez Aliaga Játiva, 4 - 2ºB 28007 Madrid'): after the given names (the
    first word, then listed first names or initials; `people` maps a name's span to "person_first" or
    "surname") and two surnames with their particles ('San Martín' is one), when a house number
    follows the name run's end `stop` and the words left make a street with it (UNTYPED_STREET);
    None otherwise."""
    words = list(NON_BLANKS.finditer(text, start, stop))
    i = 1
    while i < min(len(words), 3) and (people.get(words[i].span()) == "person_first"
                                      or INITIAL.fullmatch(words[i].group())):
        i += 1
    for _ in range(2):
        while i < len(words) and SURNAME_PARTICLE.fullmatch(words[i].group()):
            i += 1
        i += 2 if i < len(words) and SURNAME_SAINT.fullmatch(words[i].group()) else 1
    if i >= len(words) or not HOUSE_NUMBER.match(text, stop, end):
        return None
    street = UNTYPED_STREET.match(text, words[i].start(), end)
    return words[i].start() if street and street.end() > stop else None


def untyped_street_after_department(text: str, start: int, stop: int, end: int) -> int | None:
    """Where a street without its type word starts inside a department's words ('Servicio de Urología
    Xubias de Arriba, 84 15006 La Coruña'): at the first capitalised word after the department's last
    department word whose words and number (UNTYPED_STREET) end, before `stop` (where the department's
    words end), at a postcode, an e-mail or a phone cue (STREET_STOP); None when there is no such street."""
    words = list(CAPITALISED_WORD.finditer(text, start, stop))
    last_department = max((i for i, w in enumerate(words) if DEPARTMENT.match(w.group())), default=None)
    if last_department is None:
        return None
    for word in words[last_department + 1:]:
        street = UNTYPED_STREET.match(text, word.start(), stop)
        if street and STREET_STOP.match(text, street.end(), end):
            return word.start()
        if street is None:
            return None
    return None


def colonia_end(text: str, stop: int, end: int, places: dict) -> int:
    """A Mexican street goes on with its district (train: 4 of 5): 'Chimalpopoca 14, Col. Obrera',
    'Calzada de Tlalpan # 4800 Colonia Sección XVI'; the district stops before a known place
    ('Col. Obrera México D.F.') and after three words. Returns the street's new end."""
    colonia = COLONIA.match(text, stop, end)
    if colonia is None or not DIGIT.search(text[max(0, stop - 12):stop]):
        return stop
    pos = last = colonia.end()
    for _ in range(3):
        word = COLONIA_WORD.match(text, pos, end)
        if word is None or any(s == pos for (s, _) in places):
            break
        last = word.end()
        gap = SPACES.match(text[last:end])
        if gap is None:
            break
        pos = last + gap.end()
    return last if last > colonia.end() else stop


def street_end(text: str, start: int, end: int) -> int:
    """End of a street: before a postcode, an e-mail, a phone cue, a town in parentheses, a
    capitalised word after the number (a town or an organisation), or a '.'/',' that is followed
    by something that is not part of the number/floor/door."""
    pos = start
    has_number = False
    po_box = PO_BOX.match(text, start, end)  # "Apartado de Correos 20134 48080 Bilbao": the box number is inside
    while pos < end:
        if text[pos] == " " and (POSTCODE.match(text, pos + 1, end) and (has_number or not po_box)
                                 or EMAIL.match(text, pos + 1, end) or POSTCODE_CUE.match(text, pos + 1, end)):
            return pos
        if text[pos] == " " and has_number and text[pos + 1:pos + 2].isupper() and not FLOOR_WORD.match(
                text, pos + 1, end):
            return pos
        if text[pos] in ".,;-(" and pos > start:
            rest = text[pos + 1:end]
            if (has_number or not po_box) and STREET_STOP.match(rest) or (
                    has_number and POSTCODE4_AFTER.match(rest)):  # "1996. 5500 Mendoza"
                return pos
            if text[pos] == "(":
                return pos
            if text[pos] in ".,;" and has_number and not (
                    FLOOR_ORDINAL.match(rest) or FLOOR_WORD.match(rest, len(rest) - len(rest.lstrip()))):
                return pos
            if text[pos] in ".,;" and has_number and STREET_START.match(rest, len(rest) - len(rest.lstrip())):
                return pos  # "Calle Mayor 4, C/ Seminario 2": another street, not a door "C"
            if text[pos] == "." and not has_number and CAPITAL_AFTER.match(rest) and not STREET_ABBREVIATION_END.search(
                    text[start:pos]) and not STREET_START.fullmatch(text, start, pos) and not (
                    pos - start <= 4 and STREET_START.match(rest, len(rest) - len(rest.lstrip()))):
                return pos  # (not in "CRT. Carretera de Jaén": a short word before a street word is its abbreviation)
            if text[pos] == "," and not has_number and ORG_START.match(rest, len(rest) - len(rest.lstrip())):
                return pos  # "C/ Escuelas, Hospital X Calle Y, 2": an organisation between two streets
        if text[pos].isdigit() or text[pos:pos + 3] == "s/n" or SN.match(text[pos:pos + 3]):
            has_number = True
        pos += 1
    return end
