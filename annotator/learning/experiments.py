"""The studies of the Stat De-id seed (Tafvizi & Pacula) on any annotated corpus: feature-class
ablation, kernel comparison and learning curve. Each is a list of trainings scored on a dev corpus.

Both corpora go through the feature pipeline once; each token keeps its features class by class
(:func:`~annotator.learning.features.split_features`) and each training joins the classes it uses,
so the ablation's 2 x classes trainings never run the pipeline again. Training and the learners are
:mod:`~annotator.learning.training`'s.

- ``ablation``: all classes, then each class alone and all but each class.
- ``kernels`` (SVM only): linear, poly2 (quadratic) and rbf (Gaussian) on the same random
  subsample of training *tokens* (the SVM labels each token on its own, so a token sample is a
  fair sample; libsvm's kernel training grows faster than linearly with the tokens).
- ``learning-curve``: 10 %..100 % (``steps``) of the training documents, nested subsets of one
  random order.

Every training may use a random sample of the training documents (``documents``), for studies
the CPU cannot afford on the whole corpus. Samples come from ``random.Random(seed)``.

Figures, for each training: MEDDOCAN Subtrack 1 (exact type and span, micro P/R/F1,
:mod:`annotator.evaluation.meddocan`) and token-level P/R/F1 of PHI detection (a token is PHI when
its BIO label is not ``O``, whatever its type: how Stat De-id and the seed count).
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from tqdm import tqdm

from annotator.document import Annotation, Document
from annotator.errors import InputError, coded
from annotator.evaluation.common import Counts
from annotator.evaluation.meddocan import evaluate_meddocan
from annotator.learning import bio, training
from annotator.learning.features import FeatureConfig, join_features, split_features
from annotator.learning.tagger import learner_module

if TYPE_CHECKING:  # a pipeline is only passed in: the learners sit below the pipeline layer
    from annotator.pipeline import Pipeline

STUDIES = ("ablation", "kernels", "learning-curve")
KERNELS = ("linear", "poly2", "rbf")


@dataclass
class Row:
    """One training of a study and its figures on dev."""

    setting: str
    documents: int  # training documents
    tokens: int  # training tokens
    precision: float = 0.0  # Subtrack 1
    recall: float = 0.0
    f1: float = 0.0
    token_precision: float = 0.0
    token_recall: float = 0.0
    token_f1: float = 0.0
    cpu_seconds: float = 0.0  # training only
    note: str = ""


@dataclass
class Study:
    """A study's rows and how they were made (what the JSON holds)."""

    name: str
    learner: str
    rows: list[Row] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"study": self.name, "learner": self.learner, **self.details,
                "scores": {"subtrack1": "MEDDOCAN Subtrack 1: exact type and span, micro P/R/F1",
                           "token": "token-level PHI detection: BIO label not O, any type"},
                "rows": [asdict(row) for row in self.rows]}

    def table(self) -> list[str]:
        """The rows as a Markdown table."""
        lines = ["| setting | train docs | train tokens | S1 P | S1 R | S1 F1 | token P | token R | token F1 | CPU s |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for r in self.rows:
            lines.append(f"| {r.setting}{f' ({r.note})' if r.note else ''} | {r.documents} | {r.tokens} | "
                         f"{r.precision:.4f} | {r.recall:.4f} | {r.f1:.4f} | {r.token_precision:.4f} | "
                         f"{r.token_recall:.4f} | {r.token_f1:.4f} | {r.cpu_seconds:.1f} |")
        return lines

    def row(self, setting: str) -> Row:
        return next(r for r in self.rows if r.setting == setting)


def _tokens_and_classes(doc: Document, config: FeatureConfig, tokens: Sequence[Annotation]) -> list[tuple]:
    """The extractor of :func:`featurize`: per token, the token and its features by class."""
    return list(zip(tokens, split_features(doc, config, tokens=tokens)))


def featurize(docs: Sequence[Document], gold_set: str, pipeline: Pipeline, config: FeatureConfig,
              show_progress: bool = True) -> training.Examples:
    """``docs`` through the feature pipeline once: examples whose tokens are ``(token, features by
    class)`` (training's E805/E806 on a corpus without gold spans or tokens)."""
    return training.examples(docs, gold_set, pipeline, config, show_progress, extract=_tokens_and_classes)


class Lab:
    """A featured training and dev corpus, and trainings of one learner on parts of them."""

    def __init__(self, learner: str, train: training.Examples, dev: training.Examples, dev_docs: Sequence[Document],
                 gold_set: str, config: FeatureConfig, params: dict[str, Any], show_progress: bool = True) -> None:
        self.learner = learner
        self.train = train
        self.dev = dev
        self.gold = training.gold_documents(dev_docs, gold_set)
        self.config = config
        self.params = params
        self.show_progress = show_progress

    def examples(self, classes: Sequence[str], documents: Sequence[int],
                 tokens: dict[int, list[int]] | None = None) -> training.Examples:
        """Training examples of ``documents`` (indices) with ``classes`` on; ``tokens``: only
        these tokens of each document (its indices)."""
        out = training.Examples(checksum=self.train.checksum)
        for d in documents:
            features = join_features([split for _, split in self.train.sequences[d]], self.config, classes)
            labels = self.train.labels[d]
            if tokens is not None:
                features = [features[i] for i in tokens.get(d, ())]
                labels = [labels[i] for i in tokens.get(d, ())]
            out.sequences.append(features)
            out.labels.append(labels)
        return out

    def run(self, setting: str, classes: Sequence[str], documents: Sequence[int],
            tokens: dict[int, list[int]] | None = None, **params: Any) -> Row:
        """Train on ``documents`` (and ``tokens``) with ``classes`` and ``params`` over the lab's;
        score on dev. A setting whose tokens have no feature at all is not trained (all ``O``)."""
        data = self.examples(classes, documents, tokens)
        row = Row(setting, len(documents), data.tokens)
        if not any(feats for seq in data.sequences for feats in seq):
            row.note = "no features"
            return row
        started = time.process_time()
        _, payload = training.train(self.learner, data, self.config, {**self.params, **params}, self.show_progress)
        row.cpu_seconds = round(time.process_time() - started, 2)
        predictor = learner_module(self.learner).load(payload)
        tokens_counts = Counts()
        system = []
        for seq, gold_labels, gold in zip(self.dev.sequences, self.dev.labels, self.gold):
            labels = predictor.predict(join_features([split for _, split in seq], self.config, classes))
            for g, s in zip(gold_labels, labels):
                tokens_counts += Counts(int(g != bio.OUTSIDE and s != bio.OUTSIDE), int(g == bio.OUTSIDE != s),
                                        int(s == bio.OUTSIDE != g))
            doc = Document(gold.text, name=gold.name)
            for type_name, start, end in bio.decode([token for token, _ in seq], labels):
                doc.annset().add(type_name, start, end)
            system.append(doc)
        ner = evaluate_meddocan(self.gold, system).total("ner")
        row.precision, row.recall, row.f1 = ner.precision, ner.recall, ner.f1
        row.token_precision, row.token_recall, row.token_f1 = tokens_counts.precision, tokens_counts.recall, tokens_counts.f1
        return row


def sample_documents(total: int, n: int | None, seed: int) -> list[int]:
    """``n`` document indices of ``total`` in a random order (all of them, shuffled, without ``n``)."""
    order = list(range(total))
    random.Random(seed).shuffle(order)
    return order[:n] if n else order


def ablation_settings(classes: Sequence[str]) -> list[tuple[str, tuple[str, ...]]]:
    """The ablation's settings and their classes: all, each alone, all but each (E823 with fewer
    than two classes)."""
    if len(classes) < 2:
        raise InputError(coded("E823", classes=", ".join(classes)))
    return [("all", tuple(classes))] + [(f"only {c}", (c,)) for c in classes] \
        + [(f"all but {c}", tuple(x for x in classes if x != c)) for c in classes]


def ablation(lab: Lab, documents: Sequence[int]) -> Study:
    """The learner with each of :func:`ablation_settings`."""
    settings = ablation_settings(lab.config.classes)
    study = Study("ablation", lab.learner, details={"classes": list(lab.config.classes)})
    for setting, on in tqdm(settings, desc="ablation", unit="training", disable=not lab.show_progress):
        study.rows.append(lab.run(setting, on, documents))
    return study


def kernels(lab: Lab, documents: Sequence[int], max_tokens: int, seed: int) -> Study:
    """The SVM with each kernel on one random sample of ``max_tokens`` training tokens (all with 0
    or more than there are) of ``documents``."""
    pool = [(d, i) for d in documents for i in range(len(lab.train.labels[d]))]
    chosen = sorted(random.Random(seed).sample(pool, max_tokens)) if 0 < max_tokens < len(pool) else pool
    tokens: dict[int, list[int]] = {}
    for d, i in chosen:
        tokens.setdefault(d, []).append(i)
    study = Study("kernels", lab.learner, details={"token_sample": {"tokens": len(chosen), "of": len(pool), "seed": seed}})
    for kernel in tqdm(KERNELS, desc="kernels", unit="training", disable=not lab.show_progress):
        row = lab.run(kernel, lab.config.classes, documents, tokens, kernel=kernel)
        row.documents = len(tokens)
        study.rows.append(row)
    return study


def learning_curve(lab: Lab, documents: Sequence[int], steps: int) -> Study:
    """Trainings on the first 1/steps, 2/steps, ..., all of ``documents`` (at least one each)."""
    study = Study("learning-curve", lab.learner, details={"steps": steps})
    for k in tqdm(range(1, steps + 1), desc="learning curve", unit="training", disable=not lab.show_progress):
        part = documents[:max(1, round(len(documents) * k / steps))]
        study.rows.append(lab.run(f"{100 * k / steps:.3g}%", lab.config.classes, part))
    return study


def write_study(study: Study, folder: Path) -> list[Path]:
    """``STUDY.json``, ``STUDY.md`` (the table) and the plot ``STUDY.png`` / ``.svg`` in ``folder``
    (E824 when they cannot be written)."""
    from annotator.atomic import write_atomic
    from annotator.learning.model import json_bytes
    from annotator.view.plots import bar_chart, line_chart

    stem = folder / study.name
    title = f"{study.name} ({study.learner}), MEDDOCAN Subtrack 1"
    try:
        write_atomic(stem.with_suffix(".json"), json_bytes(study.to_json()))
        write_atomic(stem.with_suffix(".md"), ("\n".join(study.table()) + "\n").encode("utf-8"))
        if study.name == "ablation":
            full = study.row("all").f1
            groups = {"all": {"alone": full, "all but": full}}
            groups.update({c: {"alone": study.row(f"only {c}").f1, "all but": study.row(f"all but {c}").f1}
                           for c in study.details["classes"]})
            plots = bar_chart(groups, stem, title=title, ylabel="F1")
        elif study.name == "kernels":
            plots = bar_chart({r.setting: {"P": r.precision, "R": r.recall, "F1": r.f1} for r in study.rows},
                              stem, title=title)
        else:
            points = [(100 * (k + 1) / len(study.rows), r) for k, r in enumerate(study.rows)]
            plots = line_chart({"P": [(x, r.precision) for x, r in points], "R": [(x, r.recall) for x, r in points],
                                "F1": [(x, r.f1) for x, r in points]},
                               stem, title=title, xlabel="training documents (%)", ylim=(0.0, 1.0))
    except OSError as exc:
        raise InputError(coded("E824", folder=folder, reason=exc.strerror or exc)) from None
    return [stem.with_suffix(".json"), stem.with_suffix(".md"), *plots]
