"""The MEDDOCAN grammar's rules for open-class types (FAMILIARES_SUJETO_ASISTENCIA, HOSPITAL, INSTITUCION,
CALLE, TERRITORIO), on sentences written from the guidelines' type definitions (deid-guidelines.md,
section 3.3) and the train conventions (section 3.4), not taken from the corpus."""

from __future__ import annotations

import pytest

from annotator import Document, Pipeline


@pytest.fixture(scope="module")
def rules() -> Pipeline:
    return Pipeline.load("meddocan")


def spans(pipeline: Pipeline, text: str) -> set[tuple[str, str]]:
    return {(a.type, text[a.start:a.end]) for a in pipeline(Document(text)).annset("PHI")}


def test_a_relative_between_a_phone_cue_and_its_number_keeps_its_span(rules):
    found = spans(rules, "Se puede localizar en el número de móvil de su hermana, que es el 611 222 333.")
    assert {("FAMILIARES_SUJETO_ASISTENCIA", "hermana"), ("NUMERO_TELEFONO", "611 222 333")} <= found


@pytest.mark.parametrize("text, value", [
    ("Se obtuvo el consentimiento materno antes de la intervención.", "materno"),
    ("La ecografía paterna fue normal.", "paterna"),
])
def test_a_kinship_adjective_alone_names_a_relative(rules, text, value):
    assert ("FAMILIARES_SUJETO_ASISTENCIA", value) in spans(rules, text)


@pytest.mark.parametrize("text", [
    "Recibe lactancia materna exclusiva desde el nacimiento.",
    "Se valoró el vínculo materno-filial en la consulta.",
])
def test_a_kinship_adjective_in_a_term_is_no_relative(rules, text):
    assert not any(kind == "FAMILIARES_SUJETO_ASISTENCIA" for kind, _ in spans(rules, text))


def test_a_kinship_adjective_after_a_kinship_word_stays_in_its_span(rules):
    found = spans(rules, "Tía materna con diabetes.")
    assert ("FAMILIARES_SUJETO_ASISTENCIA", "Tía materna") in found
    assert ("FAMILIARES_SUJETO_ASISTENCIA", "materna") not in found


@pytest.mark.parametrize("text, value", [
    ("La exploración del neonato tras el parto fue normal.", "neonato"),
    ("Se extrajo sangre a la recién nacida para el estudio.", "recién nacida"),
])
def test_a_newborn_with_an_article_is_a_relative(rules, text, value):
    assert ("FAMILIARES_SUJETO_ASISTENCIA", value) in spans(rules, text)


@pytest.mark.parametrize("text, name, age", [
    ("Su hermano Pedro, de tres años, presenta la misma clínica.", "Pedro", "tres años"),
    ("Su hija Lucía de 8 meses está sana.", "Lucía", "8 meses"),
])
def test_a_relatives_age_after_the_relatives_name_is_a_relative(rules, text, name, age):
    found = spans(rules, text)
    assert {("FAMILIARES_SUJETO_ASISTENCIA", name), ("FAMILIARES_SUJETO_ASISTENCIA", age)} <= found
    assert ("EDAD_SUJETO_ASISTENCIA", age) not in found


@pytest.mark.parametrize("text, relatives", [
    ("Se estudió a los familiares de primer grado del niño.", "familiares de primer grado"),
    ("Hay epilepsia en familiares de segundo grado.", "familiares de segundo grado"),
    ("Un familiar de primer grado murió joven.", "familiar de primer grado"),
])
def test_relatives_named_by_their_degree_of_kinship_are_one_mention(rules, text, relatives):
    assert ("FAMILIARES_SUJETO_ASISTENCIA", relatives) in spans(rules, text)


def test_a_history_by_degree_of_kinship_names_no_relative(rules):
    assert not spans(rules, "Sin antecedentes familiares de primer grado de cáncer.")


def test_familiar_as_a_noun_is_a_relative_and_as_an_adjective_is_not(rules):
    assert ("FAMILIARES_SUJETO_ASISTENCIA", "familiar") in spans(rules, "Lo acompañaba un familiar directo.")
    assert not spans(rules, "No refiere antecedente familiar de interés.")


