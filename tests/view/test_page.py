"""Document pages: every annotation drawn with its attributes and exact text, nested and crossing
ones cut into pieces that keep their id, empty ones marked, sets and types chosen, the text intact."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from annotator import Document
from annotator.view import html
from tests.view.pagehelp import by_id, pieces

TEXT = "Saw Mrs Abby <Hayward> & co. on 2/7 \U0001F600 ok"


def sample() -> Document:
    doc = Document(TEXT, name="note-1")
    anns = doc.annset()
    anns.add("Person", 4, 22, {"gender": "female", "note": 'a "quoted" <value>'})
    anns.add("Name", 8, 12)          # nested in Person
    anns.add("Span", 10, 28)         # crosses Person's end
    anns.add("Mark", 13, 13)         # zero-length
    doc.annset("Key").add("Person", 8, 22, {"source": "gold"})
    doc.annset("Key").add("Emoji", 37, 38)
    return doc


def test_every_annotation_is_an_element_with_its_set_type_offsets_and_text():
    doc = sample()
    found = pieces(html(doc))
    assert found.text == doc.text  # the text comes through whole, escaped and unescaped
    groups = by_id(found)
    expected = {(name, a.id): a for name in doc.annset_names() for a in doc.annset(name)}
    assert len(groups) == len(expected)
    for (set_name, ann_id), ann in expected.items():
        parts = groups[str(ann_id)]
        for piece in parts:
            assert (piece.attrs["data-set"], piece.attrs["data-type"]) == (set_name, ann.type)
            assert (int(piece.attrs["data-start"]), int(piece.attrs["data-end"])) == (ann.start, ann.end)
        assert "".join(p.text for p in parts) == doc.text[ann.start:ann.end]
    crossing = groups[str(next(iter(doc.annset().with_type("Span"))).id)]
    # opened inside Name, cut where Name ends (12) and where the Persons end (22): one id throughout
    assert [p.text for p in crossing] == ["by", " <Hayward>", " & co."]
    (mark,) = groups[str(next(iter(doc.annset().with_type("Mark"))).id)]
    assert "z" in mark.classes and mark.text == ""


def test_nested_annotations_are_nested_elements():
    doc = sample()
    groups = by_id(pieces(html(doc)))
    person = next(iter(doc.annset().with_type("Person")))
    name = next(iter(doc.annset().with_type("Name")))
    (inner,) = groups[str(name.id)]
    assert str(person.id) in inner.parents
    assert "d1" in inner.classes or "d2" in inner.classes  # drawn deeper than its container


def test_features_and_offsets_are_in_the_hover_text_escaped():
    page = html(sample())
    person = next(p for p in pieces(page).pieces if p.attrs["data-type"] == "Person" and p.attrs["data-set"] == "")
    assert person.attrs["title"].splitlines() == ["Person [4, 22)", 'gender = "female"', 'note = "a \\"quoted\\" <value>"']
    assert "<Hayward>" not in page and "&lt;Hayward&gt;" in page


def test_sets_and_types_choose_what_is_shown():
    doc = sample()
    only_key = pieces(html(doc, sets=["Key"]))
    assert {p.attrs["data-set"] for p in only_key.pieces} == {"Key"}
    persons = pieces(html(doc, types=["Person"]))
    assert {(p.attrs["data-set"], p.attrs["data-type"]) for p in persons.pieces} == {("", "Person"), ("Key", "Person")}
    default = pieces(html(doc, sets=[""], types=["Mark", "Nothing"]))
    assert [p.attrs["data-type"] for p in default.pieces] == ["Mark"]


def test_the_page_is_self_contained():
    page = html(sample())
    assert "http://" not in page and "https://" not in page and "<link" not in page and "src=" not in page
    assert page.count("<style>") == 1 and page.count("<script>") == 1


def test_jupyter_shows_the_page_in_a_frame():
    formatters = pytest.importorskip("IPython.core.formatters", reason="IPython is not installed")
    from annotator.view import load_ipython_extension

    shell = SimpleNamespace(display_formatter=formatters.DisplayFormatter())  # what %load_ext passes
    load_ipython_extension(shell)
    shown, _ = shell.display_formatter.format(sample())
    assert shown["text/html"].startswith("<iframe srcdoc=") and "data-type=&quot;Person&quot;" in shown["text/html"]


def test_the_document_model_imports_no_view():
    done = subprocess.run([sys.executable, "-c", "import sys, annotator.document, annotator\n"
                           "print(sorted(m for m in sys.modules if m.startswith('annotator.view')))"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


spans = st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)).map(sorted), max_size=12)


@settings(max_examples=150, deadline=None)
@given(spans)
def test_any_annotations_come_back_whole_from_their_pieces(offsets):
    doc = Document("abcdefghij<&>klmnopqrstuvwxyz01", name="d")
    for i, (start, end) in enumerate(offsets):
        doc.annset("" if i % 2 else "S").add(f"T{i % 3}", start, end)
    found = pieces(html(doc))
    assert found.text == doc.text
    groups = by_id(found)
    for name in doc.annset_names():
        for ann in doc.annset(name):
            parts = groups[str(ann.id)]
            assert "".join(p.text for p in parts) == doc.text[ann.start:ann.end]
            assert all((p.attrs["data-start"], p.attrs["data-end"]) == (str(ann.start), str(ann.end)) for p in parts)
            assert (ann.start == ann.end) == all("z" in p.classes for p in parts)
