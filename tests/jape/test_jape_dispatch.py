"""Where rules are tried (annotator/jape/compiler.py: element_keys, StartPlan; runtime.py: the
second-element filter and cuts): every positive feature test of a first element that a missing
feature fails narrows the offsets, and the matches stay those of a full search.

Checked through public interfaces only: a grammar's ``trace`` (called at each offset where rules
are tried, :data:`annotator.jape.runtime.Trace`) gives the offsets tried, and every run is compared
with ``strategy="reference"`` (the plain walk) on a copy of the document.
"""

from __future__ import annotations

from typing import Callable

from japehelp import found, make_doc

from annotator.jape import compile_grammar

FILLER = " the cat sat on the mat and then it went home." * 12


def _annotations(doc) -> list[tuple]:
    return sorted((a.type, a.start, a.end, sorted(a.features.items(), key=repr)) for a in doc.annset())


def _tried(write: Callable, grammar: str, make: Callable) -> tuple[list[str], object]:
    """The words where the fast matcher tries the rules of ``grammar`` on ``make()``, and that
    document after the run; the run must annotate as the reference matcher does on another ``make()``."""
    path = write("g.jape", grammar)
    doc, plain = make(), make()
    offsets: list[int] = []
    compile_grammar(path)(doc, trace=lambda phase, p, candidates, fired: offsets.append(p))
    compile_grammar(path, strategy="reference")(plain)
    assert _annotations(doc) == _annotations(plain)
    return [doc.text[p:].split()[0] for p in offsets], doc


def _one_rule(lhs: str, options: str = "control = appelt", inputs: str = "Token Lookup") -> str:
    return f"Phase: P\nInput: {inputs}\nOptions: {options}\nRule: R ({lhs}):r --> :r.R = {{}}\n"


def test_every_test_a_missing_feature_fails_narrows_the_offsets(write):
    """kind, the word list and length are keys; ``!= allCaps`` holds where orth is missing, so the
    Token without orth is tried (and matches) too."""
    def make():
        doc = make_doc("O Ox D 5 L ll Lo O")
        last = max(doc.annset().with_type("Token"), key=lambda a: a.start)
        del last.features["orth"]
        return doc

    tried, doc = _tried(write, _one_rule('{Token.kind == word, Token.string ==~ "O|D|L", Token.length == 1,'
                                         ' Token.orth != allCaps}'), make)
    assert tried == ["O", "D", "L", "O"]
    assert found(doc, "R") == ["O", "D", "L", "O"]


def test_a_type_without_a_feature_test_is_a_key_of_its_own(write):
    def make():
        return make_doc("Ann met Bob and Cy in Rome", ("Lookup", "Bob", None), ("Lookup", "in", None))

    tried, doc = _tried(write, _one_rule("{Token.orth == upperInitial, Lookup}"), make)
    assert tried == ["Bob"] and found(doc, "R") == ["Bob"]
    tried, doc = _tried(write, _one_rule("{!Lookup}"), make)  # no key needed; a Lookup excludes
    assert "Bob" not in tried and "in" not in tried and "Ann" in tried
    assert "Bob" not in found(doc, "R") and "Rome" in found(doc, "R")


def test_a_rule_is_tried_only_where_its_word_list_holds(write):
    grammar = _one_rule('{Token.kind == word, Token.string ==~ "O|D|L"} {Token.string == "\'"}'
                        ' {Token.kind == word, Token.length > 2}', inputs="Token")
    tried, doc = _tried(write, grammar, lambda: make_doc("Mr O'Brien met Dr D'Souza and Lee's Ann O'Neal in Ohio"))
    assert tried == ["O'Brien", "D'Souza", "O'Neal"]
    assert found(doc, "R") == ["O'Brien", "D'Souza", "O'Neal"]


def test_a_token_and_a_lookup_ending_alike_share_the_second_element_check(write):
    grammar = ("Phase: P\nInput: Token Lookup\nOptions: control = appelt\n"
               'Rule: A ({Lookup.majorType == name} {Token.string == ","}):a --> :a.A = {}\n'
               'Rule: B ({Token.orth == upperInitial} {Token.string == "Street"}):b --> :b.B = {}\n')
    tried, doc = _tried(write, grammar, lambda: make_doc(
        "Smith, Baker Street and Jones Street, Smith Street",
        ("Lookup", 0, 5, {"majorType": "name"}), ("Lookup", 38, 43, {"majorType": "name"})))
    assert found(doc, "A") == ["Smith,"]
    assert found(doc, "B") == ["Baker Street", "Jones Street", "Smith Street"]
    assert tried == ["Smith,", "Baker", "Jones", "Smith"]


