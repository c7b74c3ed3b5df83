"""The ``pos-tagger`` PR: tags per sentence, lexicon overrides, output set, in a pipeline."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator import Document
from annotator.errors import InputError, PipelineError
from annotator.pipeline import Pipeline
from annotator.processing import resource_class
from annotator.processing.pos_tagger import POSTagger, read_lexicon
from annotator.processing.sentence_splitter import SentenceSplitter
from annotator.processing.tokenizer import Tokenizer


def _doc(text: str, sentences: bool = True) -> Document:
    """Whitespace tokens (with a ``string`` feature) and, optionally, one Sentence per line."""
    doc = Document(text)
    s = doc.annset()
    at = 0
    for line in text.split("\n"):
        pos = at
        for word in line.split(" "):
            if word:
                s.add("Token", pos, pos + len(word), {"string": word})
            pos += len(word) + 1
        if sentences and line:
            s.add("Sentence", at, at + len(line))
        at += len(line) + 1
    return doc


def _tags(doc: Document, set_name: str = "") -> list[tuple[str, str]]:
    return [(doc.covered_text(t), t.features.get("category")) for t in doc.annset(set_name).with_type("Token")]


def test_registered_under_its_name() -> None:
    assert resource_class("pos-tagger") is POSTagger


def test_tags_every_token_per_sentence() -> None:
    doc = _doc("The patient was admitted yesterday .\nShe has a fever and a cough .")
    POSTagger()(doc)
    tags = dict(_tags(doc))
    assert tags["The"] == "DT" and tags["patient"] == "NN" and tags["admitted"] == "VBN"
    assert tags["She"] == "PRP" and tags["has"] == "VBZ" and tags["."] == "."
    assert all(tag for _, tag in _tags(doc))


def test_sentences_are_tagged_as_separate_sequences() -> None:
    # the same words give the same tags whether they come as two sentences or as two documents
    text = "Results pending\nCall me"
    both = _doc(text)
    POSTagger()(both)
    apart = []
    for line in text.split("\n"):
        one = _doc(line)
        POSTagger()(one)
        apart += _tags(one)
    assert _tags(both) == apart


def test_without_sentences_the_document_is_one_sequence() -> None:
    doc = _doc("I saw him today .", sentences=False)
    POSTagger()(doc)
    assert [t for _, t in _tags(doc)] == ["PRP", "VBD", "PRP", "NN", "."]


def test_tokens_outside_sentences_are_tagged_too() -> None:
    doc = _doc("She was seen today .\nNo fever .", sentences=False)
    doc.annset().add("Sentence", 0, 20)  # the first line only
    POSTagger()(doc)
    tags = _tags(doc)
    assert [t for _, t in tags] == ["PRP", "VBD", "VBN", "NN", ".", "DT", "NN", "."]


def test_string_feature_wins_over_covered_text() -> None:
    doc = Document("xx yy")
    doc.annset().add("Token", 0, 2, {"string": "the"})
    doc.annset().add("Token", 3, 5, {"string": "house"})
    POSTagger()(doc)
    assert [t for _, t in _tags(doc)] == ["DT", "NN"]


def test_clinical_lexicon_overrides_the_model_across_split_tokens() -> None:
    doc = Document("Pt is s/p CABG")
    Tokenizer()(doc)
    POSTagger()(doc)
    tags = _tags(doc)
    assert tags[0] == ("Pt", "NN")
    assert tags[2:5] == [("s", "IN"), ("/", "IN"), ("p", "IN")]
    plain = Document("Pt is s/p CABG")
    Tokenizer()(plain)
    POSTagger(useLexicon=False)(plain)
    assert [t for _, t in _tags(plain)][2:5] != ["IN", "IN", "IN"]


def test_own_lexicon_and_its_errors(tmp_path: Path) -> None:
    lex = tmp_path / "lex.tsv"
    lex.write_text("# comment\nfever\tVB\n", encoding="utf-8")
    doc = _doc("She has a fever .")
    POSTagger(lexicon=lex)(doc)
    assert dict(_tags(doc))["fever"] == "VB"
    lex.write_text("fever VB\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_lexicon(lex)
    assert err.value.line == 1


def test_output_set_gets_tagged_copies() -> None:
    doc = _doc("She has a fever .")
    POSTagger(outputASName="POS")(doc)
    assert all(t is None for _, t in _tags(doc))
    assert [t for _, t in _tags(doc, "POS")] == ["PRP", "VBZ", "DT", "NN", "."]
    assert all(t.features["string"] for t in doc.annset("POS").with_type("Token"))


def test_spanish_model_and_lexicon() -> None:
    doc = Document("El paciente acude al hospital con fiebre.")
    Tokenizer()(doc)
    POSTagger(language="es")(doc)
    tags = dict(_tags(doc))
    assert tags["El"] == "DET" and tags["paciente"] == "NOUN" and tags["acude"] == "VERB"
    assert tags["al"] == "ADP" and tags["."] == "PUNCT"


def test_spanish_contractions_are_tagged_as_their_words() -> None:
    # "al" = "a el" in the treebanks: the model sees the two words, the token gets the first one's tag
    doc = Document("Al ingreso, el paciente acude al hospital del pueblo.")
    Tokenizer()(doc)
    POSTagger(language="es", useLexicon=False)(doc)
    tags = _tags(doc)
    assert [t for w, t in tags if w.lower() in ("al", "del")] == ["ADP", "ADP", "ADP"]
    assert dict(tags)["acude"] == "VERB" and dict(tags)["hospital"] == "NOUN"


def test_in_a_pipeline_with_tokenizer_and_splitter() -> None:
    pipeline = Pipeline([Tokenizer(), SentenceSplitter(), POSTagger()])
    doc = Document("The patient denies chest pain. He was discharged home on Monday.")
    pipeline(doc)
    assert len(_tags(doc)) == 13 and all(tag for _, tag in _tags(doc))
    tags = dict(_tags(doc))
    assert tags["discharged"] == "VBN" and tags["Monday"] == "NNP" and tags["pain"] == "NN"
    assert tags["denies"] == "VBZ"  # from the clinical lexicon (the EWT model says NNS here)


@pytest.mark.parametrize("language, text", [
    ("en", "Saw Mrs Abby Hayward today, bloods reviewed. BP 120/80 -- e-mail a|b to Dr. O'Neil's team!\n"
           "Pt s/p CABG x3; f/u in 2 wks.  She won't re-attend."),
    ("es", "Paciente de 45 años, remitido al servicio del Hospital. Vive con su madre en Madrid-Norte."),
], ids=["english", "spanish-contractions"])
def test_fast_strategy_writes_the_reference_tags(language: str, text: str) -> None:
    def tags(strategy: str) -> list[tuple[str, str]]:
        doc = Document(text)
        Pipeline([Tokenizer(), SentenceSplitter(language=language),
                  POSTagger(language=language, strategy=strategy)])(doc)
        return _tags(doc)

    fast = tags("fast")
    assert fast == tags("reference") and len(fast) > 15 and all(tag for _, tag in fast)


def test_unknown_strategy_is_a_parameter_error() -> None:
    with pytest.raises(PipelineError, match="strategy"):
        POSTagger(strategy="quick")
