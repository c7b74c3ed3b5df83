"""A self-training round on a synthetic corpus (a tiny CRF), and which pseudo-labelled documents are kept."""

from __future__ import annotations

import pytest

from annotator.learning import selftrain, stacking, training
from annotator.learning.features import FeatureConfig, document_features

from learninghelp import synthetic


class _Fixed:
    """A stand-in model: the same labels and marginals for every sequence."""

    def __init__(self, labels, marginals):
        self.labels, self.marginals = labels, marginals

    def predict_marginals(self, features):
        return self.labels, self.marginals


def test_a_document_is_kept_only_when_every_span_is_sure_enough():
    labels = ["B-NAME", "I-NAME", "O", "B-CITY"]
    assert selftrain.confident(_Fixed(labels, [0.99, 0.95, None, 0.7]), [[[]]], 0.9) == ([], [])
    assert selftrain.confident(_Fixed(labels, [0.99, 0.95, None, 0.7]), [[[]]], 0.7) == ([0], [labels])
    assert selftrain.confident(_Fixed(["O", "O"], [None, None]), [[[]], [[]]], 0.99) == ([0, 1], [["O", "O"]] * 2)


def test_a_self_training_round_adds_confident_documents_and_tags_every_fold(feature_pipeline):
    pytest.importorskip("pycrfsuite")
    config = FeatureConfig(classes=("word", "orth", "bigrams", "section"))
    data = training.examples(synthetic(12, seed=3), "", feature_pipeline, config, show_progress=False)
    unlabelled = [document_features(d, config) for d in (feature_pipeline(doc) for doc in synthetic(20, seed=4))]
    folds = list(stacking.assign_folds([str(i) for i in range(12)], 3).values())
    params = {"max_iterations": 20}
    predicted, added = selftrain.self_training_cv(data.sequences, data.labels, folds, unlabelled, params,
                                                  min_confidence=0.5, rounds=1, show_progress=False)
    assert added[0] == [0, 0, 0] and all(0 < n <= 20 for n in added[1])
    for round_labels in predicted:
        assert [len(p) for p in round_labels] == [len(s) for s in data.sequences]
    assert predicted[1] == data.labels  # the synthetic forms are learnt exactly
    _, none_added = selftrain.self_training_cv(data.sequences, data.labels, folds, unlabelled, params,
                                               min_confidence=1.01, rounds=1, show_progress=False)
    assert none_added[1] == [0, 0, 0]  # every synthetic form has spans, none sure beyond 1
