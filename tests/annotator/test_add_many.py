"""AnnotationSet.add_many and add_columns: the bulk paths of the tokenizer, sentence splitter and gazetteers."""

from __future__ import annotations

import gc
import weakref

import pytest

from annotator.document import Document
from annotator.errors import DocumentError


def test_adds_in_order_with_new_ids_and_takes_the_dicts() -> None:
    doc = Document("hello world")
    annset = doc.annset()
    first = annset.add("X", 0, 11)
    features = {"kind": "word"}
    annset.add_many([("Token", 0, 5, features), ("SpaceToken", 5, 6, {}), ("Token", 6, 11, {"n": [1, 2]})])
    tokens = list(annset.with_type("Token"))
    assert [t.span for t in tokens] == [(0, 5), (6, 11)]
    assert tokens[0].features is features
    ids = [a.id for a in annset if a.type != "X"]
    assert len(set(ids + [first.id])) == 4 and sorted(ids) == ids
    assert annset.add("Y", 0, 0).id not in ids + [first.id]
    assert len(annset.overlapping(4, 7)) == 4


def test_ids_are_unique_across_sets() -> None:
    doc = Document("abc")
    doc.annset().add("X", 0, 1, id=1)
    doc.annset("other").add_many([("T", 0, 1, {}), ("T", 1, 2, {}), ("T", 2, 3, {})])
    ids = [a.id for a in doc.annset("other")]
    assert len(set(ids)) == 3 and 1 not in ids


def test_new_ids_follow_every_id_given_and_skip_none_in_use() -> None:
    """Bulk adds after ids given by number and a removal: new ids above the highest, none reused."""
    doc = Document("abcd")
    annset = doc.annset()
    first = annset.add("X", 0, 1)
    annset.add("X", 1, 2, id=3)
    annset.remove(first)
    annset.add("X", 2, 3, id=5)
    annset.add("X", 3, 4, id=7)
    annset.add_many([("T", 0, 1, {}), ("T", 1, 2, {}), ("T", 2, 3, {})])
    assert sorted(a.id for a in annset.with_type("T")) == [8, 9, 10]
    assert annset.add("X", 0, 1, id=first.id).id == first.id  # the removed id may be given again


def test_empty_input_changes_nothing() -> None:
    doc = Document("abc")
    doc.annset().add_many([])
    assert len(doc.annset()) == 0


@pytest.mark.parametrize(
    "item, code",
    [(("T", 0, 9, {}), "outside"), (("T", 2, 1, {}), "after its end"), (("", 0, 1, {}), "non-empty"),
     (("T", 0.0, 1, {}), "integers"), (("T", 0, True, {}), "integers"),
     (("T", 0, 1, {"f": object()}), "JSON-able")],
)
def test_checks_like_add(item: tuple, code: str) -> None:
    doc = Document("abc")
    annset = doc.annset()
    with pytest.raises(DocumentError, match=code):
        annset.add(*item)
    with pytest.raises(DocumentError, match=code):
        annset.add_many([("T", 0, 1, {}), item])
    assert [a.span for a in annset] == [(0, 1)]
    assert annset.types() == {"T"}
    assert annset.add("U", 0, 3).id not in {a.id for a in annset.with_type("T")}


def test_unchecked_features_are_taken_as_given() -> None:
    doc = Document("abc")
    doc.annset().add_many([("T", 0, 1, {"a": "b"})], check_features=False)
    assert doc.annset().with_type("T").first().features == {"a": "b"}


def test_garbage_collector_state_is_restored() -> None:
    doc = Document("abc")
    assert gc.isenabled()
    doc.annset().add_many([("T", 0, 1, {})])
    assert gc.isenabled()
    with pytest.raises(DocumentError):
        doc.annset().add_many([("T", 0, 9, {})])
    assert gc.isenabled()
    gc.disable()
    try:
        doc.annset().add_many([("T", 1, 2, {})])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_columns_add_like_items() -> None:
    items = [("Token", 0, 5, {"kind": "word"}), ("SpaceToken", 5, 6, {}), ("Token", 6, 11, {"kind": "word"})]
    by_items, by_columns = Document("hello world"), Document("hello world")
    by_items.annset().add("X", 0, 1)
    by_columns.annset().add("X", 0, 1)
    by_items.annset().add_many(items)
    features = [dict(f) for *_, f in items]
    by_columns.annset().add_columns(["Token", "SpaceToken", "Token"], [0, 5, 6], [5, 6, 11], features)
    rows = [[(a.id, a.type, a.span, a.features) for a in d.annset()] for d in (by_items, by_columns)]
    assert rows[0] == rows[1] and len(rows[0]) == 4
    assert [a.features for a in by_columns.annset().with_type("Token")][1] is features[2]
    assert by_columns.annset().types() == {"X", "Token", "SpaceToken"}


@pytest.mark.parametrize(
    "column, value, code",
    [("starts", 7, "after its end"), ("ends", 12, "outside"), ("types", "", "non-empty"), ("starts", 1.0, "integers")],
)
def test_columns_are_checked_and_the_items_before_an_error_stay(column: str, value: object, code: str) -> None:
    doc = Document("hello world")
    columns = {"types": ["T", "T", "T"], "starts": [0, 1, 2], "ends": [1, 2, 3]}
    columns[column][1] = value
    with pytest.raises(DocumentError, match=code):
        doc.annset().add_columns(columns["types"], columns["starts"], columns["ends"], [{}, {}, {}])
    assert [a.span for a in doc.annset()] == [(0, 1)]


def test_columns_must_have_one_length() -> None:
    with pytest.raises(ValueError, match="differ in length"):
        Document("abc").annset().add_columns(["T", "T"], [0, 1], [1, 2], [{}])


def test_unchecked_spans_are_taken_as_given() -> None:
    doc = Document("abc")
    doc.annset().add_columns(["T"], [2], [1], [{}], check_spans=False)  # the caller's promise, not checked
    assert doc.annset().with_type("T").first().span == (2, 1)


def test_a_document_is_freed_without_the_cyclic_collector() -> None:
    gc.disable()
    try:
        doc = Document("hello world")
        annset = doc.annset("kept")
        annset.add_columns(["T", "T"], [0, 6], [5, 11], [{}, {}])
        ref = weakref.ref(doc)
        assert annset.document is doc
        del doc
        assert ref() is None  # freed by reference counting: no reference cycle
    finally:
        gc.enable()
    # the set outlives its document and still works on its own annotations and ids
    assert annset.document is None
    added = annset.add("U", 0, 11)
    assert added.id not in {a.id for a in annset.with_type("T")}
    assert annset.add_relation("r", [added.id]).members == [added.id]
    with pytest.raises(DocumentError):
        annset.add_relation("r", [999])
