"""record-matcher names: spelling variants under the ratio, their guards, initials and titles."""

from __future__ import annotations

import pytest

from annotator import Document
from annotator.processing.record_matcher import RecordMatcher
from recordhelp import found, matcher

P = "NOMBRE_SUJETO_ASISTENCIA"


@pytest.fixture
def rico(tmp_path):
    return matcher(tmp_path, name="Ignacio Rico Pedroza")


def test_variants_under_the_ratio_match_and_merge(rico):
    # Ignasio: 1/7; RICO: case ignored; Pedrosa: 1/7; merged into one span
    assert found(rico, "Paciente Ignasio RICO Pedrosa ingresa.") == [("Ignasio RICO Pedrosa", P, "name")]


def test_the_ratio_is_distance_over_the_shorter_length(tmp_path):
    pr = matcher(tmp_path, name="Pedroza")
    doc = Document("Vino Pedrosa. Vino Pedrossa. Vino Pedrazas.", name="doc")
    pr(doc)
    # Pedrosa 1/7 and Pedrossa 2/7 are under 0.33; Pedrazas 2/7 too; ratios are stored
    assert [(doc.text[a.start:a.end], a.features["ratio"]) for a in doc.annset("PHI")] == [
        ("Pedrosa", 0.143), ("Pedrossa", 0.286), ("Pedrazas", 0.286)]
    pr = matcher(tmp_path, name="Rico")
    assert found(pr, "Vino Rica. Vino Ricos. Vino Risa.") == [("Rica", P, "name"), ("Ricos", P, "name")]  # Risa: 2/4


def test_threshold_is_a_parameter(tmp_path):
    pr = matcher(tmp_path, name="Pedroza")
    strict = RecordMatcher(records=tmp_path / "records.jsonl", threshold=0.1)
    assert found(pr, "Vino Pedrosa.") and not found(strict, "Vino Pedrosa.")


def test_accents_count_but_an_accent_folded_exact_match_counts_too(tmp_path):
    pr = matcher(tmp_path, name="Íñigo Núñez")
    doc = Document("Vino Inigo Nunez.", name="doc")
    pr(doc)
    assert [(doc.text[a.start:a.end], a.features["ratio"]) for a in doc.annset("PHI")] == [("Inigo Nunez", 0.0)]


@pytest.mark.parametrize("note", ["Vino Inigos, Inigo y Nunez.", "Vino Inigos (5 €), Inigo y Nunez."])
def test_an_accent_folded_exact_match_is_a_whole_word_in_any_note(tmp_path, note):
    # the second note is not all Latin-1 (its words are split another way); Inigos is not Íñigo
    pr = matcher(tmp_path, name="Íñigo Núñez")
    assert found(pr, note) == [("Inigo y Nunez", P, "name")]


def test_case_sensitive_compares_with_case(tmp_path):
    matcher(tmp_path, name="Ernesto Rivera")
    pr = RecordMatcher(records=tmp_path / "records.jsonl", caseSensitive=True)
    assert found(pr, "Vino ERNESTO con Rivera.") == [("Rivera", P, "name")]


def test_particles_are_not_matched_alone_but_join_a_name(tmp_path):
    pr = matcher(tmp_path, name="Pedro De la Fuente")
    assert found(pr, "La de la casa. Vino De la Fuente, con Pedro.") == [
        ("De la Fuente", P, "name"), ("Pedro", P, "name")]


@pytest.mark.parametrize("name, word", [("Sara", "para"), ("Cano", "caso"), ("Pedro", "pero"),
                                        ("Morales", "normales")])
def test_common_words_in_the_ratio_need_a_stronger_signal(tmp_path, name, word):
    pr = matcher(tmp_path, name=name)
    assert found(pr, f"Se hizo {word} el estudio. {word.capitalize()} el estudio fue normal.") == []


@pytest.mark.parametrize("name, word", [("Ramos", "gramos"), ("Mateo", "mareo"), ("Vera", "vena"), ("Sonia", "sonda"),
                                        ("Espinosa", "espinosas")])
def test_clinical_words_in_the_ratio_are_common_words_too(tmp_path, name, word):
    """Words of clinical text that the treebanks lack: a near miss of a name only with a cue."""
    pr = matcher(tmp_path, name=f"Luis {name}")
    assert found(pr, f"Refiere {word} leve. {word.capitalize()} tras la toma.") == []
    text = f"Vino con {word.capitalize()}. Paciente: {word}. Sr. {word}. Hoy luis {word}."
    assert [t for t, _, _ in found(pr, text)] == [word.capitalize(), word, word, f"luis {word}"]


def test_capitalisation_inside_a_sentence_a_name_context_or_a_neighbour_is_that_signal(tmp_path):
    pr = matcher(tmp_path, name="Sara Cano")
    text = "Vino con Para. Nombre: para. Sra. caso. Ingresa sara caso hoy."
    assert [t for t, _, _ in found(pr, text)] == ["Para", "para", "caso", "sara caso"]


def test_the_record_token_as_written_is_enough(tmp_path):
    pr = matcher(tmp_path, name="Andrés Mas")
    assert found(pr, "Hay más casos. Visto Mas hoy.") == [("Mas", P, "name")]


def test_a_variant_after_a_word_for_another_person_is_that_person(tmp_path):
    pr = matcher(tmp_path, name="Ernesto Rivera")
    text = "Acude con su vecino Rivero. Su hermana: Rivero. Vino Rivero. Su padre Ernesto Rivero vino."
    assert [t for t, _, _ in found(pr, text)] == ["Rivero", "Ernesto Rivero"]


