"""A set's annotations as a pandas DataFrame (annotator.interop.dataframe)."""

from __future__ import annotations

import sys

import pytest

from annotator import AnnotatorError, Document
from annotator.interop import to_dataframe
from interophelp import FEATURES, rich_document

pandas = pytest.importorskip("pandas")

FIXED = ["id", "set", "type", "start", "end", "text"]


def test_one_row_per_annotation_in_document_order_with_one_column_per_feature():
    doc = rich_document()
    frame = to_dataframe(doc)
    anns = list(doc.annset())
    assert list(frame.columns[:6]) == FIXED
    assert frame["id"].tolist() == [a.id for a in anns] and set(frame["set"]) == {""}
    assert list(zip(frame["type"], frame["start"], frame["end"], frame["text"])) == [
        (a.type, a.start, a.end, doc.covered_text(a)) for a in anns]
    assert frame["id"].dtype == "int64" and frame["start"].dtype == "int64"
    name = frame[frame["type"] == "Name"].iloc[0]
    assert {k: name[k] for k in FEATURES} == FEATURES  # values as they are, nested ones too
    person = frame[frame["type"] == "Person"].iloc[0]
    assert person["kind"] == "patient" and person["int"] is None  # missing features are None
    assert frame["int"].dropna().tolist() == [-3]  # an int column stays int values (dtype object)


def test_a_feature_named_like_a_fixed_column_gets_its_own_column():
    doc = Document("abc")
    doc.annset("S").add("T", 0, 3, {"type": "other", "start": 9})
    frame = to_dataframe(doc, "S")
    assert list(frame.columns) == FIXED + ["feature:type", "feature:start"]
    assert frame.loc[0, "type"] == "T" and frame.loc[0, "feature:type"] == "other" and frame.loc[0, "set"] == "S"


def test_features_as_one_dict_column_and_types_chosen():
    doc = rich_document()
    frame = to_dataframe(doc, "", types=["Empty", "Astral"], features="dict")
    assert list(frame.columns) == FIXED + ["features"]
    assert frame["type"].tolist() == ["Empty", "Empty", "Empty", "Astral", "Empty"]
    assert frame["features"].tolist() == [{}, {}, {"where": "before two spaces"}, {"chars": "𝔸𝔹"}, {}]
    frame["features"].iloc[3]["chars"] = "changed"  # a copy
    assert doc.annset().with_type("Astral").first().features == {"chars": "𝔸𝔹"}


def test_an_empty_or_absent_set_gives_the_columns_and_no_rows():
    doc = rich_document()
    for name in ("Nothing", "absent"):
        frame = to_dataframe(doc, name)
        assert list(frame.columns) == FIXED and len(frame) == 0
    assert not doc.has_annset("absent")  # asking does not create the set


def test_bad_arguments_are_a_coded_error():
    with pytest.raises(AnnotatorError, match="^E932 expected features='columns' or 'dict', got 'wide'"):
        to_dataframe(Document("x"), features="wide")
    with pytest.raises(AnnotatorError, match="^E932 expected an annotator Document"):
        to_dataframe(None)


def test_without_pandas_the_conversion_is_one_coded_error_naming_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r'^E930 the DataFrame conversion needs pandas, which is not installed: '
                                          r'pip install "annotator\[pandas\]"'):
        to_dataframe(Document("x"))
