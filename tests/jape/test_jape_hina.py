"""The shipped Hina et al. grammar (resources/grammars/hina) on the paper's examples."""

from __future__ import annotations

import pytest
from japehelp import make_doc

from annotator.jape import compile_grammar
from annotator.paths import RESOURCES

GRAMMAR = RESOURCES / "grammars" / "hina" / "main.jape"
PIPELINE = RESOURCES / "pipelines" / "hina.xml"
OUTPUT = ("Patient", "Doctor", "OtherName", "Place")

# the paper's false-positive traps: a name list entry used as a verb, adverb, modal or adjective
TRAPS = ["Not drinking in am.", "She has read over the leaflet.", "The visit was cut short.",
         "She feels a little guilty.", "Her diabetes may be worse.", "He coughed up green spit."]


def outputs(doc) -> list[tuple[str, str]]:
    return [(a.type, doc.text[a.start:a.end]) for a in doc.annset() if a.type in OUTPUT]


def tagged(text: str, tags: dict[str, str], lookups: dict[str, tuple[str, str | None]]):
    """A document with tokens, hand-set POS tags (default NN) and hand-made Lookups."""
    doc = make_doc(text)
    for tok in doc.annset().with_type("Token"):
        tok.features["category"] = tags.get(tok.features["string"], "NN")
    for word, (major, minor) in lookups.items():
        start = text.index(word)
        features = {"majorType": major} if minor is None else {"majorType": major, "minorType": minor}
        doc.annset().add("Lookup", start, start + len(word), features)
    return doc


@pytest.mark.parametrize("text, tags, word", [
    ("Not drinking in am", {"am": "VBP"}, "am"),
    ("She has read over", {"read": "VBN"}, "read"),
    ("The visit was cut short", {"short": "RB"}, "short"),
    ("She feels a little guilty", {"little": "JJ"}, "little"),
    ("Her diabetes may be worse", {"may": "MD"}, "may"),
    ("He coughed up green spit", {"green": "JJ"}, "green"),
])
def test_name_lookups_are_gated_by_part_of_speech(text, tags, word):
    grammar = compile_grammar(GRAMMAR)
    doc = tagged(text, tags, {word: ("person_surname", None)})
    grammar(doc)
    assert outputs(doc) == []
    # the same word tagged as a proper noun and capitalised is a name
    upper = text.replace(word, word.capitalize())
    doc = tagged(upper, {word.capitalize(): "NNP"}, {word.capitalize(): ("person_surname", None)})
    grammar(doc)
    assert outputs(doc) == [("Patient", word.capitalize())]


def test_lowercase_names_are_not_names_whatever_their_tag():
    doc = tagged("saw green yesterday", {"green": "NNP"}, {"green": ("person_surname", None)})
    compile_grammar(GRAMMAR)(doc)
    assert outputs(doc) == []


def test_titles_roles_and_places():
    grammar = compile_grammar(GRAMMAR)
    doc = tagged("Saw Mrs Abby Hayward and Dr Green . Her nurse Ann came from Bath and DeWitt .",
                 {"Saw": "VBD", "Mrs": "NNP", "Abby": "NNP", "Hayward": "NNP", "Dr": "NNP", "Green": "NNP",
                  "Her": "PRP$", "Ann": "NNP", "from": "IN", "Bath": "NNP", "DeWitt": "NNP"},
                 {"Mrs": ("title", "patient"), "Abby": ("person_first", "female"),
                  "Hayward": ("person_surname", None), "Dr": ("title", "doctor"), "Green": ("person_surname", None),
                  "nurse": ("role", "other"), "Ann": ("person_first", "female"), "Bath": ("location", "place"),
                  "DeWitt": ("location", "city")})
    grammar(doc)
    assert outputs(doc) == [("Patient", "Abby Hayward"), ("Doctor", "Green"), ("OtherName", "Ann"),
                            ("Place", "Bath")]  # DeWitt is mixed case: not a place
    categories = {a.type: a.features["category"] for a in doc.annset() if a.type in OUTPUT}
    assert categories == {"Patient": "Patient", "Doctor": "Doctor", "OtherName": "Other name", "Place": "Place"}
    assert not doc.annset().with_type("TempName") and not doc.annset().with_type("TempPlace")


def test_pipeline_on_the_papers_examples():
    from annotator.pipeline import Pipeline

    pipeline = Pipeline.from_xml(PIPELINE)
    from annotator import Document

    for text in TRAPS:
        doc = Document(text)
        pipeline(doc)
        assert outputs(doc) == [], text
    doc = Document("Saw Mrs Abby Hayward today. Seen by Dr Green. Her partner John came along.")
    pipeline(doc)
    assert outputs(doc) == [("Patient", "Abby Hayward"), ("Doctor", "Green"), ("OtherName", "John")]
