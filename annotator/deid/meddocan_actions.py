"""Python actions of the MEDDOCAN grammar (resources/grammars/meddocan/*.jape).

JAPE's simple RHS can only annotate what a pattern bound. Two pieces of the MEDDOCAN logic need
more: a header field's value runs from the cue to the end of the line (or to the next cue on the
same line) and must be trimmed to the MEDDOCAN span conventions (no trailing period, the
"nhc-" prefix left out, "Madrid, Madrid" split in two); and the signature line after
"Remitido por:" / "Responsable clínico:" packs a doctor's name, department, hospital, street, postcode,
town, country, phones and e-mail, which must be cut into typed spans. These functions do that
over the text of the line, using the Lookup annotations of the gazetteer where a word's class
matters. See resources/grammars/meddocan/CONVENTIONS.md for the conventions they follow.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate
from typing import Iterable

import regex

from annotator.document import Annotation, AnnotationSet, Document
from annotator.index import in_document_order
from annotator.jape.actions import ActionContext, action

# ----------------------------------------------------------------------------------------------
# header fields: cue `field` feature -> MEDDOCAN type of its value
FIELD_TYPES = {
    "nombre": "NOMBRE_SUJETO_ASISTENCIA",
    "apellidos": "NOMBRE_SUJETO_ASISTENCIA",
    "nhc": "ID_SUJETO_ASISTENCIA",
    "nass": "ID_ASEGURAMIENTO",
    "domicilio": "CALLE",
    "localidad": "TERRITORIO",
    "cp": "TERRITORIO",
    "fecha": "FECHAS",
    "pais": "PAIS",
    "edad": "EDAD_SUJETO_ASISTENCIA",
    "sexo": "SEXO_SUJETO_ASISTENCIA",
    "medico": "NOMBRE_PERSONAL_SANITARIO",
    "ncol": "ID_TITULACION_PERSONAL_SANITARIO",
    "episodio": "ID_CONTACTO_ASISTENCIAL",
    "telefono": "NUMERO_TELEFONO",
    "fax": "NUMERO_FAX",
    "email": "CORREO_ELECTRONICO",
}

_TRAIL = " \t.,;:-"
ORGANISATION_TYPES = {"hospital": "HOSPITAL", "hospital_variant": "HOSPITAL", "health_centre": "CENTRO_SALUD",
                      "institution": "INSTITUCION"}
_TITLE = regex.compile(r"(?i:(?:(?:prof|profa|dr|dra|dres|sr|sra|srta|dña|doctora?)\b\.?\s*:?\s*|d\.\s+(?=\p{Lu})|dr(?=\p{Lu}))+)")
_NHC_PREFIX = regex.compile(r"nhc-", regex.I)
_EMAIL = regex.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = regex.compile(r"(?:\(?\+\d{2,3}\)?\s?)?\(?\d[\d ().-]{5,}\d(?:\s?ext\.?\s?\d+)?")
_PHONE_SPLIT = regex.compile(r"\s[-/]\s")
_PHONE_SEPARATOR = regex.compile(r"\s*(?:/|-|y|,)\s*")
_POSTCODE = regex.compile(r"\b(?:E[- ])?\d{5}\b")
_POSTCODE4 = regex.compile(r"(?<!\d)\d{4}(?=,?\s+\p{Lu}\p{Ll})")
_POSTCODE_CUE = regex.compile(r"(?:C\.\s?P\.?|CP\.?|Código [Pp]ostal|Cod\. [Pp]ostal)\s*:?\s*(\d{4,5}(?:-\d{3})?)\b")
_NAME_WORD = regex.compile(r"(?:\p{Lu}\.[a-zª]\b|\p{Lu}\p{Ll}*ª|\p{Lu}+(?!\p{Ll})\.?|\p{Lu}[\p{Ll}'´`’]*\.?(?:-\p{Lu}?\p{Ll}+)*|"
                          r"(?:del|de|la|las|los|y|i|da|das|do|dos|van|von|di)\b)")
_ORG_START = regex.compile(
    r"(?:Servicio|Unidad|Departamento|Dpto\.?|Sección|Secció|Área|Instituto|Institut|Hospital|Hospitalario|Complejo|Complexo|"
    r"Clínica|Clinica|Clínic|Centro|Facultad|Universidad|Escuela|Fundación|Fundació|Asociación|Xarxa|Consorci|"
    r"Consorcio|Laboratorio|Corporació|Corporación|Policlínica|Sanatorio|Ciudad Sanitaria|Residencia|Gabinete|"
    r"Ciudad de la Justicia|Palacio de Justicia|Agencia|H\.\s?U\.|Dirección|Correspondencia)\b")
# words that end a person's name in a signature (organisations and specialities)
_NAME_STOP = regex.compile(_ORG_START.pattern + r"|(?:Especialista|Médico|Medicina|Cirugía|Urología|Oftalmología|"
                           r"Anatomía|Atención|Programa|Red|Pediatría|Psiquiatría|Radiología|Neurología|Jefe|Jefa|"
                           r"Departament|Cátedra|Grupo|Oncología|Nefrología|Neurocirugía|Hematología|Cardiología|"
                           r"Dermatología|Ginecología|Traumatología|Neumología|Endocrinología|Reumatología|Farmacia|"
                           r"Enfermería|Microbiología|Bioquímica|Otorrinolaringología|Anestesiología|Rehabilitación|"
                           r"Digestivo|Nutrición|Odontología|Estomatología|Correos?|Email|E-mail|Tel|Tfno|Fax|Comunidad|Profesor|"
                           r"Profesora)\b")
_HOSPITAL = regex.compile(r"H\.\s?U\.|(?:Hospital|Hospitalario|Complejo|Complexo|(?:Clínica|Clinica)(?!\s+M[ée]dico[- ]?Forense)|Clínic|Policlínica|Sanatorio|"
                          r"Ciudad Sanitaria|Hopital|Hospitau|Hospitali)\b")
_HEALTH_CENTRE = regex.compile(r"Centro de Salud\b|C\.S\.|Ambulatorio\b|Consultorio\b")
_INSTITUTION = regex.compile(r"(?:Instituto|Institut|Facultad|Universidad|Escuela|Fundación|Fundació|Asociación|"
                             r"Xarxa|Consorci|Consorcio|Laboratorio|Corporació|Corporación|Agencia|Centro|"
                             r"Palacio de Justicia|Ciudad de la Justicia|Cl[íi]nica M[ée]dico[- ]?Forense|Ciudad Universitaria|Edificio Juzgados|"
                             r"Juzgados?)\b")  # forensic reports sign from the courts
_DEPARTMENT = regex.compile(r"(?:Servicio|Unidad|Departamento|Departament|Dpto\.?|Sección|Secció|Área|Especialista|"
                            r"Programa|Red|Jefe|Jefa|Jefatura|División|Cátedra|Grupo|Cirugía|Oncología|Medicina|"
                            r"Urología|Oftalmología|Anatomía|Nefrología|Neurocirugía|Neurología|Hematología|"
                            r"Cardiología|Dermatología|Ginecología|Obstetricia|Traumatología|Neumología|"
                            r"Endocrinología|Reumatología|Farmacia|Enfermería|Microbiología|Bioquímica|Pediatría|"
                            r"Psiquiatría|Radiología|Radiodiagnóstico|Otorrinolaringología|Anestesiología|Anestesia|"
                            r"Rehabilitación|Aparato|Digestivo|Nutrición|Odontología|Estomatología|Patología|"
                            r"Planta|Consulta|Laboratorio de|Cuidados)\b")
_DEPARTMENT_END = regex.compile(r"\.(?:\s|$)|\(|(?<=\s)(?:Hospital|Hospitalario|Complejo|Complexo|(?:Clínica|Clinica)(?!\s+y\b|-)|Clínic|Instituto|"
                                r"Institut|Universidad|Facultad|Fundación|Fundació|Centro|Xarxa|Consorci)\b")
_STREET_START = regex.compile(
    r"(?:Calle|calle|C/|c/|C\\|C\s/|Carrer|Avda\.?|Avenida|Av\.|Avd\.|Avinguda|Plaza|Pza\.|Plaça|Praza|Paseo|Pº|"
    r"Passeig|Pso\.?|P\.º|Carr\.|Ronda|Rambla|Camino|Carretera|Ctra\.?|Travesía|Glorieta|Urbanización|Urb\.|Pasaje|Callejón|Cuesta|"
    r"Alameda|Bulevar|Vía|Polígono|Rúa|Rua|Apartado|Apdo\.?)(?=[\s.,]|$)|(?:C|c)[/\\](?=\p{L})")


def clean_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Trim white space and trailing punctuation (MEDDOCAN spans never end with '.', ',' or ':')."""
    while start < end and text[start] in " \t\ufeff":
        start += 1
    while end > start and text[end - 1] in _TRAIL:
        end -= 1
    # a closing quote or parenthesis stays only when it has its opening partner inside
    while end > start and text[end - 1] in ")\"'" and text.count({")": "("}.get(text[end - 1], text[end - 1]),
                                                                   start, end - 1) == 0:
        end -= 1
        while end > start and text[end - 1] in _TRAIL:
            end -= 1
    return start, end