@pytest.mark.parametrize("text", [
    "Fue atendido en un hospital comarcal dos días antes.",
    "Se trasladó al hospital comarcal para su ingreso.",
    "Había sido operada en una clínica privada.",
])
def test_a_described_hospital_is_no_name(rules, text):
    assert not any(kind == "HOSPITAL" for kind, _ in spans(rules, text))


def test_a_hospital_name_in_lower_case_after_hospital_is_still_a_name(rules):
    found = spans(rules, "Consultó en el hospital Saint Thomas de Londres.")
    assert any(kind == "HOSPITAL" and value.startswith("hospital Saint Thomas") for kind, value in found)


@pytest.mark.parametrize("line, organisation, street", [
    ("Remitido por: Dr. Juan Pérez Gil. Universidad de Soria Boulevard Luis Vives, 32. 42001 Soria.",
     ("INSTITUCION", "Universidad de Soria"), ("CALLE", "Boulevard Luis Vives, 32")),
    ("Remitido por: Dra. Ana Ruiz. Hospital Militar Central Carrera 3 # 49-00 Bogotá D.C. Colombia",
     ("HOSPITAL", "Hospital Militar Central"), ("CALLE", "Carrera 3 # 49-00")),
    ("Remitido por: Dra. Ana Ruiz. Hospital del Sur. Paraje Los Pinos, s/n, 04009 Almería.",
     ("HOSPITAL", "Hospital del Sur"), ("CALLE", "Paraje Los Pinos, s/n")),
])
def test_a_street_generic_word_ends_the_organisation_before_it(rules, line, organisation, street):
    found = spans(rules, line)
    assert {organisation, street} <= found


def test_carrera_without_a_number_is_no_street(rules):
    found = spans(rules, "Remitido por: Dra. Ana Gaona Carrera. Hospital del Sur. 04009 Almería.")
    assert not any(kind == "CALLE" for kind, _ in found)


def test_a_federal_district_keeps_its_initials_after_a_known_town(rules):
    # (a town the lists know without its initials: "Caracas")
    found = spans(rules, "Remitido por: Dra. Ana Ruiz. Hospital del Norte Carrera 45 # 12-30 Caracas D.C. Venezuela")
    assert ("TERRITORIO", "Caracas D.C.") in found
    found = spans(rules, "Remitido por: Dra. Ana Ruiz. Calle Mayor 3. Madrid C.P. 28001.")
    assert {("TERRITORIO", "Madrid"), ("TERRITORIO", "28001")} <= found


@pytest.mark.parametrize("text, maker, places", [
    ("Se pautó doxiciclina (Doxiclin 100, Farmalab, Madrid) cada 12 horas.", "Farmalab", {"Madrid"}),
    ("Se midió con OCT (Retina 3; Optica Systems Lab, Dublin, CA) sin cambios.", "Optica Systems Lab",
     {"Dublin", "CA"}),
])
def test_a_maker_in_a_product_credit_is_an_institution_and_its_town_a_place(rules, text, maker, places):
    found = spans(rules, text)
    assert ("INSTITUCION", maker) in found
    assert {("TERRITORIO", p) for p in places} <= found


def test_two_towns_in_parentheses_are_no_maker(rules):
    found = spans(rules, "Vivió en varias ciudades (Getafe, Leganés, Madrid) de niño.")
    assert not any(kind == "INSTITUCION" for kind, _ in found)


@pytest.mark.parametrize("text, maker, places, country", [
    ("Se aplicó colirio (Lentix®, Oftalmica, Fort Collins, Colorado) dos veces al día.", "Oftalmica",
     {"Fort Collins", "Colorado"}, None),
    ("Se fijó con placas (Nervix 2; Brainlab®, Feldkirchen, Alemania) sin incidencias.", "Brainlab",
     {"Feldkirchen"}, "Alemania"),
    ("Se usó un trépano (Acme Surgical Co, Inc., Rochester, MN, USA) de 3 mm.", "Acme Surgical Co",
     {"Rochester", "MN"}, "USA"),
])
def test_every_place_of_a_product_credit_is_a_territory_listed_or_not(rules, text, maker, places, country):
    found = spans(rules, text)
    assert ("INSTITUCION", maker) in found
    assert {("TERRITORIO", p) for p in places} <= found
    assert country is None or ("PAIS", country) in found
    assert not any(kind == "INSTITUCION" and value in places for kind, value in found)


