"""Semantics of the document model: validation, ids, views, and every query."""

from __future__ import annotations

import random

import pytest

from annotator import Document
from annotator.errors import DocumentError

TEXT = "Saw Mrs Abby Hayward today."  # 27 characters


@pytest.fixture()
def doc() -> Document:
    d = Document(TEXT, name="d1")
    s = d.annset()
    for start, end in [(0, 3), (4, 7), (8, 12), (13, 20), (21, 26), (26, 27)]:
        s.add("Token", start, end, {"string": TEXT[start:end]})
    s.add("Person", 4, 20, {"gender": "female"})
    s.add("Sentence", 0, 27)
    s.add("Split", 26, 27)
    s.add("Mark", 12, 12)  # zero-length, between "Abby" and " "
    return d


def spans(view) -> list[tuple[int, int]]:
    return [(a.start, a.end) for a in view]


# --------------------------------------------------------------------------- validation and ids
def test_add_returns_annotation_with_unique_ids(doc: Document) -> None:
    ids = [a.id for a in doc.annset()]
    assert len(ids) == len(set(ids)) == 10
    other = doc.annset("Key").add("Person", 4, 20)
    assert other.id not in ids


@pytest.mark.parametrize(
    ("start", "end", "message"),
    [(-1, 3, "outside the text"), (0, 28, "outside the text"), (5, 4, "after its end"), ("0", 3, "integers")],
)
def test_add_rejects_bad_offsets(doc: Document, start, end, message) -> None:
    with pytest.raises(DocumentError, match=message):
        doc.annset().add("Token", start, end)


def test_add_rejects_bad_type_and_features(doc: Document) -> None:
    with pytest.raises(DocumentError, match="non-empty string"):
        doc.annset().add("", 0, 1)
    with pytest.raises(DocumentError, match="not JSON-able"):
        doc.annset().add("Token", 0, 1, {"x": object()})
    with pytest.raises(DocumentError, match="not JSON-able"):
        doc.annset().add("Token", 0, 1, {"x": float("nan")})


def test_explicit_ids_are_kept_and_must_be_unique(doc: Document) -> None:
    a = doc.annset("Key").add("X", 0, 1, id=500)
    assert a.id == 500
    assert doc.annset().add("X", 0, 1).id == 501
    with pytest.raises(DocumentError, match="already used"):
        doc.annset().add("X", 0, 1, id=500)


def test_ids_in_use_across_bulk_adds_gaps_and_removals() -> None:
    """Ids of bulk adds, ids given by number (ahead of the next free one, or in a gap left
    behind) and removed ids: taken ones are refused, free ones claimed, new ones follow the
    highest."""
    d = Document("abcdefghij")
    s = d.annset()
    s.add_columns(["T"] * 3, [0, 1, 2], [1, 2, 3], [{}, {}, {}])  # ids 0, 1, 2
    assert [a.id for a in s] == [0, 1, 2]
    assert s.add("N", 0, 1, id=7).id == 7  # ahead: 3-6 left free
    s.add_columns(["T"] * 2, [3, 4], [4, 5], [{}, {}])
    assert sorted(a.id for a in s.with_type("T")) == [0, 1, 2, 8, 9]
    for taken in (0, 2, 7, 8, 9):
        with pytest.raises(DocumentError, match="already used"):
            d.annset("Other").add("X", 0, 1, id=taken)
    assert d.annset("Other").add("X", 0, 1, id=4).id == 4  # in the gap
    with pytest.raises(DocumentError, match="already used"):
        s.add("X", 0, 1, id=4)
    s.remove(1)
    s.remove(7)
    assert s.add("Again", 0, 1, id=1).id == 1 and s.add("Again", 0, 1, id=7).id == 7
    with pytest.raises(DocumentError, match="already used"):
        s.add("X", 0, 1, id=1)
    assert s.add("Next", 0, 1).id == 10
    with pytest.raises(DocumentError, match="already used"):
        s.add("X", 0, 1, id=True)


def test_offsets_are_read_only(doc: Document) -> None:
    a = doc.annset().first()
    with pytest.raises(AttributeError):
        a.start = 3  # type: ignore[misc]
    a.features["new"] = 1
    assert doc.annset().get(a.id).features["new"] == 1


def test_remove_and_clear(doc: Document) -> None:
    s = doc.annset()
    person = s.with_type("Person").first()
    s.remove(person)
    assert "Person" not in s.types()
    assert spans(s.covering(8, 12)) == [(0, 27), (8, 12)]
    with pytest.raises(DocumentError, match="no annotation with id"):
        s.remove(person)
    s.clear()
    assert len(s) == 0 and list(s.covering(0, 0)) == []