def line_end(text: str, offset: int) -> int:
    end = text.find("\n", offset)
    return len(text) if end < 0 else end


def field_value_end(doc: Document, annset: AnnotationSet, value_start: int) -> int:
    """End of a header field's value: the end of the line or the next cue (followed by ':') on it."""
    text = doc.text
    end = line_end(text, value_start)
    for cue in annset.with_type("Lookup").starting_in(value_start, end):
        if cue.features.get("majorType") == "cue" and text[cue.end:cue.end + 3].lstrip(" ").startswith(":"):
            return cue.start
    return end


def add(out: AnnotationSet, kind: str, start: int, end: int, rule: str) -> None:
    if end > start:
        out.add(kind, start, end, {"rule": rule})


def annotate_field(doc: Document, annset: AnnotationSet, out: AnnotationSet, field: str, value_start: int) -> None:
    """Annotate the value of the header field `field` starting at `value_start`."""
    text = doc.text
    value_end = field_value_end(doc, annset, value_start)
    start, end = clean_span(text, value_start, value_end)
    if start >= end:
        return
    if field == "remitido":
        annotate_signature(doc, annset, out, start, end)
        return
    kind = FIELD_TYPES[field]
    if field in ("nhc", "nass", "domicilio"):
        kind = shape_type(text[start:end], kind)
        if field == "nass" and _NASS_DIGITS.fullmatch(text[start:end]) and _NASS_UNDER_DOMICILIO.search(text):
            kind = "ID_SUJETO_ASISTENCIA"  # rotated header values: the NHC under "NASS:", the NASS under "Domicilio:"
    rule = f"field:{field}"
    if field == "nhc":
        prefix = _NHC_PREFIX.match(text, start, end)
        start = prefix.end() if prefix else start
    elif field == "medico":
        title = _TITLE.match(text, start, end)
        start = title.end() if title else start
        name_end = name_run_end(text, start, end)
        if name_end <= start:
            return
        start, end = clean_span(text, start, name_end)
    elif field == "localidad":
        kinds: dict[tuple[int, int], set] = {}
        for lookup in annset.with_type("Lookup").within(start, end):
            if lookup.features.get("majorType") == "location":
                kinds.setdefault(lookup.span, set()).add(lookup.features.get("minorType"))
        countries = {span for span, minors in kinds.items() if minors == {"country"}}
        for part_start, part_end in split_places(text, start, end):
            for piece_start, piece_end in split_known_places(text, part_start, part_end, kinds):
                add(out, "PAIS" if (piece_start, piece_end) in countries else kind, piece_start, piece_end, rule)
        return
    elif field in ("email", "telefono", "fax"):
        if field == "email":
            match = _EMAIL.search(text, start, end)
            if match is None:
                return
            add(out, kind, *match.span(), rule)
            after = match.end()
        else:
            after = annotate_phones(out, text, start, end, kind, rule)
            if after == start:
                return
        # a signature line goes on after its e-mail or phone: "E-mail: x@y.es Hospital X C/ Y, 3 28046 Madrid"
        annotate_address(doc, annset, out, after, value_end, "signature")
        return
    elif field == "edad" and not _AGE_VALUE.search(text[start:end]):
        return
    add(out, kind, start, end, rule)