def test_names_in_parentheses_are_no_product_credit(rules):
    assert not spans(rules, "Firmaron el informe (Pérez, López, Gómez) los tres.")


@pytest.mark.parametrize("text", [
    "Remitido por: Dr. Juan Soto Vera. Calle Los Aromos 123, Providencia, Valparaíso de Chile. Email: jsoto@mail.cl",
    "Fue trasladado a Valparaíso de Chile para el tratamiento.",
    "Tras una estancia en Valparaíso de Chile, regresó a Madrid.",
])
def test_a_town_named_with_its_country_is_one_territory(rules, text):
    found = spans(rules, text)
    assert ("TERRITORIO", "Valparaíso de Chile") in found
    assert ("PAIS", "Chile") not in found


@pytest.mark.parametrize("text, hospital", [
    ("Remitido por: Dr. Luis Mora. Servicio de Cardiología. Consorcio Hospital Provincial Universitario, "
     "Universidad de Teruel. Av. Aragón s/n. 44002 Teruel", "Consorcio Hospital Provincial Universitario"),
    ("Fue intervenido en el Consorcio Hospital General de Teruel hace dos años.", "Consorcio Hospital General de Teruel"),
])
def test_an_institution_word_before_a_hospital_head_names_a_hospital(rules, text, hospital):
    found = spans(rules, text)
    assert ("HOSPITAL", hospital) in found
    assert ("INSTITUCION", hospital) not in found


def test_an_organisation_name_does_not_end_on_a_preposition_before_its_country(rules):
    found = spans(rules, "Remitido por: Dra. Ana Ruiz. Fundación para la Prevención de la Sordera en Colombia. "
                         "Calle 45 # 12-30 Bogotá")
    assert ("INSTITUCION", "Fundación para la Prevención de la Sordera en Colombia") in found
    assert not any(value == "Colombia" for _, value in found)


@pytest.mark.parametrize("text, rank, siblings", [
    ("La paciente es la segunda de cinco hermanos y vive con sus padres.", "la segunda", "cinco hermanos"),
    ("Es el mayor de una familia de 7 hermanos.", "el mayor", "7 hermanos"),
    ("Varón de 31 años. Hijo menor de dos hermanos sanos.", "Hijo menor", "dos hermanos"),
])
def test_the_patients_birth_order_describes_the_patient_and_the_siblings_are_relatives(rules, text, rank, siblings):
    found = spans(rules, text)
    assert ("ID_SUJETO_ASISTENCIA", rank) in found
    assert ("FAMILIARES_SUJETO_ASISTENCIA", siblings) in found
    assert not any(kind == "FAMILIARES_SUJETO_ASISTENCIA" and value in ("familia", rank) for kind, value in found)


@pytest.mark.parametrize("text, organisation, kind", [
    ("Consultó en el Hospital Comarcal de Tudela Ctra. de Tarazona, km 3 de la localidad.", "Hospital Comarcal de Tudela",
     "HOSPITAL"),
    ("Se envió al Instituto Nacional de Oncología Av. Los Pinos 1520 para estudio.", "Instituto Nacional de Oncología",
     "INSTITUCION"),
])
def test_a_street_abbreviation_with_its_dot_ends_the_organisation_before_it(rules, text, organisation, kind):
    found = spans(rules, text)
    assert (kind, organisation) in found
    assert not any(value.startswith(organisation + " ") for _, value in found)


def test_pontificia_belongs_to_the_university_name(rules):
    found = spans(rules, "Fue estudiada en la Pontificia Universidad Javeriana de Bogotá en 2010.")
    assert ("INSTITUCION", "Pontificia Universidad Javeriana de Bogotá") in found


