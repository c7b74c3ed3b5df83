"""The per-token SVM learner (scikit-learn), after Stat De-id: training, and the loaded model.

Each token is one example, its features a binary vector over the training vocabulary (features
seen at least ``min_count`` times). ``kernel``:

- ``linear`` (default): ``LinearSVC`` (liblinear, one-vs-rest); the payload ``weights.json`` holds
  the vocabulary and, per class, its non-zero weights (rounded to 6 decimals) and intercept.
- ``poly2`` (quadratic, ``(x.y + 1)^2``) and ``rbf`` (Gaussian, ``gamma`` = 1 / (features x
  variance), scikit-learn's "scale"): ``SVC`` (libsvm, one-vs-one); the payload holds the
  support vectors (as vocabulary indices: the vectors are binary), dual coefficients and
  intercepts, and prediction redoes libsvm's one-vs-one vote in numpy.

No pickle: everything is JSON.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Callable, Sequence

import numpy as np

NAME = "svm"
PAYLOAD = "weights.json"
KERNELS = ("linear", "poly2", "rbf")
DEFAULTS: dict[str, Any] = {"kernel": "linear", "C": 0.1, "min_count": 1, "max_iter": 2000}


def _matrix(rows: Sequence[Sequence[int]], width: int):
    from scipy.sparse import csr_matrix

    indptr = np.cumsum([0] + [len(r) for r in rows])
    indices = np.fromiter((i for r in rows for i in r), dtype=np.int64, count=int(indptr[-1]))
    return csr_matrix((np.ones(len(indices)), indices, indptr), shape=(len(rows), width))


def _rows(tokens: Sequence[Sequence[str]], index: dict[str, int]) -> list[list[int]]:
    return [sorted({index[f] for f in feats if f in index}) for feats in tokens]


def train(sequences: Sequence[Sequence[Sequence[str]]], labels: Sequence[Sequence[str]], params: dict[str, Any],
          progress: Callable[[int, int], None] | None = None) -> dict[str, bytes]:
    """Train on every token of ``sequences`` with its label; returns the payload. ``progress`` is
    called once, at the end (liblinear and libsvm report nothing while they run)."""
    from sklearn.svm import SVC, LinearSVC

    tokens = [feats for seq in sequences for feats in seq]
    y = [label for seq in labels for label in seq]
    counts = Counter(f for feats in tokens for f in set(feats))
    vocabulary = sorted(f for f, n in counts.items() if n >= int(params["min_count"]))
    index = {f: i for i, f in enumerate(vocabulary)}
    x = _matrix(_rows(tokens, index), len(vocabulary))
    kernel = params["kernel"]
    data: dict[str, Any] = {"kernel": kernel, "features": vocabulary}
    if kernel == "linear":
        svm = LinearSVC(C=float(params["C"]), max_iter=int(params["max_iter"]), random_state=0).fit(x, y)
        coef, intercept = svm.coef_, svm.intercept_
        if len(svm.classes_) == 2:  # one weight vector for two classes: class 1 against class 0
            coef, intercept = np.vstack([-coef, coef]), np.concatenate([-intercept, intercept])
        data["classes"] = [str(c) for c in svm.classes_]
        data["weights"] = [[[int(i), round(float(w), 6)] for i, w in enumerate(row) if round(float(w), 6)]
                           for row in coef]
        data["intercepts"] = [round(float(b), 6) for b in intercept]
    else:
        mean = x.sum() / (x.shape[0] * x.shape[1])
        gamma = 1.0 if kernel == "poly2" else 1.0 / (x.shape[1] * (mean - mean * mean) or 1.0)
        svm = SVC(kernel="poly" if kernel == "poly2" else "rbf", degree=2, coef0=1.0, gamma=gamma,
                  C=float(params["C"]), max_iter=-1).fit(x, y)
        # scikit-learn negates libsvm's coefficients for two classes; store libsvm's own
        sign = -1.0 if len(svm.classes_) == 2 else 1.0
        data.update(classes=[str(c) for c in svm.classes_], gamma=gamma,
                    support=[[int(i) for i in row.indices] for row in svm.support_vectors_.tocsr()],
                    n_support=[int(n) for n in svm.n_support_],
                    dual=[[sign * float(v) for v in row] for row in svm.dual_coef_.toarray()],
                    intercepts=[sign * float(b) for b in svm.intercept_])
    if progress is not None:
        progress(1, 1)
    return {PAYLOAD: json.dumps(data, sort_keys=True, separators=(",", ":")).encode("utf-8")}


class SvmModel:
    """A loaded SVM: ``predict(features)`` labels each token of one sequence on its own."""

    def __init__(self, payload: dict[str, bytes]) -> None:
        data = json.loads(payload[PAYLOAD])
        self.kernel: str = data["kernel"]
        self.classes = np.array(data["classes"], dtype=object)
        self._index = {f: i for i, f in enumerate(data["features"])}
        width = len(self._index)
        self._intercepts = np.array(data["intercepts"])
        if self.kernel == "linear":
            self._weights = np.zeros((width, len(self.classes)))
            for c, row in enumerate(data["weights"]):
                for i, w in row:
                    self._weights[i, c] = w
        else:
            self._support = _matrix(data["support"], width)
            self._support_norms = np.asarray(self._support.multiply(self._support).sum(axis=1)).ravel()
            self._n_support = data["n_support"]
            self._dual = np.array(data["dual"])
            self._gamma = float(data["gamma"])

    def predict(self, features: Sequence[Sequence[str]]) -> list[str]:
        if not features:
            return []
        x = _matrix(_rows(features, self._index), len(self._index))
        if self.kernel == "linear":
            scores = x @ self._weights + self._intercepts
            return list(self.classes[np.argmax(scores, axis=1)])
        return list(self.classes[self._vote(x)])

    def _vote(self, x) -> np.ndarray:
        """libsvm's one-vs-one decision: each pair's decision value votes for one class."""
        dot = np.asarray((x @ self._support.T).todense())
        if self.kernel == "poly2":
            k = (self._gamma * dot + 1.0) ** 2
        else:
            norms = np.asarray(x.multiply(x).sum(axis=1))
            k = np.exp(-self._gamma * (norms + self._support_norms[None, :] - 2 * dot))
        bounds = np.cumsum([0] + self._n_support)
        n = len(self.classes)
        votes = np.zeros((x.shape[0], n), dtype=np.int64)
        pair = 0
        for i in range(n):
            for j in range(i + 1, n):
                si, sj = slice(bounds[i], bounds[i + 1]), slice(bounds[j], bounds[j + 1])
                decision = k[:, si] @ self._dual[j - 1, si] + k[:, sj] @ self._dual[i, sj] + self._intercepts[pair]
                votes[:, i] += decision > 0
                votes[:, j] += decision <= 0
                pair += 1
        return np.argmax(votes, axis=1)


def load(payload: dict[str, bytes]) -> SvmModel:
    return SvmModel(payload)