def test_each_first_element_is_checked_with_what_follows_it(write):
    """``Ward 8`` or ``Rowan Ward``: a capitalised word is tried only before Ward/Unit, though
    the other alternative's second element (a number or a word in capitals) is common."""
    grammar = _one_rule('({Token.string ==~ "Ward|Unit"} ({Token.kind == number} | {Token.orth == allCaps})) |'
                        ' ({Token.orth == upperInitial} {Token.string ==~ "Ward|Unit"})', inputs="Token")
    tried, doc = _tried(write, grammar, lambda: make_doc(
        "Seen on Ward 8 by Rowan Ward staff, Jubilee Unit ICU and Paris 9 then Ward CCU"))
    assert found(doc, "R") == ["Ward 8", "Rowan Ward", "Jubilee Unit", "Ward CCU"]
    assert tried == ["Ward", "Rowan", "Jubilee", "Ward"]  # not Paris (9), nor Unit (ICU) inside a match


def test_negated_constraints_exclude_offsets_one_key_each(write):
    """A negated constraint of a type alone, or with one test a missing feature fails, excludes
    the offsets where it holds; one of two tests (grouped: one Lookup must meet both) excludes none."""
    def make():
        return make_doc("Mr Ann saw Bo and Cy", ("Lookup", "Ann", None, {"majorType": "name", "minorType": "surname"}),
                        ("Lookup", "Bo", None, {"majorType": "date"}), ("Lookup", "Cy", None, {"majorType": "x"}))

    tried, _ = _tried(write, _one_rule('{Token.orth == upperInitial, !Lookup.majorType ==~ "common|date",'
                                       ' !Token.string == "Mr"}'), make)
    assert tried == ["Ann", "Cy"]
    tried, _ = _tried(write, _one_rule("{Token, !Lookup.majorType == name, !Lookup.minorType == first}"), make)
    assert tried == ["Mr", "Ann", "saw", "Bo", "and", "Cy"]
    tried, _ = _tried(write, _one_rule("{Token, !Lookup}"), make)
    assert tried == ["Mr", "saw", "and"]


def test_a_rule_is_not_tried_where_a_negated_constraint_holds(write):
    grammar = _one_rule("{Lookup.majorType == name, Token.orth == lowercase, !Lookup.majorType == common}")
    tried, doc = _tried(write, grammar, lambda: make_doc(
        "green and smith met white",
        ("Lookup", 0, 5, {"majorType": "name"}), ("Lookup", 0, 5, {"majorType": "common"}),
        ("Lookup", 10, 15, {"majorType": "name"}),
        ("Lookup", 20, 25, {"majorType": "name"}), ("Lookup", 20, 25, {"majorType": "common"})))
    assert found(doc, "R") == ["smith"]
    assert tried == ["smith"]


def test_negated_constraints_without_grouping_each_exclude(write):
    grammar = _one_rule("{Token, !Lookup.majorType == name, !Lookup.minorType == first}",
                        options="control = appelt, negationGrouping = false")
    tried, doc = _tried(write, grammar, lambda: make_doc(
        "Ann Lee Bo", ("Lookup", 0, 3, {"majorType": "name", "minorType": "surname"}),
        ("Lookup", 4, 7, {"majorType": "place", "minorType": "first"})))
    assert found(doc, "R") == ["Bo"]
    assert tried == ["Bo"]


def test_a_cut_tries_a_rule_only_within_reach_of_its_head_word(write):
    """With ``cuts = true`` a rule that walks up to 3 capitalised words to "University" is tried only
    at the capitalised words from which the head word can be reached; without, at every one before
    the last "University" (rule D makes ``Token.string`` a key the runtime reads anyway)."""
    text = ("Visit Grand Harbour City University today." + FILLER + " Then Alpha Beta Gamma Delta University"
            " and Harvard University, Oxford Cambridge." + FILLER + " Paris London Rome Berlin.")
    grammar = ("Phase: P\nInput: Token\nOptions: control = appelt{}\n"
               'Rule: R (({{Token.orth == upperInitial}})[1,3] {{Token.string == "University"}}):r --> :r.R = {{}}\n'
               'Rule: D ({{Token.string == "Dr"}}):d --> :d.D = {{}}\n')
    tried, doc = _tried(write, grammar.format(", cuts = true"), lambda: make_doc(text))
    assert found(doc, "R") == ["Grand Harbour City University", "Beta Gamma Delta University", "Harvard University"]
    assert tried == ["Grand", "Beta", "Harvard"]
    tried, _ = _tried(write, grammar.format(""), lambda: make_doc(text))
    assert tried == ["Visit", "Grand", "Then", "Alpha", "Beta", "Harvard"]
