"""``annotator train tagger``: train on a brat corpus, score on dev, write the model; its errors."""

from __future__ import annotations

import json
import zipfile

import pytest

from annotator.cli import main

NAMES = ["Ana Ruiz", "Luis Pérez", "Marta Vidal", "Pedro Molina", "Rosa Castro", "Jorge Ortega"]
CITIES = ["Madrid", "Lugo", "Cádiz", "Toledo", "Murcia", "Bilbao"]
PIPELINE = '<pipeline name="tokens"><pr type="tokenizer"/></pipeline>\n'
FEATURES = "word,orth,bigrams,section"


def _corpus(folder, pairs):
    """One brat document per (name, city): a form with a NOMBRE and a TERRITORIO span."""
    folder.mkdir()
    for i, (name, city) in enumerate(pairs):
        text = f"Nombre: {name}.\nCiudad: {city}.\nRefiere dolor.\n"
        start, where = text.index(name), text.index(city)
        (folder / f"d{i}.txt").write_text(text, encoding="utf-8")
        (folder / f"d{i}.ann").write_text(f"T1\tNOMBRE {start} {start + len(name)}\t{name}\n"
                                          f"T2\tTERRITORIO {where} {where + len(city)}\t{city}\n", encoding="utf-8")
    return folder


@pytest.fixture
def corpora(tmp_path):
    train = _corpus(tmp_path / "train", [(n, c) for n in NAMES for c in CITIES[:3]])
    dev = _corpus(tmp_path / "dev", list(zip(NAMES, CITIES[3:] * 2)))
    pipeline = tmp_path / "tokens.xml"
    pipeline.write_text(PIPELINE)
    return train, dev, pipeline


@pytest.mark.parametrize("learner", ["crf", "svm"])
def test_trains_scores_dev_and_writes_the_model(corpora, tmp_path, capsys, learner):
    train, dev, pipeline = corpora
    out = tmp_path / "model.zip"
    code = main(["train", "tagger", "--learner", learner, "--train", str(train), "--dev", str(dev),
                 "--pipeline", str(pipeline), "--features", FEATURES, "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "18 documents; BIO labels give back 36 of 36 gold spans exactly" in printed
    assert "dev SubTrack 1 [NER]       P 1.0000  R 1.0000  F1 1.0000" in printed
    info = json.loads(zipfile.ZipFile(out).read("model.json"))
    assert (info["learner"], info["features"]["classes"]) == (learner, FEATURES.split(","))
    assert info["meta"]["dev"]["subtask2_strict"]["f1"] == 1.0
    assert info["labels"] == ["B-NOMBRE", "B-TERRITORIO", "I-NOMBRE", "O"]


def test_a_gold_set_without_annotations_is_one_error_line(corpora, tmp_path, capsys):
    train, _, pipeline = corpora
    code = main(["train", "tagger", "--learner", "crf", "--train", str(train), "--set", "Key",
                 "--pipeline", str(pipeline), "--features", FEATURES, "--out", str(tmp_path / "m.zip")])
    assert code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == ("annotator: error: E805 no gold annotations in set 'Key' of the training corpus "
                       "(types there: NOMBRE, TERRITORIO): give --set")
    assert not (tmp_path / "m.zip").exists()


def test_an_unknown_feature_class_is_one_error_line(corpora, tmp_path, capsys):
    train, _, pipeline = corpora
    code = main(["train", "tagger", "--learner", "crf", "--train", str(train), "--pipeline", str(pipeline),
                 "--features", "word,syntax", "--out", str(tmp_path / "m.zip")])
    assert code == 1
    assert "E804 unknown feature class 'syntax'" in capsys.readouterr().err
