"""``annotator experiment {ablation,kernels,learning-curve}`` on a tiny brat corpus: the table, the
JSON and both plot files; argument errors as one coded line."""

from __future__ import annotations

import json

import pytest

from annotator.cli import main

NAMES = ["Ana Ruiz", "Luis Pérez", "Marta Vidal", "Pedro Molina", "Rosa Castro", "Jorge Ortega"]
PIPELINE = '<pipeline name="tokens"><pr type="tokenizer"/></pipeline>\n'


def _corpus(folder, names, form="Informe {i}.\nNombre: {name}.\nRefiere dolor.\n", gold=True):
    """One brat document per name: ``form`` with a NOMBRE span (no gold with ``gold=False``)."""
    folder.mkdir()
    for i, name in enumerate(names):
        text = form.format(i=i, name=name)
        start = text.index(name)
        (folder / f"d{i}.txt").write_text(text, encoding="utf-8")
        (folder / f"d{i}.ann").write_text(f"T1\tNOMBRE {start} {start + len(name)}\t{name}\n" if gold else "",
                                          encoding="utf-8")
    return folder


@pytest.fixture
def corpora(tmp_path):
    train = _corpus(tmp_path / "train", NAMES * 2)
    dev = _corpus(tmp_path / "dev", NAMES[::-1])
    pipeline = tmp_path / "tokens.xml"
    pipeline.write_text(PIPELINE)
    return ["--train", str(train), "--dev", str(dev), "--pipeline", str(pipeline)]


@pytest.mark.parametrize("study, learner, extra, settings", [
    ("ablation", "crf", ["--features", "word,length", "--iterations", "20"],
     ["all", "only word", "only length", "all but word", "all but length"]),
    ("kernels", "svm", ["--features", "word,section", "--kernel-tokens", "40", "--C", "1"], ["linear", "poly2", "rbf"]),
    ("learning-curve", "crf", ["--features", "word,section", "--iterations", "20", "--steps", "2"], ["50%", "100%"]),
    ("learning-curve", "svm", ["--features", "word,section", "--steps", "2", "--C", "1"], ["50%", "100%"]),
])
def test_a_study_prints_its_table_and_writes_json_and_plots(corpora, tmp_path, capsys, study, learner, extra, settings):
    out = tmp_path / "results"
    assert main(["experiment", study, "--learner", learner, *corpora, *extra, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("| setting | train docs | train tokens | S1 P | S1 R | S1 F1 |")
    assert sorted(p.name for p in out.iterdir()) == [f"{study}.{ext}" for ext in ("json", "md", "png", "svg")]
    data = json.loads((out / f"{study}.json").read_text())
    assert (data["study"], data["learner"]) == (study, learner)
    assert [row["setting"] for row in data["rows"]] == settings
    assert data["rows"][0]["setting"] in printed and (out / f"{study}.md").read_text() in printed
    assert data["train"]["documents"] == 12 and data["dev"]["documents"] == 6
    assert ("kernel" in data["params"]) == (study != "kernels" and learner == "svm")
    assert data["params"].get("C", 1.0) == 1.0 and data["params"].get("kernel", "linear") == "linear"


def test_the_ablation_figures_follow_the_signal(corpora, tmp_path):
    assert main(["experiment", "ablation", "--learner", "svm", *corpora, "--features", "word,length",
                 "--C", "1", "--out", str(tmp_path)]) == 0
    f1 = {row["setting"]: row["f1"] for row in json.loads((tmp_path / "ablation.json").read_text())["rows"]}
    # the dev names are training ones: the word alone finds them; a token's length alone cannot
    # (a per-token SVM: no transitions to learn the form's layout from)
    assert f1["all"] == f1["only word"] == 1.0
    assert f1["all but word"] < 0.5


@pytest.mark.parametrize("args, message", [
    (["kernels", "--learner", "crf"], "E821 the kernels study compares SVM kernels: give --learner svm"),
    (["kernels", "--learner", "svm", "--kernel", "rbf"],
     "E822 --kernel must be left out of the kernels study (it trains every kernel), got rbf"),
    (["kernels", "--learner", "svm", "--kernel-tokens", "-1"], "E822 --kernel-tokens must be 0 or more, got -1"),
    (["learning-curve", "--learner", "crf", "--steps", "0"], "E822 --steps must be 1 or more, got 0"),
    (["ablation", "--learner", "crf", "--train-docs", "13"],
     "E822 --train-docs must be at most the 12 training documents, got 13"),
    (["ablation", "--learner", "crf", "--features", "word"],
     "E823 the ablation needs at least two feature classes, got word: give --features"),
])
def test_argument_errors_are_one_coded_line(corpora, tmp_path, capsys, args, message):
    out = tmp_path / "results"
    assert main(["experiment", args[0], *corpora, *args[1:], "--out", str(out)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == f"annotator: error: {message}"
    assert not out.exists()


def test_a_dev_corpus_without_gold_is_one_coded_line(tmp_path, capsys):
    train = _corpus(tmp_path / "train", NAMES)
    dev = _corpus(tmp_path / "dev", NAMES, gold=False)
    (tmp_path / "tokens.xml").write_text(PIPELINE)
    code = main(["experiment", "learning-curve", "--learner", "crf", "--train", str(train), "--dev", str(dev),
                 "--pipeline", str(tmp_path / "tokens.xml"), "--out", str(tmp_path / "out")])
    assert code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith("E820 no gold annotations in set '' of the dev corpus (types there: none): give --set")