@pytest.mark.parametrize("text, maker", [
    ("Se pautó un antiepiléptico (Neurex®, Laboratorio Farmex, Francia) cada 12 horas.", "Laboratorio Farmex"),
    ("Recibió un inmunosupresor (Abeline Laboratories S.A., Valencia) durante un año.", "Abeline Laboratories S.A."),
    ("Se implantó una prótesis (Ortomed S.L.U., Bilbao) sin incidencias.", "Ortomed S.L.U."),
])
def test_a_maker_with_a_laboratory_word_or_a_legal_form_is_an_institution(rules, text, maker):
    found = spans(rules, text)
    assert ("INSTITUCION", maker) in found
    assert not any(kind == "TERRITORIO" and value.startswith("Laboratorio") for kind, value in found)


@pytest.mark.parametrize("text, street", [
    ("La paciente reside en la Avda. de los Olmos, 14 desde hace años.", "Avda. de los Olmos, 14"),
    ("Vive sola en C/ Cerezo 7, 3º izda. con un gato.", "C/ Cerezo 7, 3º izda"),
])
def test_a_street_abbreviation_and_number_in_the_narrative_is_a_street(rules, text, street):
    assert ("CALLE", street) in spans(rules, text)


def test_a_postcode_before_a_listed_town_is_two_territories(rules):
    found = spans(rules, "La muestra se remitió a la calle Olmo 3, 47010 Valladolid, para su análisis.")
    assert {("TERRITORIO", "47010"), ("TERRITORIO", "Valladolid")} <= found


@pytest.mark.parametrize("line", [
    "Correspondencia: Dra. Lucía Marín Soler. Hospital General de Segovia. Calle Luis Erik Clavería, 3. 40002 Segovia.",
    "Remitido por: Dirección para correspondencia: Dra. Lucía Marín Soler. Hospital General de Segovia. "
    "Calle Luis Erik Clavería, 3. 40002 Segovia.",
])
def test_a_correspondence_address_is_read_as_a_signature(rules, line):
    found = spans(rules, line)
    assert {("NOMBRE_PERSONAL_SANITARIO", "Lucía Marín Soler"), ("HOSPITAL", "Hospital General de Segovia"),
            ("CALLE", "Calle Luis Erik Clavería, 3"), ("TERRITORIO", "40002"), ("TERRITORIO", "Segovia")} <= found


@pytest.mark.parametrize("cue", ["Dirección para correspondencia", "Correspondencia", "Autor para correspondencia",
                                 "Dirección de correspondencia", "Correspondencia a", "Correspondencia postal"])
def test_a_correspondence_line_without_its_colon_is_read_as_the_colon_form(rules, cue):
    line = "Dra. Lucía Marín Soler. Hospital General de Segovia. Calle Luis Erik Clavería, 3. 40002 Segovia."
    without = spans(rules, f"Sin otros hallazgos.\n{cue} {line}")
    assert without == spans(rules, f"Sin otros hallazgos.\n{cue}: {line}")
    assert {("NOMBRE_PERSONAL_SANITARIO", "Lucía Marín Soler"), ("CALLE", "Calle Luis Erik Clavería, 3"),
            ("TERRITORIO", "40002"), ("TERRITORIO", "Segovia")} <= without


def test_a_correspondence_address_without_colon_nor_name_is_a_signature_street(rules):
    text = "Sin otros hallazgos.\nDirección para correspondencia Calle Mayor 3, 28001 Madrid"
    found = {(kind, value, rule) for kind, value, rule in
             ((a.type, text[a.start:a.end], a.features.get("rule")) for a in rules(Document(text)).annset("PHI"))}
    assert {("CALLE", "Calle Mayor 3", "signature:street"), ("TERRITORIO", "28001", "signature:postcode"),
            ("TERRITORIO", "Madrid", "signature:place")} <= found


def test_a_correspondence_cue_without_colon_in_mid_line_starts_no_signature(rules):
    found = spans(rules, "Se le entregó la hoja con la Dirección para correspondencia Lucía Marín Soler.")
    assert ("NOMBRE_PERSONAL_SANITARIO", "Lucía Marín Soler") not in found


