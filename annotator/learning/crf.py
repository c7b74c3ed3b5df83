"""The linear-chain CRF learner (python-crfsuite, L-BFGS): training, and the loaded model.

Each document is one sequence; a token's features are binary attributes. The payload is
crfsuite's own model file (``crfsuite.model``), opened from memory when the model loads. With an
L1 term (``c1`` > 0) crfsuite keeps only the features with non-zero weights, which keeps the
model file small.

A loaded model also gives each token's marginal probability of its label (forward-backward over
the sequence), from which the crf-tagger PR makes its spans' confidence.
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path
from typing import Any, Callable, Sequence

from annotator.learning.bio import OUTSIDE

NAME = "crf"
PAYLOAD = "crfsuite.model"
DEFAULTS: dict[str, Any] = {"c1": 0.05, "c2": 0.01, "max_iterations": 150, "min_freq": 1,
                            "all_transitions": True}


def train(sequences: Sequence[Sequence[Sequence[str]]], labels: Sequence[Sequence[str]], params: dict[str, Any],
          progress: Callable[[int, int], None] | None = None) -> dict[str, bytes]:
    """Train on ``sequences`` (per sequence, per token, its features) and their ``labels``; calls
    ``progress(iteration, max_iterations)`` after each L-BFGS iteration. Returns the payload."""
    import pycrfsuite

    class _Trainer(pycrfsuite.Trainer):
        def message(self, message: str) -> None:  # crfsuite's log, line by line (not printed)
            if self.logparser.feed(message) == "iteration" and progress is not None:
                progress(int(self.logparser.last_iteration.get("num", 0)), int(params["max_iterations"]))

    trainer = _Trainer(algorithm="lbfgs", verbose=False)
    trainer.set_params({"c1": float(params["c1"]), "c2": float(params["c2"]),
                        "max_iterations": int(params["max_iterations"]),
                        "feature.minfreq": float(params["min_freq"]),
                        "feature.possible_transitions": bool(params["all_transitions"])})
    for xseq, yseq in zip(sequences, labels):
        trainer.append(xseq, yseq)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / PAYLOAD
        trainer.train(str(path))
        return {PAYLOAD: path.read_bytes()}


class CrfModel:
    """A loaded CRF: ``predict(features)`` labels one sequence, ``predict_marginals(features)``
    also gives the marginals. Threads may share it (crfsuite's tagger holds the last sequence: a
    lock keeps a sequence and its marginals together)."""

    def __init__(self, payload: dict[str, bytes]) -> None:
        import pycrfsuite

        self._data = payload[PAYLOAD]  # crfsuite reads it in place: keep it alive
        self._tagger = pycrfsuite.Tagger()
        self._tagger.open_inmemory(self._data)
        self._lock = threading.Lock()

    def predict(self, features: Sequence[Sequence[str]]) -> list[str]:
        with self._lock:
            return list(self._tagger.tag(features)) if features else []

    def predict_marginals(self, features: Sequence[Sequence[str]]) -> tuple[list[str], list[float | None]]:
        """The labels, and for each token not labelled O the marginal probability of its label
        (None for O: spans do not need it, and it is not computed)."""
        if not features:
            return [], []
        with self._lock:
            labels = list(self._tagger.tag(features))
            marginal = self._tagger.marginal
            return labels, [None if label == OUTSIDE else marginal(label, t) for t, label in enumerate(labels)]


def load(payload: dict[str, bytes]) -> CrfModel:
    return CrfModel(payload)
