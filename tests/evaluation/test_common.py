import math

import pytest

from annotator import Document
from annotator.errors import EvaluationError
from annotator.evaluation.common import Counts, f_beta, fmt4, json_float, mean_sd, pair_documents, ratio


def test_zero_over_zero_is_zero():
    assert ratio(0, 0) == 0.0
    assert Counts().precision == 0.0 and Counts().recall == 0.0 and Counts().f1 == 0.0
    assert f_beta(0.0, 0.0) == 0.0


def test_f1_is_computed_from_the_floats_like_the_official_scripts():
    c = Counts(tp=5, fp=3, fn=7)
    p, r = 5 / 8, 5 / 12
    assert c.f1 == 2 * ((p * r) / (p + r))
    assert math.isclose(c.f1, 10 / 20)


def test_four_significant_digits_general_format():
    assert fmt4(1.0) == "1.0"
    assert fmt4(0.8) == "0.8"
    assert fmt4(0.95964) == "0.9596"
    assert fmt4(2 / 3) == "0.6667"
    assert fmt4(0.0000123456) == "1.235e-05"
    assert fmt4(float("nan")) == "nan"
    assert fmt4("NA") == "NA"


def test_mean_and_population_sd():
    mean, sd = mean_sd([1.0, 0.0])
    assert mean == 0.5 and sd == 0.5  # population SD (numpy std), not sample SD (0.707)
    mean, sd = mean_sd([])
    assert math.isnan(mean) and math.isnan(sd)
    assert json_float(mean) is None and json_float(0.25) == 0.25


def _doc(name):
    return Document("x", name=name)


def test_pairing_keeps_documents_on_both_sides_and_lists_the_rest():
    p = pair_documents([_doc("b"), _doc("a"), _doc("c")], [_doc("a"), _doc("b"), _doc("z")])
    assert [k for k, _, _ in p.pairs] == ["a", "b"]
    assert p.missing == ["c"] and p.extra == ["z"]
    strict = pair_documents([_doc("a"), _doc("c")], [_doc("a")], strict_docs=True)
    assert [(k, s is None) for k, _, s in strict.pairs] == [("a", False), ("c", True)]


def test_pairing_rejects_two_documents_with_one_key():
    with pytest.raises(EvaluationError, match="two system documents"):
        pair_documents([_doc("a")], [_doc("a"), _doc("a")])


def test_mean_and_sd_match_numpy_to_the_last_bit():
    np = pytest.importorskip("numpy")
    import random

    rng = random.Random(7)
    for n in (1, 3, 7, 8, 9, 17, 128, 129, 514, 1304):
        values = [rng.choice([0.0, 1.0, 1 / 3, 2 / 3, rng.random()]) for _ in range(n)]
        assert mean_sd(values) == (np.array(values).mean(), np.array(values).std())
