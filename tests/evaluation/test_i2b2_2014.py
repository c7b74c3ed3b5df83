"""i2b2 2014 (kotfic) scorer on documents built in code; expected counts worked out by hand."""

import math

import pytest
from evalhelp import make_doc, span_of

from annotator import Document
from annotator.errors import EvaluationError
from annotator.evaluation.i2b2_2014 import (
    CATEGORY_ORDER, Tag, evaluate_i2b2, format_report, hipaa, relaxed_counts, safe_harbor, safe_harbor_age, sections,
)

TEXT = "Record date: 2067-05-03\nPatient John Smith, 45 yo, seen by Dr. Bland at Mercy. MRN 12345."


def at(word, text=TEXT):
    return span_of(text, word)


def doc(anns, name="100-01", text=TEXT):
    return make_doc(text, anns, name)


def counts(result, title):
    c = result.section(title).micro
    return c.tp, c.fp, c.fn


GOLD = [
    ("DATE", at("2067-05-03")), ("PATIENT", at("John Smith")), ("AGE", at("45")),
    ("DOCTOR", at("Bland")), ("HOSPITAL", at("Mercy")), ("IDNUM", at("12345")),
]
SYSTEM = [
    ("DATE", at("2067-05-03")), ("PATIENT", at("John Smith,")), ("DOCTOR", at("Bland")),
    ("MEDICALRECORD", at("12345")),
]


@pytest.fixture(scope="module")
def result():
    return evaluate_i2b2([doc(GOLD)], [doc(SYSTEM)])


def test_token_strict_relaxed_counts(result):
    # gold tokens: 2067 05 03 | John Smith | 45 | Bland | Mercy | 12345 = 9; system: 3+2+1+1 = 7
    assert counts(result, "Token") == (6, 1, 3)
    # strict: DATE and DOCTOR exact; "John Smith," ends one later; 12345 relabelled
    assert counts(result, "Strict") == (2, 2, 4)
    # relaxed: the PATIENT end is within 2 -> 3 TP
    assert counts(result, "Relaxed") == (3, 1, 3)


def test_hipaa_sections_drop_doctors_hospitals_and_idnum(result):
    # gold HIPAA: DATE, PATIENT, AGE (IDNUM is out through the "IDNUM " bug); system: DATE, PATIENT, MEDICALRECORD
    assert counts(result, "HIPAA Strict") == (1, 2, 2)
    assert counts(result, "HIPAA Relaxed") == (2, 1, 1)
    assert counts(result, "HIPPA Token") == (5, 1, 1)


def test_binary_sections_ignore_the_type(result):
    # 12345 now matches; tokens: gold 9, system 7 -> all 7 system tokens are right
    assert counts(result, "Binary Token") == (7, 0, 2)
    assert counts(result, "Binary Strict") == (3, 1, 3)
    # HIPAA still filters by type first: gold DATE, PATIENT, AGE; system DATE, PATIENT, MEDICALRECORD
    assert counts(result, "Binary HIPAA Strict") == (1, 2, 2)
    assert counts(result, "Binary HIPPA Token") == (5, 1, 1)


def test_per_category_sections(result):
    assert counts(result, "NAME Strict") == (1, 1, 1)
    assert counts(result, "NAME Token") == (3, 0, 0)
    assert counts(result, "NAME HIPPA Token") == (2, 0, 0)  # DOCTOR is not HIPAA
    assert counts(result, "ID Strict") == (0, 1, 1)
    assert counts(result, "ID Binary HIPAA Strict") == (0, 1, 0)  # gold IDNUM filtered out, MEDICALRECORD kept
    assert counts(result, "LOCATION Token") == (0, 0, 1)


def test_section_titles_and_order(result):
    titles = [s.title for s in result.sections]
    assert titles[:10] == [
        "Token", "Strict", "Relaxed", "HIPPA Token", "HIPAA Strict", "HIPAA Relaxed",
        "Binary Token", "Binary Strict", "Binary HIPPA Token", "Binary HIPAA Strict",
    ]
    assert titles[10:14] == ["CONTACT Token", "CONTACT Strict", "CONTACT HIPPA Token", "CONTACT Binary HIPAA Strict"]
    assert [t.split()[0] for t in titles[10::4]] == list(CATEGORY_ORDER)
    assert len(titles) == 10 + 4 * 8
    keys = list(result.to_json()["sections"])
    assert "HIPAA Token" in keys and "NAME HIPAA Token" in keys and not any("HIPPA" in k for k in keys)


