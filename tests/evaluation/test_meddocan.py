"""MEDDOCAN scorer on small documents built in code; expected counts worked out by hand."""

import pytest
from evalhelp import span_of

from annotator import Document
from annotator.evaluation.meddocan import count_lines, evaluate_meddocan, format_report, merge_spans

NAME = "NOMBRE_SUJETO_ASISTENCIA"
DATE = "FECHAS"


def doc(text, anns, name="d1"):
    d = Document(text, name=name)
    for a in anns:
        type_, start, end = a[:3]
        d.annset().add(type_, start, end, a[3] if len(a) > 3 else None)
    return d


# --------------------------------------------------------------------------- merge fold
def test_merge_joins_across_non_alphanumeric_gaps_only():
    text = "Juan, Pérez y Ana"
    assert merge_spans([(0, 4), (6, 11)], text) == [(0, 11)]  # gap ", "
    assert merge_spans([(0, 4), (14, 17)], text) == [(0, 4), (14, 17)]  # gap " y "
    assert merge_spans([(6, 11), (0, 4)], text) == [(0, 11)]  # sorted first


def test_merge_touching_and_overlapping_spans_join():
    assert merge_spans([(0, 4), (4, 8)], "abcdefgh") == [(0, 8)]
    assert merge_spans([(0, 5), (3, 8)], "abcdefgh") == [(0, 8)]


def test_a_nested_span_shortens_the_merged_span():
    # the official fold takes the next span's end: (0,10) then (2,5) gives (0,5)
    assert merge_spans([(0, 10), (2, 5)], "0123456789") == [(0, 5)]


@pytest.mark.parametrize("gap", ["º", "ª", "²", "é", "5"])
def test_isalnum_characters_block_the_merge(gap):
    text = "ab" + gap + "cd"
    assert gap.isalnum()
    assert merge_spans([(0, 2), (3, 5)], text) == [(0, 2), (3, 5)]


@pytest.mark.parametrize("gap", ["\n", " / ", "-", "\u00a0", "·"])
def test_symbols_and_whitespace_do_not_block_the_merge(gap):
    text = "ab" + gap + "cd"
    assert merge_spans([(0, 2), (2 + len(gap), 4 + len(gap))], text) == [(0, 4 + len(gap))]


# --------------------------------------------------------------------------- counting
def test_split_system_span_is_wrong_strict_but_right_merged():
    text = "Paciente: Juan Pérez, 3 años."
    name = span_of(text, "Juan Pérez")
    gold = doc(text, [(NAME, *name)])
    system = doc(text, [(NAME, name[0], name[0] + 4), (NAME, name[0] + 5, name[1])])
    r = evaluate_meddocan([gold], [system]).to_json()
    assert (r["subtask1"]["tp"], r["subtask1"]["fp"], r["subtask1"]["fn"]) == (0, 2, 1)
    assert (r["subtask2_strict"]["tp"], r["subtask2_strict"]["fp"], r["subtask2_strict"]["fn"]) == (0, 2, 1)
    # merged: system folds to the gold span -> TP set {gold span}; both halves lie inside it
    assert (r["subtask2_merged"]["tp"], r["subtask2_merged"]["fp"], r["subtask2_merged"]["fn"]) == (1, 0, 0)


def test_tp_union_can_exceed_the_number_of_gold_spans():
    text = "Juan, Pérez"
    gold = doc(text, [(NAME, 0, 4), (NAME, 6, 11)])
    r = evaluate_meddocan([gold], [gold]).to_json()
    # strict intersection {(0,4),(6,11)} | merged intersection {(0,11)} -> 3 TP for 2 spans
    assert r["subtask2_merged"]["tp"] == 3
    assert r["subtask2_strict"]["tp"] == 2


def test_relabelled_annotation_is_a_subtrack1_error_only():
    text = "Nacido el 10/10/1963 en Madrid"
    span = span_of(text, "10/10/1963")
    r = evaluate_meddocan([doc(text, [(DATE, *span)])], [doc(text, [(NAME, *span)])]).to_json()
    assert (r["subtask1"]["tp"], r["subtask1"]["fp"], r["subtask1"]["fn"]) == (0, 1, 1)
    assert (r["subtask2_strict"]["tp"], r["subtask2_strict"]["fp"], r["subtask2_strict"]["fn"]) == (1, 0, 0)