@pytest.mark.parametrize("text, hospital, town", [
    ('Ingresó en el Hospital Universitario "Virgen Blanca" de León por fiebre.',
     'Hospital Universitario "Virgen Blanca"', "León"),
    ("Se trasladó al Hospital Virgen de la Arrixaca de Murcia en 2010.", "Hospital Virgen de la Arrixaca", "Murcia"),
    ('Remitido por: Dr. Luis Pérez. Hospital Universitario "Reina Sofía" de Córdoba. E-mail: lp@x.es',
     'Hospital Universitario "Reina Sofía"', "Córdoba"),
    ("Remitido por: Dra. Eva Gil. Servicio de Cardiología. Hospital Virgen de la Peña de Soria. E-mail: eg@x.es",
     "Hospital Virgen de la Peña", "Soria"),
])
def test_a_hospital_named_by_a_title_or_quoted_name_leaves_its_town_out(rules, text, hospital, town):
    assert {("HOSPITAL", hospital), ("TERRITORIO", town)} <= spans(rules, text)


@pytest.mark.parametrize("text, hospital", [
    ("Ingresó en el Hospital Dr. Moliner para estudio.", "Hospital Dr. Moliner"),
    ("Fue visto en el Hospital Universitario Dr. Balmis en 2019.", "Hospital Universitario Dr. Balmis"),
    ("Acudió al Hospital Ntra. Sra. del Prado para estudio.", "Hospital Ntra. Sra. del Prado"),
])
def test_a_titles_abbreviation_stays_inside_the_hospital_name(rules, text, hospital):
    assert ("HOSPITAL", hospital) in spans(rules, text)


@pytest.mark.parametrize("text, hospital", [
    ("Se trasladó al Hospital General de Valencia en 2010.", "Hospital General de Valencia"),
    ("Se trasladó al Hospital Cruz Roja de Bilbao en 2010.", "Hospital Cruz Roja de Bilbao"),
    ("Fue remitida al Hospital Arnau de Vilanova para estudio.", "Hospital Arnau de Vilanova"),
    ("Fue remitida al Hospital Gregorio Marañón de Madrid para estudio.", "Hospital Gregorio Marañón de Madrid"),
])
def test_a_hospital_named_by_its_town_or_a_person_keeps_the_town(rules, text, hospital):
    assert ("HOSPITAL", hospital) in spans(rules, text)


@pytest.mark.parametrize("text, acronym, kind", [
    ("Ingresó en el Hospital Clínico San Rafael. A los dos días fue trasladado desde el HCSR a planta.",
     "HCSR", "HOSPITAL"),
    ("Fue valorado en el Hospital General de la Vega Baja. El control se hizo en el HGVB.",
     "HGVB", "HOSPITAL"),
    ("La muestra se remitió al Instituto Regional de Toxicología y Ciencias Forenses. El IRTCF confirmó "
     "el hallazgo.", "IRTCF", "INSTITUCION"),
])
def test_an_acronym_of_a_named_organisation_has_its_type(rules, text, acronym, kind):
    assert (kind, acronym) in spans(rules, text)


def test_an_acronym_defined_in_parentheses_or_of_no_named_organisation_is_not_taken(rules):
    defined = "Acudió al Hospital Clínico San Rafael (HCSR) por dolor."
    assert not any(value == "HCSR" for _, value in spans(rules, defined))
    assert not any(value == "HCSR" for _, value in spans(rules, "Acudió al HCSR por dolor torácico."))


@pytest.mark.parametrize("line, street", [
    # a street named with Galician particles, no type word, before the postcode
    ("Remitido por: Dra. Ana Pérez Gil. Fonte do Sapo, 12 15701 Santiago de Compostela. España.", "Fonte do Sapo, 12"),
    # the number introduced by "número"
    ("Remitido por: Dr. Juan Soto Mena. Los Aromos número 2150, Temuco-Chile E-mail: jsoto@correo.cl",
     "Los Aromos número 2150"),
    # after the department's words, with no period between them and the street
    ("Remitido por: Dr. Pedro Ruiz Sanz. Servicio de Neurología Prados de Abajo, 7 33011 Oviedo. España.",
     "Prados de Abajo, 7"),
])
def test_a_signature_street_without_a_type_word_is_a_street(rules, line, street):
    found = spans(rules, "Sin otros hallazgos.\n" + line)
    assert ("CALLE", street) in found
    assert not any(kind == "TERRITORIO" and value in street for kind, value in found)


