"""Train, save, load and tag: both learners on a synthetic corpus; model files and their refusals."""

from __future__ import annotations

import zipfile

import numpy as np
import pytest

from annotator.errors import InputError, PipelineError
from annotator.learning import svm, training
from annotator.document import Document
from annotator.learning.features import DEFAULT_CLASSES, FeatureConfig
from annotator.learning.model import read_model, write_model
from annotator.learning.tagger import CrfTagger, SvmTagger
from annotator.pipeline import Pipeline
from annotator.processing import resource_class
from annotator.processing.tokenizer import Tokenizer

from learninghelp import spans_of

# the synthetic corpus has no gazetteer: every class but the dictionary's
CONFIG = FeatureConfig(classes=tuple(c for c in DEFAULT_CLASSES if c != "dictionary"))


@pytest.fixture(scope="module")
def examples(train_docs, feature_pipeline):
    return training.examples(train_docs, "", feature_pipeline, CONFIG, show_progress=False)


def _train(tmp_path, examples, learner, name="model.zip", config=CONFIG, **params):
    info, payload = training.train(learner, examples, config, params, show_progress=False)
    path = tmp_path / name
    write_model(path, info, payload)
    return path


@pytest.fixture(scope="module")
def crf_model(tmp_path_factory, examples):
    return _train(tmp_path_factory.mktemp("crf"), examples, "crf")


def _tag(pr, docs):
    pipeline = Pipeline([Tokenizer(), pr])
    return [pipeline(Document(doc.text, name=doc.name)) for doc in docs]


def test_the_taggers_are_registered_pipeline_resources():
    assert resource_class("crf-tagger") is CrfTagger
    assert resource_class("svm-tagger") is SvmTagger


def test_a_crf_learns_the_synthetic_corpus_perfectly(crf_model, test_docs):
    tagged = _tag(CrfTagger(model=crf_model), test_docs)
    for gold, doc in zip(test_docs, tagged):
        assert spans_of(doc, "PHI") == spans_of(gold)


@pytest.mark.parametrize("kernel", svm.KERNELS)
def test_an_svm_of_each_kernel_learns_the_synthetic_corpus(tmp_path, examples, test_docs, kernel):
    model = _train(tmp_path, examples, "svm", kernel=kernel, C=1.0)
    tagged = _tag(SvmTagger(model=model, outputASName="Out"), test_docs)
    for gold, doc in zip(test_docs, tagged):
        assert spans_of(doc, "Out") == spans_of(gold)


@pytest.mark.parametrize("classes", [("A", "B"), ("A", "B", "C")])
@pytest.mark.parametrize("kernel", ["poly2", "rbf"])
def test_kernel_svm_predictions_are_libsvms(kernel, classes):
    """The stored support vectors and the numpy one-vs-one vote give scikit-learn's predictions."""
    from sklearn.svm import SVC

    rng = np.random.default_rng(0)
    sequences = [[[f"f{i}" for i in rng.choice(12, 4, replace=False)] for _ in range(60)]]
    labels = [[classes[int(f[0][1:]) % len(classes)] if rng.random() < 0.8 else "A" for f in sequences[0]]]
    payload = svm.train(sequences, labels, {**svm.DEFAULTS, "kernel": kernel, "C": 1.0})
    ours = svm.load(payload)
    vocabulary = sorted({f for feats in sequences[0] for f in feats})
    x = np.array([[1.0 if f in feats else 0.0 for f in vocabulary] for feats in sequences[0]])
    gamma = 1.0 if kernel == "poly2" else "scale"  # as the module's docstring says
    theirs = SVC(kernel="poly" if kernel == "poly2" else "rbf", degree=2, coef0=1.0, gamma=gamma, C=1.0).fit(x, labels[0])
    assert ours.predict(sequences[0]) == list(theirs.predict(x))


def test_a_model_file_round_trips(tmp_path, crf_model, examples, test_docs):
    info, payload = read_model(crf_model, "crf")
    assert info.features == CONFIG
    assert info.types == ["EDAD", "NOMBRE", "TERRITORIO"]
    assert info.labels == sorted(info.labels) and "O" in info.labels
    assert info.corpus["checksum"] == examples.checksum and info.corpus["documents"] == 30
    copy = tmp_path / "copy.zip"
    write_model(copy, info, payload)
    assert copy.read_bytes() == crf_model.read_bytes()
    assert _tag(CrfTagger(model=copy), test_docs)[0].annset("PHI").spans() == \
        _tag(CrfTagger(model=crf_model), test_docs)[0].annset("PHI").spans()


def test_training_twice_gives_the_same_bytes(tmp_path, crf_model, examples):
    assert _train(tmp_path, examples, "crf").read_bytes() == crf_model.read_bytes()


def test_a_model_from_another_feature_configuration_is_refused(crf_model):
    with pytest.raises(PipelineError, match=r"E803 the model was trained with another feature configuration"):
        CrfTagger(model=crf_model, features="word,orth")
    CrfTagger(model=crf_model, features=",".join(reversed(CONFIG.classes)))  # the same classes: accepted