def test_access_by_id_across_types(doc: Document) -> None:
    """get, len, bool, in and remove by id look through every type of the set (bulk adds too)."""
    s = doc.annset()
    s.add_columns(["Lookup", "Token"], [0, 3], [3, 4], [{}, {}])
    assert len(s) == 12 and bool(s) and not doc.annset("Empty")
    lookup = s.with_type("Lookup").first()
    assert s.get(lookup.id) is lookup and lookup in s and s.get(10_000) is None
    twin = doc.annset("Other").add("Lookup", 0, 3)
    assert twin not in s and s.get(twin.id) is None
    with pytest.raises(DocumentError, match="no annotation with id"):
        s.remove(twin)  # an annotation of another set, of a type this set has: not removed here
    assert len(s) == 12 and doc.annset("Other").get(twin.id) is twin
    sentence = s.with_type("Sentence").first()
    s.remove(sentence.id)  # by id: found whatever its type
    assert s.get(sentence.id) is None and sentence not in s and len(s) == 11 and "Sentence" not in s.types()
    assert s.add("Again", 0, 1, id=sentence.id).id == sentence.id  # a removed id is free again
    s.clear()
    assert len(s) == 0 and not s and s.add("X", 0, 1, id=lookup.id).id == lookup.id


# --------------------------------------------------------------------------- order and views
def test_iteration_is_document_order(doc: Document) -> None:
    order = [(a.start, -a.end, a.id) for a in doc.annset()]
    assert order == sorted(order)
    assert [a.type for a in doc.annset()][:3] == ["Sentence", "Token", "Person"]


def test_in_order_gives_the_starts_and_annotations_of_a_type_in_document_order(doc: Document) -> None:
    s = doc.annset()
    s.add("Token", 4, 12)  # starts with "Mrs", longer: before it
    starts, tokens = s.in_order("Token")
    assert tokens == list(s.with_type("Token")) and starts == [a.start for a in tokens]
    assert spans(tokens)[1:3] == [(4, 12), (4, 7)]
    assert s.in_order("Missing") == ([], [])


def test_type_view_is_live_and_counts(doc: Document) -> None:
    tokens = doc.annset().with_type("Token")
    assert len(tokens) == 6
    doc.annset().add("Token", 3, 4)
    assert len(tokens) == 7 and (3, 4) in spans(tokens)
    assert len(doc.annset().with_type("Token", "Split")) == 8
    assert len(doc.annset().with_type("Nothing")) == 0


def test_feature_filters(doc: Document) -> None:
    s = doc.annset()
    assert spans(s.with_type("Token").with_features(string="Mrs")) == [(4, 7)]
    assert spans(s.with_features({"gender": "female"})) == [(4, 20)]
    assert len(s.having_features("string")) == 6
    assert spans(s.filter(lambda a: a.length == 1)) == [(26, 27), (26, 27)]


# --------------------------------------------------------------------------- range queries
def test_covering(doc: Document) -> None:
    s = doc.annset()
    assert spans(s.covering(8, 12)) == [(0, 27), (4, 20), (8, 12)]
    assert spans(s.with_type("Token").covering(9, 10)) == [(8, 12)]
    # a zero-length range is covered by annotations that touch it at either end
    assert spans(s.with_type("Token").covering(12)) == [(8, 12)]
    assert spans(s.with_type("Mark").covering(12, 12)) == [(12, 12)]
    assert spans(s.with_type("Token").covering(3, 5)) == []


def test_within(doc: Document) -> None:
    s = doc.annset()
    assert spans(s.with_type("Token").within(4, 20)) == [(4, 7), (8, 12), (13, 20)]
    # a zero-length annotation at the range boundary is within
    assert spans(s.within(8, 12)) == [(8, 12), (12, 12)]
    assert spans(s.within(12, 12)) == [(12, 12)]


def test_overlapping(doc: Document) -> None:
    s = doc.annset()
    assert spans(s.with_type("Token").overlapping(6, 9)) == [(4, 7), (8, 12)]
    # touching is not overlapping
    assert spans(s.with_type("Token").overlapping(7, 8)) == []
    # a zero-length annotation at p overlaps [s, e) when s <= p < e
    assert (12, 12) in spans(s.overlapping(12, 13))
    assert (12, 12) not in spans(s.overlapping(11, 12))
    # a zero-length query at p overlaps annotations over p and those sitting at p
    assert spans(s.overlapping(12, 12)) == [(0, 27), (4, 20), (12, 12)]