def test_a_department_before_a_typed_street_stays_out_of_the_street(rules):
    found = spans(rules, "Sin otros hallazgos.\nRemitido por: Dr. Luis Gil. Servicio de Cirugía Plástica "
                         "Avda. del Mar 12 28001 Madrid.")
    assert ("CALLE", "Avda. del Mar 12") in found


def test_a_town_with_its_article_after_de_stays_in_the_hospital_name(rules):
    # "O Porriño" and its tail "Porriño" are both listed towns: the longer one is the town after "de"
    found = spans(rules, "Sin otros hallazgos.\nRemitido por: Dra. Eva Rey Gil. Hospital Comarcal Universitario "
                         "de O Porriño Servicio de Urología C/ Doctor Fleming, 4 36400 O Porriño.")
    assert ("HOSPITAL", "Hospital Comarcal Universitario de O Porriño") in found
    assert ("TERRITORIO", "Porriño") not in found


@pytest.mark.parametrize("line, street", [
    ("Remitido por: Dra. Sara Villa Gil. Hospital del Norte. Carr. Vía de Servicio, Km 9.200, 28050 Madrid.",
     "Carr. Vía de Servicio, Km 9.200"),
    ("Remitido por: Dr. Luis Mora Gil. Hospital Universitario San Pedro. CTR. Carretera de Lucena s/n. Córdoba.",
     "CTR. Carretera de Lucena s/n"),
])
def test_a_street_types_abbreviation_before_its_word_is_one_street(rules, line, street):
    assert ("CALLE", street) in spans(rules, "Sin otros hallazgos.\n" + line)


def test_an_organisation_between_two_streets_splits_them(rules):
    found = spans(rules, "Sin otros hallazgos.\nRemitido por: Dra. Eva Gil Mas. C/ Huertas, Hospital Comarcal "
                         "\"San Roque\" Calle Mayor de Arriba, 7, 11300 La Línea, Cádiz.")
    assert {("CALLE", "C/ Huertas"), ("CALLE", "Calle Mayor de Arriba, 7")} <= found


def test_a_street_word_after_a_house_number_starts_another_street(rules):
    found = spans(rules, "Sin otros hallazgos.\nRemitido por: Dra. Rosa Gil Mas. Hospital del Sur. Avda. Real 9, "
                         "C/ Olmos 2. 02001 Albacete.")
    assert {("CALLE", "Avda. Real 9"), ("CALLE", "C/ Olmos 2")} <= found


@pytest.mark.parametrize("line, name, street", [
    ("Dirección para correspondencia: Lucía Ferrer Ortega Almendros, 12 - 3ºB 46010 Valencia.",
     "Lucía Ferrer Ortega", "Almendros, 12 - 3ºB"),
    ("Dirección para correspondencia: Juan José Prieto Lara Tomás de Iriarte 5, 2º 38003 Santa Cruz de Tenerife.",
     "Juan José Prieto Lara", "Tomás de Iriarte 5, 2º"),
    ("Remitido por: Dr. Raúl Peña San Juan Olivares 18 28080 Madrid. España.", "Raúl Peña San Juan",
     "Olivares 18"),
])
def test_a_signature_street_glued_to_the_name_is_cut_after_two_surnames(rules, line, name, street):
    found = spans(rules, "Sin otros hallazgos.\n" + line)
    assert {("NOMBRE_PERSONAL_SANITARIO", name), ("CALLE", street)} <= found


def test_a_signature_name_without_a_house_number_after_it_is_kept_whole(rules):
    found = spans(rules, "Sin otros hallazgos.\nRemitido por: Dr. Francisco de Paula Mendes Costa Lima. "
                         "Rua Nova, 12. Lisboa.")
    assert not any(kind == "CALLE" and "Lima" in value for kind, value in found)