def test_macro_uses_per_document_figures_with_the_empty_convention():
    empty = Document("no phi here", name="101-01")
    r = evaluate_i2b2([doc(GOLD), empty], [doc(SYSTEM), Document("no phi here", name="101-01")])
    strict = r.section("Strict")
    # doc 1: P = 2/4, R = 2/6; doc 2 (no tags at all): P = 0, R = 0
    assert strict.macro_precision == (0.25, 0.25)
    assert strict.macro_recall == pytest.approx((1 / 6, 1 / 6))
    p, r_ = 0.25, 1 / 6
    assert strict.macro_f1 == pytest.approx(2 * p * r_ / (p + r_))
    # micro is unchanged by the empty document
    assert (strict.micro.tp, strict.micro.fp, strict.micro.fn) == (2, 2, 4)


def test_macro_f1_is_nan_when_macro_p_and_r_are_zero_and_null_in_json():
    r = evaluate_i2b2([doc([("IDNUM", at("12345"))])], [doc([("IDNUM", at("12345"))])])
    s = r.section("HIPAA Strict")  # IDNUM never passes the HIPAA filter
    assert math.isnan(s.macro_f1) and s.micro.f1 == 0.0
    j = r.to_json()["sections"]["HIPAA Strict"]
    assert j["macro"]["f1"] is None and j["micro"]["f1"] == 0.0
    assert "nan" in format_report(r)


def test_relaxed_is_not_one_to_one():
    def tags(ends, start=0):
        return [Tag("NAME", "PATIENT", start, e, "", i) for i, e in enumerate(ends)]

    # two system tags 4 apart both within 2 of one gold tag: one TP (gold side iterated), no FP
    c = relaxed_counts(tags([10]), tags([8, 12]))
    assert (c.tp, c.fp, c.fn) == (1, 0, 0)
    # the other way round: one system tag matches both gold tags -> nothing missed
    c = relaxed_counts(tags([8, 12]), tags([10]))
    assert (c.tp, c.fp, c.fn) == (1, 0, 0)
    # equal sizes: the system side is iterated; 10 matches, 30 does not; both gold tags are matched
    c = relaxed_counts(tags([8, 12]), tags([10, 30]))
    assert (c.tp, c.fp, c.fn) == (1, 1, 0)
    # the start and the category must be equal
    c = relaxed_counts(tags([10]), tags([10], start=1))
    assert (c.tp, c.fp, c.fn) == (0, 1, 1)


def test_relaxed_sets_fill_up_in_reading_order():
    def tags(ends):
        return [Tag("NAME", "PATIENT", 0, e, "", i) for i, e in enumerate(ends)]

    # [10, 11, 13] keeps 10 and 13 (11 is within 2 of 10); [11, 10, 13] keeps only 11
    assert relaxed_counts(tags([10, 11, 13]), []).fn == 2
    assert relaxed_counts(tags([11, 10, 13]), []).fn == 1


def test_hipaa_filter_is_the_scorers_list_with_prefix_matching():
    assert hipaa("NAME", "PATIENT") and not hipaa("NAME", "DOCTOR")
    assert hipaa("ID", "MEDICALRECORD") and not hipaa("ID", "IDNUM")
    assert hipaa("AGE", "AGE") and hipaa("DATE", "ANYTHING")
    assert not hipaa("CONTACT", "URL") and not hipaa("LOCATION", "HOSPITAL")
    assert hipaa("NAMEX", "PATIENTS")  # re.match is a prefix match
    assert not hipaa("PHI", "PATIENT")


def test_safe_harbor_reading_of_the_law():
    assert safe_harbor("ID", "IDNUM") and safe_harbor("CONTACT", "URL")
    assert not safe_harbor("NAME", "DOCTOR") and not safe_harbor("LOCATION", "ORGANIZATION")
    assert safe_harbor_age(Tag("AGE", "AGE", 0, 2, "92", 0)) and not safe_harbor_age(Tag("AGE", "AGE", 0, 2, "45", 0))
    old, young = "aged 92 and 45", "aged 92 and 45"
    gold = doc([("AGE", at("92", old)), ("AGE", at("45", young))], text=old)
    r = evaluate_i2b2([gold], [doc([], text=old)], hipaa_as_law=True)
    assert counts(r, "Safe Harbor (law) Strict") == (0, 0, 1)  # only the age above 89 counts
    assert counts(r, "HIPAA Strict") == (0, 0, 2)