def test_initials_of_the_record_name_match(rico):
    assert [t for t, _, _ in found(rico, "Firmado I. Rico; IRP; I.R.P.; ver X. Rico; IRX; irp.")] == [
        "I. Rico", "IRP", "I.R.P.", "Rico"]


def test_an_initial_after_the_name_joins_it(tmp_path):
    pr = matcher(tmp_path, name="Mario Casas A")
    assert found(pr, "Apellidos: Casas A.") == [("Casas A", P, "name")]


def test_titles_make_doctors_and_other_people(rico):
    text = "Lo vio la Dra. Martínez López y el Dr. Rico. Sr. Pedrosa. Su hermano, el Sr. Vidal."
    assert found(rico, text) == [("Martínez López", "NOMBRE_PERSONAL_SANITARIO", "title"),
                                 ("Rico", "NOMBRE_PERSONAL_SANITARIO", "name"), ("Pedrosa", P, "name"),
                                 ("Vidal", "OTROS_SUJETO_ASISTENCIA", "title")]


def test_titles_need_a_capitalised_word_and_ambiguous_ones_their_dot(rico):
    assert found(rico, "El dr. vino. El gen NPHS2 mutado. Gen. Smith.") == [
        ("Smith", "OTROS_SUJETO_ASISTENCIA", "title")]


def test_a_title_at_the_end_of_a_longer_word_is_none(rico):
    doc = Document("Lo trajo su compadr. Vidal; lo vio el Dr. Vidal.", name="doc")
    rico(doc)
    assert [(a.start, a.type) for a in doc.annset("PHI")] == [(42, "NOMBRE_PERSONAL_SANITARIO")]


@pytest.mark.parametrize("tagset, patient, doctor", [("i2b2-2014", "PATIENT", "DOCTOR"),
                                                     ("i2b2-2006", "PATIENT", "DOCTOR")])
def test_the_tagset_names_the_types(tmp_path, tagset, patient, doctor):
    matcher(tmp_path, name="Ernesto Rivera", id="5467980", date="11/02/1970")
    pr = RecordMatcher(records=tmp_path / "records.jsonl", tagset=tagset)
    got = found(pr, "Ernesto Rivera, seen by Dr. Smith on 11 Feb 1970; MRN 5467980.")
    assert [(t, ty) for t, ty, _ in got] == [("Ernesto Rivera", patient), ("Smith", doctor), ("11 Feb 1970", "DATE"),
                                            ("5467980", "MEDICALRECORD" if tagset == "i2b2-2014" else "ID")]


def test_a_match_inside_an_earlier_phi_keeps_its_type_and_a_longer_one_extends_it(rico):
    doc = Document("Dr. Rico firma. Paciente Ignacio Rico Pedroza.", name="doc")
    phi = doc.annset("PHI")
    phi.add("NOMBRE_PERSONAL_SANITARIO", 4, 8, {"rule": "doctor"})
    phi.add("NOMBRE_SUJETO_ASISTENCIA", 33, 37, {"rule": "patient"})
    rico(doc)
    assert sorted((doc.text[a.start:a.end], a.type, a.features.get("rule")) for a in phi) == [
        ("Ignacio Rico Pedroza", "NOMBRE_SUJETO_ASISTENCIA", "patient"),
        ("Rico", "NOMBRE_PERSONAL_SANITARIO", "doctor")]


def test_a_document_without_a_record_is_left_alone(rico):
    doc = Document("Ignacio Rico Pedroza", name="other")
    rico(doc)
    assert not doc.annset("PHI")


def test_documents_are_found_by_their_name_or_its_file_stem(rico):
    assert found(rico, "", Document("Ignacio", name="doc.txt")) == [("Ignacio", P, "name")]


def test_a_title_extends_a_record_match_over_the_name_after_it(tmp_path):
    pr = matcher(tmp_path, name="John Smith")
    assert found(pr, "Seen Mr. Jon Smyth today.") == [("Jon Smyth", P, "name")]  # Jon: 1/3 is not under 0.33


def test_of_overlapping_matches_the_longest_is_kept(tmp_path):
    pr = matcher(tmp_path, name="Pedro Rico", address="Calle Rico 4, Madrid", id="5467980")
    text = "Vive en Calle Rico 4, Madrid (NHC 5467980). Rico ingresa; Madrid."
    assert found(pr, text) == [("Calle Rico 4, Madrid", "CALLE", "address"), ("5467980", "ID_SUJETO_ASISTENCIA", "id"),
                               ("Rico", P, "name"), ("Madrid", "TERRITORIO", "address")]


def test_each_name_token_allows_the_edits_of_its_own_length(tmp_path):
    # "Ana" (3 letters) allows no edit, "Fernández" (9) two: the longer token's cutoff is not the shorter's
    pr = matcher(tmp_path, name="Ana Fernández")
    assert [t for t, _, _ in found(pr, "Vista por Ane; Ana Frenández y Ena.")] == ["Ana Frenández"]


def test_names_are_found_alike_in_a_note_that_is_not_latin_1(tmp_path):
    # the words of a note that is not Latin-1 are split apart from the Latin-1 fast path
    pr = matcher(tmp_path, name="Ernesto Rivera Bueno")
    text = "Ernesto Rivera acude; Sr. Bueno\u2022Rivero, 5 \u03bcg/d\u00eda, \u03b1Rivera, Rivera\u03b2."
    expected = ["Ernesto Rivera", "Bueno", "Rivero", "\u03b1Rivera", "Rivera\u03b2"]
    assert [t for t, _, _ in found(pr, text)] == expected

    def latin_1(s):
        return s.replace("\u2022", ";").replace("\u03bc", "m").replace("\u03b1", "a").replace("\u03b2", "b")

    assert [t for t, _, _ in found(pr, latin_1(text))] == [latin_1(t) for t in expected]
