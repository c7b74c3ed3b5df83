"""The Stat De-id studies on the synthetic corpus: class switching without re-extraction, the
ablation, kernel and learning-curve figures, and the files a study writes."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from annotator.learning import experiments
from annotator.learning.features import FeatureConfig, document_features, join_features, split_features

from learninghelp import synthetic

# word carries the signal (the test names and cities are the training ones); length alone cannot
CONFIG = FeatureConfig(classes=("word", "length"))


def _lab(train_docs, test_docs, pipeline, learner="crf", config=CONFIG, **params):
    train = experiments.featurize(train_docs, "", pipeline, config, show_progress=False)
    dev = experiments.featurize(test_docs, "", pipeline, config, show_progress=False)
    return experiments.Lab(learner, train, dev, test_docs, "", config, {"max_iterations": 30, **params},
                           show_progress=False)


@pytest.mark.parametrize("classes", [("word",), ("orth", "bigrams", "section"), ("word", "pos", "neighbours"),
                                     ("neighbours",), ("word", "orth", "punctuation", "number", "length", "affixes",
                                                       "bigrams", "section", "neighbours")])
def test_joined_classes_are_the_features_extracted_with_those_classes(feature_pipeline, classes):
    doc = feature_pipeline(synthetic(1, seed=7)[0])
    full = FeatureConfig(classes=("word", "orth", "punctuation", "number", "length", "affixes", "bigrams", "pos",
                                  "section", "neighbours"))
    assert join_features(split_features(doc, full), full, classes) == \
        document_features(doc, replace(full, classes=classes))


def test_the_ablation_drops_f1_without_the_class_that_carries_the_signal(train_docs, test_docs, feature_pipeline):
    study = experiments.ablation(_lab(train_docs, test_docs, feature_pipeline), list(range(len(train_docs))))
    assert [r.setting for r in study.rows] == ["all", "only word", "only length", "all but word", "all but length"]
    f1 = {r.setting: r.f1 for r in study.rows}
    assert f1["all"] == f1["only word"] == f1["all but length"] == 1.0
    assert f1["all but word"] == f1["only length"] < 0.8
    assert len({(r.documents, r.tokens) for r in study.rows}) == 1  # every setting on the same examples
    full = study.row("all")
    assert (full.token_precision, full.token_recall, full.token_f1) == (1.0, 1.0, 1.0)


def test_an_ablation_needs_two_classes(train_docs, test_docs, feature_pipeline):
    lab = _lab(train_docs[:3], test_docs[:2], feature_pipeline, config=FeatureConfig(classes=("word",)))
    with pytest.raises(Exception, match="E823"):
        experiments.ablation(lab, [0, 1, 2])


def test_kernels_train_on_one_token_sample(train_docs, test_docs, feature_pipeline):
    config = FeatureConfig(classes=("word", "orth", "length", "affixes", "bigrams", "section"))
    lab = _lab(train_docs, test_docs, feature_pipeline, "svm", config, C=1.0)
    study = experiments.kernels(lab, list(range(len(train_docs))), 300, seed=0)
    assert [r.setting for r in study.rows] == list(experiments.KERNELS)
    assert {r.tokens for r in study.rows} == {300}
    assert study.details["token_sample"] == {"tokens": 300, "of": lab.train.tokens, "seed": 0}
    assert study.row("linear").f1 == study.row("poly2").f1 == 1.0


def test_the_learning_curve_trains_on_growing_nested_parts(test_docs, feature_pipeline):
    train_docs = synthetic(20, seed=3)
    study = experiments.learning_curve(_lab(train_docs, test_docs, feature_pipeline), list(range(20)), steps=4)
    assert [(r.setting, r.documents) for r in study.rows] == [("25%", 5), ("50%", 10), ("75%", 15), ("100%", 20)]
    assert [r.tokens for r in study.rows] == sorted(r.tokens for r in study.rows)
    assert study.rows[-1].f1 == 1.0 > study.rows[0].f1


def test_a_study_writes_its_json_table_and_plots(tmp_path, train_docs, test_docs, feature_pipeline):
    study = experiments.learning_curve(_lab(train_docs[:6], test_docs[:3], feature_pipeline), list(range(6)), steps=2)
    written = experiments.write_study(study, tmp_path / "out")
    assert [p.name for p in written] == ["learning-curve.json", "learning-curve.md", "learning-curve.png",
                                         "learning-curve.svg"]
    data = json.loads((tmp_path / "out" / "learning-curve.json").read_text())
    assert [r["f1"] for r in data["rows"]] == [r.f1 for r in study.rows]
    table = (tmp_path / "out" / "learning-curve.md").read_text().splitlines()
    assert len(table) == 2 + len(study.rows) and table[2].startswith("| 50% | 3 |")
    assert (tmp_path / "out" / "learning-curve.png").read_bytes()[:4] == b"\x89PNG"
    assert "<svg" in (tmp_path / "out" / "learning-curve.svg").read_text()
