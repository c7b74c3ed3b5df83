"""The ``spacy-ner`` PR on tiny models trained here (nothing is downloaded): entities as annotations,
label mapping, confidence, offsets of astral characters, long texts in pieces, pipelines, the CLI,
worker processes and the coded errors."""

from __future__ import annotations

import pickle
import random
import re
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.document import Document
from annotator.errors import PipelineError
from annotator.interop import MissingExtra
from annotator.pipeline import Pipeline
from annotator.processing.spacy_ner import SpacyNer, pieces

needs_spacy = pytest.mark.skipif(find_spec("spacy") is None, reason="spaCy is not installed (extra [spacy])")

# (text, [(entity text, label)]): each entity's first occurrence in its text
TRAINING = [
    ("Maria Okafor lives in Lagos.", [("Maria Okafor", "PERSON"), ("Lagos", "GPE")]),
    ("Dr. Chen moved to Toronto last year.", [("Chen", "PERSON"), ("Toronto", "GPE")]),
    ("😀 Ines Duarte visited Porto.", [("Ines Duarte", "PERSON"), ("Porto", "GPE")]),
    ("The patient was seen today.", []),
    ("John Smith flew to Paris.", [("John Smith", "PERSON"), ("Paris", "GPE")]),
    ("🏥👩‍⚕️ Anna Berg works in Oslo.", [("Anna Berg", "PERSON"), ("Oslo", "GPE")]),
]


def gold(text: str, entities: list[tuple[str, str]], offset: int = 0) -> list[tuple[str, int, int]]:
    """(label, start, end) of each entity text in ``text``, shifted by ``offset``."""
    return [(label, offset + text.index(e), offset + text.index(e) + len(e)) for e, label in entities]


def train(folder: Path, pipe: str, config: dict) -> Path:
    """A blank English pipeline with one component trained on TRAINING (fixed seed), saved to ``folder``."""
    import spacy
    from spacy.training import Example

    spacy.util.fix_random_seed(0)
    nlp = spacy.blank("en")
    nlp.add_pipe(pipe, config=config)

    def reference(text: str, entities: list[tuple[str, str]]) -> dict:
        spans = [(s, e, label) for label, s, e in gold(text, entities)]
        return {"entities": spans} if pipe == "ner" else {"spans": {config["spans_key"]: spans}}

    examples = [Example.from_dict(nlp.make_doc(t), reference(t, e)) for t, e in TRAINING]
    nlp.initialize(lambda: examples)
    for i in range(40):
        random.Random(i).shuffle(examples)
        nlp.update(examples, drop=0.0)
    nlp.to_disk(folder)
    return folder


@pytest.fixture(scope="module")
def model(tmp_path_factory) -> Path:
    """A tiny NER model (PERSON, GPE) that has learned TRAINING: checked here on every sentence."""
    import spacy

    path = train(tmp_path_factory.mktemp("spacy") / "model", "ner", {})
    nlp = spacy.load(path)
    for text, entities in TRAINING:
        assert [(e.label_, e.start_char, e.end_char) for e in nlp(text).ents] == gold(text, entities), text
    return path


def found(doc: Document, name: str = "") -> list[tuple[str, int, int, str, float]]:
    return sorted((a.type, a.start, a.end, a.features["label"], a.features["confidence"]) for a in doc.annset(name))


@needs_spacy
def test_entities_become_annotations_of_the_output_set(model):
    text, entities = TRAINING[0]
    doc = Document(text)
    SpacyNer(model=model, outputASName="NER")(doc)
    assert found(doc, "NER") == sorted((label, s, e, label, 0.5) for label, s, e in gold(text, entities))
    assert sorted(doc.text[a.start:a.end] for a in doc.annset("NER")) == ["Lagos", "Maria Okafor"]
    assert len(doc.annset("")) == 0