def test_duplicates_collapse_and_two_types_on_one_span_count_once_in_subtrack2():
    text = "Juan"
    gold = doc(text, [(NAME, 0, 4)])
    system = doc(text, [(NAME, 0, 4), (NAME, 0, 4), (DATE, 0, 4)])
    r = evaluate_meddocan([gold], [system]).to_json()
    assert (r["subtask1"]["tp"], r["subtask1"]["fp"], r["subtask1"]["fn"]) == (1, 1, 0)
    assert (r["subtask2_strict"]["tp"], r["subtask2_strict"]["fp"]) == (1, 0)


def test_merged_fp_and_fn_are_strict_misses_outside_tp_spans():
    text = "Juan, Pérez vive en Madrid; llamó Ana."
    juan, perez, madrid, ana = span_of(text, "Juan"), span_of(text, "Pérez"), span_of(text, "Madrid"), span_of(text, "Ana")
    gold = doc(text, [(NAME, *juan), (NAME, *perez), (NAME, *madrid)])
    system = doc(text, [(NAME, juan[0], perez[1]), (NAME, *ana)])
    r = evaluate_meddocan([gold], [system]).to_json()["subtask2_merged"]
    # TP set: merged gold {(Juan..Pérez), Madrid} & merged sys {(Juan..Pérez), Ana} = 1 span
    # FP: Ana (not inside a TP span); FN: Madrid; Juan and Pérez lie inside the TP span
    assert (r["tp"], r["fp"], r["fn"]) == (1, 1, 1)


def test_nested_span_shortening_changes_the_merged_counts():
    text = "Calle Mayor 5 Madrid"
    # gold: (0,13) then nested (6,11): the fold gives (0,11), so gold merged = {(0,11)}
    gold = doc(text, [("CALLE", 0, 13), ("CALLE", 6, 11)])
    system = doc(text, [("CALLE", 0, 11)])
    r = evaluate_meddocan([gold], [system]).to_json()["subtask2_merged"]
    # strict: no common span; merged: {(0,11)} & {(0,11)} -> TP {(0,11)};
    # FN: (0,13) is not inside (0,11); (6,11) is. FP: (0,11) is inside the TP span.
    assert (r["tp"], r["fp"], r["fn"]) == (1, 0, 1)


def test_each_side_is_merged_with_its_own_text():
    gold = doc("ab cd", [(NAME, 0, 2), (NAME, 3, 5)])
    system = doc("abxcd", [(NAME, 0, 2), (NAME, 3, 5)])
    r = evaluate_meddocan([gold], [system])
    assert r.mismatched_texts == ["d1"]
    # gold merges to (0,5), system does not: the TP set is only the strict intersection
    assert r.to_json()["subtask2_merged"]["tp"] == 2


def test_empty_outputs_give_zero_not_errors():
    text = "nada"
    r = evaluate_meddocan([doc(text, [])], [doc(text, [])]).to_json()
    for key in ("subtask1", "subtask2_strict", "subtask2_merged"):
        assert (r[key]["precision"], r[key]["recall"], r[key]["f1"]) == (0.0, 0.0, 0.0)
    r = evaluate_meddocan([doc("Juan", [(NAME, 0, 4)])], [doc("Juan", [])]).to_json()
    assert (r["subtask1"]["tp"], r["subtask1"]["fn"], r["subtask1"]["precision"]) == (0, 1, 0.0)


def test_missing_system_documents_are_skipped_unless_strict_docs():
    gold = [doc("Juan", [(NAME, 0, 4)], name="a"), doc("Ana", [(NAME, 0, 3)], name="b")]
    system = [doc("Juan", [(NAME, 0, 4)], name="a")]
    r = evaluate_meddocan(gold, system)
    assert r.to_json()["documents"] == 1 and r.pairing.missing == ["b"]
    assert r.to_json()["subtask1"]["recall"] == 1.0
    strict = evaluate_meddocan(gold, system, strict_docs=True).to_json()
    assert strict["documents"] == 2
    assert (strict["subtask1"]["fn"], strict["subtask2_merged"]["fn"], strict["subtask1"]["recall"]) == (1, 1, 0.5)


def test_xml_category_feature_counts_only_when_it_contradicts_the_schema():
    text = "Juan"
    gold = doc(text, [(NAME, 0, 4)])
    consistent = doc(text, [(NAME, 0, 4, {"category": "NAME"})])
    wrong = doc(text, [(NAME, 0, 4, {"category": "LOCATION"})])
    assert evaluate_meddocan([gold], [consistent]).to_json()["subtask1"]["tp"] == 1
    assert evaluate_meddocan([gold], [wrong]).to_json()["subtask1"]["tp"] == 0


