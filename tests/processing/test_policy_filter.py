"""The policy-filter PR: keeps the annotations the chosen policy counts (feature ``policies``)."""

from __future__ import annotations

import pytest

from annotator import Document
from annotator.errors import PipelineError
from annotator.processing.policy_filter import PolicyFilter


def annotated() -> Document:
    doc = Document("A 55-year-old seen in 2021 and on 3/4/2021.")
    doc.annset("PHI").add("AGE", 2, 4, {"policies": "i2b2-2014"})
    doc.annset("PHI").add("DATE", 22, 26, {"policies": "i2b2-2014, other"})
    doc.annset("PHI").add("DATE", 34, 42, {})
    return doc


def kept(doc: Document) -> list[tuple[str, str, dict]]:
    return [(a.type, doc.text[a.start:a.end], a.features) for a in doc.annset("PHI")]


def test_marked_annotations_stay_only_under_a_policy_they_name():
    doc = annotated()
    PolicyFilter(policy="hipaa", inputASName="PHI")(doc)
    assert kept(doc) == [("DATE", "3/4/2021", {})]


def test_the_named_policy_keeps_them_without_the_feature():
    doc = annotated()
    PolicyFilter(policy="other", inputASName="PHI")(doc)
    assert kept(doc) == [("DATE", "2021", {}), ("DATE", "3/4/2021", {})]


def test_the_policy_is_required():
    with pytest.raises(PipelineError, match="E330"):
        PolicyFilter(inputASName="PHI")