@pytest.mark.parametrize("line, institution", [
    ("Remitido por: Dr. Pablo Ruiz Sanz. Catedrático y Director del Instituto de Biomedicina de Sevilla. "
     "Avda. Manuel Siurot s/n. 41013 Sevilla.", "Instituto de Biomedicina de Sevilla"),
    ("Correspondencia: Dra. Ana Gil Ruiz. PhD Centro Médico Los Álamos. Calle Mayor, 3. 28001 Madrid.",
     "Centro Médico Los Álamos"),
])
def test_a_staff_post_or_degree_before_an_organisation_is_no_place(rules, line, institution):
    found = spans(rules, "Sin otros hallazgos.\n" + line)
    assert ("INSTITUCION", institution) in found
    assert not any(kind == "TERRITORIO" and post in value for kind, value in found
                   for post in ("Catedrático", "Director", "PhD", "Centro", "Instituto"))


def test_an_unlisted_signature_place_stops_before_an_organisation_word(rules):
    # "Moyano Calvo" is no listed place, name nor department: read as a place, it ends before "Centro"
    found = spans(rules, "Sin otros hallazgos.\nCorrespondencia: Dr. J.L. Moyano Calvo Centro Urológico San "
                         "Ignacio Eduardo Rivas, 3. 41018 Sevilla.")
    assert ("INSTITUCION", "Centro Urológico San Ignacio") in found
    assert not any(kind == "TERRITORIO" and "Centro" in value for kind, value in found)


@pytest.mark.parametrize("line, organisation", [
    ("Correspondencia: Dra. Marta López Díaz. Profesora Titular de la Facultad de Medicina de la Universidad "
     "de Zaragoza. C/ Domingo Miral s/n. 50009 Zaragoza.", "Facultad de Medicina de la Universidad de Zaragoza"),
    ("Remitido por: Dr. Juan Soto Mena. Docente del Centro de Ciencias de la Salud de la Universidad de "
     "Guadalajara, México.", "Centro de Ciencias de la Salud de la Universidad de Guadalajara"),
])
def test_an_organisation_word_after_a_particle_goes_on_with_the_name(rules, line, organisation):
    found = spans(rules, "Sin otros hallazgos.\n" + line)
    assert ("INSTITUCION", organisation) in found
    assert not any(value.endswith((" de la", " del", " de")) for _, value in found)


@pytest.mark.parametrize("line, kind, number", [
    ("Correspondencia: Dr. Tomás Rivas L. Av. Las Acacias 120, Santiago, Chile. Fono: 56-2-6331234. "
     "E-mail: trivas@correo.cl", "NUMERO_TELEFONO", "56-2-6331234"),
    ("Correspondencia: Dra. Inés Vidal. Clínica del Sol. Celular: 7 6591234 ividal@correo.cl", "NUMERO_TELEFONO",
     "7 6591234"),
    ("Correspondencia: Dr. Raúl Ortega. Morro 15, Lima. Telefax:262-11-22. E-mail: rortega@correo.pe",
     "NUMERO_TELEFONO", "262-11-22"),
    ("Correspondencia: Dr. Omar Haddad. PO Box 2050, Doha, Qatar. Facsímil: 974 4391234. E-mail: oh@correo.qa",
     "NUMERO_FAX", "974 4391234"),
])
def test_latin_american_and_english_phone_cues_introduce_numbers(rules, line, kind, number):
    found = spans(rules, "Sin otros hallazgos.\n" + line)
    assert (kind, number) in found
    assert not any(value in ("Fono", "Celular", "Telefax", "Facsímil") for _, value in found)


@pytest.mark.parametrize("line, owner", [
    ("Remitido por: Ana Soler. Calle Mayor 9. Tolosa. Email: asoler@correo.es (Ana Soler Gil)", "Ana Soler Gil"),
    ("Correspondencia: lmarin@correo.es (L. A. Marín-Pérez).", "L. A. Marín-Pérez"),
])
def test_the_name_in_parentheses_after_an_e_mail_is_its_clinician(rules, line, owner):
    found = spans(rules, "Sin otros hallazgos.\n" + line)
    assert ("NOMBRE_PERSONAL_SANITARIO", owner) in found
    assert not any(kind == "TERRITORIO" and value in owner for kind, value in found)