def test_filter_names_invert_and_conjunctive():
    r = evaluate_i2b2([doc(GOLD)], [doc(SYSTEM)], filter="NAME")
    assert counts(r, "Strict") == (1, 1, 1)
    # HIPAA sections use their own filter
    assert counts(r, "HIPAA Strict") == (1, 2, 2)
    inv = evaluate_i2b2([doc(GOLD)], [doc(SYSTEM)], filter="NAME", invert=True)
    # not NAME: gold DATE AGE HOSPITAL IDNUM, system DATE MEDICALRECORD
    assert counts(inv, "Strict") == (1, 1, 3)
    # --invert is inherited by the HIPAA sections: non-HIPAA tags are scored there
    # gold DOCTOR HOSPITAL IDNUM, system DOCTOR -> 1 TP, 2 FN
    assert counts(inv, "HIPAA Strict") == (1, 0, 2)
    # Binary Token/Strict drop the user's filter
    assert counts(inv, "Binary Strict") == counts(r, "Binary Strict") == (3, 1, 3)
    conj = evaluate_i2b2([doc(GOLD)], [doc(SYSTEM)], filter="NAME,DATE", conjunctive=True)
    assert counts(conj, "Strict") == (0, 0, 0)  # no tag is both NAME and DATE
    disj = evaluate_i2b2([doc(GOLD)], [doc(SYSTEM)], filter="NAME,DATE")
    assert counts(disj, "Strict") == (2, 1, 1)


def test_unknown_filter_values_warn_and_match_everything():
    r = evaluate_i2b2([doc(GOLD)], [doc(SYSTEM)], filter="PATIENT")
    assert r.warnings and "PATIENT" in r.warnings[0]
    assert counts(r, "Strict") == (2, 2, 4)
    never = evaluate_i2b2([doc(GOLD)], [doc(SYSTEM)], filter="before DCT")
    assert counts(never, "Strict") == (0, 0, 0)


def test_invert_without_filter_does_nothing():
    r = evaluate_i2b2([doc(GOLD)], [doc(SYSTEM)], invert=True)
    assert counts(r, "Strict") == (2, 2, 4) and r.warnings


def test_generic_phi_element_keeps_its_full_key_in_binary():
    gold = doc([("PATIENT", at("John Smith"))])
    system = doc([("PATIENT", at("John Smith"), {"category": "PHI"})])
    r = evaluate_i2b2([gold], [system])
    assert counts(r, "Strict") == (0, 1, 1)
    assert counts(r, "Binary Strict") == (0, 1, 1)
    assert counts(r, "Binary Token") == (2, 0, 0)


def test_category_comes_from_the_schema_or_the_reader_feature():
    relabelled = doc([("PATIENT", at("John Smith"), {"category": "LOCATION"})])
    r = evaluate_i2b2([doc([("PATIENT", at("John Smith"))])], [relabelled])
    assert counts(r, "Strict") == (0, 1, 1) and counts(r, "Binary Strict") == (1, 0, 0)


def test_text_mismatch_is_an_error_or_skipped():
    other = Document(TEXT.replace("John", "Jane"), name="100-01")
    with pytest.raises(EvaluationError, match="E202 document .100-01.*differ.*character 33"):
        evaluate_i2b2([doc(GOLD)], [other])
    r = evaluate_i2b2([doc(GOLD), doc(GOLD, name="102-01")], [other, doc(GOLD, name="102-01")], keep_going=True)
    assert r.mismatched_texts == [("100-01", 33)] and r.n_documents == 1


def test_run_ids_pair_on_the_document_id_and_prefix_titles():
    r = evaluate_i2b2([doc(GOLD, name="100-01")], [doc(SYSTEM, name="100-01run2")])
    assert r.section("run2 Strict").micro.tp == 2
    assert "run2 Strict (1)" in format_report(r)
    with pytest.raises(EvaluationError, match="several runs"):
        evaluate_i2b2([doc(GOLD)], [doc(SYSTEM, name="100-01a"), doc(SYSTEM, name="101-01b")])


def test_missing_system_documents():
    gold = [doc(GOLD), doc(GOLD, name="101-01")]
    r = evaluate_i2b2(gold, [doc(GOLD)])
    assert r.missing == ["101-01"] and r.n_documents == 1
    s = evaluate_i2b2(gold, [doc(GOLD)], strict_docs=True)
    assert counts(s, "Strict") == (6, 0, 6) and s.n_documents == 2


def test_summary_layout_matches_kotfic():
    r = evaluate_i2b2([doc(GOLD)], [doc(SYSTEM)])
    out = format_report(r)
    row = "{:<25}{:<15}{:<15}{:<20}"
    block = "\n".join([
        row.format("Strict (1)", "Measure", "Macro (SD)", "Micro (Primary)"),
        "-" * 75,
        row.format("Total", "Precision", "0.5 (0.0)", "0.5"),
        row.format("", "Recall", "0.3333 (0.0)", "0.3333"),
        row.format("", "F1", "0.4", "0.4"),
        "", "", "",
    ])
    assert block in out
    verbose = format_report(r, verbose=True)
    assert "Report for Strict:" in verbose
    assert row.format("[6(2)4]", "Recall", "", "0.3333") in verbose


def test_sections_builder_adds_the_law_reading_on_request():
    titles = [s.label for s in sections(hipaa_as_law=True)]
    assert titles[-3:] == ["Safe Harbor (law) Token", "Safe Harbor (law) Strict", "Safe Harbor (law) Relaxed"]
    assert len(sections()) == 42
