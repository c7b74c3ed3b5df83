"""Self-training: a model labels unlabelled sequences, the sequences it is sure of join its training
data, and it is trained again; measured by cross-validation on the labelled corpus.

A sequence (a document) is kept when every span the model finds in it has a confidence (the least
marginal of its tokens' labels, as the crf-tagger gives its spans) of at least ``min_confidence``:
a document with a doubtful span is left out whole, since keeping it with that span dropped would
teach the model that those tokens are outside any span. Documents without any span are kept too
(most tokens of a clinical note are O).

:func:`self_training_cv` keeps the cross-validation honest: the unlabelled sequences of fold ``k``'s
round are labelled by the model trained without fold ``k``, so no held-out label reaches its own
test through the pseudo-labels.
"""

from __future__ import annotations

from typing import Any, Sequence

from tqdm import tqdm

from annotator.learning import bio
from annotator.learning.tagger import learner_module
from annotator.learning.training import settings_of

Sequences = Sequence[Sequence[Sequence[str]]]


def confident(model: Any, unlabelled: Sequences, min_confidence: float) -> tuple[list[int], list[list[str]]]:
    """The indices of the ``unlabelled`` sequences whose every span ``model`` (a CRF with
    ``predict_marginals``) labels with confidence ``min_confidence`` or more, and their labels."""
    kept, labels = [], []
    for i, features in enumerate(unlabelled):
        predicted, marginals = model.predict_marginals(features)
        if all(min(marginals[first:end]) >= min_confidence for _, first, end in bio.runs(predicted)):
            kept.append(i)
            labels.append(predicted)
    return kept, labels


def self_training_cv(sequences: Sequences, labels: Sequence[Sequence[str]], folds: Sequence[int],
                     unlabelled: Sequences, params: dict[str, Any], min_confidence: float, rounds: int = 1,
                     show_progress: bool = True) -> tuple[list[list[list[str]]], list[list[int]]]:
    """Out-of-fold CRF labels of every labelled sequence after each round (round 0: trained on the
    other folds only; round r: on them plus the unlabelled sequences the round r-1 model of the same
    folds was confident of), and per round the number of unlabelled sequences each fold's model added."""
    module = learner_module("crf")
    settings = settings_of(module, params)
    predicted = [[[] for _ in sequences] for _ in range(rounds + 1)]
    added: list[list[int]] = [[] for _ in range(rounds + 1)]
    for fold in tqdm(sorted(set(folds)), desc="self-training", unit="fold", disable=not show_progress):
        inside = [i for i, f in enumerate(folds) if f != fold]
        extra_x: list = []
        extra_y: list = []
        for r in range(rounds + 1):
            model = module.load(module.train([sequences[i] for i in inside] + extra_x,
                                             [labels[i] for i in inside] + extra_y, settings))
            added[r].append(len(extra_x))
            for i, f in enumerate(folds):
                if f == fold:
                    predicted[r][i] = model.predict(sequences[i])
            if r < rounds:
                kept, extra_y = confident(model, unlabelled, min_confidence)
                extra_x = [unlabelled[i] for i in kept]
    return predicted, added
