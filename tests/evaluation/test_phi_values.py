"""PHI-value coverage (annotator.evaluation.phi_values): covered, typed, any-overlap, inside gold,
token precision and recall, PHI-free touched, and the curve over a confidence threshold."""

from __future__ import annotations

import pytest

from annotator import Document
from annotator.errors import EvaluationError
from annotator.evaluation.phi_values import confidence_curve, curve_series, evaluate_values, format_curve, format_report


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


def test_a_phi_free_document_is_touched_only_by_a_whole_system_token():
    # the measure: a PHI-free document is touched when a maximal run of letters and digits
    # lies wholly inside system spans; a span over part of a word leaves every token readable
    gold = [doc("a", "Wells score 4", []), doc("b", "Wells score 4", [])]
    system = [doc("a", "Wells score 4", [("PATIENT", 0, 3)]), doc("b", "Wells score 4", [("PATIENT", 0, 5)])]
    result = evaluate_values(gold, system)
    assert (result.free, result.touched) == (2, 1)


def test_named_sets_and_unpaired_documents():
    gold = [doc("a", TEXT, []), doc("z", TEXT, [])]
    gold[0].annset("PHI").add("DOCTOR", 36, 39)
    system = [doc("a", TEXT, [])]
    system[0].annset("Out").add("DOCTOR", 36, 39)
    result = evaluate_values(gold, system, gold_set="PHI", system_set="Out")
    assert (result.total.gold, result.total.covered, result.free) == (1, 1, 0)


def test_any_overlap_counts_a_value_with_one_letter_or_digit_covered():
    gold = [doc("a", TEXT, [("PATIENT", 3, 10), ("MEDICALRECORD", 16, 23), ("DOCTOR", 36, 39)])]
    system = [doc("a", TEXT, [("PATIENT", 3, 8), ("IDNUM", 16, 18), ("DOCTOR", 33, 35)])]  # "O'Bri", "33", "Dr"
    result = evaluate_values(gold, system)
    assert (result.total.covered, result.total.overlap) == (0, 2)
    assert result.total.overlap_recall == 2 / 3
    assert result.per_type["DOCTOR"].overlap == 0


TOKENS = "Maria K. Okafor, RT-550912, seen on Mar 3rd '21."


def test_tokens_are_runs_of_letters_and_digits_wholly_inside_the_spans():
    maria, okafor, number = (0, 5), (9, 15), (20, 26)
    # gold: the whole name and the whole ID; system: the name without its initial, the ID without
    # its prefix, and "Mar" of the date
    gold = [doc("a", TOKENS, [("PATIENT", 0, 15), ("IDNUM", 17, 26)])]
    system = [doc("a", TOKENS, [("PATIENT", *maria), ("PATIENT", *okafor), ("IDNUM", *number), ("DATE", 36, 39)])]
    result = evaluate_values(gold, system)
    # gold tokens: Maria K Okafor RT 550912; system tokens: Maria Okafor 550912 Mar
    assert (result.gold_tokens, result.system_tokens, result.both_tokens) == (5, 4, 3)
    assert (result.token_precision, result.token_recall) == (0.75, 0.6)
    # no gold value is covered, yet most of their tokens are: value and token recall differ
    assert result.total.recall == 0.0 and result.total.overlap_recall == 1.0


def test_a_token_cut_by_a_span_is_no_system_token_and_joined_spans_make_one():
    text = "Okafor-Smith"
    gold = [doc("a", text, [("PATIENT", 0, 12)])]
    system = [doc("a", text, [("PATIENT", 0, 3), ("PATIENT", 3, 6), ("PATIENT", 7, 10)])]  # "Oka"+"for", "Smi"
    result = evaluate_values(gold, system)
    assert (result.gold_tokens, result.system_tokens, result.both_tokens) == (2, 1, 1)


def test_tokens_of_phi_free_documents_count_against_precision():
    gold = [doc("a", "metformin dose", []), doc("b", TEXT, [("DOCTOR", 36, 39)])]
    system = [doc("a", "metformin dose", [("PATIENT", 0, 9)]), doc("b", TEXT, [("DOCTOR", 36, 39)])]
    result = evaluate_values(gold, system)
    assert (result.token_precision, result.token_recall, result.touched) == (0.5, 1.0, 1)
    report = format_report(result)
    assert "Tokens: 1 gold, 2 system, 1 both: precision 0.5, recall 1.0" in report


def scored_corpus() -> tuple[list[Document], list[Document]]:
    gold = [doc("a", TEXT, [("PATIENT", 3, 10), ("MEDICALRECORD", 16, 23), ("DOCTOR", 36, 39)]),
            doc("b", "metformin dose", [])]
    system = [doc("a", TEXT, []), doc("b", "metformin dose", [])]
    system[0].annset().add("PATIENT", 3, 10, {"confidence": 0.45})
    system[0].annset().add("MEDICALRECORD", 16, 23, {"confidence": "0.9"})  # as read back from XML
    system[0].annset().add("DOCTOR", 36, 39)  # no confidence: counts as 1.0
    system[1].annset().add("PATIENT", 0, 9, {"confidence": 0.3})
    return gold, system


def test_the_curve_keeps_the_values_at_or_above_each_threshold():
    gold, system = scored_corpus()
    points = confidence_curve(gold, system, [0.0, 0.3, 0.31, 0.45, 0.5, 0.9, 1.0])
    assert [p.threshold for p in points] == [0.0, 0.3, 0.31, 0.45, 0.5, 0.9, 1.0]
    recall = [p.result.total.recall for p in points]
    touched = [p.result.touched for p in points]
    precision = [p.result.token_precision for p in points]
    assert recall == [1.0, 1.0, 1.0, 1.0, 2 / 3, 2 / 3, 1 / 3]
    assert touched == [1, 1, 0, 0, 0, 0, 0]
    assert precision == [4 / 5, 4 / 5, 1.0, 1.0, 1.0, 1.0, 1.0]
    assert all(a >= b for a, b in zip(recall, recall[1:]))  # a higher threshold never finds more
    assert points[0].result.total == evaluate_values(gold, system).total


def test_the_default_thresholds_and_the_curve_table():
    gold, system = scored_corpus()
    points = confidence_curve(gold, system)
    assert [p.threshold for p in points] == [i / 20 for i in range(21)]
    table = format_curve(points).splitlines()
    assert table[0].split() == ["conf.", ">=", "recall", "overlap", "tok.", "P", "tok.", "R", "touched"]
    assert table[2].split() == ["0.00", "1.0", "1.0", "0.8", "1.0", "1/1"]
    assert table[-1].split() == ["1.00", "0.3333", "0.3333", "1.0", "0.25", "0/1"]
    series = curve_series(points)
    assert set(series) == {"value recall", "token precision", "token recall", "PHI-free touched (share)"}
    assert series["PHI-free touched (share)"][0] == (0.0, 1.0) and series["value recall"][-1] == (1.0, 1 / 3)


def test_a_confidence_that_is_no_number_is_a_coded_error():
    gold, system = scored_corpus()
    system[0].annset().add("DATE", 0, 2, {"confidence": "high"})
    with pytest.raises(EvaluationError, match="E205 document 'a': the DATE annotation at 0 has confidence 'high'"):
        confidence_curve(gold, system)
