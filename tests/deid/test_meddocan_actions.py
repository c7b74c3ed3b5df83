"""The MEDDOCAN grammar's Python actions (resources/grammars/meddocan/actions): header-field values,
signature lines, clean-up. Loaded as the pipeline loads them, from the folder beside the grammar."""

from __future__ import annotations

import random

import pytest

from annotator.document import Document
from annotator.jape.actions import load_actions_file
from annotator.paths import RESOURCES
from annotator.processing.base import resource_class

meddocan = load_actions_file(RESOURCES / "grammars" / "meddocan" / "actions")


@pytest.fixture(scope="module")
def lookups():
    """Tokenizer and the Spanish gazetteer: the annotations the actions read."""
    tokenizer = resource_class("tokenizer")()
    gazetteer = resource_class("gazetteer")(listsURL=RESOURCES / "gazetteers" / "es" / "lists.def")

    def run(text: str) -> Document:
        doc = Document(text)
        tokenizer(doc)
        gazetteer(doc)
        return doc

    return run


def spans(doc: Document, annset) -> list[tuple[str, str]]:
    return [(a.type, doc.text[a.start:a.end]) for a in sorted(annset, key=lambda a: a.start)]


def field(doc: Document, cue: str) -> list[tuple[str, str]]:
    out = doc.annset("PHI")
    name_end = doc.text.index(cue) + len(cue)
    lookup = next(a for a in doc.annset().with_type("Lookup").starting_at(doc.text.index(cue))
                  if a.features.get("majorType") == "cue")
    meddocan.fields.annotate_field(doc, doc.annset(), out, lookup.features["field"], doc.text.index(":", name_end) + 1)
    return spans(doc, out)


def test_clean_span_drops_the_field_period_and_spaces():
    text = "NHC:  368503 . "
    assert text[slice(*meddocan.spans.clean_span(text, 4, len(text)))] == "368503"


def test_field_value_stops_at_the_next_cue_on_the_line(lookups):
    doc = lookups("Edad: 70 años Sexo: H.\nFecha de Ingreso: 12/12/2016.\n")
    assert field(doc, "Edad") == [("EDAD_SUJETO_ASISTENCIA", "70 años")]


def test_medico_field_leaves_the_title_and_the_colegiado_number_out(lookups):
    doc = lookups("Médico: Dra. María del Rosario García Luzardo  NºCol: 28 28 17114.\n")
    assert field(doc, "Médico") == [("NOMBRE_PERSONAL_SANITARIO", "María del Rosario García Luzardo")]


def test_nhc_prefix_is_left_out(lookups):
    doc = lookups("CIPA: nhc-150679.\n")
    assert field(doc, "CIPA") == [("ID_SUJETO_ASISTENCIA", "150679")]


def test_swapped_value_keeps_the_type_of_its_shape(lookups):
    doc = lookups("NHC: Calle Tres Palomas, 27.\n")
    assert field(doc, "NHC") == [("CALLE", "Calle Tres Palomas, 27")]


def test_localidad_splits_town_and_province(lookups):
    doc = lookups("Localidad/ Provincia: Lugones, Asturias.\n")
    assert field(doc, "Localidad/ Provincia") == [("TERRITORIO", "Lugones"), ("TERRITORIO", "Asturias")]


def test_signature_line_is_cut_into_typed_spans(lookups):
    doc = lookups("Remitido por: Dr. Juan Pérez López. Servicio de Urología. Hospital Universitario La Paz. "
                  "Paseo de la Castellana, 261, 3º B. 28046 Madrid. España. E-mail: jperez@example.com\n")
    assert field(doc, "Remitido por") == [
        ("NOMBRE_PERSONAL_SANITARIO", "Juan Pérez López"),
        ("HOSPITAL", "Hospital Universitario La Paz"),
        ("CALLE", "Paseo de la Castellana, 261, 3º B"),
        ("TERRITORIO", "28046"),
        ("TERRITORIO", "Madrid"),
        ("PAIS", "España"),
    ]