def test_a_model_of_the_other_learner_is_refused(crf_model):
    with pytest.raises(InputError, match="E801 not a svm model \\(it is a crf model\\)"):
        SvmTagger(model=crf_model)


def test_a_file_that_is_not_a_model_is_a_coded_error(tmp_path):
    junk = tmp_path / "junk.zip"
    junk.write_text("not a zip")
    with pytest.raises(InputError, match="E800 cannot read tagger model"):
        CrfTagger(model=junk)
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("model.json", '{"format": "someone-else/3"}')
    with pytest.raises(InputError, match="E802 model format 'someone-else/3'"):
        CrfTagger(model=other)


def test_the_tagger_needs_what_its_features_read(tmp_path, train_docs, feature_pipeline):
    config = FeatureConfig(classes=("word", "dictionary"))
    data = training.examples(train_docs[:3], "", feature_pipeline, config, show_progress=False)
    model = _train(tmp_path, data, "crf", config=config)
    with pytest.raises(PipelineError, match="E301 crf-tagger needs 'Lookup' in set ''"):
        Pipeline([Tokenizer(), CrfTagger(model=model)])
    Pipeline([Tokenizer(), CrfTagger(model=model)], provides="Lookup")


def test_training_without_gold_spans_is_a_coded_error(train_docs, feature_pipeline):
    with pytest.raises(InputError, match="E805 no gold annotations in set 'Key'"):
        training.examples(train_docs[:2], "Key", feature_pipeline, CONFIG, show_progress=False)


def test_a_tagger_travels_to_worker_processes(crf_model, test_docs):
    """A Python-built pipeline goes to ``pipe(workers=N)``'s processes pickled: the model is loaded again there."""
    import pickle

    pr = CrfTagger(model=crf_model)
    copy = pickle.loads(pickle.dumps(pr))
    assert _tag(copy, test_docs)[0].annset("PHI").spans() == _tag(pr, test_docs)[0].annset("PHI").spans()


def test_a_missing_learner_library_is_a_coded_error(crf_model, monkeypatch):
    import annotator.learning.tagger as tagger

    monkeypatch.setattr(tagger, "find_spec", lambda name: None)
    with pytest.raises(PipelineError, match=r"E810 the crf learner needs python-crfsuite: pip install 'annotator\[learn\]'"):
        CrfTagger(model=crf_model)


def test_a_crf_span_s_confidence_is_the_least_marginal_of_its_token_labels(crf_model, test_docs):
    """Recomputed with python-crfsuite's own tagger: the span's tokens' labels and their marginals."""
    import pycrfsuite

    from annotator.learning.features import document_features, tokens_of

    info, payload = read_model(crf_model, "crf")
    theirs = pycrfsuite.Tagger()
    theirs.open_inmemory(payload["crfsuite.model"])
    seen = []
    for doc in _tag(CrfTagger(model=crf_model), test_docs):
        tokens = tokens_of(doc, info.features, "")
        labels = theirs.tag(document_features(doc, info.features, "", tokens))
        for ann in doc.annset("PHI"):
            inside = [i for i, t in enumerate(tokens) if ann.start <= t.start and t.end <= ann.end]
            assert [labels[i] for i in inside] == ["B-" + ann.type] + ["I-" + ann.type] * (len(inside) - 1)
            least = min(theirs.marginal(labels[i], i) for i in inside)
            value = ann.features["confidence"]
            assert isinstance(value, float) and 0.0 <= value <= 1.0
            assert value == pytest.approx(least, abs=5e-5)
            seen.append(value)
    assert seen and min(seen) > 0.5  # a corpus learned perfectly is tagged with sure marginals


def test_a_span_s_confidence_is_the_minimum_not_the_product_of_its_marginals():
    from annotator.learning.tagger import span_confidence

    marginals = [None, 0.9, 0.95, 0.9, None]
    assert span_confidence(marginals, 1, 4) == 0.9  # the product would be 0.7695
    assert span_confidence([0.123456], 0, 1) == 0.1235


def test_an_uncertain_token_lowers_the_crf_span_s_confidence(crf_model):
    """A city in lower case (every city of the corpus is capitalised), where cities stand, is tagged
    less surely than the same city capitalised."""
    known, unknown = (_tag(CrfTagger(model=crf_model), [Document(
        f"Datos del paciente.\nNombre: Ana Ruiz.\nCiudad: {city}.\nEdad: 40 años.\n", name="d")])[0]
        for city in ("Madrid", "madrid"))
    confidence = {d: {a.type: a.features["confidence"] for a in d.annset("PHI")} for d in (known, unknown)}
    assert set(confidence[unknown]) == set(confidence[known]) == {"NOMBRE", "TERRITORIO", "EDAD"}
    assert confidence[unknown]["TERRITORIO"] < confidence[known]["TERRITORIO"] - 0.05


def test_svm_spans_have_no_confidence(tmp_path, examples, test_docs):
    model = _train(tmp_path, examples, "svm", kernel="linear", C=1.0)
    doc = _tag(SvmTagger(model=model), test_docs[:1])[0]
    assert doc.annset("PHI") and all("confidence" not in a.features for a in doc.annset("PHI"))
