"""Signature lines and address runs: "Remitido por: Dr. X Y. Servicio de Z. Hospital W. C/ V, 3.
28046 Madrid. España. E-mail: ..." cut into typed spans (names, organisations, street,
postcode, town, country, phones, e-mail)."""

from __future__ import annotations

from dataclasses import dataclass

import regex

from annotator.document import AnnotationSet, Document

from .patterns import (
    ABBREVIATION,
    ABBREVIATION_END,
    CAPITAL_AFTER,
    COLONIA,
    COLONIA_WORD,
    CORRESPONDENCE,
    DEPARTMENT,
    DEPARTMENT_END,
    DIGIT,
    EMAIL,
    EMAIL_CUE,
    FLOOR_ORDINAL,
    FLOOR_WORD,
    HEALTH_CENTRE,
    HOSPITAL,
    INITIALS_END,
    INSTITUTION,
    NAME_JOINT,
    NON_BLANKS,
    NOT_PLACE,
    NUMBER_AT_END,
    ORG_GOES_ON,
    ORG_LIST_END,
    ORG_START,
    PARTICLE_END,
    PHONE_CUE,
    PLACE_PARTICLE,
    PLACE_WORD,
    PO_BOX,
    POSTCODE,
    POSTCODE4,
    POSTCODE4_AFTER,
    POSTCODE_CUE,
    REPUBLIC,
    SAINT,
    SN,
    SPACES,
    STREET_ABBREVIATION_END,
    STREET_NOUN,
    STREET_NUMBER,
    STREET_PARTICLE,
    STREET_START,
    STREET_STOP,
    TITLE,
    TOWN_PARTICLE_END,
    UNTYPED_STREET,
)
from .spans import add, annotate_phones, clean_span, name_run_end
from .tables import ORGANISATION_TYPES


def annotate_signature(doc: Document, annset: AnnotationSet, out: AnnotationSet, start: int, end: int) -> None:
    """A signature: the doctors' names first ("Dr. X Y y Dra. Z W", titles left out), then the
    address run after them."""
    text = doc.text
    pos = start
    lead = CORRESPONDENCE.match(text[pos:end])
    pos += lead.end() if lead else 0
    while True:  # "Dr. X Y y Dra. Z W": one name after another
        title = TITLE.match(text, pos, end)
        if title:
            pos = title.end()
        name_end = name_run_end(text, pos, end)
        if name_end > pos:
            s, e = clean_span(text, pos, name_end)
            add(out, "NOMBRE_PERSONAL_SANITARIO", s, e, "signature:name")
            pos = name_end
        joint = NAME_JOINT.match(text[pos:end])
        if joint is None:
            break
        pos += joint.end()
    annotate_address(doc, annset, out, pos, end, "signature")


def annotate_address(doc: Document, annset: AnnotationSet, out: AnnotationSet, start: int, end: int,
                     rule: str) -> None:
    """Cut an address run (organisations, street, postcode, town, country, phones, e-mail) into spans.

    At each position the readers of ADDRESS_READERS are tried in order; the first that recognises
    something there annotates it (or skips it) and says where the run goes on; when none does, the
    word there is skipped."""
    run = AddressRun(doc.text, out, end, rule, *gazetteer_classes(annset, start, end))
    pos = start
    while pos < end:
        for read in ADDRESS_READERS:
            after = read(run, pos)
            if after is not None:
                pos = after
                break
        else:
            pos = skip_word(run, pos)


@dataclass
class AddressRun:
    """One address run being cut: the text, where to write, where the run ends, the rule name's
    prefix, what the gazetteer says about its words, and whether a street was seen yet (a bare
    four-digit postcode counts only after one; an untyped street only before one)."""

    text: str
    out: AnnotationSet
    end: int
    rule: str
    places: dict[tuple[int, int], str]
    people: dict[tuple[int, int], str]
    organisations: dict[int, tuple[int, str]]
    seen_street: bool = False


def gazetteer_classes(annset: AnnotationSet, start: int, end: int) -> tuple[dict, dict, dict]:
    """What the gazetteer's Lookups starting in the run say: places (span -> minorType: "country",
    ...), people's names (span -> "person_first", which wins, or "surname") and organisations ending
    in the run (start -> (the longest one's end, its MEDDOCAN type)). Lookups starting before the run
    are not consulted."""
    places: dict[tuple[int, int], str] = {}
    people: dict[tuple[int, int], str] = {}
    organisations: dict[int, tuple[int, str]] = {}
    for lookup in annset.with_type("Lookup").starting_in(start, end):
        major, minor = lookup.features.get("majorType"), lookup.features.get("minorType")
        if major == "location":
            places[(lookup.start, lookup.end)] = minor
        elif major in ("person_first", "surname") and people.get(lookup.span) != "person_first":
            people[lookup.span] = major
        elif major == "organization" and lookup.end <= end:
            kind = ORGANISATION_TYPES.get(str(minor))
            if kind and lookup.end > organisations.get(lookup.start, (0, ""))[0]:
                organisations[lookup.start] = (lookup.end, kind)
    return places, people, organisations


