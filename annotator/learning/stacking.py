"""Cross-fold stacking: an earlier pipeline's output (the rules') as a learner's features, made on
the training corpus the way it will be on unseen text.

A rule system whose resources were built from the training corpus (gazetteers of its annotated
names) is optimistic there: on a training document every such name is in a list. So the training
corpus is cut into ``k`` folds and, for each fold, a pipeline is built from the *other* folds'
documents only (``build(training_documents, fold)``: e.g. gazetteers learned from them) and run
on the fold's documents. No document's annotations come from resources built with it.
:class:`CrossFold` holds the annotated documents and is the ``pipeline`` callable
:func:`annotator.learning.training.examples` takes.

The same folds serve cross-validation of the learner (:func:`out_of_fold_labels`): each fold is
tagged by a model trained on the other folds, to choose settings on the training corpus alone.
(Those models' training features came from resources that saw the held-out fold's documents; the
held-out fold's own features did not.)

Folds are assigned round-robin over the documents sorted by name: the same corpus and ``k`` give
the same folds. What a fold's pipeline is built from is corpus-specific and stays with the
caller (for MEDDOCAN: ``resources/build/train_meddocan_hybrid.py``).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from tqdm import tqdm

from annotator.document import Document
from annotator.errors import InputError, coded
from annotator.learning.tagger import learner_module
from annotator.learning.training import settings_of

Annotate = Callable[[Document], Document]  # a pipeline: annotates a document and returns it


def assign_folds(names: Sequence[str], folds: int) -> dict[str, int]:
    """Document name -> fold number (0 .. ``folds`` - 1), round-robin over the sorted names
    (E811 with fewer documents than folds, fewer than 2 folds or a name twice)."""
    if folds < 2 or len(names) < folds or len(set(names)) != len(names):
        raise InputError(coded("E811", folds=folds, documents=len(names), unique=len(set(names))))
    return {name: i % folds for i, name in enumerate(sorted(names))}


class CrossFold:
    """Every document of a corpus annotated by the pipeline of its fold, built from the other
    folds' documents: ``cross(doc)`` returns the annotated copy of the corpus document of that name."""

    def __init__(self, docs: Sequence[Document], folds: int,
                 build: Callable[[list[Document], int], Annotate], show_progress: bool = True) -> None:
        self.folds = assign_folds([d.name for d in docs], folds)
        self._annotated: dict[str, Document] = {}
        for fold in range(folds):
            pipeline = build([d for d in docs if self.folds[d.name] != fold], fold)
            held_out = [d for d in docs if self.folds[d.name] == fold]
            for doc in tqdm(held_out, desc=f"fold {fold + 1}/{folds}", unit="doc", disable=not show_progress):
                self._annotated[doc.name] = pipeline(Document(doc.text, name=doc.name))

    def __call__(self, doc: Document) -> Document:
        annotated = self._annotated.get(doc.name)
        if annotated is None or annotated.text != doc.text:
            raise InputError(coded("E812", name=doc.name))
        return annotated


def out_of_fold_labels(learner: str, sequences: Sequence[Sequence[Sequence[str]]], labels: Sequence[Sequence[str]],
                       folds: Sequence[int], params: dict[str, Any],
                       show_progress: bool = True) -> list[list[str]]:
    """Cross-validation: the labels predicted for each sequence by a ``learner`` model trained on
    the sequences of the other folds (``folds[i]``: sequence i's fold)."""
    module = learner_module(learner)
    settings = settings_of(module, params)
    predicted: list[list[str]] = [[] for _ in sequences]
    for fold in tqdm(sorted(set(folds)), desc=f"cross-validating {learner}", unit="fold", disable=not show_progress):
        inside = [i for i, f in enumerate(folds) if f != fold]
        payload = module.train([sequences[i] for i in inside], [labels[i] for i in inside], settings)
        model = module.load(payload)
        for i, f in enumerate(folds):
            if f == fold:
                predicted[i] = model.predict(sequences[i])
    return predicted