@needs_spacy
def test_labels_are_mapped_and_the_others_kept_or_dropped(model):
    text, entities = TRAINING[4]
    kept, dropped = Document(text), Document(text)
    pr = SpacyNer(model=model, labels="PERSON=PATIENT", confidence="0.8")
    pr(kept)
    assert found(kept) == [("GPE", 19, 24, "GPE", 0.8), ("PATIENT", 0, 10, "PERSON", 0.8)]
    assert pr.produces == ("GPE", "PATIENT")
    pr = SpacyNer(model=model, labels={"PERSON": "PATIENT"}, keepUnmapped=False)
    pr(dropped)
    assert found(dropped) == [("PATIENT", 0, 10, "PERSON", 0.5)]
    assert pr.produces == ("PATIENT",)


@needs_spacy
@pytest.mark.parametrize("value", ["PERSON", "PERSON=", "=PATIENT", "PERSON=PATIENT,GPE"])
def test_a_malformed_label_mapping_is_coded(model, value):
    with pytest.raises(PipelineError, match=r"^E331 spacy-ner: parameter labels: expected comma-separated LABEL=TYPE"):
        SpacyNer(model=model, labels=value)


@needs_spacy
@pytest.mark.parametrize("index", [2, 5])
def test_offsets_count_an_astral_character_as_one(model, index):
    text, entities = TRAINING[index]
    doc = Document(text)
    SpacyNer(model=model)(doc)
    assert found(doc) == sorted((label, s, e, label, 0.5) for label, s, e in gold(text, entities))
    assert sorted(doc.text[a.start:a.end] for a in doc.annset("")) == sorted(e for e, _ in entities)


def test_pieces_are_cut_after_a_line_end_else_a_space_else_at_the_limit():
    text = "ab cd\nef gh ij\nklmnopqrstu"
    cut = list(pieces(text, 8))
    assert cut == [(0, "ab cd\n"), (6, "ef gh "), (12, "ij\n"), (15, "klmnopqr"), (23, "stu")]
    assert all(text[offset:offset + len(piece)] == piece for offset, piece in cut)
    assert list(pieces(text, len(text))) == [(0, text)]
    assert list(pieces("", 8)) == [(0, "")]


@needs_spacy
def test_a_long_text_goes_in_pieces_at_line_ends_with_the_right_offsets(model):
    lines = [t for t, _ in TRAINING] * 3
    text = "\n".join(lines)
    expected, offset = [], 0
    for (line, entities) in TRAINING * 3:
        expected += gold(line, entities, offset)
        offset += len(line) + 1
    longest = max(map(len, lines)) + 1
    for length in (longest, 2 * longest, len(text)):
        doc = Document(text)
        SpacyNer(model=model, chunkLength=length)(doc)
        assert found(doc) == sorted((label, s, e, label, 0.5) for label, s, e in expected), length


@needs_spacy
def test_a_spancat_gives_its_scores_as_confidence(tmp_path):
    import spacy

    path = train(tmp_path / "spancat", "spancat", {"spans_key": "sc"})
    text, entities = TRAINING[0]
    sdoc = spacy.load(path)(text)
    group = sdoc.spans["sc"]
    scores = {(s.label_, s.start_char, s.end_char): round(float(v), 4) for s, v in zip(group, group.attrs["scores"])}
    assert set(scores) == set(gold(text, entities))
    doc = Document(text)
    pr = SpacyNer(model=path, spansKey="sc", labels="GPE=CITY")
    pr(doc)
    assert found(doc) == sorted((("CITY" if label == "GPE" else label), s, e, label, score)
                                for (label, s, e), score in scores.items())
    assert all(0.5 <= score <= 1 for score in scores.values()) and pr.produces == ("CITY", "PERSON")
    empty = Document(text)
    SpacyNer(model=path, spansKey="other")(empty)
    assert len(empty.annset("")) == 0


def pipeline_file(folder: Path, model: str) -> Path:
    path = folder / "ner.xml"
    path.write_text(f'<pipeline name="ner-test">\n  <pr type="spacy-ner" name="ner">\n'
                    f'    <param name="model">{model}</param>\n    <param name="outputASName">NER</param>\n'
                    f'  </pr>\n</pipeline>\n', encoding="utf-8")
    return path


@needs_spacy
def test_from_a_pipeline_file_with_a_relative_model_and_overrides(model):
    path = pipeline_file(model.parent, model.name)  # relative to the pipeline file's folder
    pipeline = Pipeline.from_xml(path, {"ner.labels": "GPE=CITY", "ner.confidence": "0.9", "ner.keepUnmapped": "no"})
    text, _ = TRAINING[1]
    doc = pipeline(Document(text))
    assert found(doc, "NER") == [("CITY", 18, 25, "GPE", 0.9)]