def test_bare_street_glued_to_the_hospital_name_is_split(lookups):
    doc = lookups("Responsable clínico: Ana Ruiz Gil Hospital Lucus Augusti San Cibrao s/n 27003 Lugo\n")
    assert field(doc, "Responsable clínico")[1:3] == [("HOSPITAL", "Hospital Lucus Augusti"),
                                                     ("CALLE", "San Cibrao s/n")]


def test_several_phone_numbers_give_one_span_each(lookups):
    doc = lookups("Telfs.: 918823884 / 918823984 / 619128686. Correo: x@y.es\n")
    assert field(doc, "Telfs.") == [("NUMERO_TELEFONO", "918823884"), ("NUMERO_TELEFONO", "918823984"),
                                    ("NUMERO_TELEFONO", "619128686")]


def test_resolve_keeps_one_annotation_per_span_and_drops_nested_ones():
    doc = Document("Hospital Universitario 12 de Octubre, Madrid")
    out = doc.annset("PHI")
    out.add("HOSPITAL", 0, 36, {"rule": "signature:hospital"})
    out.add("FECHAS", 23, 36, {"rule": "date"})
    out.add("TERRITORIO", 38, 44, {"rule": "field:localidad"})
    out.add("PAIS", 38, 44, {"rule": "country"})
    meddocan.cleanup.resolve(out)
    assert spans(doc, out) == [("HOSPITAL", "Hospital Universitario 12 de Octubre"), ("TERRITORIO", "Madrid")]


def test_resolve_drops_what_overlaps_a_field_span_and_keeps_what_only_touches_it():
    """A context annotation that shares a character with a header or signature span goes, even when
    it is longer; one that ends where the field span starts stays."""
    doc = Document("NHC: 123456 Madrid")
    out = doc.annset("PHI")
    out.add("ID_SUJETO_ASISTENCIA", 5, 11, {"rule": "field:nhc"})
    out.add("FECHAS", 0, 5, {"rule": "date"})  # ends where the field starts
    out.add("EDAD_SUJETO_ASISTENCIA", 10, 18, {"rule": "age"})  # overlaps its last character
    meddocan.cleanup.resolve(out)
    assert spans(doc, out) == [("FECHAS", "NHC: "), ("ID_SUJETO_ASISTENCIA", "123456")]


def _resolved_by_definition(items: list[tuple]) -> list[tuple]:
    """What resolve keeps, spelled out pairwise: a context annotation sharing a position with a
    header or signature span goes (an empty span [p, p) counts as [p, p + 1)); then, by start and
    longer first, an annotation ending inside an earlier kept one goes."""
    order = sorted(range(len(items)), key=lambda i: (items[i][1], -items[i][2], i))
    structured = {i for i in order if items[i][3].startswith(("field:", "signature:"))}
    drop = {i for i in order if i not in structured and any(
        items[j][1] < max(items[i][2], items[i][1] + 1) and items[i][1] < max(items[j][2], items[j][1] + 1)
        for j in structured)}
    cover_end = -1
    for i in order:
        if i not in drop:
            if items[i][2] <= cover_end:
                drop.add(i)
            else:
                cover_end = items[i][2]
    return sorted(items[i] for i in order if i not in drop)


@pytest.mark.parametrize("seed", range(40))
def test_resolve_keeps_what_its_definition_keeps(seed):
    rng = random.Random(seed)
    doc = Document("x" * 30)
    out = doc.annset("PHI")
    items = []
    for _ in range(rng.randint(1, 25)):
        start = rng.randint(0, 27)
        end = start + rng.choice((0, 0, 1, 2, 3, 5, 8, 13))
        rule = rng.choice(("field:nhc", "signature:street", "date", "age", "patient-name-repeated"))
        items.append((rng.choice(("FECHAS", "CALLE", "TERRITORIO")), start, min(end, 30), rule))
    for type_name, start, end, rule in items:
        out.add(type_name, start, end, {"rule": rule})
    out.add("Token", 0, 30)  # not a PHI type: never dropped
    meddocan.cleanup.resolve(out)
    kept = sorted((a.type, a.start, a.end, a.features["rule"]) for a in out.with_type(*meddocan.tables.PHI_TYPES))
    assert kept == _resolved_by_definition(items)
    assert len(out.with_type("Token")) == 1