_NASS_DIGITS = regex.compile(r"\d{5,9}")
_AGE_VALUE = regex.compile(r"\d|(?i:un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)\b")
_NASS_SHAPE = regex.compile(r"\d{2}\s?\d{8}\s?\d{2}")
_NASS_UNDER_DOMICILIO = regex.compile(r"(?m)^Domicilio:[ \t]*\d{2}\s?\d{8}\s?\d{2}\b")


def shape_type(value: str, kind: str) -> str:
    """The type a swapped header value really has: some reports put the street under "NHC:" or
    the NASS under "Domicilio:"."""
    if _STREET_START.match(value):
        return "CALLE"
    if kind == "CALLE" and _NASS_SHAPE.fullmatch(value):  # an NHC shaped like a NASS is still an NHC
        return "ID_ASEGURAMIENTO"
    return kind


def annotate_phones(out: AnnotationSet, text: str, start: int, end: int, kind: str, rule: str) -> int:
    """One span per number in "918823884 / 918823984 / 619128686"; returns where the last ended
    (`start` when there is no number)."""
    pos = start
    while True:
        match = _PHONE.match(text, pos, end)
        if match is None:
            return pos
        stop = _PHONE_SPLIT.search(text, match.start(), match.end())  # "917277336 - 606409021": two
        stop_at = stop.start() if stop else match.end()
        add(out, kind, *clean_span(text, match.start(), stop_at), rule)
        pos = stop_at
        separator = _PHONE_SEPARATOR.match(text, pos, end)
        if separator is None or _PHONE.match(text, separator.end(), end) is None:
            return pos
        pos = separator.end()


_PLACE_PART = regex.compile(r"[^,;/()]+")
_PLACE_JOINT = regex.compile(r"\s*-\s*|\s+")


def split_places(text: str, start: int, end: int) -> Iterable[tuple[int, int]]:
    """'Lugones, Asturias' -> two places; 'Somoto-Madriz' stays one (rare, ambiguous with
    'Donostia-San Sebastián')."""
    for match in _PLACE_PART.finditer(text[start:end]):
        part_start, part_end = clean_span(text, start + match.start(), start + match.end())
        if part_end > part_start:
            yield part_start, part_end


def split_known_places(text: str, start: int, end: int, known: dict) -> list[tuple[int, int]]:
    """'Mostoles Madrid', 'Somoto-Madriz': a value that is no known place itself but two known
    places (gazetteer spans in `known`) joined by a space or a hyphen is two places."""
    if (start, end) not in known:
        for (s1, e1) in known:
            if s1 == start and e1 < end:
                gap = _PLACE_JOINT.match(text[e1:end])
                if gap and (e1 + gap.end(), end) in known:
                    return [(start, e1), (e1 + gap.end(), end)]
    return [(start, end)]


_BLANKS = regex.compile(r"[ \t]*")
_SPACES = regex.compile(r"[ \t]+")


