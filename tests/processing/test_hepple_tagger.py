"""The ``hepple-tagger`` PR: GATE's HepTag (``hepple.postag.POSTagger``, its ``Rule_*`` classes and
``gate.creole.POSTagger``'s sentence loop) on small lexicons and rules written for the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.document import Document
from annotator.errors import InputError
from annotator.processing.base import resource_class
from annotator.processing.hepple_tagger import (GUESSES, HeppleTagger, HeppleTaggerPR, guess, read_lexicon,
                                                read_rules)

# a window of seven words around X: their initial tags are the upper-case of the word
WORDS = "w1 w2 w3 X w5 w6 w7".split()
LEXICON = "w1 T1\nw2 T2\nw3 T3\nX A B\nw5 T5\nw6 T6\nw7 T7\n"


def tagger(tmp_path: Path, rules: str, lexicon: str = LEXICON) -> HeppleTagger:
    (tmp_path / "lexicon").write_text(lexicon, encoding="utf-8")
    (tmp_path / "rules").write_text(rules, encoding="utf-8")
    return HeppleTagger(read_lexicon(tmp_path / "lexicon"), read_rules(tmp_path / "rules"))


@pytest.mark.parametrize("template, holds, fails", [
    # GATE's Rule_<TEMPLATE>.checkContext: words at wordBuff[k], initial tags at lexBuff[k][0], X at 3
    ("CURWD", "X", "w5"),
    ("LBIGRAM", "w3 X", "w2 X"),
    ("RBIGRAM", "X w5", "X w6"),
    ("NEXT1OR2OR3TAG", "T7", "T3"),
    ("NEXT1OR2TAG", "T6", "T7"),
    ("NEXT1OR2WD", "w6", "w7"),
    ("NEXT2TAG", "T6", "T5"),
    ("NEXT2WD", "w6", "w5"),
    ("NEXTBIGRAM", "T5 T6", "T6 T5"),
    ("NEXTTAG", "T5", "T6"),
    ("NEXTWD", "w5", "w6"),
    ("PREV1OR2OR3TAG", "T1", "T5"),
    ("PREV1OR2TAG", "T2", "T1"),
    ("PREV1OR2WD", "w2", "w1"),
    ("PREV2TAG", "T2", "T3"),
    ("PREV2WD", "w2", "w3"),
    ("PREVBIGRAM", "T2 T3", "T3 T2"),
    ("PREVTAG", "T3", "T2"),
    ("PREVWD", "w3", "w2"),
    ("SURROUNDTAG", "T3 T5", "T5 T3"),
    ("WDAND2AFT", "X w6", "X w5"),
    ("WDAND2BFR", "w2 X", "w3 X"),
    ("WDAND2TAGAFT", "X T6", "X T5"),
    ("WDAND2TAGBFR", "T2 X", "T3 X"),
    ("WDNEXTTAG", "X T5", "X T6"),
    ("WDPREVTAG", "T3 X", "T2 X"),
])
def test_each_template_reads_its_context(tmp_path, template, holds, fails) -> None:
    assert tagger(tmp_path, f"A B {template} {holds}\n").tag(WORDS)[3] == "B"
    assert tagger(tmp_path, f"A B {template} {fails}\n").tag(WORDS)[3] == "A"


def test_a_rule_needs_its_tag_in_the_lexicon_and_the_first_that_applies_fires(tmp_path) -> None:
    # Rule.apply: hasToTag (the word's lexicon entry holds TO) and checkContext; the first rule wins
    rules = "A C UNRESTRICTED\nA B PREVTAG T3\nA A PREVTAG T3\n"
    assert tagger(tmp_path, rules).tag(WORDS)[3] == "B"
    assert tagger(tmp_path, "A B UNKNOWN\n").tag(WORDS)[3] == "A"


def test_rules_keyed_by_the_word_or_the_tags_beside_it_keep_file_order(tmp_path) -> None:
    # the first rule whose context holds fires, whichever part of the context a rule names
    rules = "A C SURROUNDTAG T3 T6\nA D CURWD w5\nA B WDNEXTTAG X T5\nA E PREVTAG T3\nA F UNRESTRICTED\n"
    t = tagger(tmp_path, rules, LEXICON.replace("X A B", "X A B C D E F"))
    assert t.tag(WORDS)[3] == "B"
    assert t.tag(["w3", "X", "w7"])[1] == "E"
    assert t.tag(["w1", "X", "w7"])[1] == "F"


def test_contexts_read_initial_tags_not_the_ones_rules_gave(tmp_path) -> None:
    # "x x": the first becomes B (STAART before it); the second sees the first's initial A, not B
    t = tagger(tmp_path, "A B PREVTAG STAART\nA C PREVTAG A\nA D PREVTAG B\n", "x A B C D\n")
    assert t.tag(["x", "x"]) == ["B", "C"]


def test_sentence_edges_are_staart(tmp_path) -> None:
    t = tagger(tmp_path, "A B NEXTWD STAART\nA C PREV2TAG STAART\n", "x A B C\n")
    assert t.tag(["x", "x", "x", "x"]) == ["C", "C", "A", "B"]


@pytest.mark.parametrize("word, tag", [
    ("Zork", "NNP"), ("Émile", "NN"), ("re-do", "JJ"), ("-do", "NN"), ("a1b", "CD"), ("-12-", "CD"),
    ("blessed", "JJ"), ("thingless", "JJ"), ("cats", "NNS"), ("oddly", "RB"), ("zorking", "VBG"),
    ("©", "NN"), ("zork", "NN"),
])
def test_unknown_words_are_guessed_as_heptag_does(word, tag) -> None:
    assert guess(word) == tag
    assert tag in GUESSES


def test_bad_lines_name_the_line(tmp_path) -> None:
    (tmp_path / "lexicon").write_text("fine NN\nnotags\n", encoding="utf-8")
    with pytest.raises(InputError, match="E607"):
        read_lexicon(tmp_path / "lexicon")
    for line in ("NN VB NOSUCHTEMPLATE x", "NN VB PREVBIGRAM DT"):
        (tmp_path / "rules").write_text(line + "\n", encoding="utf-8")
        with pytest.raises(InputError, match="E608"):
            read_rules(tmp_path / "rules")


def test_the_pr_tags_sentence_by_sentence_as_gates_pos_tagger(tmp_path) -> None:
    # gate.creole.POSTagger: per Sentence the next tokens that end by its end (the token before the
    # first sentence joins it), then the tokens after the last sentence; the word is `string`
    (tmp_path / "lexicon").write_text("x A B\n", encoding="utf-8")
    (tmp_path / "rules").write_text("A B PREVWD STAART\n", encoding="utf-8")
    text = "x x. x x. x"
    doc = Document(text)
    for start in (0, 2, 5, 7, 10):
        doc.annset().add("Token", start, start + 1, {"string": "x"})
    doc.annset().add("Sentence", 2, 4)
    doc.annset().add("Sentence", 5, 9)
    assert resource_class("hepple-tagger") is HeppleTaggerPR
    HeppleTaggerPR(lexiconURL=tmp_path / "lexicon", rulesURL=tmp_path / "rules")(doc)
    tags = [t.features["category"] for t in sorted(doc.annset().with_type("Token"), key=lambda a: a.start)]
    assert tags == ["B", "A", "B", "A", "B"]