def test_resolve_drops_an_empty_context_annotation_at_the_start_of_an_empty_field_span():
    doc = Document("NHC: 1")
    out = doc.annset("PHI")
    out.add("FECHAS", 5, 5, {"rule": "date"})  # added first: before the field span in document order
    out.add("ID_SUJETO_ASISTENCIA", 5, 5, {"rule": "field:nhc"})
    meddocan.cleanup.resolve(out)
    assert [(a.type, a.start, a.end) for a in out] == [("ID_SUJETO_ASISTENCIA", 5, 5)]


def test_two_doctors_in_one_signature(lookups):
    doc = lookups("Remitido por: Dr. Juan Pérez y Dra. Ana Ruiz Gil. Hospital de Navarra. 31008 Pamplona.\n")
    assert field(doc, "Remitido por")[:3] == [("NOMBRE_PERSONAL_SANITARIO", "Juan Pérez"),
                                              ("NOMBRE_PERSONAL_SANITARIO", "Ana Ruiz Gil"),
                                              ("HOSPITAL", "Hospital de Navarra")]


def test_glued_street_named_after_a_person_or_a_place_noun_is_split(lookups):
    doc = lookups("Remitido por: Ana Ruiz Gil Hospital Comarcal Virgen Blanca Pedro Salinas, 12 44002 Teruel\n")
    assert field(doc, "Remitido por")[1:3] == [("HOSPITAL", "Hospital Comarcal Virgen Blanca"),
                                              ("CALLE", "Pedro Salinas, 12")]
    doc = lookups("Remitido por: Ana Ruiz Gil Hospital Provincial de Teruel Altos de Nava s/n 44002 Teruel\n")
    assert field(doc, "Remitido por")[1:3] == [("HOSPITAL", "Hospital Provincial de Teruel"),
                                              ("CALLE", "Altos de Nava s/n")]


def test_phone_numbers_joined_by_a_dash_are_two(lookups):
    doc = lookups("Remitido por: Ana Ruiz Gil. 28046 Madrid Tlf. 917000001 - 606000002 E-mail: x@y.es\n")
    assert field(doc, "Remitido por")[3:5] == [("NUMERO_TELEFONO", "917000001"), ("NUMERO_TELEFONO", "606000002")]


def test_nhc_shaped_like_a_nass_stays_an_nhc(lookups):
    assert field(lookups("NHC: 22 75000000 36.\n"), "NHC") == [("ID_SUJETO_ASISTENCIA", "22 75000000 36")]
    assert field(lookups("Domicilio: 22 75000000 36.\n"), "Domicilio") == [("ID_ASEGURAMIENTO", "22 75000000 36")]


def test_two_known_places_without_a_comma_are_two(lookups):
    doc = lookups("Localidad/ Provincia: Mostoles Madrid.\n")
    assert field(doc, "Localidad/ Provincia") == [("TERRITORIO", "Mostoles"), ("TERRITORIO", "Madrid")]
    doc = lookups("Localidad/ Provincia: Donostia-San Sebastián.\n")
    assert field(doc, "Localidad/ Provincia") == [("TERRITORIO", "Donostia-San Sebastián")]


def test_email_glued_to_its_cue_leaves_the_cue_out(lookups):
    doc = lookups("Remitido por: Ana Ruiz Gil. 31008 Pamplona E-mail.aruiz@example.com\n")
    assert field(doc, "Remitido por")[-1] == ("CORREO_ELECTRONICO", "aruiz@example.com")