# --------------------------------------------------------------------------- leak
def test_leak_is_total_fn_over_total_sentence_lines(tmp_path):
    (tmp_path / "a.ann").write_text("s1\ns2\ns3\ns4", encoding="utf-8")  # 4 lines, no final newline
    (tmp_path / "b.ann").write_text("s1\r\ns2\r\n", encoding="utf-8")  # 2 lines
    gold = [doc("Juan y Ana", [(NAME, 0, 4), (NAME, 7, 10)], name="a"), doc("Luis", [(NAME, 0, 4)], name="b")]
    system = [doc("Juan y Ana", [], name="a"), doc("Luis", [(NAME, 0, 4)], name="b")]
    r = evaluate_meddocan(gold, system, sentences=tmp_path)
    assert r.leak == 2 / 6
    assert [d.leak for d in r.documents] == [2 / 4, 0.0]
    assert "Leak           0.3333" in format_report(r)


def test_leak_is_na_when_a_sentence_file_is_missing(tmp_path):
    (tmp_path / "a.ann").write_text("x\n", encoding="utf-8")
    gold = [doc("Juan", [(NAME, 0, 4)], name="a"), doc("Luis", [(NAME, 0, 4)], name="b")]
    r = evaluate_meddocan(gold, gold, sentences=tmp_path)
    assert r.leak is None and r.to_json()["subtask1"]["leak"] is None
    assert "Leak           NA" in format_report(r)


def test_count_lines_uses_universal_newlines(tmp_path):
    cases = {"": 0, "a": 1, "a\n": 1, "a\nb": 2, "a\r\nb\r\n": 2, "a\rb": 2, "a\x0cb\n": 1, "\n\n": 2}
    for i, (content, expected) in enumerate(cases.items()):
        path = tmp_path / f"{i}.ann"
        path.write_bytes(content.encode("utf-8"))
        assert count_lines(path) == expected, repr(content)


# --------------------------------------------------------------------------- printing
def test_report_layout_matches_the_official_script():
    text = "Juan, Pérez"
    gold = doc(text, [(NAME, 0, 4), (NAME, 6, 11)])
    system = doc(text, [(NAME, 0, 4)])
    out = format_report(evaluate_meddocan([gold], [system], system_id="run1"))
    expected_ner = (
        " " * 70 + "\n"
        "Report (SYSTEM: run1):\n" + "-" * 60 + "\n"
        + "{:<35}{:<15}{:<20}".format("SubTrack 1 [NER]", "Measure", "Micro") + "\n" + "-" * 60 + "\n"
        + "{:<35}{:<15}{:<20}".format("Total (1 docs)", "Leak", "NA") + "\n"
        + "{:<35}{:<15}{:<20}".format("", "Precision", "1.0") + "\n"
        + "{:<35}{:<15}{:<20}".format("", "Recall", "0.5") + "\n"
        + "{:<35}{:<15}{:<20}".format("", "F1", "0.6667") + "\n" + "-" * 60 + "\n\n\n"
    )
    assert out.startswith(expected_ner)
    assert "{:<35}{:<15}{:<20}".format("Total (1 docs)", "Precision", "1.0") in out  # subtrack 2 rows
    assert out.count("Report (SYSTEM: run1):") == 3


def test_verbose_and_single_file_print_per_document_blocks():
    gold = doc("Juan", [(NAME, 0, 4)], name="S0001")
    r = evaluate_meddocan([gold], [gold], system_id="x")
    verbose = format_report(r, verbose=True)
    assert verbose.count("{:<35}{:<15}{:<20}".format("Document ID", "Measure", "Micro")) == 3
    assert "{:<35}{:<15}{:<20}".format("S0001", "Leak", "NA") in verbose
    single = format_report(r, single_file=True)
    assert "Total (" not in single and "S0001" in single


def test_per_type_counts():
    text = "Juan 10/10/1963"
    gold = doc(text, [(NAME, 0, 4), (DATE, 5, 15)])
    system = doc(text, [(NAME, 0, 4), (DATE, 5, 10)])
    r = evaluate_meddocan([gold], [system]).to_json(per_type=True)["per_type"]
    assert (r[NAME]["tp"], r[NAME]["fp"], r[NAME]["fn"]) == (1, 0, 0)
    assert (r[DATE]["tp"], r[DATE]["fp"], r[DATE]["fn"]) == (0, 1, 1)


def test_discontinuous_annotations_are_flagged():
    text = "Juan y Pérez"
    gold = doc(text, [(NAME, 0, 12, {"fragments": "0 4;7 12"})])
    r = evaluate_meddocan([gold], [doc(text, [(NAME, 0, 12)])])
    assert r.discontinuous == ["d1"] and r.to_json()["subtask2_strict"]["tp"] == 1