def name_run_end(text: str, start: int, end: int) -> int:
    """End of a person's name starting at `start`: capitalised words, initials and particles,
    stopping at an organisation word, a street, a digit, a lower-case word or a sentence period."""
    pos = start
    last = start
    while pos < end:
        match = _NAME_WORD.match(text, pos, end)
        if match is None or _NAME_STOP.match(text, pos) or _STREET_START.match(text, pos) or (
                pos > start and _TITLE.match(text, pos, end)):
            break
        word = match.group()
        pos = match.end()
        if word[:1].isupper():
            last = pos
        if word.endswith(".") and len(word) > 3:
            last -= 1
            break
        gap = _BLANKS.match(text, pos, end).end() - pos
        if text[pos + gap:pos + gap + 1] in ("", ",", ".", "(", "\n") or gap == 0 and text[pos:pos + 1] != "":
            break
        pos += gap
    return last


# ----------------------------------------------------------------------------------------------
# signature lines: "Remitido por: Dr. X Y. Servicio de Z. Hospital W. C/ V, 3. 28046 Madrid. España. E-mail: ..."

_CORRESPONDENCE = regex.compile(r"(?:Direcci[óo]n para correspondencia|Correspondencia)\s*:?\s*", regex.I)
_NAME_JOINT = regex.compile(r"\s*(?:,|y|e)\s*(?=" + _TITLE.pattern + r")")


def annotate_signature(doc: Document, annset: AnnotationSet, out: AnnotationSet, start: int, end: int) -> None:
    text = doc.text
    pos = start
    lead = _CORRESPONDENCE.match(text[pos:end])
    pos += lead.end() if lead else 0
    while True:  # "Dr. X Y y Dra. Z W": one name after another
        title = _TITLE.match(text, pos, end)
        if title:
            pos = title.end()
        name_end = name_run_end(text, pos, end)
        if name_end > pos:
            s, e = clean_span(text, pos, name_end)
            add(out, "NOMBRE_PERSONAL_SANITARIO", s, e, "signature:name")
            pos = name_end
        joint = _NAME_JOINT.match(text[pos:end])
        if joint is None:
            break
        pos += joint.end()
    annotate_address(doc, annset, out, pos, end, "signature")


_ORG_LIST_END = regex.compile(r"\s*(?:[.,;(]|$)")
_REPUBLIC = regex.compile(r"Rep[úu]blica\s+")
_NON_BLANKS = regex.compile(r"\S+")
_EMAIL_CUE = regex.compile(r"(?:E-?mail|Correos? electrónicos?|Correo-e|email)(?![\w@])\s*(?:autor)?\s*:?", regex.I)
_PHONE_CUE = regex.compile(r"(?:Tel[ée]fonos?|Tel[ée]f|Telfs?|Tfnos?|Tlfnos?|Tlfs?|Tel|Móvil|Fax|Tel\. y Fax|Teléfono y fax)"
                           r"\.?\s*:?\s*", regex.I)


