"""The ``svm-tagger`` and ``crf-tagger`` PRs: features from the document's annotation layers,
a BIO label per token from a trained model, spans of the model's types in ``outputASName``.

The features are computed as the model's stored configuration says; the pipeline must make the
annotations it reads (Token, and Lookup when the dictionary class is on: checked when the
pipeline loads). Given ``features`` (a list of feature class names), a model trained with other
classes is refused (E803) rather than run on features it never saw.

The crf-tagger's spans have the feature ``confidence`` (0..1, rounded to 4 places): the least of
the marginal probabilities of their tokens' labels (``B-T`` for the first token, ``I-T`` for the
others; :func:`span_confidence`). The probability that the whole span is labelled so is at most
that least marginal; unlike the marginals' product it does not fall with the span's length alone
(an address of ten sure tokens is no less sure than a name of two).
The svm-tagger's spans have no confidence.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, Sequence

from annotator.document import Document
from annotator.errors import PipelineError, coded
from annotator.learning import bio
from annotator.learning.features import FeatureConfig, document_features, tokens_of
from annotator.learning.model import ModelInfo, read_model
from annotator.processing.base import Param, ProcessingResource, register


class Predictor(Protocol):
    def predict(self, features: Sequence[Sequence[str]]) -> list[str]: ...


# learner -> (the library it imports, its PyPI name)
_LIBRARIES = {"svm": ("sklearn", "scikit-learn"), "crf": ("pycrfsuite", "python-crfsuite")}


def learner_module(name: str) -> ModuleType:
    """The module of a learner (``svm``, ``crf``): ``train``, ``load``, ``DEFAULTS``; E810 when its
    library (the ``[learn]`` extra) is not installed."""
    from annotator.learning import crf, svm

    library, package = _LIBRARIES[name]
    if find_spec(library) is None:
        raise PipelineError(coded("E810", learner=name, package=package))
    return {"svm": svm, "crf": crf}[name]


def load_tagger(path: Path, learner: str) -> tuple[ModelInfo, Predictor]:
    """A model file's info and its loaded predictor (E800-E802 on a bad file)."""
    info, payload = read_model(path, learner)
    return info, learner_module(learner).load(payload)


def predict_spans(doc: Document, config: FeatureConfig, predictor: Predictor, input_set: str = "") -> list[bio.Span]:
    """The spans ``predictor`` finds in ``doc``, whose ``input_set`` holds the feature pipeline's annotations."""
    tokens = tokens_of(doc, config, input_set)
    return bio.decode(tokens, predictor.predict(document_features(doc, config, input_set, tokens)))


def span_confidence(marginals: Sequence[float | None], first: int, end: int) -> float:
    """The confidence of the span of tokens ``first`` to ``end - 1``: the least of their labels'
    marginals, rounded to 4 places (see the module docstring)."""
    return round(min(marginals[first:end]), 4)  # type: ignore[type-var]  # a span's tokens are not O


class _Tagger(ProcessingResource):
    """Shared by both taggers: they differ only in the learner their model files come from."""

    learner = ""
    needs = ("Token",)  # and Lookup with the dictionary class; produces: the model's types (setup)
    model = Param(Path, None, "model file (.zip) written by annotator train tagger", required=True)
    features = Param(list, None, "feature classes the model must have been trained with (default: the model's)")
    outputASName = Param(str, "PHI", "annotation set the spans are written to")

    def setup(self) -> None:
        self._info, self._predictor = load_tagger(self.model, self.learner)
        config = self._info.features
        if self.features is not None and set(self.features) != set(config.classes):
            raise PipelineError(coded("E803", model=", ".join(config.classes), given=", ".join(self.features)),
                                path=self.model)
        self.needs = config.needs()
        self.produces = tuple(self._info.types)

    @property
    def info(self) -> ModelInfo:
        return self._info

    def __call__(self, doc: Document) -> None:
        out = self.output_set(doc)
        for type_name, start, end in predict_spans(doc, self._info.features, self._predictor, self.inputASName):
            out.add(type_name, start, end)

    def __getstate__(self) -> dict[str, Any]:
        # a loaded model (crfsuite's C object) does not pickle: a worker process loads the file again
        return {k: v for k, v in self.__dict__.items() if k not in ("_info", "_predictor")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.setup()


@register("svm-tagger")
class SvmTagger(_Tagger):
    """Per-token SVM tagger (Stat De-id): BIO labels over Tokens, written as spans."""

    learner = "svm"


@register("crf-tagger")
class CrfTagger(_Tagger):
    """Linear-chain CRF tagger: BIO labels over Tokens, as spans with a confidence (see outputASName).

    The feature ``confidence`` of a span is the least marginal probability of its tokens' labels
    (see the module docstring)."""

    learner = "crf"
    outputASName = Param(str, "PHI", "annotation set the spans are written to, each with the feature confidence "
                         "(0..1): the least marginal probability of its tokens' BIO labels")

    def __call__(self, doc: Document) -> None:
        config = self._info.features
        tokens = tokens_of(doc, config, self.inputASName)
        labels, marginals = self._predictor.predict_marginals(document_features(doc, config, self.inputASName, tokens))
        out = self.output_set(doc)
        for type_name, first, end in bio.runs(labels):
            out.add(type_name, tokens[first].start, tokens[end - 1].end,
                    {"confidence": span_confidence(marginals, first, end)})
