"""The policy filter PR: keeps only the annotations that count under the chosen policy.

A grammar may find more than one policy wants: the i2b2 2014 guidelines annotate every age and
every date element, HIPAA Safe Harbor only ages over 89 and dates more specific than a year. Such a
grammar marks each annotation that only some policies count with the feature ``policies`` (the
names of those policies, comma-separated); this PR removes the marked annotations whose list does
not name ``policy`` and drops the feature from the others. Unmarked annotations count under every
policy. One pipeline then serves several policies, chosen with ``-p NAME.policy=...``.
"""

from __future__ import annotations

from annotator.document import Document
from annotator.processing.base import Param, ProcessingResource, register


@register("policy-filter")
class PolicyFilter(ProcessingResource):
    """Removes the annotations of a set that the chosen policy does not count (feature ``policies``)."""

    policy = Param(str, None, "the policy in force: annotations whose feature lists other policies only are removed",
                   required=True)
    feature = Param(str, "policies", "the feature listing the policies an annotation counts under (comma-separated)")

    def __call__(self, doc: Document) -> None:
        annset = self.input_set(doc)
        drop = []
        for ann in annset:
            listed = ann.features.get(self.feature)
            if listed is None:
                continue
            if self.policy in {p.strip() for p in str(listed).split(",")}:
                del ann.features[self.feature]
            else:
                drop.append(ann)
        annset.remove_all(drop)