def annotate_address(doc: Document, annset: AnnotationSet, out: AnnotationSet, start: int, end: int,
                     rule: str) -> None:
    """Cut an address run (organisations, street, postcode, town, country, phones, e-mail) into spans."""
    text = doc.text
    places = {}
    people: dict[tuple[int, int], str] = {}
    organisations: dict[int, tuple[int, str]] = {}
    for lookup in annset.with_type("Lookup").starting_in(start, end):  # (none starting before is consulted)
        major, minor = lookup.features.get("majorType"), lookup.features.get("minorType")
        if major == "location":
            places[(lookup.start, lookup.end)] = minor
        elif major in ("person_first", "surname") and people.get(lookup.span) != "person_first":
            people[lookup.span] = major
        elif major == "organization" and lookup.end <= end:
            kind = ORGANISATION_TYPES.get(str(minor))
            if kind and lookup.end > organisations.get(lookup.start, (0, ""))[0]:
                organisations[lookup.start] = (lookup.end, kind)
    pos = start
    seen_street = False
    while pos < end:
        ch = text[pos]
        if ch in " \t.,;:()-–/\"'":
            pos += 1
            continue
        # the cue first: "E-mail.x@y.es" (not an address "E-mail.x@y.es")
        word = _EMAIL_CUE.match(text[pos:end])
        if word:
            pos += word.end()
            continue
        email = _EMAIL.match(text, pos, end)
        if email:
            add(out, "CORREO_ELECTRONICO", *email.span(), f"{rule}:email")
            pos = email.end()
            continue
        cue = _PHONE_CUE.match(text[pos:end])
        if cue and cue.end() > 0 and text[pos + cue.end():pos + cue.end() + 1].isdigit() | (text[pos + cue.end():pos + cue.end() + 1] == "("):
            kind = "NUMERO_FAX" if cue.group().lower().startswith("fax") else "NUMERO_TELEFONO"
            phone_end = annotate_phones(out, text, pos + cue.end(), end, kind, f"{rule}:phone")
            if phone_end > pos + cue.end():
                pos = phone_end
                continue

        postcode = _POSTCODE_CUE.match(text, pos, end)
        if postcode:
            add(out, "TERRITORIO", *postcode.span(1), f"{rule}:postcode")
            pos = postcode.end()
            continue
        postcode = _POSTCODE.match(text, pos, end)
        if postcode and not text[postcode.end():postcode.end() + 1].isdigit():
            add(out, "TERRITORIO", *postcode.span(), f"{rule}:postcode")
            pos = postcode.end()
            continue
        postcode = _POSTCODE4.match(text, pos, end) if seen_street else None  # "1996. 5500 Mendoza"
        if postcode:
            add(out, "TERRITORIO", *postcode.span(), f"{rule}:postcode")
            pos = postcode.end()
            continue
        if pos in organisations and _ORG_LIST_END.match(text[organisations[pos][0]:end]):
            org_stop, kind = organisations[pos]
            add(out, kind, *clean_span(text, pos, org_stop), f"{rule}:organisation-list")
            pos = add_abbreviation(out, text, org_stop, end, kind, f"{rule}:organisation-list")
            continue
        if _HEALTH_CENTRE.match(text, pos, end):
            pos = add_organisation(out, text, pos, end, "CENTRO_SALUD", f"{rule}:health_centre", places, people)
            continue
        if _HOSPITAL.match(text, pos, end):
            pos = add_organisation(out, text, pos, end, "HOSPITAL", f"{rule}:hospital", places, people)
            continue
        if _DEPARTMENT.match(text, pos, end):
            stop = _DEPARTMENT_END.search(text, pos, end)
            stop_at = stop.start() if stop else end
            for follower in (_STREET_START, _POSTCODE, _EMAIL):
                found = follower.search(text, pos, stop_at)
                stop_at = found.start() if found else stop_at
            pos = max(stop_at, pos + 1)
            continue
        if _INSTITUTION.match(text, pos, end):
            pos = add_organisation(out, text, pos, end, "INSTITUCION", f"{rule}:institution", places, people)
            continue
        if _STREET_START.match(text, pos, end) or (not seen_street and street_without_type(text, pos, end)):
            seg_end = colonia_end(text, street_end(text, pos, end), end, places)
            add(out, "CALLE", *clean_span(text, pos, seg_end), f"{rule}:street")
            seen_street = True
            pos = seg_end
            continue
        republic = _REPUBLIC.match(text[pos:end])
        country_end = republic and max((e for (s, e), minor in places.items()
                                        if s == pos + republic.end() and minor == "country"), default=0)
        if country_end:  # "República Argentina"
            add(out, "PAIS", pos, country_end, f"{rule}:place")
            pos = country_end
            continue
        seg_end = place_end(text, pos, end, places)
        if seg_end > pos:
            s, e = clean_span(text, pos, seg_end)
            if text[e:e + 1] == "." and _INITIALS_END.search(text[s:e]):
                e += 1  # "México D.F.", "Bogotá D.C.": the abbreviation keeps its last period
            add(out, "PAIS" if places.get((s, e)) == "country" else "TERRITORIO", s, e, f"{rule}:place")
            pos = max(seg_end, e)
            continue
        skip = _NON_BLANKS.match(text[pos:end])
        pos += skip.end() if skip else 1


_PLACE_WORD = regex.compile(r"(?:\p{Lu}\.){2,}|\p{Lu}[\p{L}'´’]*(?:-\p{Lu}[\p{L}'´’]*)*")
_PLACE_PARTICLE = regex.compile(r"(?:de|del|la|las|los|el|d'|l')\s+(?=\p{Lu})|(?:d'|l'|d´)(?=\p{Lu})")
_NOT_PLACE = regex.compile(r"(?:E-?mail|Email|Mail|Correos?|Electr[óo]nicos?|Provincia|República|Policía|Médico|Zona|Tel|Telf|Tfno|Tlf|Fax|Móvil|Servicio|Unidad|Spain|CP|C\.P|"
                           r"Edificio|Planta|Piso|Puerta|Suite|Oficina|Despacho|Jefe|Jefa|Delegación|Dirección|UCI|"
                           r"Información|Nota|Artículo|Adjunt[oa]|Forense|Científica|Juzgados?|Palacio|Justicia|"
                           r"Sección|Secretaría|Residencia|Pediatra|Número|Numero|\p{L}+log[íi]a)\b",
                           regex.I)


_INITIALS_END = regex.compile(r"(?:\p{Lu}\.)+\p{Lu}$")
_TOWN_PARTICLE_END = regex.compile(r"\b(?i:de|del|la|d')\s*$")
_ABBREVIATION = regex.compile(r"\s*\(([\p{Lu}\d][\p{Lu}\d-]{1,9})\)")


def place_end(text: str, start: int, end: int, places: dict) -> int:
    """End of a town, province or country name starting at `start` (`start` when there is none):
    the longest gazetteer place starting here, else a run of capitalised words and particles."""
    known = max((e for (s, e) in places if s == start and e <= end), default=start)
    if known > start:
        return known
    if _NOT_PLACE.match(text, start, end):
        return start
    pos = start
    last = start
    particle = None
    while pos < end:
        inner = max((e for (s, e) in places if s == pos and e <= end), default=0) if pos > start else 0
        if inner and particle:  # "San Juan de Alicante", "Isla de La Palma": a place after a particle is inside
            last = inner
            break
        if _NOT_PLACE.match(text, pos) or inner:
            break
        word = _PLACE_WORD.match(text, pos, end)
        if word is None:
            break
        pos = last = word.end()
        gap = _SPACES.match(text[pos:end])
        if gap is None:
            break
        pos += gap.end()
        particle = _PLACE_PARTICLE.match(text, pos, end)
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
                and not _TOWN_PARTICLE_END.search(text[s:town[0]])):
            break
        e = clean_span(text, s, town[0])[1]
        stop = town[0]
    add(out, kind, s, e, rule)
    return max(add_abbreviation(out, text, stop, end, kind, rule), start + 1)


