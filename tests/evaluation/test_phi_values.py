"""PHI-value coverage (annotator.evaluation.phi_values): covered, typed, inside gold, PHI-free touched."""

from __future__ import annotations

from annotator import Document
from annotator.evaluation.phi_values import evaluate_values, format_report


def doc(name: str, text: str, spans: list[tuple[str, int, int]]) -> Document:
    d = Document(text, name=name)
    for type_, start, end in spans:
        d.annset().add(type_, start, end)
    return d


TEXT = "Mr O'Brien, MRN 3318472, seen by Dr Lee."


def test_a_value_counts_when_every_letter_and_digit_is_covered_by_any_type():
    gold = [doc("a", TEXT, [("PATIENT", 3, 10), ("MEDICALRECORD", 16, 23), ("DOCTOR", 36, 39)])]
    # O'Brien in two pieces (the apostrophe is no letter), the MRN typed IDNUM, Lee missed
    system = [doc("a", TEXT, [("PATIENT", 3, 4), ("PATIENT", 5, 10), ("IDNUM", 16, 23)])]
    result = evaluate_values(gold, system)
    assert (result.total.gold, result.total.covered, result.total.typed) == (3, 2, 1)
    assert result.missed == [("a", "DOCTOR", "Lee")]
    assert result.per_type["MEDICALRECORD"].covered == 1 and result.per_type["MEDICALRECORD"].typed == 0


def test_a_value_cut_short_is_missed_and_a_title_taken_along_is_outside():
    gold = [doc("a", TEXT, [("PATIENT", 3, 10), ("DOCTOR", 36, 39)])]
    system = [doc("a", TEXT, [("PATIENT", 3, 8), ("DOCTOR", 33, 39)])]
    result = evaluate_values(gold, system)
    assert result.total.covered == 1 and result.missed == [("a", "PATIENT", "O'Brien")]
    assert (result.total.system, result.total.inside) == (2, 1)
    assert result.outside == [("a", "DOCTOR", "Dr Lee")]
    assert result.total.precision == 0.5


def test_phi_free_documents_touched():
    gold = [doc("a", "metformin dose", []), doc("b", "crohn's disease", []), doc("c", TEXT, [("DOCTOR", 36, 39)])]
    system = [doc("a", "metformin dose", []), doc("b", "crohn's disease", [("PATIENT", 0, 5)]),
              doc("c", TEXT, [("DOCTOR", 36, 39)])]
    result = evaluate_values(gold, system)
    assert (result.free, result.touched, result.touched_share) == (2, 1, 0.5)
    report = format_report(result, verbose=True)
    assert "PHI-free documents touched: 1 of 2 (0.5)" in report
    assert "outside\tb\tPATIENT\t'crohn'" in report


def test_named_sets_and_unpaired_documents():
    gold = [doc("a", TEXT, []), doc("z", TEXT, [])]
    gold[0].annset("PHI").add("DOCTOR", 36, 39)
    system = [doc("a", TEXT, [])]
    system[0].annset("Out").add("DOCTOR", 36, 39)
    result = evaluate_values(gold, system, gold_set="PHI", system_set="Out")
    assert (result.total.gold, result.total.covered, result.free) == (1, 1, 0)