def test_at_starting_ending(doc: Document) -> None:
    s = doc.annset()
    assert spans(s.at(8)) == [(0, 27), (4, 20), (8, 12)]
    assert spans(s.starting_at(4)) == [(4, 20), (4, 7)]
    assert spans(s.ending_at(20)) == [(4, 20), (13, 20)]
    assert spans(s.ending_at(12)) == [(8, 12), (12, 12)]
    assert spans(s.starting_in(20, 27)) == [(21, 26), (26, 27), (26, 27)]


def test_next_and_previous(doc: Document) -> None:
    tokens = doc.annset().with_type("Token")
    abby = tokens.with_features(string="Abby").first()
    assert tokens.next(abby).features["string"] == "Hayward"
    assert tokens.previous(abby).features["string"] == "Mrs"
    assert tokens.next(27) is None and tokens.previous(0) is None
    mark = doc.annset().with_type("Mark").first()
    assert doc.annset().next(mark).start == 13
    assert doc.annset().previous(mark) is not mark
    assert doc.annset().with_type("Token", "Mark").next(12) is mark


def test_query_results_are_views(doc: Document) -> None:
    s = doc.annset()
    inner = s.covering(8, 12).with_type("Token")
    assert spans(inner) == [(8, 12)]
    assert spans(s.within(0, 27).covering(13, 20)) == [(0, 27), (4, 20), (13, 20)]
    assert len(s.within(0, 27).overlapping(25, 27)) == 4


def test_relations_refer_to_annotations(doc: Document) -> None:
    s = doc.annset()
    person, token = s.with_type("Person").first(), s.with_type("Token").first()
    rel = s.add_relation("mentions", [person.id, token.id], {"role": "x"})
    assert s.relations[rel.id].members == [person.id, token.id]
    with pytest.raises(DocumentError, match="not an annotation"):
        s.add_relation("bad", [9999])


def test_named_sets(doc: Document) -> None:
    assert doc.annset_names() == [""]
    doc.annset("Key").add("Person", 4, 20)
    assert doc.has_annset("Key") and doc.annset_names() == ["", "Key"]
    doc.remove_annset("Key")
    assert not doc.has_annset("Key")


# --------------------------------------------------------------------------- against brute force
def _naive(anns, query, s, e):
    def overlaps(a):
        if a.start == a.end:
            return s <= a.start < e if s < e else a.start == s
        return a.start <= s < a.end if s == e else (a.start < e and a.end > s)

    tests = {
        "covering": lambda a: a.start <= s and a.end >= e,
        "within": lambda a: a.start >= s and a.end <= e,
        "overlapping": overlaps,
    }
    return sorted(((a.start, -a.end, a.id) for a in anns if tests[query](a)))


@pytest.mark.parametrize("seed", range(5))
def test_queries_match_brute_force_on_random_nested_sets(seed: int) -> None:
    rng = random.Random(seed)
    doc = Document("x" * 300)
    s = doc.annset()
    for _ in range(400):
        start = rng.randrange(0, 300)
        end = min(300, start + rng.choice([0, 0, 1, 2, 5, 20, 80, 300]))
        s.add(rng.choice("ABC"), start, end)
    anns = list(s)
    for _ in range(300):
        qs = rng.randrange(0, 301)
        qe = min(300, qs + rng.choice([0, 1, 3, 10, 50]))
        for query in ("covering", "within", "overlapping"):
            got = [(a.start, -a.end, a.id) for a in getattr(s, query)(qs, qe)]
            assert got == _naive(anns, query, qs, qe), (query, qs, qe)
            typed = [(a.start, -a.end, a.id) for a in getattr(s.with_type("A", "C"), query)(qs, qe)]
            assert typed == _naive([a for a in anns if a.type in "AC"], query, qs, qe)


def test_type_view_edges_are_the_starts_and_ends(doc: Document) -> None:
    starts, ends = doc.annset().with_type("Token", "Mark").edges()
    assert starts == {0, 4, 8, 12, 13, 21, 26}
    assert ends == {3, 7, 12, 20, 26, 27}
    assert doc.annset().with_type("Nothing").edges() == (set(), set())


def test_type_view_edges_follow_changes(doc: Document) -> None:
    view = doc.annset().with_type("Token")
    before = view.edges()
    added = doc.annset().add("Token", 1, 2)
    assert view.edges() == (before[0] | {1}, before[1] | {2})
    doc.annset().remove(added)
    assert view.edges() == before
