"""Surrogate names and professions: gender, consistency, case, particles, titles, initials, no real name."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from marked_docs import marked, pseudonymise, surrogates

from annotator.deid.surrogates import DocumentContext, Span, normalised
from annotator.deid.surrogates.pools import rows
from annotator.errors import PipelineError


def gender(language: str, name: str) -> str | None:
    """The gender the shipped list gives ``name`` (None where it is not listed)."""
    table = {normalised(row[0]): row[1] for row in rows(language, "first_names.tsv")}
    return table.get(normalised(name))


def surnames(language: str) -> set[str]:
    return {normalised(row[0]) for row in rows(language, "surnames.tsv")}


@pytest.mark.parametrize("language, female, male", [
    ("es", "Lucía", "Pablo"), ("en", "Margaret", "Richard"), ("sv", "Ingrid", "Lars")])
def test_first_names_keep_their_gender(language, female, male):
    out = pseudonymise(f"[[{female}|name]] y [[{male}|name]]", language)
    assert gender(language, out[0]) == "f"
    assert gender(language, out[1]) == "m"


@pytest.mark.parametrize("odd, ordinary", [
    ("PeDRo", "Pedro"), ("mARÍA", "María"), ("JOSÉ", "José"), ("lUCÍA", "Lucía"), ("cARMEN", "Carmen"),
    ("jAVIER", "Javier"), ("ANA", "Ana")])
@pytest.mark.parametrize("template", ["[[{} García|name/patient]]", "[[{}|name/patient]]",
                                      "[[{} Pérez López|name/clinician]]", "su hija [[{}|name/relative]]"])
def test_a_first_name_in_odd_case_finds_its_gender_as_in_ordinary_case(odd, ordinary, template):
    (out,) = pseudonymise(template.format(odd), "es")
    (plain,) = pseudonymise(template.format(ordinary), "es")
    first = out.split()[0]
    assert gender("es", first) == gender("es", plain.split()[0]) == gender("es", ordinary) in ("f", "m")
    if odd.isupper():
        assert first == first.upper()  # the casing module: all capitals stay capitals
    else:
        assert first == plain.split()[0]  # mixed case: the surrogate as it is spelled


def test_an_unlisted_first_name_takes_the_gender_of_the_nearest_listed_one():
    assert gender("es", "Lucíaa") is None and gender("es", "Pabllo") is None
    out = pseudonymise("[[Lucíaa Pérez|name]] y [[Pabllo Gómez|name]]", "es")
    assert [gender("es", o.split()[0]) for o in out] == ["f", "m"]


def test_a_neutral_name_stays_neutral_unless_a_kinship_word_says_otherwise():
    assert gender("en", "Casey") == gender("en", "Jordan") == "n"
    out = pseudonymise("[[Casey|name]] came with her husband [[Jordan|name/relative]].", "en")
    assert gender("en", out[0]) == "n"
    assert gender("en", out[1]) == "m"


@pytest.mark.parametrize("language, text, expected", [
    ("es", "vino su hermano [[Kimi|name/relative]]", "m"),
    ("es", "vino su hermana [[Kimo|name/relative]]", "f"),
    ("en", "her husband [[Kimi|name/relative]] called", "m"),
    ("sv", "hans bror [[Kim|name/relative]] ringde", "m"),
    ("sv", "hans syster [[Kim|name/relative]] ringde", "f"),
    ("es", "la [[Sra. Noah Pérez|name]] ingresó", "f"),
])
def test_kinship_words_and_titles_decide_gender_where_the_name_cannot(language, text, expected):
    (out,) = pseudonymise(text, language)
    assert gender(language, out.removeprefix("Sra. ").split()[0]) == expected


def test_a_person_keeps_one_surrogate_through_partial_mentions():
    out = pseudonymise("La [[Dra. García|name/clinician]] (antes [[Dr. Ana García Ruiz|name/clinician]]). "
                       "[[Ana|name/clinician]] firma; [[A. García|name/clinician]].", "es")
    full = out[1]
    title, first, last, second = full.split()
    assert title == "Dr."
    assert out[0] == f"Dra. {last}"
    assert out[2] == first
    assert out[3] == f"{first[0]}. {last}"
    assert {normalised(w) for w in (first, last, second)}.isdisjoint({"ana", "garcia", "ruiz"})


@pytest.mark.parametrize("language, text", [
    ("en", "Seen by [[Dr. Margaret Thompson|name/clinician]]. [[Dr. Thompson|name/clinician]] called [[Mrs. Hall|name]]; "
           "[[Margaret|name/clinician]] signed. [[M. Thompson|name/clinician]]"),
    ("sv", "Undersökt av [[dr Ingrid Lindqvist|name/clinician]]. [[Lindqvist|name/clinician]] ringde [[Erik Hall|name]]; "
           "[[Ingrid|name/clinician]] signerade. [[I. Lindqvist|name/clinician]]"),
])
def test_english_and_swedish_partial_mentions_keep_the_person(language, text):
    full, surname, _other, first, initial = pseudonymise(text, language)
    title, new_first, new_last = full.split()
    assert gender(language, new_first) == "f"
    assert surname.split()[-1] == new_last and first == new_first
    assert initial == f"{new_first[0]}. {new_last}"


def test_surrogates_are_the_same_in_every_document_under_one_key_and_differ_between_people():
    one = pseudonymise("[[Juan Pérez|name]] y [[Luis Sanz|name]]", "es", name="a")
    two = pseudonymise("Hoy [[Juan Pérez|name]].", "es", name="b")
    other_key = pseudonymise("Hoy [[Juan Pérez|name]].", "es", name="b", key=b"x" * 32)
    assert one[0] == two[0] != one[1]
    assert other_key[0] != two[0]


def test_case_particles_possessive_and_titles_are_kept():
    out = pseudonymise("[[GARCÍA RUIZ, ANA|name]] [[garcía|name]] [[María del Carmen de la Fuente|name]]", "es")
    assert out[0].isupper() and out[0].count(",") == 1
    assert out[1].islower()
    words = out[2].split()
    assert words[1:2] + words[3:5] == ["del", "de", "la"]
    (possessive,) = pseudonymise("[[Mr. Smith's|name]] notes", "en")
    assert possessive.startswith("Mr. ") and possessive.endswith("'s") and "Smith" not in possessive


def test_an_abbreviated_maria_is_a_first_name():
    out = pseudonymise("[[Mª Carmen López Ruiz|name]] y [[José Mª Sánchez|name]]", "es")
    first, second, *_ = out[0].split()
    assert gender("es", first) == gender("es", second) == "f"
    assert gender("es", out[1].split()[0]) == "m" and gender("es", out[1].split()[1]) is not None
    # regression: the middle of three tokens was taken for a surname (passing above only where the
    # surname drawn was also a first name): Mª is a first name wherever it stands, under any key
    for key in (b"a" * 32, b"b" * 32, b"c" * 32):
        new = pseudonymise("[[José Mª Sánchez|name]]", "es", key=key)[0].split()
        assert gender("es", new[1]) == "m" and normalised(new[2]) in surnames("es")


def test_kinship_and_sex_words_in_a_relative_span_are_kept():
    out = pseudonymise("La [[madre|name/relative]] y [[tres hermanos|name/relative]] del [[varón|name/relative]]", "es")
    assert out == ["madre", "tres hermanos", "varón"]


def test_no_surrogate_equals_a_real_name_of_the_document():
    # the first choice for Juan is made to be a real name of this document: it must be passed over
    base = marked("[[Juan|name]]", "es")
    taken = surrogates(base)[0]
    ctx = marked(f"[[Juan|name]] y [[{taken}|name]]", "es")
    out = surrogates(ctx)
    assert normalised(out[0]) not in {"juan", normalised(taken)}
    assert normalised(out[1]) not in {"juan", normalised(taken)} and out[0] != out[1]


def test_first_and_last_names_come_from_the_language_lists():
    for language in ("es", "en", "sv"):
        first, last = pseudonymise("[[Anna Smith|name]]", language)[0].split()
        assert gender(language, first) is not None and normalised(last) in surnames(language)


def test_an_unknown_language_is_a_coded_error():
    ctx = DocumentContext(text="Ana", name="d", language="xx", spans=(Span(0, 3, "N", "name"),), key=b"k" * 32)
    with pytest.raises(PipelineError, match="E730"):
        surrogates(ctx)


def test_professions_are_replaced_by_one_of_the_same_grammatical_gender():
    out = pseudonymise("[[enfermera|profession]], [[carpintero|profession]], [[ENFERMERA|profession]]", "es")
    feminine = {normalised(row[1]) for row in rows("es", "professions.tsv")}
    assert normalised(out[0]) in feminine and out[0] != "enfermera"
    assert normalised(out[1]) not in {"carpintero"} and out[1] in {row[0] for row in rows("es", "professions.tsv")}
    assert out[2] == out[0].upper()
    (english,) = pseudonymise("[[nurse|profession]]", "en")
    assert english != "nurse" and english in {row[0] for row in rows("en", "professions.tsv")}


def _brat(path: Path) -> tuple[str, list[tuple[int, int, str]]]:
    text = path.with_suffix(".txt").read_text(encoding="utf-8")
    spans = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("T"):
            kind, *offsets = line.split("\t")[1].replace(";", " ").split()
            spans.append((int(offsets[0]), int(offsets[-1]), kind))
    return text, spans


ROLES = {"NOMBRE_SUJETO_ASISTENCIA": "patient", "NOMBRE_PERSONAL_SANITARIO": "clinician",
         "FAMILIARES_SUJETO_ASISTENCIA": "relative", "OTROS_SUJETO_ASISTENCIA": "other"}


def test_meddocan_dev_gender_real_names_and_consistency(meddocan_dir):
    """On the MEDDOCAN dev gold names: first-name gender kept (where the INE lists know it), no
    surrogate token equal to a real name token of its document, repeated names consistent."""
    folder = meddocan_dir / "dev" / "brat"
    if not folder.is_dir():
        pytest.skip(f"MEDDOCAN dev not found at {folder}")
    genders = {normalised(row[0]): row[1] for row in rows("es", "first_names.tsv")}
    kept = known = leaked = inconsistent = repeated = 0
    for ann in sorted(folder.glob("*.ann")):
        text, found = _brat(ann)
        spans = tuple(sorted((Span(s, e, t, "name", ROLES[t]) for s, e, t in found if t in ROLES),
                             key=lambda span: span.start))
        ctx = DocumentContext(text=text, name=ann.stem, language="es", spans=spans, key=b"k" * 32)
        out = surrogates(ctx)
        real = {normalised(w) for span in spans for w in ctx.surface(span).replace(".", " ").split()}
        by_value = defaultdict(set)
        for span, surrogate in zip(spans, out):
            original = ctx.surface(span)
            by_value[normalised(original)].add(surrogate)
            new_words = set(surrogate.replace(".", " ").split()) - set(original.replace(".", " ").split())
            leaked += sum(normalised(w) in real and len(w) > 1 for w in new_words)
            words, new = original.split(), surrogate.split()
            if span.role != "relative" and len(words) == len(new) and genders.get(normalised(words[0])) in ("f", "m"):
                known += 1
                kept += genders.get(normalised(new[0])) == genders[normalised(words[0])]
        repeated += sum(1 for values in by_value.values() if len(values) >= 1)
        inconsistent += sum(1 for values in by_value.values() if len(values) > 1)
    print(f"\nMEDDOCAN dev names: gender kept {kept}/{known}; real-name surrogates {leaked}; "
          f"inconsistent values {inconsistent}/{repeated}")
    assert known > 300 and kept / known >= 0.99
    assert leaked == 0
    assert inconsistent == 0