def add_abbreviation(out: AnnotationSet, text: str, stop: int, end: int, kind: str, rule: str) -> int:
    """The abbreviation in parentheses right after an organisation ('Hospital Universitario La Paz
    (HULP)') has the organisation's type; returns where the address goes on."""
    abbreviation = _ABBREVIATION.match(text[stop:end])
    if abbreviation is None:
        return stop
    add(out, kind, stop + abbreviation.start(1), stop + abbreviation.end(1), rule)
    return stop + abbreviation.end()


_ABBREVIATION_END = regex.compile(r"\b(?:Dr|Dra|Univ|Sta|Sto|S|H|U|C)$")
_PARTICLE_END = regex.compile(r"\b(?:de|del|la|las|los)$")
_ORG_GOES_ON = regex.compile(r"(?:Hospitalario|Universitario|Centro\b(?!\s+de\b))")


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
                                and not _ABBREVIATION_END.search(text[start:pos])):
                return pos
            if ch == " " and pos + 1 < end:
                nxt = pos + 1
                after_particle = _PARTICLE_END.search(text[start:pos])
                if ((_STREET_START.match(text, nxt) and not after_particle) or _POSTCODE.match(text, nxt)
                        or _EMAIL.match(text, nxt)
                        or (not first and _ORG_START.match(text, nxt) and not _ORG_GOES_ON.match(text[nxt:]))):
                    return pos
                first = False
        pos += 1
    return end


_SAINT = regex.compile(r"(?:San|Santa|Santo|Sant|Virgen|Doctor|Dr\.|Plaza|Camino)$")


_STREET_NOUN = regex.compile(r"Río|Monte|Altos|Alto|Hermanos|Doctor|Virgen|Camino|Puerta|Ribera|Valle|Cerro|Cruz|Fuente")
_STREET_PARTICLE = regex.compile(r"de|del|da|do|dos|das|la|las|los")


_STREET_NUMBER = regex.compile(r"(?:,\s*|\s+)(?:n[ºo]\.?\s*)?(?:\d{1,4}\p{L}?\b|s/n)")
_NUMBER_AT_END = regex.compile(_STREET_NUMBER.pattern + r"[\s.,;:–-]*$")


def split_glued_street(text: str, start: int, stop: int, end: int, people: dict | None = None) -> int:
    """'Hospital de Navarra Irunlarrea, 3' or 'Hospital Lucus Augusti San Cibrao s/n': when an
    organisation name runs into a street number, its last word ('San Cibrao': last two) is the
    street, or its last words back to a first name ('Gaspar Aguilar', 'Vicente García Torres':
    surnames and particles in between; `people` maps a name's span to "person_first" or "surname") or a place noun
    ('Altos de Nava'); returns the organisation's new end."""
    inside = _NUMBER_AT_END.search(text[start:stop])  # "Hospital POVISA Salamanca 5 - 36211"
    if inside:
        name_end = start + inside.start()
    elif _STREET_NUMBER.match(text[stop:end]):
        name_end = stop
    else:
        return stop
    words = list(_NON_BLANKS.finditer(text[start:name_end]))
    if len(words) < 3:
        return stop
    cut = len(words) - 1
    # "Hospital Virgen del Camino Irunlarrea, 4": a word after a particle belongs to the name
    if _SAINT.match(words[-2].group()) and not _STREET_PARTICLE.fullmatch(words[-3].group()):
        cut -= 1
    else:  # a street named after a person or a place noun: "Gaspar Aguilar", "Altos de Nava", "Río Júcar"
        for i in range(len(words) - 2, max(len(words) - 5, 1), -1):
            word = words[i].group()
            person = (people or {}).get((start + words[i].start(), start + words[i].end()))
            if person == "person_first" or _STREET_NOUN.fullmatch(word) and cut == len(words) - 1:
                before = words[i - 1].group()
                if _STREET_PARTICLE.fullmatch(before) or _SAINT.match(before):
                    break
                cut = i
                if person != "person_first":
                    break
                continue  # "Federico Garcia Lorca": the street's name may hold two first names
            if not (_STREET_PARTICLE.fullmatch(word) or person == "surname"):
                break
    return start + words[cut].start()


_UNTYPED_STREET = regex.compile(r"(?:\p{Lu}[\p{L}'´]*\.?\s+(?:(?:de|del|la|los|las|y|i)\s+)*){0,5}\p{Lu}[\p{L}'´]*"
                             r"(?:,\s*|\s+)(?:n[ºo]\s*)?(?:\d{1,4}[\p{L}]?(?:-\d+)?|s/n)\b")


def street_without_type(text: str, start: int, end: int) -> bool:
    """'Irunlarrea, 3' or 'San Cibrao s/n': capitalised words then a number or s/n before a postcode."""
    return bool(_UNTYPED_STREET.match(text[start:end]))


