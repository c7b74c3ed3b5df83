"""The policy-filter PR: keeps the annotations the chosen policy counts (feature ``policies``)."""

from __future__ import annotations

import pytest

from annotator import Document
from annotator.errors import PipelineError, ProcessingError
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


def scored() -> Document:
    doc = Document("Gonzalez called, MRN 3318472, on 3/4/2021.")
    doc.annset("PHI").add("PATIENT", 0, 8, {"confidence": 0.45})
    doc.annset("PHI").add("MEDICALRECORD", 21, 28, {"confidence": "0.9"})  # as read back from XML
    doc.annset("PHI").add("DATE", 33, 41, {})
    return doc


@pytest.mark.parametrize("minimum, types", [
    (None, ["PATIENT", "MEDICALRECORD", "DATE"]),  # default 0.0: nothing dropped
    (0.45, ["PATIENT", "MEDICALRECORD", "DATE"]),  # at the threshold: kept
    (0.5, ["MEDICALRECORD", "DATE"]),
    (1.0, ["DATE"]),  # without a confidence: kept
])
def test_min_confidence_drops_the_annotations_below_it(minimum, types):
    doc = scored()
    params = {} if minimum is None else {"minConfidence": minimum}
    PolicyFilter(policy="hipaa", inputASName="PHI", **params)(doc)
    assert [a.type for a in doc.annset("PHI")] == types


def test_min_confidence_and_the_policy_both_apply():
    doc = annotated()
    doc.annset("PHI").add("DATE", 22, 26, {"confidence": 0.2})
    PolicyFilter(policy="other", minConfidence=0.3, inputASName="PHI")(doc)
    assert kept(doc) == [("DATE", "2021", {}), ("DATE", "3/4/2021", {})]


def test_min_confidence_is_checked_and_a_bad_confidence_is_a_coded_error():
    with pytest.raises(PipelineError, match="E332"):
        PolicyFilter(policy="hipaa", minConfidence=1.5)
    doc = Document("Gonzalez")
    doc.annset("PHI").add("PATIENT", 0, 8, {"confidence": "high"})
    with pytest.raises(ProcessingError, match="E319 .*'high', not a number"):
        PolicyFilter(policy="hipaa", minConfidence=0.5, inputASName="PHI")(doc)
