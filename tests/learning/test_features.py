"""Each feature class on a tiny document, and switching classes on and off."""

from __future__ import annotations

import gzip
import re

import pytest

from annotator.document import Document
from annotator.errors import PipelineError
from annotator.learning.features import DEFAULT_CLASSES, FeatureConfig, document_features, line_info, shape

TEXT = "DATOS DEL PACIENTE\nNombre: Ana Ruiz, 2016 Madrid\n"


def _doc() -> Document:
    """Tokens as the tokenizer makes them (kind, orth) with a POS ``category``, and one Lookup."""
    doc = Document(TEXT, name="tiny")
    anns = doc.annset()
    start = 0
    for word in TEXT.split():
        for piece in ([word[:-1], word[-1]] if word[-1] in ",:" else [word]):
            start = TEXT.index(piece, start)
            if piece in ",:":
                features = {"kind": "punctuation", "category": "PUNCT"}
            elif piece.isdigit():
                features = {"kind": "number", "category": "NUM"}
            else:
                orth = "allCaps" if piece.isupper() else "upperInitial"
                features = {"kind": "word", "orth": orth, "category": "PROPN"}
            anns.add("Token", start, start + len(piece), features)
            start += len(piece)
    anns.add("Lookup", TEXT.index("Ana"), TEXT.index("Ruiz") + 4, {"majorType": "person", "minorType": "full"})
    doc.annset("Rules").add("NAME", TEXT.index("Ana"), TEXT.index("Ruiz") + 4)
    return doc


def features_of(*classes: str, **options) -> dict[str, list[str]]:
    """Word -> its features, with only ``classes`` on."""
    doc = _doc()
    config = FeatureConfig(classes=classes, **options)
    tokens = list(doc.annset().with_type("Token"))
    return {doc.text[t.start:t.end]: f for t, f in zip(tokens, document_features(doc, config))}


def test_word_is_lower_cased():
    assert features_of("word")["Madrid"] == ["w=madrid"]


def test_orth_gives_the_capitalisation_class_and_the_shape():
    feats = features_of("orth")
    assert feats["Madrid"] == ["orth=upperInitial", "shape=Xx"]
    assert feats["DATOS"] == ["orth=allCaps", "shape=X"]
    assert feats["2016"] == ["orth=none", "shape=d"]


def test_shape_collapses_runs_of_a_character_class():
    assert shape("DNI-123") == "X-d"
    assert shape("28/04") == "d/d"


def test_punctuation_marks_punctuation_tokens_only():
    feats = features_of("punctuation")
    assert feats[","] == ["punct=,"]
    assert feats["Madrid"] == []


def test_number_marks_numbers_with_their_digit_count():
    feats = features_of("number")
    assert feats["2016"] == ["num", "digits=4"]
    assert feats["Ana"] == []


def test_length_is_capped_at_ten():
    doc = Document("Electroencefalograma", name="long")
    doc.annset().add("Token", 0, 20, {"kind": "word"})
    assert document_features(doc, FeatureConfig(classes=("length",))) == [["len=10"]]
    assert features_of("length")["Ana"] == ["len=3"]


def test_affixes_of_the_configured_lengths_for_longer_words():
    feats = features_of("affixes", affixes=(2, 3))
    assert feats["Madrid"] == ["pre2=ma", "suf2=id", "pre3=mad", "suf3=rid"]
    assert feats["Ana"] == ["pre2=an", "suf2=na"]  # not longer than 3: no 3-letter affixes


def test_bigrams_see_two_words_each_side_padded_at_the_ends():
    feats = features_of("bigrams")
    assert feats["DATOS"] == ["w-1=<s>", "w+1=del", "bg-=<s>|<s>", "bg+=del|paciente"]
    assert feats["Ana"] == ["w-1=:", "w+1=ruiz", "bg-=nombre|:", "bg+=ruiz|,"]
    assert feats["Madrid"] == ["w-1=2016", "w+1=</s>", "bg-=,|2016", "bg+=</s>|</s>"]


def test_pos_and_pos_bigrams():
    feats = features_of("pos")
    assert feats["Ruiz"] == ["pos=PROPN", "pos-=PROPN|PROPN", "pos+=PROPN|PUNCT"]
    assert feats["Madrid"] == ["pos=PROPN", "pos-=NUM|PROPN", "pos+=PROPN|</s>"]


def test_section_header_field_label_and_line_start():
    feats = features_of("section")
    assert feats["DATOS"] == ["sec=datos del paciente", "bol"]
    assert feats["Nombre"] == ["sec=datos del paciente", "bol"]  # the label itself is not in its field
    assert feats["Ana"] == ["sec=datos del paciente", "field=nombre"]


def test_headers_are_short_digitless_lines_whose_only_colon_ends_them():
    lines = line_info("Informe\nFecha: 3 de mayo\nExploración física:\nSe observa 1 lesión.\n")
    assert [(line.section, line.field) for line in lines] == [
        ("informe", ""), ("informe", "fecha"), ("exploración física", "exploración física"), ("exploración física", ""),
        ("exploración física", "")]


