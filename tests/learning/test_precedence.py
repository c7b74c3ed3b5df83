"""The span-precedence PR: merging a rule set and a learned set with a precedence per type."""

from __future__ import annotations

import pytest

from annotator.document import Document
from annotator.errors import PipelineError
from annotator.learning.precedence import SpanPrecedence, merge, read_merges, write_merges
from annotator.processing import resource_class

RULES = [("FECHAS", 0, 10), ("NOMBRE", 20, 30), ("CALLE", 40, 50)]
CRF = [("FECHAS", 0, 8), ("NOMBRE", 20, 31), ("PAIS", 60, 65), ("HOSPITAL", 45, 55)]


def _picked(sources, **kwargs):
    return [sources[s][i] for s, i in merge(sources, **kwargs)]


def test_the_first_source_wins_conflicts_and_the_others_fill_the_gaps():
    assert _picked([CRF, RULES]) == [("FECHAS", 0, 8), ("NOMBRE", 20, 31), ("HOSPITAL", 45, 55), ("PAIS", 60, 65)]
    assert _picked([RULES, CRF]) == [("FECHAS", 0, 10), ("NOMBRE", 20, 30), ("CALLE", 40, 50), ("PAIS", 60, 65)]


def test_a_type_s_precedence_makes_its_source_win_that_type_s_conflicts():
    picked = _picked([CRF, RULES], precedence={"FECHAS": 1, "CALLE": 1})
    assert picked == [("FECHAS", 0, 10), ("NOMBRE", 20, 31), ("CALLE", 40, 50), ("PAIS", 60, 65)]


def test_only_takes_a_type_from_one_source():
    assert _picked([CRF, RULES], only={"CALLE": 0, "PAIS": 1}) == [
        ("FECHAS", 0, 8), ("NOMBRE", 20, 31), ("HOSPITAL", 45, 55)]


def _doc() -> Document:
    doc = Document("x" * 70, name="d")
    for type_name, start, end in RULES:
        doc.annset("PHI").add(type_name, start, end, {"rule": type_name.lower()})
    for type_name, start, end in CRF:
        doc.annset("CRF").add(type_name, start, end)
    return doc


def test_the_pr_merges_into_a_source_set_in_place_and_keeps_features():
    pr = resource_class("span-precedence")(sources=["CRF", "PHI"], precedence=["CALLE=PHI", "FECHAS=PHI"],
                                           only=["PAIS=PHI"])
    doc = _doc()
    pr(doc)
    merged = sorted((a.type, a.start, a.end, a.features.get("rule")) for a in doc.annset("PHI"))
    assert merged == [("CALLE", 40, 50, "calle"), ("FECHAS", 0, 10, "fechas"), ("NOMBRE", 20, 31, None)]
    assert len(doc.annset("CRF")) == 4, "the sources other than the output stay as they were"


@pytest.mark.parametrize("params", [
    {"sources": ["PHI"]}, {"sources": ["PHI", "PHI"]},
    {"sources": ["CRF", "PHI"], "precedence": ["FECHAS"]},
    {"sources": ["CRF", "PHI"], "precedence": ["FECHAS=Other"]},
    {"sources": ["CRF", "PHI"], "only": ["FECHAS=PHI", "FECHAS=CRF"]},
])
def test_bad_parameters_are_one_coded_error(params):
    with pytest.raises(PipelineError, match="E813 span-precedence: "):
        SpanPrecedence(**params)


def test_the_merge_keeps_the_confidence_of_the_span_it_keeps():
    doc = Document("x" * 70, name="d")
    for i, (type_name, start, end) in enumerate(RULES):
        doc.annset("PHI").add(type_name, start, end, {"rule": type_name.lower(), "confidence": 0.9 - i / 10})
    for i, (type_name, start, end) in enumerate(CRF):
        doc.annset("CRF").add(type_name, start, end, {"confidence": 0.5 + i / 100})
    sources = {name: {(a.type, a.start, a.end): a.features["confidence"] for a in doc.annset(name)}
               for name in ("PHI", "CRF")}
    SpanPrecedence(sources=["CRF", "PHI"], precedence=["CALLE=PHI", "FECHAS=PHI"])(doc)
    merged = {(a.type, a.start, a.end): a.features["confidence"] for a in doc.annset("PHI")}
    assert set(merged) == {("FECHAS", 0, 10), ("NOMBRE", 20, 31), ("CALLE", 40, 50), ("PAIS", 60, 65)}
    for span, value in merged.items():
        assert value == sources["PHI" if span in sources["PHI"] else "CRF"][span]


def test_a_merges_file_gives_the_merge_its_entries_give_inline(tmp_path):
    path = tmp_path / "merges.tsv"
    path.write_text("# chosen elsewhere\nCALLE\tprecedence\tPHI\nFECHAS\tprecedence\tPHI\n\nPAIS\tonly\tPHI\n",
                    encoding="utf-8")
    inline, from_file = _doc(), _doc()
    SpanPrecedence(sources=["CRF", "PHI"], precedence=["CALLE=PHI", "FECHAS=PHI"], only=["PAIS=PHI"])(inline)
    SpanPrecedence(sources=["CRF", "PHI"], merges=path)(from_file)
    spans = [sorted((a.type, a.start, a.end) for a in d.annset("PHI")) for d in (inline, from_file)]
    assert spans[0] == spans[1] == [("CALLE", 40, 50), ("FECHAS", 0, 10), ("NOMBRE", 20, 31)]


@pytest.mark.parametrize("text", ["CALLE\tfirst\tPHI\n", "CALLE PHI\n", "CALLE\tonly\tOther\n"])
def test_a_bad_merges_line_is_one_coded_error_naming_its_line(tmp_path, text):
    path = tmp_path / "merges.tsv"
    path.write_text("# header\n" + text, encoding="utf-8")
    with pytest.raises(PipelineError, match="E813 span-precedence: "):
        SpanPrecedence(sources=["CRF", "PHI"], merges=path)
    if "Other" not in text:
        with pytest.raises(PipelineError, match=r"merges.tsv:2: "):
            SpanPrecedence(sources=["CRF", "PHI"], merges=path)


def test_a_type_given_inline_and_in_the_merges_file_is_an_error(tmp_path):
    path = tmp_path / "merges.tsv"
    path.write_text("CALLE\tonly\tCRF\n", encoding="utf-8")
    with pytest.raises(PipelineError, match="E813 span-precedence: only entry 'CALLE=CRF'"):
        SpanPrecedence(sources=["CRF", "PHI"], only=["CALLE=PHI"], merges=path)


def test_written_merges_read_back_and_the_same_merges_give_the_same_bytes(tmp_path):
    first, second = tmp_path / "a.tsv", tmp_path / "b.tsv"
    write_merges(first, {"PAIS": "PHI", "CALLE": "CRF"}, {"FECHAS": "PHI"}, "two lines\nof header")
    write_merges(second, {"CALLE": "CRF", "PAIS": "PHI"}, {"FECHAS": "PHI"}, "two lines\nof header")
    assert first.read_bytes() == second.read_bytes()
    assert first.read_text(encoding="utf-8").startswith("# two lines\n# of header\n")
    assert read_merges(first) == {"precedence": ["CALLE=CRF", "PAIS=PHI"], "only": ["FECHAS=PHI"]}
