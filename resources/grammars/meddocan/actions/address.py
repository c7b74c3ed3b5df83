"""Signature lines and address runs: "Remitido por: Dr. X Y. Servicio de Z. Hospital W. C/ V, 3.
28046 Madrid. España. E-mail: ..." cut into typed spans (names, organisations, street,
postcode, town, country, phones, e-mail)."""

from __future__ import annotations

from dataclasses import dataclass

import regex

from annotator.document import AnnotationSet, Document

from .address_parts import (
    add_abbreviation,
    add_organisation,
    colonia_end,
    place_end,
    street_after_name,
    street_end,
    street_without_type,
    untyped_street_after_department,
)
from .patterns import (
    CORRESPONDENCE,
    DEPARTMENT,
    DEPARTMENT_END,
    EMAIL,
    EMAIL_CUE,
    EMAIL_OWNER,
    HEALTH_CENTRE,
    HOSPITAL,
    INITIALS_END,
    INSTITUTION,
    INSTITUTION_HOSPITAL,
    NAME_JOINT,
    NON_BLANKS,
    ORG_LIST_END,
    PHONE_CUE,
    POSTCODE,
    POSTCODE4,
    POSTCODE_CUE,
    REPUBLIC,
    STREET_START,
    TITLE,
)
from .spans import add, annotate_phones, clean_span, name_run_end
from .tables import ORGANISATION_TYPES


def annotate_signature(doc: Document, annset: AnnotationSet, out: AnnotationSet, start: int, end: int) -> None:
    """A signature: the doctors' names first ("Dr. X Y y Dra. Z W", titles left out), then the
    address run after them."""
    text = spaced(doc.text)
    pos = start + len(text[start:end]) - len(text[start:end].lstrip())
    lead = CORRESPONDENCE.match(text[pos:end])
    pos += lead.end() if lead else 0
    people = gazetteer_classes(annset, start, end)[1]
    while True:  # "Dr. X Y y Dra. Z W": one name after another
        title = TITLE.match(text, pos, end)
        if title:
            pos = title.end()
        name_end = name_run_end(text, pos, end)
        if name_end > pos:
            name_end = street_after_name(text, pos, name_end, end, people) or name_end  # "X Y Z Játiva, 4"
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
    run = AddressRun(spaced(doc.text), out, end, rule, *gazetteer_classes(annset, start, end))
    pos = start
    while pos < end:
        for read in ADDRESS_READERS:
            after = read(run, pos)
            if after is not None:
                pos = after
                break
        else:
            pos = skip_word(run, pos)


def spaced(text: str) -> str:
    """The text with its no-break spaces as plain ones (the same offsets): exported reports write
    signature lines with them ("correspondencia:\u00a0 Dra. X\u00a0 Servicio de Y")."""
    return text.replace("\u00a0", " ") if "\u00a0" in text else text


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
    return after_email(run.out, run.text, email.end(), run.end)


def after_email(out: AnnotationSet, text: str, pos: int, end: int) -> int:
    """Where an address run goes on after an e-mail ending at `pos`: after the parenthesis naming the
    address's owner, a clinician ("x@y.es (L. A. Pérez)": NOMBRE_PERSONAL_SANITARIO, no place)."""
    owner = EMAIL_OWNER.match(text, pos, end)
    if owner is None:
        return pos
    if name_run_end(text, owner.start(1), owner.end(1)) == owner.end(1) > owner.start(1):
        add(out, "NOMBRE_PERSONAL_SANITARIO", *clean_span(text, owner.start(1), owner.end(1)), "signature:email-owner")
    return owner.end()


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
    kind = "NUMERO_FAX" if cue.group().lower().startswith(("fax", "facs")) else "NUMERO_TELEFONO"
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
    if INSTITUTION_HOSPITAL.match(run.text, pos, run.end):
        return read_organisation(run, pos, INSTITUTION, "HOSPITAL", "hospital")
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
    if not run.seen_street:  # "Urología Xubias de Arriba, 84 15006 La Coruña": the street without its type word
        stop_at = untyped_street_after_department(text, pos, stop_at, run.end) or stop_at
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