# Each reader: (run, pos) -> where the run goes on when it recognised something at pos, else None.

def skip_separator(run: AddressRun, pos: int) -> int | None:
    """Punctuation and blanks between the parts."""
    return pos + 1 if run.text[pos] in " \t.,;:()-–/\"'" else None


def skip_email_cue(run: AddressRun, pos: int) -> int | None:
    """'E-mail:', 'Correo electrónico': read before the address itself, so that in 'E-mail.x@y.es'
    the cue is not taken into the address."""
    cue = EMAIL_CUE.match(run.text[pos:run.end])
    return pos + cue.end() if cue else None


def read_email(run: AddressRun, pos: int) -> int | None:
    email = EMAIL.match(run.text, pos, run.end)
    if email is None:
        return None
    add(run.out, "CORREO_ELECTRONICO", *email.span(), f"{run.rule}:email")
    return email.end()


def read_phones(run: AddressRun, pos: int) -> int | None:
    """A phone or fax cue followed by numbers ('Tel. 917000001 - 606000002'): one span per number,
    typed by the cue. A cue without a number is left to the readers after this one."""
    text = run.text
    cue = PHONE_CUE.match(text[pos:run.end])
    if cue is None:
        return None
    numbers = pos + cue.end()
    if not (text[numbers:numbers + 1].isdigit() or text[numbers:numbers + 1] == "("):
        return None
    kind = "NUMERO_FAX" if cue.group().lower().startswith("fax") else "NUMERO_TELEFONO"
    phone_end = annotate_phones(run.out, text, numbers, run.end, kind, f"{run.rule}:phone")
    return phone_end if phone_end > numbers else None


def read_postcode(run: AddressRun, pos: int) -> int | None:
    """A postcode after a cue ('C.P. 28046': the number only), five digits not followed by a sixth,
    or, once a street was seen, four digits before a town ('1996. 5500 Mendoza')."""
    text = run.text
    postcode = POSTCODE_CUE.match(text, pos, run.end)
    if postcode:
        span = postcode.span(1)
    else:
        postcode = POSTCODE.match(text, pos, run.end)
        if postcode and text[postcode.end():postcode.end() + 1].isdigit():
            postcode = None
        if postcode is None and run.seen_street:
            postcode = POSTCODE4.match(text, pos, run.end)
        if postcode is None:
            return None
        span = postcode.span()
    add(run.out, "TERRITORIO", *span, f"{run.rule}:postcode")
    return postcode.end()


def read_listed_organisation(run: AddressRun, pos: int) -> int | None:
    """An organisation of the gazetteer that ends where a part of the address ends (before '.', ',',
    ';', '(' or the end of the run): its whole name, however it is worded."""
    if pos not in run.organisations:
        return None
    org_stop, kind = run.organisations[pos]
    if not ORG_LIST_END.match(run.text[org_stop:run.end]):
        return None
    rule = f"{run.rule}:organisation-list"
    add(run.out, kind, *clean_span(run.text, pos, org_stop), rule)
    return add_abbreviation(run.out, run.text, org_stop, run.end, kind, rule)


def read_health_centre(run: AddressRun, pos: int) -> int | None:
    return read_organisation(run, pos, HEALTH_CENTRE, "CENTRO_SALUD", "health_centre")


def read_hospital(run: AddressRun, pos: int) -> int | None:
    return read_organisation(run, pos, HOSPITAL, "HOSPITAL", "hospital")


def read_institution(run: AddressRun, pos: int) -> int | None:
    return read_organisation(run, pos, INSTITUTION, "INSTITUCION", "institution")


def read_organisation(run: AddressRun, pos: int, start_word: regex.Pattern, kind: str, rule: str) -> int | None:
    """An organisation named by the word it starts with ('Hospital ...', 'Centro de Salud ...')."""
    if not start_word.match(run.text, pos, run.end):
        return None
    return add_organisation(run.out, run.text, pos, run.end, kind, f"{run.rule}:{rule}", run.places, run.people)


def skip_department(run: AddressRun, pos: int) -> int | None:
    """A department ('Servicio de Urología') is no PHI: skipped up to its end (a sentence period, an
    organisation word) or to a street, postcode or e-mail inside it."""
    text = run.text
    if not DEPARTMENT.match(text, pos, run.end):
        return None
    stop = DEPARTMENT_END.search(text, pos, run.end)
    stop_at = stop.start() if stop else run.end
    for follower in (STREET_START, POSTCODE, EMAIL):
        found = follower.search(text, pos, stop_at)
        stop_at = found.start() if found else stop_at
    return max(stop_at, pos + 1)