@needs_spacy
def test_the_cli_runs_it_with_p_parameters(model, tmp_path, capsys):
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    for i, (text, _) in enumerate(TRAINING):
        (src / f"d{i}.txt").write_text(text, encoding="utf-8")
    code = main(["run", str(pipeline_file(tmp_path, str(model))), str(src), "--out", str(out), "--to", "brat",
                 "--set", "NER", "-p", "ner.labels=PERSON=PATIENT,GPE=CITY"])
    assert code == 0, capsys.readouterr().err
    for i, (text, entities) in enumerate(TRAINING):
        lines = (out / f"d{i}.ann").read_text(encoding="utf-8").splitlines()
        spans = sorted(tuple(line.split("\t")[1].split()) + (line.split("\t")[2],) for line in lines if line[0] == "T")
        expected = sorted(({"PERSON": "PATIENT", "GPE": "CITY"}[label], str(s), str(e), text[s:e])
                          for label, s, e in gold(text, entities))
        assert spans == expected, text


def annotated(pr: SpacyNer, text: str) -> list[tuple[str, int, int, str, float]]:
    doc = Document(text)
    pr(doc)
    return found(doc)


@needs_spacy
def test_copies_and_worker_processes_load_the_model_again(model):
    pr = SpacyNer(model=model, labels="PERSON=PATIENT")
    texts = [t for t, _ in TRAINING]
    alone = [annotated(pr, t) for t in texts]
    assert sum(map(len, alone)) == 10
    copy = pickle.loads(pickle.dumps(pr))
    assert [annotated(copy, t) for t in texts] == alone
    docs = [Document(t, name=f"d{i}") for i, t in enumerate(texts)]
    assert [found(d) for d in Pipeline([pr]).pipe(docs, workers=2, chunk_size=2)] == alone


@needs_spacy
def test_a_model_that_cannot_be_found_is_one_coded_error(tmp_path, capsys):
    missing = tmp_path / "no-model"
    with pytest.raises(PipelineError, match=rf"^E933 spacy-ner: cannot load the spaCy pipeline '{missing}': \[E050\]"):
        SpacyNer(model=missing)
    with pytest.raises(PipelineError, match=r"^E933 spacy-ner: cannot load the spaCy pipeline 'xx_no_such_model'"):
        SpacyNer(model="xx_no_such_model")
    src = tmp_path / "in"
    src.mkdir()
    (src / "d.txt").write_text("John Smith flew to Paris.", encoding="utf-8")
    path = pipeline_file(tmp_path, "no-model")
    assert main(["run", str(path), str(src), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"annotator: error: {path}:2: E933 spacy-ner: cannot load the spaCy "
                                               f"pipeline 'no-model': [E050] Can't find model 'no-model'.")


def test_without_spacy_the_extra_to_install_is_named(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "spacy", None)  # what an absent package looks like to import
    message = 'E930 the spacy-ner PR needs spacy, which is not installed: pip install "annotator[spacy]"'
    with pytest.raises(MissingExtra, match=rf"^{re.escape(message)}$"):
        SpacyNer(model="en_core_web_sm")
    src = tmp_path / "in"
    src.mkdir()
    (src / "d.txt").write_text("John Smith flew to Paris.", encoding="utf-8")
    path = pipeline_file(tmp_path, "en_core_web_sm")
    assert main(["run", str(path), str(src), "--out", str(tmp_path / "o")]) == 1
    assert capsys.readouterr().err.strip().splitlines() == [f"annotator: error: {path}:2: {message}"]


def test_describe_shows_its_parameters(capsys):
    assert main(["describe", "spacy-ner"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("spacy-ner: Runs a spaCy pipeline")
    assert [line.split()[0] for line in out[5:]] == ["inputASName", "outputASName", "model", "labels", "keepUnmapped",
                                                     "confidence", "spansKey", "chunkLength"]
    assert out[7].split()[:5] == ["model", "name_or_path", "-", "-", "yes"]
