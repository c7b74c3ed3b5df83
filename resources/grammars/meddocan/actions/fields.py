"""Header fields ("NHC: 368503.", "Localidad/ Provincia: Lugones, Asturias."): the value after the cue,
trimmed and typed; a "Remitido por:" value or what follows an e-mail or phone is a signature."""

from __future__ import annotations

from typing import Iterable

from annotator.document import AnnotationSet, Document

from .address import after_email, annotate_address, annotate_signature
from .patterns import (
    AGE_VALUE,
    EMAIL,
    NASS_DIGITS,
    NASS_SHAPE,
    NASS_UNDER_DOMICILIO,
    NHC_PREFIX,
    PLACE_JOINT,
    PLACE_PART,
    STREET_START,
    TITLE,
)
from .spans import add, annotate_phones, clean_span, name_run_end
from .tables import FIELD_TYPES


def line_end(text: str, offset: int) -> int:
    """Offset of the end of the line holding `offset` (its newline, or the end of the text)."""
    end = text.find("\n", offset)
    return len(text) if end < 0 else end


def field_value_end(doc: Document, annset: AnnotationSet, value_start: int, field: str = "") -> int:
    """End of a header field's value: the end of the line or the next cue (followed by ':') on it; a
    signature's value is not ended by another signature cue ("Remitido por: Dirección para
    correspondencia: Dra. X. Hospital Y ..." is one signature)."""
    text = doc.text
    end = line_end(text, value_start)
    for cue in annset.with_type("Lookup").starting_in(value_start, end):
        if cue.features.get("majorType") == "cue" and text[cue.end:cue.end + 3].lstrip(" ").startswith(":"):
            if field == "remitido" and cue.features.get("field") == "remitido":
                continue
            return cue.start
    return end


def annotate_field(doc: Document, annset: AnnotationSet, out: AnnotationSet, field: str, value_start: int) -> None:
    """Annotate the value of the header field `field` starting at `value_start`."""
    text = doc.text
    value_end = field_value_end(doc, annset, value_start, field)
    start, end = clean_span(text, value_start, value_end)
    if start >= end:
        return
    if field == "remitido":
        annotate_signature(doc, annset, out, start, end)
        return
    kind = FIELD_TYPES[field]
    if field in ("nhc", "nass", "domicilio"):
        kind = shape_type(text[start:end], kind)
        if field == "nass" and NASS_DIGITS.fullmatch(text[start:end]) and NASS_UNDER_DOMICILIO.search(text):
            kind = "ID_SUJETO_ASISTENCIA"  # rotated header values: the NHC under "NASS:", the NASS under "Domicilio:"
    rule = f"field:{field}"
    if field == "nhc":
        prefix = NHC_PREFIX.match(text, start, end)
        start = prefix.end() if prefix else start
    elif field == "medico":
        title = TITLE.match(text, start, end)
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
            match = EMAIL.search(text, start, end)
            if match is None:
                return
            add(out, kind, *match.span(), rule)
            after = after_email(out, text, match.end(), end)
        else:
            after = annotate_phones(out, text, start, end, kind, rule)
            if after == start:
                return
        # a signature line goes on after its e-mail or phone: "E-mail: x@y.es Hospital X C/ Y, 3 28046 Madrid"
        annotate_address(doc, annset, out, after, value_end, "signature")
        return
    elif field == "edad" and not AGE_VALUE.search(text[start:end]):
        return
    add(out, kind, start, end, rule)


def shape_type(value: str, kind: str) -> str:
    """The type a swapped header value really has: some reports put the street under "NHC:" or
    the NASS under "Domicilio:"."""
    if STREET_START.match(value):
        return "CALLE"
    if kind == "CALLE" and NASS_SHAPE.fullmatch(value):  # an NHC shaped like a NASS is still an NHC
        return "ID_ASEGURAMIENTO"
    return kind


def split_places(text: str, start: int, end: int) -> Iterable[tuple[int, int]]:
    """'Lugones, Asturias' -> two places; 'Somoto-Madriz' stays one (rare, ambiguous with
    'Donostia-San Sebastián')."""
    for match in PLACE_PART.finditer(text[start:end]):
        part_start, part_end = clean_span(text, start + match.start(), start + match.end())
        if part_end > part_start:
            yield part_start, part_end


def split_known_places(text: str, start: int, end: int, known: dict) -> list[tuple[int, int]]:
    """'Mostoles Madrid', 'Somoto-Madriz': a value that is no known place itself but two known
    places (gazetteer spans in `known`) joined by a space or a hyphen is two places."""
    if (start, end) not in known:
        for (s1, e1) in known:
            if s1 == start and e1 < end:
                gap = PLACE_JOINT.match(text[e1:end])
                if gap and (e1 + gap.end(), end) in known:
                    return [(start, e1), (e1 + gap.end(), end)]
    return [(start, end)]
