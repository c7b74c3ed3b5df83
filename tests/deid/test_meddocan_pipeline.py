"""The MEDDOCAN pipeline end to end on the shipped sample documents (three dev documents, CC BY 4.0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.document import Document
from annotator.paths import RESOURCES
from annotator.pipeline import Pipeline

SAMPLES = RESOURCES / "samples" / "meddocan"


def gold(path: Path) -> set[tuple[str, int, int]]:
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("T"):
            kind, start, end = line.split("\t")[1].split()
            found.add((kind, int(start), int(end)))
    return found


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline.from_xml(RESOURCES / "pipelines" / "meddocan.xml")


def test_samples_are_de_identified_with_high_f1(pipeline):
    """The samples are held out (dev; the lists are learned from train): strict F1 was 0.95 on them
    when they were chosen, the whole dev set's is about the same; 0.90 leaves room for rule changes
    and still fails when a header or signature rule breaks."""
    tp = fp = fn = 0
    for txt in sorted(SAMPLES.glob("*.txt")):
        doc = Document(txt.read_text(encoding="utf-8"), name=txt.stem)
        pipeline(doc)
        system = {(a.type, a.start, a.end) for a in doc.annset("PHI")}
        expected = gold(txt.with_suffix(".ann"))
        tp += len(system & expected)
        fp += len(system - expected)
        fn += len(expected - system)
    assert tp + fn == 60  # the three gold files
    assert 2 * tp / (2 * tp + fp + fn) >= 0.90


def test_phi_go_to_their_own_set_and_say_which_rule_made_them(pipeline):
    doc = Document("Nombre: Ernesto.\nApellidos: Rivera Bueno.\nInforme clínico del paciente: "
                   "Varón de 70 años, natural de Marruecos, que acude con su madre el 3 de mayo de 2010.\n")
    pipeline(doc)
    found = {(a.type, doc.text[a.start:a.end]) for a in doc.annset("PHI")}
    assert found == {
        ("NOMBRE_SUJETO_ASISTENCIA", "Ernesto"), ("NOMBRE_SUJETO_ASISTENCIA", "Rivera Bueno"),
        ("SEXO_SUJETO_ASISTENCIA", "Varón"), ("EDAD_SUJETO_ASISTENCIA", "70 años"),
        ("PAIS", "Marruecos"), ("FAMILIARES_SUJETO_ASISTENCIA", "madre"), ("FECHAS", "3 de mayo de 2010"),
    }
    assert all(a.features.get("rule") for a in doc.annset("PHI"))
    assert not doc.annset().with_type("FECHAS", "PAIS")


def test_eponyms_block_place_and_country_rules(pipeline):
    doc = Document("Se realizó tinción de rojo Congo y se aplicó la escala de Glasgow.")
    pipeline(doc)
    assert not doc.annset("PHI")


def test_patient_description_profession_and_month_phases(pipeline):
    doc = Document("Informe clínico del paciente: Lactante varón de 3 meses que ingresa en el mes de octubre.\n"
                   "Historia Actual: Varón de 40 años, pescador, natural de Cádiz.\n")
    pipeline(doc)
    found = {(a.type, doc.text[a.start:a.end]) for a in doc.annset("PHI")}
    assert {("ID_SUJETO_ASISTENCIA", "Lactante"), ("SEXO_SUJETO_ASISTENCIA", "varón"),
            ("EDAD_SUJETO_ASISTENCIA", "3 meses"), ("FECHAS", "octubre"),
            ("PROFESION", "pescador"), ("EDAD_SUJETO_ASISTENCIA", "40 años")} <= found


def test_the_patients_name_is_found_where_the_history_repeats_it(pipeline):
    text = ("Nombre: Teresa.\nApellidos: Puertas Rondon.\nMédico: Dra. Teresa Puertas Gil NºCol: 28 28 12345.\n"
            "Informe clínico del paciente: La Sra. Teresa Puertas Rondon, de 36 años. Teresa refiere dolor.\n")
    doc = Document(text)
    pipeline(doc)
    names = [(a.type, text[a.start:a.end]) for a in sorted(doc.annset("PHI"), key=lambda a: a.start)
             if a.type.startswith("NOMBRE")]
    assert names == [("NOMBRE_SUJETO_ASISTENCIA", "Teresa"), ("NOMBRE_SUJETO_ASISTENCIA", "Puertas Rondon"),
                     ("NOMBRE_PERSONAL_SANITARIO", "Teresa Puertas Gil"),
                     ("NOMBRE_SUJETO_ASISTENCIA", "Teresa Puertas Rondon"), ("NOMBRE_SUJETO_ASISTENCIA", "Teresa")]


def test_infant_ages_years_relatives_with_names_and_unnamed_centres(pipeline):
    text = ("Informe clínico del paciente: Varón de 26 días de vida. A los ocho meses de vida se "
            "repitió la prueba (TC 2005, normal), con 2000 mg de paracetamol. Gestante de 27 semanas. "
            "Acudió a su Centro de Salud; avisando a su madre Teresa Rodriguez y a su hermano Juan.\n")
    doc = Document(text)
    pipeline(doc)
    found = {(a.type, text[a.start:a.end]) for a in doc.annset("PHI")}
    assert {("EDAD_SUJETO_ASISTENCIA", "26 días"), ("EDAD_SUJETO_ASISTENCIA", "ocho meses"),
            ("FECHAS", "2005"), ("FAMILIARES_SUJETO_ASISTENCIA", "madre Teresa Rodriguez"),
            ("FAMILIARES_SUJETO_ASISTENCIA", "hermano"), ("FAMILIARES_SUJETO_ASISTENCIA", "Juan")} <= found
    assert not {kind for kind, value in found if value in ("2000", "27 semanas", "Centro de Salud")}


def test_places_after_de_and_eponyms_with_a_qualifier(pipeline):
    text = "Fue trasladada a otro centro hospitalario de Barcelona; cumple los criterios revisados de El Escorial."
    doc = Document(text)
    pipeline(doc)
    assert {(a.type, text[a.start:a.end]) for a in doc.annset("PHI")} == {("TERRITORIO", "Barcelona")}


def phi(pipeline, text: str) -> set[tuple[str, str]]:
    doc = Document(text)
    pipeline(doc)
    return {(a.type, text[a.start:a.end]) for a in doc.annset("PHI")}


def test_a_relatives_age_is_familiares_even_with_a_description_between(pipeline):
    found = phi(pipeline, "Antecedentes familiares: Hermana sana de 60 años. Abuelo materno operado a los 40 años "
                          "por catarata. Su madre lleva en Barcelona 5 años.\n")
    assert {("FAMILIARES_SUJETO_ASISTENCIA", "Hermana"), ("FAMILIARES_SUJETO_ASISTENCIA", "60 años"),
            ("FAMILIARES_SUJETO_ASISTENCIA", "Abuelo materno"), ("FAMILIARES_SUJETO_ASISTENCIA", "40 años")} <= found
    assert not {value for _, value in found if value in ("5 años", "40 años") and _ == "EDAD_SUJETO_ASISTENCIA"}
    assert ("FAMILIARES_SUJETO_ASISTENCIA", "5 años") not in found


def test_coordinated_relative_ages_relatives_of_relatives_and_partners(pipeline):
    found = phi(pipeline, "Según comenta, dos primos hermanos de 67 años y 62 años de edad. Comentan que la hija de "
                          "otro primo presenta un síndrome. Es hijo de padres no consanguíneos. Refiere dos familiares "
                          "con leucemia. Abandonada por su pareja.\n")
    assert {("FAMILIARES_SUJETO_ASISTENCIA", "dos primos hermanos"), ("FAMILIARES_SUJETO_ASISTENCIA", "67 años"),
            ("FAMILIARES_SUJETO_ASISTENCIA", "62 años"), ("FAMILIARES_SUJETO_ASISTENCIA", "hija de otro primo"),
            ("FAMILIARES_SUJETO_ASISTENCIA", "hijo"), ("FAMILIARES_SUJETO_ASISTENCIA", "padres"),
            ("FAMILIARES_SUJETO_ASISTENCIA", "dos familiares"), ("FAMILIARES_SUJETO_ASISTENCIA", "pareja")} <= found
    assert ("EDAD_SUJETO_ASISTENCIA", "62 años") not in found


def test_a_makers_town_after_a_period_and_a_foreign_city(pipeline):
    found = phi(pipeline, "Se conectó a VM (Babylog 8000 plus, Dräger Medizintechnik GMBH. Lübeck, Alemania). "
                          "Se colocó un distractor (MODUS ARS 1.5; Medartis®, Basel, Suiza).\n")
    assert {("INSTITUCION", "Dräger Medizintechnik GMBH"), ("TERRITORIO", "Lübeck"), ("PAIS", "Alemania"),
            ("TERRITORIO", "Basel"), ("PAIS", "Suiza")} <= found
    assert ("INSTITUCION", "Basel") not in found


def test_header_cue_in_lower_case(pipeline):
    assert ("TERRITORIO", "Valencia") in phi(pipeline, "Localidad/provincia: Valencia.\nCP: 46005.\n")


def test_dates_with_abbreviated_months_and_two_digit_years(pipeline):
    found = phi(pipeline, "Ingresó el 15-mar-2010 y de nuevo en dic. 2009; revisado en junio-05, el 3 de marzo, "
                          "2005 y el 12.03.10.\n")
    assert {("FECHAS", "15-mar-2010"), ("FECHAS", "dic. 2009"), ("FECHAS", "junio-05"),
            ("FECHAS", "3 de marzo, 2005"), ("FECHAS", "12.03.10")} <= found


def test_professions_capitalised_or_right_after_the_age(pipeline):
    found = phi(pipeline, "Informe clínico del paciente: Varón de 26 años de edad deportista, sin antecedentes. "
                          "Mecánico de profesión.\n")
    assert {("PROFESION", "deportista"), ("PROFESION", "Mecánico"), ("EDAD_SUJETO_ASISTENCIA", "26 años")} <= found


def test_descriptions_of_the_patients_family_place_and_traits(pipeline):
    found = phi(pipeline, "Informe clínico del paciente: mujer caucásica de 56 años. Es hijo único de padres sanos. "
                          "Casado y sin hijos. Su primer hijo nació hace cinco meses.\n")
    assert {("ID_SUJETO_ASISTENCIA", "caucásica"), ("ID_SUJETO_ASISTENCIA", "hijo único"),
            ("ID_SUJETO_ASISTENCIA", "sin hijos"), ("FAMILIARES_SUJETO_ASISTENCIA", "hijo")} <= found
    assert ("ID_SUJETO_ASISTENCIA", "primer hijo") not in found


def test_hospital_after_lower_case_head_and_places_in_the_narrative(pipeline):
    found = phi(pipeline, "Consultó al hospital Saint John of God en Sierra Leona y luego al hospital de referencia. "
                          "Reside cerca de la Ciudad de Guatemala; estuvo en Mérida (Extremadura). Se instiló "
                          "brinzolamida (Azopt®, Laboratorios Alcon-Cusi SA, El Masnou, Barcelona).\n")
    assert {("HOSPITAL", "hospital Saint John of God"), ("TERRITORIO", "Ciudad de Guatemala"),
            ("TERRITORIO", "Mérida"), ("TERRITORIO", "Extremadura"), ("TERRITORIO", "El Masnou"),
            ("TERRITORIO", "Barcelona")} <= found
    assert not {value for kind, value in found if value in ("hospital de referencia", "Guatemala")}


def test_a_town_no_list_knows_after_a_residence_cue(pipeline):
    found = phi(pipeline, "Historia Actual: Varón de 40 años, natural de Villanueva del Arzobispo, que acude por "
                          "dolor. Residente en Bolivia desde 2001.\n")
    assert {("TERRITORIO", "Villanueva del Arzobispo"), ("PAIS", "Bolivia")} <= found
    assert ("TERRITORIO", "Bolivia") not in found


def test_a_street_in_the_narrative_needs_a_name_and_a_number(pipeline):
    found = phi(pipeline, "Vive con su hija en la calle embajadores, 23, 2 A de Madrid. Dio un paseo de 30 minutos "
                          "y se cayó en la calle hace 3 días. Fue a la plaza de toros 3 veces.\n")
    assert ("CALLE", "calle embajadores, 23, 2 A") in found
    assert not {value for kind, value in found if kind == "CALLE" and value != "calle embajadores, 23, 2 A"}


def test_ages_without_a_unit_or_after_sexo(pipeline):
    found = phi(pipeline, "Historia Actual: Presentamos el caso de un paciente de 77, acudió a consulta. Paciente "
                          "morena, sexo femenino, 23 años. Se obtuvo un feto varón de 1.800 gramos.\n")
    assert {("EDAD_SUJETO_ASISTENCIA", "77"), ("SEXO_SUJETO_ASISTENCIA", "femenino"),
            ("EDAD_SUJETO_ASISTENCIA", "23 años")} <= found
    assert not {value for kind, value in found if kind == "EDAD_SUJETO_ASISTENCIA" and value.startswith("1")}


def test_the_patient_introduced_as_a_person(pipeline):
    found = phi(pipeline, "Se trataba del cadáver de una mujer de hábito atlético. Se trata de un varón de 27 años "
                          "de edad. Persona anciana con cardiopatía.\n")
    assert {("SEXO_SUJETO_ASISTENCIA", "mujer"), ("SEXO_SUJETO_ASISTENCIA", "varón"),
            ("EDAD_SUJETO_ASISTENCIA", "27 años"), ("SEXO_SUJETO_ASISTENCIA", "anciana")} <= found


def test_a_catalan_elision_stays_inside_a_hospital_name(pipeline):
    found = phi(pipeline, "Acudió al Servicio de Cirugía Oral del Hospital Universitari Vall d'Hebron, remitido.\n")
    assert ("HOSPITAL", "Hospital Universitari Vall d'Hebron") in found


def test_makers_after_a_decimal_or_named_after_a_town(pipeline):
    found = phi(pipeline, "Tratada con timolol (Timoftol® 0,5%, MSD) y triamcinolona (Trigon Depot®, "
                          "Bristol-Myers Squibb) en el OD.\n")
    assert {("INSTITUCION", "MSD"), ("INSTITUCION", "Bristol-Myers Squibb")} <= found


def test_a_duration_after_a_relative_is_no_age(pipeline):
    found = phi(pipeline, "Antecedentes familiares: madre con diabetes de 10 años de evolución.\n")
    assert ("FAMILIARES_SUJETO_ASISTENCIA", "madre") in found
    assert not {value for kind, value in found if value == "10 años"}


def test_a_regional_health_service_is_an_institution(pipeline):
    found = phi(pipeline, "Fue notificado al Servicio Andaluz de Salud y valorado en el Servicio de Urología.\n")
    assert ("INSTITUCION", "Servicio Andaluz de Salud") in found
    assert not {value for kind, value in found if "Urología" in value}


def test_a_child_in_each_spelling_with_or_without_an_age(pipeline):
    """Every spelling the child rules take ("ni[ñn][oa]") gives the sex, and the age when one follows;
    a capitalised "Niño" is no child."""
    found = phi(pipeline, "Se atendió al niño en urgencias. La niña de 3 años presentaba fiebre. "
                          "Exploramos a un nino sano. Era una nina de 5 años. El Niño llegó.\n")
    assert {kind_value for kind_value in found if kind_value[0].startswith(("SEXO", "EDAD"))} == {
        ("SEXO_SUJETO_ASISTENCIA", "niño"), ("SEXO_SUJETO_ASISTENCIA", "niña"), ("SEXO_SUJETO_ASISTENCIA", "nino"),
        ("SEXO_SUJETO_ASISTENCIA", "nina"), ("EDAD_SUJETO_ASISTENCIA", "3 años"), ("EDAD_SUJETO_ASISTENCIA", "5 años")}


def test_relatives_with_a_count_in_words_or_digits_and_without(pipeline):
    """The count is inside the relative's span ("dos hermanas", "3 hijos"); a number before anything
    else is no relative."""
    found = phi(pipeline, "Tiene dos hermanas sanas y 3 hijos. Ambos progenitores viven. Su madre tiene 2 perros.\n")
    assert {value for kind, value in found if kind == "FAMILIARES_SUJETO_ASISTENCIA"} == {
        "dos hermanas", "3 hijos", "Ambos progenitores", "madre"}


def test_a_small_spanish_town_after_a_preposition_is_a_place(pipeline):
    """Towns below 15,000 inhabitants come from GeoNames (city.lst), not from train: "en Abanilla"."""
    assert ("TERRITORIO", "Abanilla") in phi(pipeline, "Trabajó dos años en Abanilla como pastor.\n")
    assert phi(pipeline, "Fue trasladado desde Mondéjar en ambulancia.\n") == {("TERRITORIO", "Mondéjar")}


def test_a_maker_closing_a_products_parenthesis_without_a_trade_mark(pipeline):
    found = phi(pipeline, "Se obturó el conducto con un cemento provisional (Coltosol, Voco) y se citó.\n")
    assert found == {("INSTITUCION", "Voco")}
    found = phi(pipeline, "Se pautó colirio (Xalatan, Pfizer Laboratorios) cada noche.\n")
    assert found == {("INSTITUCION", "Pfizer Laboratorios")}


def test_places_names_and_letters_in_parentheses_are_no_makers(pipeline):
    found = phi(pipeline, "Vive en un pueblo (Getafe, Madrid) y acudió con dos hermanos (Juan, Pedro). "
                          "La mutación cambia arginina (Arg, R) por histidina (His, H).\n")
    assert not {value for kind, value in found if kind == "INSTITUCION"}
    assert {("TERRITORIO", "Getafe"), ("TERRITORIO", "Madrid")} <= found


def test_a_day_hospital_is_a_unit_not_a_hospital(pipeline):
    assert phi(pipeline, "Recibió quimioterapia en el Hospital de Día de Hematología durante seis meses.\n") == set()
    found = phi(pipeline, "Remitido por: Dra. Ana Ruiz Gil. Hospital de Día de Pediatría Hospital Universitario "
                          "Santa Lucía. Calle Mayor 3. 30202 Cartagena.\n")
    assert {value for kind, value in found if kind == "HOSPITAL"} == {"Hospital Universitario Santa Lucía"}
    assert ("HOSPITAL", "Hospital Universitario de Getafe") in phi(pipeline, "Ingresó en el Hospital Universitario de Getafe.\n")


def test_a_court_is_an_institution_with_its_name_and_number(pipeline):
    found = phi(pipeline, "Comunicado al Juzgado, se procede a la autopsia. Lo remitió el Juzgado de Instrucción nº 2 "
                          "a la Audiencia Provincial de Sevilla. Lo valoró un tribunal médico. Audiencia normal.\n")
    assert {("INSTITUCION", "Juzgado"), ("INSTITUCION", "Juzgado de Instrucción nº 2"),
            ("INSTITUCION", "Audiencia Provincial de Sevilla")} <= found
    assert not {value for kind, value in found if "tribunal" in value or value.startswith("Audiencia normal")}