def test_rotated_header_values_give_the_nhc_under_nass(lookups):
    doc = lookups("NHC: Calle Mayor, 2.\nNASS: 7346582.\nDomicilio: 37 45673567 04.\n")
    assert field(doc, "NASS") == [("ID_SUJETO_ASISTENCIA", "7346582")]
    assert field(lookups("NASS: 7346582.\nDomicilio: Calle Mayor, 2.\n"), "NASS") == [("ID_ASEGURAMIENTO", "7346582")]


def test_signature_colonia_abbreviation_and_republic(lookups):
    text = ("Dr. Juan Pérez. Hospital Universitario La Paz (HULP). Chimalpopoca 14, Col. Obrera México D.F. "
            "Palacio de Justicia. Ciudad Autónoma de Buenos Aires. República Argentina.")
    doc = lookups(text)
    out = doc.annset("PHI")
    meddocan.address.annotate_signature(doc, doc.annset(), out, 0, len(text))
    found = spans(doc, out)
    assert ("HOSPITAL", "HULP") in found
    assert ("CALLE", "Chimalpopoca 14, Col. Obrera") in found
    assert ("INSTITUCION", "Palacio de Justicia") in found
    assert ("PAIS", "República Argentina") in found


def test_glued_street_before_a_dash_or_named_after_two_first_names_is_split(lookups):
    doc = lookups("Remitido por: Luis Andrade Fariña Servicio de Urología. Hospital POVISA Salamanca 5 - 36211 Vigo\n")
    assert field(doc, "Remitido por")[1:3] == [("HOSPITAL", "Hospital POVISA"), ("CALLE", "Salamanca 5")]
    doc = lookups("Remitido por: Ana Cis Spoturno Centro Médico Deportivo Federico Garcia Lorca 50 04006 Almeria\n")
    assert field(doc, "Remitido por")[1:3] == [("INSTITUCION", "Centro Médico Deportivo"),
                                              ("CALLE", "Federico Garcia Lorca 50")]
    doc = lookups("Remitido por: Ana Ruiz Gil Hospital Clínico San Carlos Martín Lagos s/n 28040 Madrid\n")
    assert field(doc, "Remitido por")[1:3] == [("HOSPITAL", "Hospital Clínico San Carlos"),
                                              ("CALLE", "Martín Lagos s/n")]


def test_a_known_place_after_a_particle_stays_inside_the_place(lookups):
    doc = lookups("Remitido por: Ana Ruiz Gil. C/ Mayor, 2. 38710 Breña Alta. Isla de La Palma. "
                  "Apartado de correos 41 03550 San Juan de Alicante (Alicante) España\n")
    found = field(doc, "Remitido por")
    assert ("TERRITORIO", "Isla de La Palma") in found
    assert ("TERRITORIO", "San Juan de Alicante") in found
    assert ("TERRITORIO", "Palma") not in found


def test_a_po_box_keeps_its_number(lookups):
    doc = lookups("Remitido por: Dr. Ivan Olano Grasa Apartado de Correos 20134 48080 Bilbao. (España).\n")
    assert field(doc, "Remitido por")[1:4] == [("CALLE", "Apartado de Correos 20134"), ("TERRITORIO", "48080"),
                                              ("TERRITORIO", "Bilbao")]


@pytest.mark.parametrize("town", ["Isla de La Palma", "Puerto de La Cruz", "Arroyo de Los Pinos", "Villanueva de El Campo"])
def test_a_capitalised_article_after_de_stays_inside_a_place_the_lists_know_only_in_part(town):
    """The lists may know the tail ("Palma") but not the whole ("La Palma"): the article after "de" is a
    particle, so the known tail is inside the place and the place is not cut before it."""
    text = f"{town}. España"
    tail = text.index(town.split()[-1])
    places = {(tail, tail + len(town.split()[-1])): "city", (len(town) + 2, len(text)): "country"}
    assert meddocan.address_parts.place_end(text, 0, len(text), places) == len(town)
