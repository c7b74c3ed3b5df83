"""Training a tagger on an annotated corpus, and scoring one on another.

Each document's gold spans are read from its set ``gold_set``; the feature pipeline then runs on
a fresh copy of the document (text and name only), so features never see the gold annotations
and gold types never clash with the pipeline's. Feature extraction shows a progress bar per
document, CRF training one per L-BFGS iteration.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from tqdm import tqdm

from annotator.document import Document
from annotator.errors import InputError, coded
from annotator.learning import bio
from annotator.learning.features import FeatureConfig, document_features, tokens_of
from annotator.learning.model import ModelInfo, corpus_checksum
from annotator.learning.tagger import Predictor, learner_module, predict_spans

if TYPE_CHECKING:  # a pipeline is only passed in: the learners sit below the pipeline layer
    from annotator.pipeline import Pipeline

Extractor = Callable[..., Sequence[Any]]  # (doc, config, tokens=...) -> one item per token


@dataclass
class Examples:
    """A corpus as training examples: per document its token features and BIO labels."""

    sequences: list[list[list[str]]] = field(default_factory=list)
    labels: list[list[str]] = field(default_factory=list)
    checksum: str = ""
    spans: int = 0
    reproducible: int = 0  # gold spans whose BIO labels decode back to them exactly

    @property
    def tokens(self) -> int:
        return sum(len(s) for s in self.sequences)

    def summary(self) -> dict[str, Any]:
        return {"documents": len(self.sequences), "tokens": self.tokens, "spans": self.spans,
                "bio_reproducible_spans": self.reproducible, "checksum": self.checksum}


def gold_spans(doc: Document, gold_set: str) -> list[bio.Span]:
    return [(a.type, a.start, a.end) for a in doc.annset(gold_set)]


def featured(doc: Document, pipeline: Pipeline) -> Document:
    """A copy of ``doc`` (text, name) with the feature pipeline's annotations."""
    return pipeline(Document(doc.text, name=doc.name))


def examples(docs: Iterable[Document], gold_set: str, pipeline: Pipeline, config: FeatureConfig,
             show_progress: bool = True, extract: Extractor = document_features) -> Examples:
    """Features and labels of every document (E805 without any gold span, E806 without tokens).
    ``extract(doc, config, tokens=...)`` makes a document's per-token features (another
    extractor may keep more per token: the experiments keep the classes apart)."""
    docs = list(docs)
    out = Examples()
    found: set[str] = set()
    checked = []
    for doc in tqdm(docs, desc="features", unit="doc", disable=not show_progress):
        spans = gold_spans(doc, gold_set)
        found.update(doc.annset(gold_set).types())
        work = featured(doc, pipeline)
        tokens = tokens_of(work, config)
        out.sequences.append(extract(work, config, tokens=tokens))
        out.labels.append(bio.encode(tokens, spans))
        good, total = bio.coverage(tokens, spans)
        out.reproducible += good
        out.spans += total
        checked.append((doc.name, doc.text, spans))
    if not out.spans:
        types = sorted({t for d in docs for name in d.annset_names() for t in d.annset(name).types()})
        raise InputError(coded("E805", type="gold", set=gold_set, found=", ".join(types) or "none"))
    if not out.tokens:
        raise InputError(coded("E806", type=config.token_type))
    out.checksum = corpus_checksum(checked)
    return out


def settings_of(module: ModuleType, params: dict[str, Any]) -> dict[str, Any]:
    """A learner module's ``DEFAULTS`` updated by the ``params`` it knows (``None``: keep the default)."""
    return {**module.DEFAULTS, **{k: v for k, v in params.items() if v is not None and k in module.DEFAULTS}}


def train(learner: str, data: Examples, config: FeatureConfig, params: dict[str, Any],
          show_progress: bool = True) -> tuple[ModelInfo, dict[str, bytes]]:
    """Train a ``learner`` model on ``data``: its info (labels, corpus, parameters) and payload
    (E809 with a single label)."""
    module = learner_module(learner)
    labels = sorted({label for seq in data.labels for label in seq})
    if len(labels) < 2:
        raise InputError(coded("E809", label=labels[0] if labels else "none"))
    settings = settings_of(module, params)
    bar = tqdm(desc=f"training {learner}", unit="it", disable=not show_progress)

    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    try:
        payload = module.train(data.sequences, data.labels, settings, progress)
    finally:
        bar.close()
    return ModelInfo(learner, config, labels, corpus=data.summary(), params=settings), payload


def tag(docs: Iterable[Document], pipeline: Pipeline, predictor: Predictor, config: FeatureConfig,
        show_progress: bool = True) -> list[Document]:
    """Documents (text and name of ``docs``) holding the predicted spans in their default set."""
    out = []
    for doc in tqdm(list(docs), desc="tagging", unit="doc", disable=not show_progress):
        result = Document(doc.text, name=doc.name)
        for type_name, start, end in predict_spans(featured(doc, pipeline), config, predictor):
            result.annset().add(type_name, start, end)
        out.append(result)
    return out


def gold_documents(docs: Iterable[Document], gold_set: str) -> list[Document]:
    """Copies of ``docs`` with the gold spans of ``gold_set`` in the default set (what scorers read)."""
    out = []
    for doc in docs:
        copy = Document(doc.text, name=doc.name)
        for type_name, start, end in gold_spans(doc, gold_set):
            copy.annset().add(type_name, start, end)
        out.append(copy)
    return out
