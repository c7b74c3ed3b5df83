"""Cross-fold stacking on a tiny synthetic corpus: folds, no leakage, out-of-fold cross-validation."""

from __future__ import annotations

import pytest

from annotator.document import Document
from annotator.errors import InputError
from annotator.learning import stacking, training
from annotator.learning.features import FeatureConfig
from annotator.processing.tokenizer import Tokenizer

from learninghelp import synthetic


def test_folds_are_round_robin_over_sorted_names_and_the_same_every_time():
    names = ["c", "a", "e", "b", "d"]
    assert stacking.assign_folds(names, 2) == {"a": 0, "b": 1, "c": 0, "d": 1, "e": 0}
    assert stacking.assign_folds(list(reversed(names)), 2) == stacking.assign_folds(names, 2)


@pytest.mark.parametrize("names, folds", [(["a", "b"], 3), (["a", "b", "c"], 1), (["a", "a", "b"], 2)])
def test_impossible_folds_are_refused(names, folds):
    with pytest.raises(InputError, match="^E811 "):
        stacking.assign_folds(names, folds)


class _Gazetteer:
    """A fold's resource: every gold span's text of the documents it was built from, marked
    wherever it occurs (as a gazetteer learned from train annotations would be)."""

    def __init__(self, docs: list[Document]) -> None:
        self.built_from = {d.name for d in docs}
        self.entries = {d.text[a.start:a.end] for d in docs for a in d.annset()}

    def __call__(self, doc: Document) -> Document:
        Tokenizer()(doc)
        for entry in self.entries:
            at = doc.text.find(entry)
            while at >= 0:
                doc.annset("Rules").add("Known", at, at + len(entry), {"built_from": sorted(self.built_from)})
                at = doc.text.find(entry, at + 1)
        return doc


def _corpus() -> list[Document]:
    docs = synthetic(12, seed=3)
    for i, doc in enumerate(docs):  # a name found in this document only
        text = doc.text + f"Visto por Zq{i}x.\n"
        copy = Document(text, name=doc.name)
        copy.annset().add_all(doc.annset())
        copy.annset().add("NOMBRE", len(text) - 7, len(text) - 2)
        docs[i] = copy
    return docs


def test_a_fold_is_annotated_by_resources_built_without_its_documents():
    docs = _corpus()
    built = []

    def build(training_docs: list[Document], fold: int) -> _Gazetteer:
        built.append((fold, {d.name for d in training_docs}))
        return _Gazetteer(training_docs)

    cross = stacking.CrossFold(docs, 3, build, show_progress=False)
    assert [fold for fold, _ in built] == [0, 1, 2]
    found = 0
    for doc in docs:
        annotated = cross(doc)
        fold = cross.folds[doc.name]
        assert dict(built)[fold] == {d.name for d in docs if cross.folds[d.name] != fold}
        known = list(annotated.annset("Rules"))
        found += bool(known)
        assert all(doc.name not in a.features["built_from"] for a in known)
        unique = doc.text[doc.text.index("Zq"):].split(".")[0]
        assert unique not in {annotated.text[a.start:a.end] for a in known}
        assert not annotated.annset("").with_type("NOMBRE"), "gold never reaches the features"
    assert found >= len(docs) // 2, "the other folds' names (cities, shared names) are found"


def test_a_document_outside_the_corpus_is_refused():
    docs = _corpus()
    cross = stacking.CrossFold(docs, 2, lambda d, f: _Gazetteer(d), show_progress=False)
    with pytest.raises(InputError, match="^E812 "):
        cross(Document("Otro texto.", name="elsewhere"))
    with pytest.raises(InputError, match="^E812 "):
        cross(Document(docs[0].text + " cambiado", name=docs[0].name))


def test_cross_fold_features_train_a_tagger_and_out_of_fold_labels_never_see_their_own_fold():
    pytest.importorskip("pycrfsuite")
    docs = _corpus()
    cross = stacking.CrossFold(docs, 3, lambda d, f: _Gazetteer(d), show_progress=False)
    config = FeatureConfig(classes=("word", "orth", "bigrams", "annotations"), stack_set="Rules")
    data = training.examples(docs, "", cross, config, show_progress=False)
    assert any("ann=B-Known" in feats for seq in data.sequences for feats in seq)
    folds = [cross.folds[d.name] for d in docs]
    predicted = stacking.out_of_fold_labels("crf", data.sequences, data.labels, folds, {"max_iterations": 50},
                                            show_progress=False)
    assert [len(p) for p in predicted] == [len(y) for y in data.labels]
    right = sum(p == y for ps, ys in zip(predicted, data.labels) for p, y in zip(ps, ys))
    assert right / data.tokens > 0.9, "the shared structure is learned across folds"