def test_joined_initials_stay_in_a_signature_name(rules):
    found = spans(rules, "Sin otros hallazgos.\nCorrespondencia: Dra. M.J. Fernández-Zamora. Servicio de Medicina "
                         "Interna. Hospital del Sur.")
    assert ("NOMBRE_PERSONAL_SANITARIO", "M.J. Fernández-Zamora") in found
    assert not any(kind == "TERRITORIO" for kind, _ in found)


@pytest.mark.parametrize("line, word", [
    ("Correspondencia: Dr. Tomás Rivas L. Marcoleta 367, Casilla 114-D, Santiago. E-mail: trivas@correo.cl",
     "Casilla"),
    ("Correspondencia: Dra. Inés Vidal. E-mail: ividal@correo.es Financiación: Ninguna Conflictos de interés: "
     "No declarados", "Financiación"),
])
def test_a_po_box_or_a_footnote_word_in_a_signature_is_no_place(rules, line, word):
    found = spans(rules, "Sin otros hallazgos.\n" + line)
    assert not any(kind == "TERRITORIO" and word in value for kind, value in found)


def test_a_signature_written_with_no_break_spaces_is_read_as_with_spaces(rules):
    line = ("Dirección para correspondencia:\u00a0 Dra. Rosa Gil Mas\u00a0 Servicio de Urología.\u00a0 Hospital "
            "Universitario del Sur\u00a0 Madrid\u00a0 C/. Olmos, 9. 28001 Madrid.")
    found = spans(rules, "Sin otros hallazgos.\n" + line)
    assert {("NOMBRE_PERSONAL_SANITARIO", "Rosa Gil Mas"), ("HOSPITAL", "Hospital Universitario del Sur"),
            ("CALLE", "C/. Olmos, 9")} <= found
    assert not any(value != value.strip() or kind == "TERRITORIO" and "Dra" in value for kind, value in found)


@pytest.mark.parametrize("line, postcode, town", [
    ("Remitido por: Dra. Lia Souza. Rua das Flores, 120. 01310-100 Sao Paulo Brasil e-mail: ls@correo.br",
     "01310-100", "Sao Paulo"),
    ("Remitido por: Dr. Juan Ferro Av. Corrientes 1203 2° Piso C1043AAZ Buenos Aires, Argentina Email: jf@correo.ar",
     "C1043AAZ", "Buenos Aires"),
])
def test_a_brazilian_or_argentine_postcode_is_one_territory(rules, line, postcode, town):
    found = spans(rules, "Sin otros hallazgos.\n" + line)
    assert {("TERRITORIO", postcode), ("TERRITORIO", town)} <= found
    assert ("TERRITORIO", postcode[:5]) not in found


@pytest.mark.parametrize("line, street", [
    ("Remitido por: Dr. Luis Soto. Hospital del Valle Calle 78b Numero 69-240 Medellín, Colombia ls@correo.co",
     "Calle 78b Numero 69-240"),
    ("Correspondencia: Manuel Ortiz Vega. Avda. de la Estación, 36, Bl. 1, 2º A. 41005 Sevilla.",
     "Avda. de la Estación, 36, Bl. 1, 2º A"),
])
def test_a_house_number_word_or_a_block_after_the_number_stays_in_the_street(rules, line, street):
    assert ("CALLE", street) in spans(rules, "Sin otros hallazgos.\n" + line)


def test_a_street_glued_to_the_organisations_period_ends_the_organisation(rules):
    found = spans(rules, "Sin otros hallazgos.\nRemitido por: Dr. Pablo Meza Gil. Servicio de Andrología, Hospital "
                         "Santa Rita.Avenida del Prado, 26, 28014 Madrid.")
    assert {("HOSPITAL", "Hospital Santa Rita"), ("CALLE", "Avenida del Prado, 26")} <= found