_FLOOR_WORD = regex.compile(r"(?i)(?:[A-Z]|p\d{1,2}|iz|\d{1,4}\s?[º°ªo]?\s?[A-H]?|\d+\.?[º°ª]|[º°ª]\s?[A-H]?|bajo|entlo|entresuelo|"
                            r"puerta|pta|piso|planta|portal|esc|escalera|izq|izqda|izda|der|dcha|drcha|dcho|local|"
                            r"bloque|blq|apto|apartamento|km|nº|no|n\.º|bis|interior|int|ático|atico|sótano|casa|"
                            r"esq|s/n|sn|dto|depto|oficina|of)\b")


_DIGIT = regex.compile(r"\d")
_COLONIA = regex.compile(r",?\s*(?:Col\.|Colonia)\s+")
_COLONIA_WORD = regex.compile(r"(?:\p{Lu}[\p{L}'´]+|[IVXL]+)(?=[\s,.;]|$)")


def colonia_end(text: str, stop: int, end: int, places: dict) -> int:
    """A Mexican street goes on with its district (train: 4 of 5): 'Chimalpopoca 14, Col. Obrera',
    'Calzada de Tlalpan # 4800 Colonia Sección XVI'; the district stops before a known place
    ('Col. Obrera México D.F.') and after three words. Returns the street's new end."""
    colonia = _COLONIA.match(text, stop, end)
    if colonia is None or not _DIGIT.search(text[max(0, stop - 12):stop]):
        return stop
    pos = last = colonia.end()
    for _ in range(3):
        word = _COLONIA_WORD.match(text, pos, end)
        if word is None or any(s == pos for (s, _) in places):
            break
        last = word.end()
        gap = _SPACES.match(text[last:end])
        if gap is None:
            break
        pos = last + gap.end()
    return last if last > colonia.end() else stop


_PO_BOX = regex.compile(r"(?:apartado|apdo\.?)(?:\s+de\s+correos)?(?=\s+\d)", regex.I)


_SN = regex.compile(r"\bSN\b")
_STREET_STOP = regex.compile(r"\s*(?:(?:E-)?\d{5}\b|[\w.+-]+@|E-?mail|Correo|Tel|Tfno|Fax|\(|C\.\s?P\b|CP\b)", regex.I)
_POSTCODE4_AFTER = regex.compile(r"\s*\d{4},?\s+\p{Lu}\p{Ll}")
_FLOOR_ORDINAL = regex.compile(r"o\s+\p{Lu}\b")
_CAPITAL_AFTER = regex.compile(r"\s+\p{Lu}")
_STREET_ABBREVIATION_END = regex.compile(
    r"(?:\b(?:Avda|Av|Dr|Dra|Sta|Sto|Pza|Ctra|Urb|Pº|C|S|San|Gral|Pte|Pl|Apdo|Hnos|Prof|Sr|Sra|Edf|Edif|\p{Lu})|C/)$")


def street_end(text: str, start: int, end: int) -> int:
    """End of a street: before a postcode, an e-mail, a phone cue, a town in parentheses, a
    capitalised word after the number (a town or an organisation), or a '.'/',' that is followed
    by something that is not part of the number/floor/door."""
    pos = start
    has_number = False
    po_box = _PO_BOX.match(text, start, end)  # "Apartado de Correos 20134 48080 Bilbao": the box number is inside
    while pos < end:
        if text[pos] == " " and (_POSTCODE.match(text, pos + 1, end) and (has_number or not po_box)
                                 or _EMAIL.match(text, pos + 1, end) or _POSTCODE_CUE.match(text, pos + 1, end)):
            return pos
        if text[pos] == " " and has_number and text[pos + 1:pos + 2].isupper() and not _FLOOR_WORD.match(
                text, pos + 1, end):
            return pos
        if text[pos] in ".,;-(" and pos > start:
            rest = text[pos + 1:end]
            if (has_number or not po_box) and _STREET_STOP.match(rest) or (
                    has_number and _POSTCODE4_AFTER.match(rest)):  # "1996. 5500 Mendoza"
                return pos
            if text[pos] == "(":
                return pos
            if text[pos] in ".,;" and has_number and not (
                    _FLOOR_ORDINAL.match(rest) or _FLOOR_WORD.match(rest, len(rest) - len(rest.lstrip()))):
                return pos
            if text[pos] == "." and not has_number and _CAPITAL_AFTER.match(rest) and not _STREET_ABBREVIATION_END.search(
                    text[start:pos]) and not _STREET_START.fullmatch(text, start, pos):
                return pos
        if text[pos].isdigit() or text[pos:pos + 3] == "s/n" or _SN.match(text[pos:pos + 3]):
            has_number = True
        pos += 1
    return end


# ----------------------------------------------------------------------------------------------
# the registered JAPE actions

PHI_TYPES = (
    "NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "ID_SUJETO_ASISTENCIA",
    "ID_TITULACION_PERSONAL_SANITARIO", "ID_CONTACTO_ASISTENCIAL", "ID_ASEGURAMIENTO", "EDAD_SUJETO_ASISTENCIA",
    "SEXO_SUJETO_ASISTENCIA", "FECHAS", "CALLE", "TERRITORIO", "PAIS", "NUMERO_TELEFONO", "NUMERO_FAX",
    "CORREO_ELECTRONICO", "ID_EMPLEO_PERSONAL_SANITARIO", "ID_VEHICULOS_MATRICULAS", "NOMBRE_VEHICULOS_MODELO",
    "URL_WEB", "DIREC_PROT_INTERNET", "IDENTIF_DISPOSITIVOS_NRSERIE", "IDENTIF_BIOMETRICOS",
    "NUMERO_BENEF_PLAN_SALUD", "OTRO_NUMERO_IDENTIF", "CENTRO_SALUD", "HOSPITAL", "INSTITUCION", "PROFESION",
    "OTROS_SUJETO_ASISTENCIA",
)
_PHI_SET = frozenset(PHI_TYPES)