def test_dictionary_gives_every_covering_lookup_and_where_it_starts():
    feats = features_of("dictionary")
    assert feats["Ana"] == ["dict=person", "dict=person:full", "dictB=person:full"]
    assert feats["Ruiz"] == ["dict=person", "dict=person:full"]
    assert feats["Madrid"] == []


def test_annotations_of_an_earlier_pr_as_begin_and_inside():
    feats = features_of("annotations", stack_set="Rules")
    assert (feats["Ana"], feats["Ruiz"], feats["Madrid"]) == (["ann=B-NAME"], ["ann=I-NAME"], [])
    assert features_of("annotations", stack_set="Rules", stack_types=("OTHER",))["Ana"] == []


def test_neighbours_copy_the_window_features_of_the_tokens_on_each_side():
    feats = features_of("word", "length", "dictionary", "neighbours")
    assert feats["Ruiz"] == ["w=ruiz", "len=4", "dict=person", "dict=person:full",
                             "-1:w=ana", "-1:dict=person", "-1:dict=person:full", "+1:w=,"]
    assert feats["DATOS"] == ["w=datos", "len=5", "+1:w=del"]


def test_the_default_classes_are_the_stat_de_id_ones():
    assert FeatureConfig().classes == DEFAULT_CLASSES
    assert "annotations" not in DEFAULT_CLASSES and "neighbours" not in DEFAULT_CLASSES
    assert not any(f.startswith(("ann=", "-1:")) for f in features_of(*DEFAULT_CLASSES)["Ana"])


def test_switching_a_class_off_removes_its_features_only():
    everything = features_of(*DEFAULT_CLASSES)["Ana"]
    without_pos = features_of(*(c for c in DEFAULT_CLASSES if c != "pos"))["Ana"]
    assert without_pos == [f for f in everything if not f.startswith("pos")]


def test_configurations_are_the_same_whatever_the_order_of_their_classes():
    assert FeatureConfig(classes=("pos", "word")).fingerprint() == FeatureConfig(classes=("word", "pos")).fingerprint()
    assert FeatureConfig(classes=("word",)).fingerprint() != FeatureConfig(classes=("word", "pos")).fingerprint()
    assert FeatureConfig.from_json(FeatureConfig(affixes=(3,)).to_json()) == FeatureConfig(affixes=(3,))


def test_an_unknown_class_is_a_coded_error():
    with pytest.raises(PipelineError, match="E804 unknown feature class 'syntax'"):
        FeatureConfig(classes=("word", "syntax"))


def _cluster_file(tmp_path) -> str:
    path = tmp_path / "clusters.tsv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write("#word\tk4\tk16\nmadrid\t1\t9\nruiz\t2\t5\n0000\t3\t7\n")
    return str(path)


def test_clusters_give_the_word_and_its_neighbours_ids_at_every_granularity(tmp_path):
    feats = features_of("clusters", clusters=_cluster_file(tmp_path))
    assert feats["Ruiz"] == ["c4=2", "c16=5"]  # ',' after it has no cluster, 'ana' before it neither
    assert feats[","] == ["-1:c4=2", "-1:c16=5", "+1:c4=3", "+1:c16=7"]  # 2016 is looked up as 0000
    assert feats["Madrid"] == ["c4=1", "c16=9", "-1:c4=3", "-1:c16=7"]


def test_clusters_without_a_readable_table_are_a_coded_error(tmp_path):
    with pytest.raises(PipelineError, match="E814"):
        features_of("clusters")
    with pytest.raises(PipelineError, match="E814 cannot read the word clusters"):
        features_of("clusters", clusters=str(tmp_path / "missing.tsv.gz"))


def test_document_gives_the_types_of_the_same_word_elsewhere():
    text = "Ana Ruiz vive en Madrid. Visita a Ruiz y a Ana. Madrid"
    doc = Document(text, name="repeats")
    for match in re.finditer(r"\w+|\.", text):
        doc.annset().add("Token", match.start(), match.end(), {"kind": "word"})
    doc.annset("Rules").add("NAME", 0, 8)  # the first "Ana Ruiz" only
    doc.annset("Rules").add("CITY", text.index("Madrid"), text.index("Madrid") + 6)
    tokens = list(doc.annset().with_type("Token"))
    feats = [(text[t.start:t.end], f) for t, f in zip(tokens, document_features(doc, FeatureConfig(classes=("document",))))]
    by_place = dict(enumerate(feats))
    assert by_place[0] == ("Ana", ["docrep"])  # its own label does not count; the other Ana has none
    assert by_place[11] == ("Ana", ["docrep", "doc=NAME"])
    assert by_place[8] == ("Ruiz", ["docrep", "doc=NAME"])
    assert by_place[13] == ("Madrid", ["docrep", "doc=CITY"])
    assert by_place[2] == ("vive", [])  # said once
    assert by_place[7] == ("a", [])  # shorter than 3
