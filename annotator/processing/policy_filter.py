"""The policy filter PR: keeps only the annotations that count under the chosen policy.

A grammar may find more than one policy wants: the i2b2 2014 guidelines annotate every age and
every date element, HIPAA Safe Harbor only ages over 89 and dates more specific than a year. Such a
grammar marks each annotation that only some policies count with the feature ``policies`` (the
names of those policies, comma-separated); this PR removes the marked annotations whose list does
not name ``policy`` and drops the feature from the others. Unmarked annotations count under every
policy. One pipeline then serves several policies, chosen with ``-p NAME.policy=...``.

``minConfidence`` also removes the annotations whose feature ``confidence`` (0..1, how sure the
rule that made them is) is below it: the operating point a data steward picks from ``annotator
evaluate --metric phi-values --curve``. Annotations without the feature are kept.
"""

from __future__ import annotations

from annotator.document import Annotation, Document
from annotator.errors import ProcessingError, coded
from annotator.processing.base import Param, ProcessingResource, register

#: The feature ``minConfidence`` reads.
CONFIDENCE = "confidence"


@register("policy-filter")
class PolicyFilter(ProcessingResource):
    """Removes the annotations of a set the chosen policy does not count or below minConfidence."""

    policy = Param(str, None, "the policy in force: annotations whose feature lists other policies only are removed",
                   required=True)
    feature = Param(str, "policies", "the feature listing the policies an annotation counts under (comma-separated)")
    minConfidence = Param(float, 0.0, "annotations whose feature 'confidence' is below this are removed "
                          "(those without it are kept)", min=0.0, max=1.0)

    def __call__(self, doc: Document) -> None:
        annset = self.input_set(doc)
        drop = []
        for ann in annset:
            if self.minConfidence > 0.0 and self._confidence(doc, ann) < self.minConfidence:
                drop.append(ann)
                continue
            listed = ann.features.get(self.feature)
            if listed is None:
                continue
            if self.policy in {p.strip() for p in str(listed).split(",")}:
                del ann.features[self.feature]
            else:
                drop.append(ann)
        annset.remove_all(drop)

    def _confidence(self, doc: Document, ann: Annotation) -> float:
        value = ann.features.get(CONFIDENCE, 1.0)
        try:
            return float(value)
        except (TypeError, ValueError):
            raise ProcessingError(coded("E319", pr=self.name, type=ann.type, start=ann.start, value=value),
                                  path=doc.name) from None