# fields whose cue may stand in the middle of a line ("Edad: 70 años Sexo: H", "... NºCol: 28 28 123")
MID_LINE_FIELDS = {"sexo", "ncol", "email", "telefono", "fax"}


@action("meddocan.field", changes_input=False)
def field_action(ctx: ActionContext) -> None:
    """Bound: a cue Lookup (feature ``field``) and its ':'; annotate the value after the ':'.
    Other than MID_LINE_FIELDS, a cue counts only at the start of a line ("Informe Médico:" is no
    "Médico:" field)."""
    bound = ctx.annotations
    value_start = 0
    cue = None
    for a in bound:  # (loops: this runs for every "Cue:" of every header)
        if cue is None and a.type == "Lookup" and a.features.get("majorType") == "cue":
            cue = a
        if a.end > value_start:
            value_start = a.end
    if cue is None or "field" not in cue.features:
        return
    field = cue.features["field"]
    text = ctx.doc.text
    if field not in MID_LINE_FIELDS and text[text.rfind("\n", 0, cue.start) + 1:cue.start].strip(" \t\ufeff"):
        return
    annotate_field(ctx.doc, ctx.input, ctx.output, str(field), value_start)


@action("meddocan.place", changes_input=False)
def place_action(ctx: ActionContext) -> None:
    """Bound: a location Lookup; PAIS for a country, TERRITORIO otherwise."""
    for lookup in ctx.annotations:
        if lookup.type == "Lookup":
            kind = "PAIS" if lookup.features.get("minorType") == "country" else "TERRITORIO"
            add(ctx.output, kind, lookup.start, lookup.end, f"{ctx.rule}")
            return


@action("meddocan.resolve", changes_input=False)
def resolve_action(ctx: ActionContext) -> None:
    """The patient's name wherever the text repeats it, then one PHI annotation per span (the first
    added wins: header rules run before context rules) and none nested strictly inside a longer
    PHI annotation."""
    patient_name_mentions(ctx.doc.text, ctx.output)
    resolve(ctx.output)


def patient_name_mentions(text: str, annset: AnnotationSet) -> None:
    """The name of the "Nombre:" and "Apellidos:" fields where the case history repeats it ("Historia
    Actual: Miguel presenta ...", "La Sra. Teresa Puertas Rondon"): on train 8 of 9 such mentions
    outside other PHI are annotated. Full name first, then each part; never over another PHI span."""
    parts = {str(a.features.get("rule")): text[a.start:a.end] for a in annset.with_type("NOMBRE_SUJETO_ASISTENCIA")
             if str(a.features.get("rule")) in ("field:nombre", "field:apellidos")}
    first, last = parts.get("field:nombre", ""), parts.get("field:apellidos", "")
    taken = [(a.start, a.end) for a in phi_annotations(annset)]
    found = []
    for name in (f"{first} {last}" if first and last else "", first, last):
        if len(name) < 3:
            continue
        at = text.find(name)
        while at >= 0:  # str.find: compiling a regex per document would cost more than the search
            span = (at, at + len(name))
            whole_word = not (at and text[at - 1].isalnum()) and not text[span[1]:span[1] + 1].isalnum()
            if whole_word and not any(s < span[1] and span[0] < e for s, e in taken):
                taken.append(span)
                found.append(span)
            at = text.find(name, at + 1)
    for start, end in found:
        annset.add("NOMBRE_SUJETO_ASISTENCIA", start, end, {"rule": "patient-name-repeated"})


def phi_annotations(annset: AnnotationSet) -> Iterable[Annotation]:
    """The PHI annotations of a set in no particular order (without building an index; only the
    types the set has are looked up)."""
    return annset.with_type(*(annset.types() & _PHI_SET)).unordered()


def resolve(annset: AnnotationSet) -> None:
    found = in_document_order(phi_annotations(annset))
    structured = [a for a in found if str(a.features.get("rule", "")).startswith(("field:", "signature:"))]
    structured_ids = {a.id for a in structured}
    # overlap as AnnotationSet.overlapping has it: a zero-length span [p, p) counts as [p, p + 1);
    # a structured span starting before an annotation's end overlaps it iff it reaches past its
    # start: the spans by start with the running maximum of their ends answer that by bisection
    starts = [a.start for a in structured]
    reach = list(accumulate((max(a.end, a.start + 1) for a in structured), max))
    drop = []
    cover_end = -1
    for ann in found:  # by start, longer first: inside an earlier kept span iff it ends before its end
        if ann.id not in structured_ids:
            before = bisect_left(starts, max(ann.end, ann.start + 1))
            if before and reach[before - 1] > ann.start:
                drop.append(ann)
                continue
        if ann.end <= cover_end:
            drop.append(ann)
        else:
            cover_end = ann.end
    annset.remove_all(drop)
