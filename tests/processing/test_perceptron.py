"""The averaged-perceptron tagger: CoNLL-U reading, training, model files, the training CLI."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.cli.train import read_clusters
from annotator.errors import InputError
from annotator.paths import RESOURCES
from annotator.processing import perceptron
from annotator.processing.conllu import read_conllu

EWT_MODEL = RESOURCES / "models" / "pos-en-ewt-xpos.json.gz"
ES_MODEL = RESOURCES / "models" / "pos-es-upos.json.gz"
ES_MIXED_MODEL = RESOURCES / "models" / "pos-es-mixed-upos.json.gz"
# The target is 95.5% and the shipped model measures 95.50% (23,965/25,094; see
# resources/models/README.md), one word above it. Scores are float32 sums, so another numpy build
# may flip a near-tie or two: this regression guard allows 0.05 (13 words) below the target.
EWT_TEST_MIN = 95.45
ANCORA_TEST_MIN = 96.6  # measured 96.62%


@pytest.fixture(scope="module")
def tiny(data_dir: Path) -> list:
    return read_conllu(data_dir / "pos-tiny.conllu", "xpos")


@pytest.fixture(scope="module")
def tiny_model(tiny: list) -> dict:
    return perceptron.train(tiny, tiny, iterations=6, seed=3, min_count=1, log=lambda m: None)


def test_conllu_skips_ranges_and_empty_nodes(tiny: list) -> None:
    assert len(tiny) == 12
    words, tags, glued = tiny[1]
    assert words == ["She", "has", "a", "fever", "and", "a", "cough", "."]
    assert tags[1] == "VBZ"
    assert glued[:4] == [False, True, False, False]  # inside the multiword token "has a": no space
    assert tiny[0][2][-2:] == [True, False]  # "yesterday" has SpaceAfter=No before "."
    assert "denied" not in tiny[3][0]
    upos = read_conllu(Path(__file__).parent.parent / "data" / "pos-tiny.conllu", "upos")
    assert upos[0][1][:2] == ["DET", "NOUN"]


def test_conllu_bad_line_names_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.conllu"
    bad.write_text("1\tword\tlemma\tNOUN\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_conllu(bad, "upos")
    assert err.value.line == 1 and "bad.conllu" in str(err.value)


def test_training_learns_the_fixture(tiny: list, tiny_model: dict) -> None:
    tagger = perceptron.Tagger(tiny_model)
    correct, total = perceptron.accuracy(tagger, tiny)
    assert total == sum(len(s[0]) for s in tiny)
    assert correct / total >= 0.95
    # an unseen sentence made of seen words gets the obvious tags
    assert tagger.tag(["The", "nurse", "saw", "the", "patient", "."]) == ["DT", "NN", "VBD", "DT", "NN", "."]


def test_save_load_round_trip(tmp_path: Path, tiny: list, tiny_model: dict) -> None:
    path = tmp_path / "m.json.gz"
    perceptron.save_model(tiny_model, path)
    loaded = perceptron.load_model(path)
    words, glued = [s[0] for s in tiny], [s[2] for s in tiny]
    assert loaded.tag_sentences(words, glued) == perceptron.Tagger(tiny_model).tag_sentences(words, glued)
    assert perceptron.read_model(path) == tiny_model
    assert not list(tmp_path.glob("*.tmp"))
    assert path.stat().st_mode & 0o044 == 0o044  # readable by all, as a shipped file should be


def test_same_seed_same_model_bytes(tmp_path: Path, tiny: list) -> None:
    paths = []
    for n in range(2):
        model = perceptron.train(tiny, iterations=4, seed=7, min_count=1, log=lambda m: None)
        paths.append(tmp_path / f"m{n}.json.gz")
        perceptron.save_model(model, paths[-1])
    assert paths[0].read_bytes() == paths[1].read_bytes()


def test_bagged_model_averages_several_orders(tiny: list, tiny_model: dict) -> None:
    bagged = perceptron.train(tiny, tiny, iterations=6, seed=3, min_count=1, bags=3, log=lambda m: None)
    assert bagged["pass1"] != tiny_model["pass1"]  # more than one example order went into the weights
    assert bagged == perceptron.train(tiny, tiny, iterations=6, seed=3, min_count=1, bags=3, log=lambda m: None)
    correct, total = perceptron.accuracy(perceptron.Tagger(bagged), tiny)
    assert correct / total >= 0.95


NOUN_CLUSTER, VERB_CLUSTER = 0b0101, 0b0110  # two cluster paths that share no 4-bit prefix
CLUSTERS = {**{w: NOUN_CLUSTER for w in ("patient", "fever", "cough", "doctor", "pain", "scan", "nurse", "man",
                                         "blood", "pressure", "clinic", "morphine")},
            **{w: VERB_CLUSTER for w in ("admitted", "saw", "reviewed", "gave", "started", "seen", "denied")}}


@pytest.fixture(scope="module")
def cluster_model(tiny: list) -> dict:
    return perceptron.train(tiny, iterations=6, seed=3, min_count=1, clusters=CLUSTERS, log=lambda m: None)


def test_cluster_path_prefixes() -> None:
    assert perceptron.cluster_features("0c", 0b101101, (2, 4)) == ["0c2=1", "0c4=13"]
    assert perceptron.cluster_features("0c", None, (2, 4)) == []
    table = {"apple": 3, "Apple": 9, "0000": 5}
    assert perceptron.cluster_of("Apple", table) == 9  # as written first
    assert perceptron.cluster_of("APPLE", table) == 3  # then lower-cased
    assert perceptron.cluster_of("1999", table) == 5  # then digits as 0
    assert perceptron.cluster_of("pear", table) is None


def test_cluster_features_tag_an_unseen_word(cluster_model: dict) -> None:
    sentence = ["The", "doctor", "blorf", "her", "."]  # "blorf" is in no training sentence
    tagged = {}
    for name, path in (("noun", NOUN_CLUSTER), ("verb", VERB_CLUSTER)):
        tagger = perceptron.Tagger({**cluster_model, "clusters": {**cluster_model["clusters"], "blorf": path}})
        tagged[name] = tagger.tag(sentence)[2]
    assert tagged == {"noun": "NN", "verb": "VBD"}  # same weights: only the word's cluster differs


def test_model_round_trip_keeps_the_cluster_table(tmp_path: Path, tiny: list, cluster_model: dict) -> None:
    assert cluster_model["clusters"] == dict(sorted(CLUSTERS.items()))
    assert any(f.startswith("0c4=") for f in cluster_model["features"])
    path = tmp_path / "c.json.gz"
    perceptron.save_model(cluster_model, path)
    loaded = perceptron.load_model(path)
    assert loaded.clusters == CLUSTERS
    words, glued = [s[0] for s in tiny], [s[2] for s in tiny]
    assert loaded.tag_sentences(words, glued) == perceptron.Tagger(cluster_model).tag_sentences(words, glued)


def test_version_1_model_without_clusters_still_loads(tmp_path: Path, tiny: list, tiny_model: dict) -> None:
    old = {k: v for k, v in tiny_model.items() if k != "clusters"} | {"version": 1}
    path = tmp_path / "v1.json.gz"
    perceptron.save_model(old, path)
    loaded = perceptron.load_model(path)
    assert loaded.clusters == {}
    words = [s[0] for s in tiny]
    assert loaded.tag_sentences(words) == perceptron.Tagger(tiny_model).tag_sentences(words)


def test_read_clusters_keeps_frequent_clustered_words(tmp_path: Path) -> None:
    clusters, probs = tmp_path / "c.json.gz", tmp_path / "p.json"
    clusters.write_bytes(gzip.compress(json.dumps(
        {"the": 11, "The": 30, "Dog": 37, "dog": 37, "lol": 0, "rare": 5, "Paris": 6}).encode()))
    probs.write_text(json.dumps({"the": -3.5, "The": -6.0, "Dog": -12.0, "dog": -9.0, "lol": -8.0,
                                 "rare": -19.0, "Paris": -11.0}), encoding="utf-8")
    # 0 = no cluster; "rare" is below the threshold; "Dog" is found through "dog"
    assert read_clusters(clusters, probs, -17.0) == {"the": 11, "The": 30, "dog": 37, "Paris": 6}
    assert read_clusters(clusters)["rare"] == 5
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(InputError, match="bad.json"):
        read_clusters(bad)


def test_bad_model_file_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json.gz"
    path.write_bytes(gzip.compress(b'{"format": "something else"}'))
    with pytest.raises(InputError, match="not a annotator-pos-perceptron model"):
        perceptron.load_model(path)
    path.write_bytes(b"not gzip")
    with pytest.raises(InputError, match="cannot read POS model"):
        perceptron.load_model(path)


def test_tags_empty_and_odd_input(tiny_model: dict) -> None:
    tagger = perceptron.Tagger(tiny_model)
    assert tagger.tag_sentences([[], ["x"], []]) == [[], [tagger.tag(["x"])[0]], []]
    assert tagger.tag_sentences([]) == []
    assert len(tagger.tag(["<s1>", "</s2>", "ünïcödé", "123,456.7", ""])) == 5


def test_train_cli_writes_model_with_accuracy(tmp_path: Path, data_dir: Path, capsys) -> None:
    fixture = data_dir / "pos-tiny.conllu"
    out = tmp_path / "cli.json.gz"
    clusters = tmp_path / "clusters.json"
    clusters.write_text(json.dumps(CLUSTERS), encoding="utf-8")
    code = main(["train", "pos", "--train", str(fixture), "--dev", str(fixture), "--test", str(fixture),
                 "--column", "upos", "--out", str(out), "--iterations", "3", "--min-count", "1",
                 "--language", "en", "--licence", "Apache-2.0", "--bags", "2",
                 "--clusters", str(clusters), "--clusters-source", "invented"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "pass 2, iteration 3/3: dev accuracy" in printed and "test pos-tiny.conllu:" in printed
    meta = perceptron.read_model(out)["meta"]
    assert meta["column"] == "upos" and meta["licence"] == "Apache-2.0" and meta["bags"] == 2
    assert meta["accuracy"]["test"][0]["words"] == 78
    assert meta["clusters"] == {"file": "clusters.json", "source": "invented", "words": len(CLUSTERS),
                                "min_logprob": None}
    assert perceptron.read_model(out)["clusters"] == dict(sorted(CLUSTERS.items()))
    assert main(["train", "pos-eval", str(out), str(fixture)]) == 0
    assert f"accuracy pos-tiny.conllu: {meta['accuracy']['test'][0]['accuracy']:.2f}%" in capsys.readouterr().out


def test_train_cli_missing_file_is_one_line(tmp_path: Path, capsys) -> None:
    code = main(["train", "pos", "--train", str(tmp_path / "none.conllu"), "--column", "xpos",
                 "--out", str(tmp_path / "m.json.gz")])
    assert code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "none.conllu" in err


def test_shipped_models_carry_licence_and_accuracy() -> None:
    for path, licence in ((EWT_MODEL, "CC BY-SA 4.0"), (ES_MODEL, "CC BY 4.0"), (ES_MIXED_MODEL, "CC BY-SA 4.0")):
        meta = perceptron.read_model(path)["meta"]
        assert meta["licence"] == licence and meta["source"] and meta["attribution"].startswith("Derived from")
        assert meta["accuracy"]["test"][0]["accuracy"] > 90


def test_shipped_english_model_carries_its_clusters() -> None:
    model = perceptron.read_model(EWT_MODEL)
    assert model["version"] == perceptron.VERSION
    assert 50_000 < len(model["clusters"]) == model["meta"]["clusters"]["words"]
    assert "MIT" in model["meta"]["clusters"]["source"]
    assert any(f.startswith("0c4=") for f in model["features"])


@pytest.mark.parametrize("model, treebank, column, minimum", [
    (EWT_MODEL, "en_ewt/en_ewt-ud-test.conllu", "xpos", EWT_TEST_MIN),
    (ES_MODEL, "es_ancora/es_ancora-ud-test.conllu", "upos", ANCORA_TEST_MIN),
], ids=["english-ewt", "spanish-ancora"])
def test_shipped_model_accuracy_on_held_out_test(shared_dir: Path, model: Path, treebank: str, column: str,
                                                 minimum: float) -> None:
    test = shared_dir / "resources-data" / "treebanks" / treebank
    if not test.is_file():
        pytest.skip(f"{test} not found")
    correct, total = perceptron.accuracy(perceptron.load_model(model), read_conllu(test, column))
    assert 100 * correct / total >= minimum


# ---------------------------------------------------------------------------------- strategies
def _random_sentences(rng, words: list[str], n: int) -> tuple[list[list[str]], list[list[bool]]]:
    sentences = [[rng.choice(words) for _ in range(rng.randint(0, 7))] for _ in range(n)]
    return sentences, [[rng.random() < 0.4 for _ in s] for s in sentences]


@pytest.mark.parametrize("model", [EWT_MODEL, ES_MODEL], ids=["english", "spanish"])
def test_fast_strategy_tags_as_the_reference_on_a_treebank(shared_dir: Path, model: Path) -> None:
    """The fast lookup of pair features against the plain string-by-string one (``reference``),
    each on its own tagger (its own cache), with and without spacing."""
    bank = {EWT_MODEL: "en_ewt/en_ewt-ud-dev.conllu", ES_MODEL: "es_ancora/es_ancora-ud-dev.conllu"}[model]
    path = shared_dir / "resources-data" / "treebanks" / bank
    if not path.is_file():
        pytest.skip(f"{path} not found")
    sentences = read_conllu(path, "xpos" if model == EWT_MODEL else "upos")[:1500]
    words, glued = [s[0] for s in sentences], [s[2] for s in sentences]
    data = perceptron.read_model(model)
    fast, reference = perceptron.Tagger(data), perceptron.Tagger(data)
    assert fast.tag_sentences(words, glued) == reference.tag_sentences(words, glued, "reference")
    assert fast.tag_sentences(words) == reference.tag_sentences(words, None, "reference")
    assert fast.tag_sentences(words[::-1], glued[::-1], "fast") == \
        reference.tag_sentences(words[::-1], glued[::-1], "reference")


def test_fast_strategy_tags_as_the_reference_on_odd_words() -> None:
    """Words with ``|`` (the separator inside pair features), pads' spellings, digits, empty
    sentences and words, random spacing: same tags from both strategies."""
    import random

    train = [(["a|b", "|", "x", "||", "e-mail"], ["NN", "SYM", "NN", "SYM", "NN"], [False, True, True, False, False]),
             (["The", "|", "|", "a|b", "3|4"], ["DT", "SYM", "SYM", "NN", "CD"], [False, False, True, True, False]),
             (["x", "a|b", "The", "||", "x"], ["NN", "NN", "DT", "SYM", "NN"], [True, False, False, True, False])]
    model = perceptron.train(train * 3, iterations=4, seed=1, min_count=1, log=lambda m: None)
    assert any(f.startswith(("a", "b", "c")) and f.count("|") > 1 for f in model["features"])
    rng = random.Random(7)
    vocabulary = ["a|b", "|", "||", "x", "The", "3|4", "e-mail", "<s1>", "</s2>", "", "9", "a", "b", "|b"]
    for data in (model, perceptron.read_model(EWT_MODEL)):
        fast, reference = perceptron.Tagger(data), perceptron.Tagger(data)
        for _ in range(200):
            sentences, glued = _random_sentences(rng, vocabulary, rng.randint(0, 4))
            assert fast.tag_sentences(sentences, glued) == reference.tag_sentences(sentences, glued, "reference")
            assert fast.tag_sentences(sentences) == reference.tag_sentences(sentences, None, "reference")


def test_unknown_strategy_is_refused(tiny_model: dict) -> None:
    with pytest.raises(ValueError, match="strategy 'quick'"):
        perceptron.Tagger(tiny_model).tag_sentences([["x"]], strategy="quick")


def test_a_pickled_tagger_tags_as_before(tiny_model: dict) -> None:
    """A copy for another process (after the first tagging built the fast strategy's tables)
    rebuilds what it left behind and tags new words as the reference does."""
    import pickle

    tagger = perceptron.Tagger(tiny_model)
    tagger.tag_sentences([["The", "dog", "barks"]])
    copy = pickle.loads(pickle.dumps(tagger))
    words = [["A", "new-word", "and", "Another", "one", "9.5"]]
    assert copy.tag_sentences(words) == perceptron.Tagger(tiny_model).tag_sentences(words, strategy="reference")