def read_street(run: AddressRun, pos: int) -> int | None:
    """A street: one that starts with a street word ('C/', 'Avda.'), or before the first street,
    capitalised words and a number ('Irunlarrea, 3'); a Mexican street takes its district along."""
    text = run.text
    if not (STREET_START.match(text, pos, run.end)
            or (not run.seen_street and street_without_type(text, pos, run.end))):
        return None
    street_stop = colonia_end(text, street_end(text, pos, run.end), run.end, run.places)
    add(run.out, "CALLE", *clean_span(text, pos, street_stop), f"{run.rule}:street")
    run.seen_street = True
    return street_stop


def read_republic(run: AddressRun, pos: int) -> int | None:
    """'República Argentina': a country of the gazetteer after 'República' is a country with it."""
    republic = REPUBLIC.match(run.text[pos:run.end])
    if republic is None:
        return None
    country = pos + republic.end()
    country_end = max((e for (s, e), minor in run.places.items() if s == country and minor == "country"), default=0)
    if not country_end:
        return None
    add(run.out, "PAIS", pos, country_end, f"{run.rule}:place")
    return country_end


def read_place(run: AddressRun, pos: int) -> int | None:
    """A town, province or country (see place_end): PAIS for a country of the gazetteer, else
    TERRITORIO."""
    text = run.text
    place_stop = place_end(text, pos, run.end, run.places)
    if place_stop <= pos:
        return None
    s, e = clean_span(text, pos, place_stop)
    if text[e:e + 1] == "." and INITIALS_END.search(text[s:e]):
        e += 1  # "México D.F.", "Bogotá D.C.": the abbreviation keeps its last period
    add(run.out, "PAIS" if run.places.get((s, e)) == "country" else "TERRITORIO", s, e, f"{run.rule}:place")
    return max(place_stop, e)


def skip_word(run: AddressRun, pos: int) -> int:
    """Nothing recognised here: go on after the word."""
    word = NON_BLANKS.match(run.text[pos:run.end])
    return pos + (word.end() if word else 1)


# tried in this order, which matters: a cue before what it introduces ('E-mail.x@y.es'), a listed
# organisation before the organisation words, 'Centro de Salud' before the institution 'Centro'
ADDRESS_READERS = (
    skip_separator, skip_email_cue, read_email, read_phones, read_postcode, read_listed_organisation,
    read_health_centre, read_hospital, skip_department, read_institution, read_street, read_republic, read_place,
)


def place_end(text: str, start: int, end: int, places: dict) -> int:
    """End of a town, province or country name starting at `start` (`start` when there is none):
    the longest gazetteer place starting here, else a run of capitalised words and particles."""
    known = max((e for (s, e) in places if s == start and e <= end), default=start)
    if known > start:
        return known
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
        if NOT_PLACE.match(text, pos) or inner:
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
        town = max(((ps, pe) for (ps, pe) in places if pe == e and ps > s), default=None)
        if not (town and len(text[s:town[0]].split()) >= 3
                and not TOWN_PARTICLE_END.search(text[s:town[0]])):
            break
        e = clean_span(text, s, town[0])[1]
        stop = town[0]
    add(out, kind, s, e, rule)
    return max(add_abbreviation(out, text, stop, end, kind, rule), start + 1)


def add_abbreviation(out: AnnotationSet, text: str, stop: int, end: int, kind: str, rule: str) -> int:
    """The abbreviation in parentheses right after an organisation ('Hospital Universitario La Paz
    (HULP)') has the organisation's type; returns where the address goes on."""
    abbreviation = ABBREVIATION.match(text[stop:end])
    if abbreviation is None:
        return stop
    add(out, kind, stop + abbreviation.start(1), stop + abbreviation.end(1), rule)
    return stop + abbreviation.end()


def org_end(text: str, start: int, end: int) -> int:
    """End of an organisation name: the next '.', ',' or ';' (not inside quotes), a street, a
    postcode, an e-mail or another organisation word after the first."""
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
            if ch == " " and pos + 1 < end:
                nxt = pos + 1
                after_particle = PARTICLE_END.search(text[start:pos])
                if ((STREET_START.match(text, nxt) and not after_particle) or POSTCODE.match(text, nxt)
                        or EMAIL.match(text, nxt)
                        or (not first and ORG_START.match(text, nxt) and not ORG_GOES_ON.match(text[nxt:]))):
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
            if text[pos] == "." and not has_number and CAPITAL_AFTER.match(rest) and not STREET_ABBREVIATION_END.search(
                    text[start:pos]) and not STREET_START.fullmatch(text, start, pos):
                return pos
        if text[pos].isdigit() or text[pos:pos + 3] == "s/n" or SN.match(text[pos:pos + 3]):
            has_number = True
        pos += 1
    return end
