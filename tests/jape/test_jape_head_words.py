"""Rules that walk runs of capitalised words to a rare head word ("University", "Hospital"), in
documents padded with ordinary words: the matches are those of a full search, with and without
the option ``cuts = true`` (long enough documents for the runtime to check the cuts).
"""

from __future__ import annotations

import re

import pytest

from japehelp import found, make_doc

from annotator.jape import compile_grammar

FILLER = " the cat sat on the mat and then it went home." * 12


@pytest.fixture(params=["", ", cuts = true"], ids=["plain", "cuts"])
def grammar(request, grammar):
    """The ``grammar`` fixture, the option appended to each ``Options:`` line in the ``cuts`` run."""
    return lambda text: grammar(re.sub(r"(\nOptions: control = \w+)", r"\1" + request.param, text))


HEAD = ('({Token.orth == upperInitial})[1,3] {Token.string == "University"}')


def test_a_head_word_at_the_bound_and_beyond_it(grammar):
    g = grammar(f"Phase: P\nInput: Token\nOptions: control = appelt\nRule: Org ({HEAD}):o --> :o.Org = {{}}\n")
    doc = make_doc("Visit Grand Harbour City University today." + FILLER +
                   " Then Alpha Beta Gamma Delta University and Harvard University." + FILLER)
    g(doc)
    assert found(doc, "Org") == ["Grand Harbour City University", "Beta Gamma Delta University",
                                 "Harvard University"]


def test_every_start_that_reaches_the_head_word_matches_with_control_all(grammar):
    g = grammar(f"Phase: P\nInput: Token\nOptions: control = all\nRule: Org ({HEAD}):o --> :o.Org = {{}}\n")
    doc = make_doc(FILLER + " Alpha Beta Gamma Delta University." + FILLER)
    g(doc)
    assert found(doc, "Org") == ["Beta Gamma Delta University", "Gamma Delta University", "Delta University"]


def test_a_long_annotation_is_one_step_on_the_way_to_the_head_word(grammar):
    g = grammar("Phase: P\nInput: Token Lookup\nOptions: control = appelt\n"
                'Rule: H (({Lookup} | {Token.orth == upperInitial})[1,2] {Token.string == "Hospital"}):h'
                " --> :h.Hosp = {}\n")
    doc = make_doc(FILLER + " at Saint Mary of the Angels Hospital today." + FILLER,
                   ("Lookup", "Saint Mary of the Angels", None))
    g(doc)
    assert found(doc, "Hosp") == ["Saint Mary of the Angels Hospital"]


def test_alternative_heads_and_a_head_of_two_words(grammar):
    g = grammar("Phase: P\nInput: Token\nOptions: control = appelt\n"
                "Rule: Place (({Token.orth == upperInitial})[1,3]"
                ' ({Token.string == "National"} {Token.string == "Park"} | {Token.string == "Park"} |'
                ' {Token.string ==~ "Beach|Lake"})):l --> :l.Place = {}\n')
    doc = make_doc(FILLER + " Yellowstone National Park, Roundhay Park and Silver Lake." + FILLER)
    g(doc)
    assert found(doc, "Place") == ["Yellowstone National Park", "Roundhay Park", "Silver Lake"]


@pytest.mark.parametrize("option", ["", ", cuts = true"], ids=["plain", "cuts"])
def test_the_option_tries_the_rule_only_within_reach_of_its_head_word(write, option):
    """Through the public ``trace``: with ``cuts = true`` the rule is tried only at the capitalised
    words from which "University" can be reached; without, at each one before the last "University".
    (Rule D makes ``Token.string`` a key the runtime reads anyway.) Both runs annotate as the
    reference matcher does."""
    path = write("g.jape", f"Phase: P\nInput: Token\nOptions: control = appelt{option}\n"
                           f"Rule: Org ({HEAD}):o --> :o.Org = {{}}\n"
                           'Rule: D ({Token.string == "Dr"}):d --> :d.D = {}\n')
    text = ("Visit Grand Harbour City University today." + FILLER +
            " Then Alpha Beta Gamma Delta University and Harvard University, Oxford." + FILLER)
    doc, plain = make_doc(text), make_doc(text)
    tried: list[int] = []
    compile_grammar(path)(doc, trace=lambda phase, p, candidates, fired: tried.append(p))
    compile_grammar(path, strategy="reference")(plain)
    assert found(doc, "Org") == found(plain, "Org") == ["Grand Harbour City University",
                                                        "Beta Gamma Delta University", "Harvard University"]
    words = [doc.text[p:].split()[0] for p in tried]
    if option:
        assert words == ["Grand", "Beta", "Harvard"]
    else:
        assert words == ["Visit", "Grand", "Then", "Alpha", "Beta", "Harvard"]
