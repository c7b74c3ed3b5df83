"""The second-element filter of the runtime (compiler.PhasePlan): a rule that needs a second element
is tried at an offset only when one of its second elements' dispatch keys holds at the next
visible offset after the end of an annotation starting there. It must never lose a match."""

from __future__ import annotations

from pathlib import Path

import pytest
from japehelp import found, make_doc, offsets_tried

from annotator import Document
from annotator.jape.compiler import next_keys
from annotator.paths import RESOURCES
from annotator.pipeline import Pipeline
from annotator.processing.jape import JapeTransducer

HEAD = "Phase: T\nInput: {input}\nOptions: control = appelt\n"


def phase(body: str, input: str = "Token Lookup") -> str:
    return HEAD.format(input=input) + body


def rule_keys(grammar, lhs: str) -> set | None:
    g = grammar(phase(f"Rule: R ({lhs}):m --> :m.Hit = {{}}"))
    return next_keys(g.phases[0].rules[0])


def tried(grammar, body: str, doc: Document, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Offsets where the phase tried some rule."""
    return offsets_tried(lambda: grammar(phase(body))(doc), monkeypatch)


def test_next_keys_of_the_second_elements(grammar):
    keys = rule_keys(grammar, '{Token.string == "a"} ({Token.kind == number})* {Token.string == "b"}')
    assert keys == {("Token", "kind", "number"), ("Token", "string", "b")}
    assert rule_keys(grammar, '{Token.string == "a"} ({Lookup} | {Token.string == "c"})') == {
        ("Lookup",), ("Token", "string", "c")}


def test_rules_that_may_end_after_one_element_or_go_on_with_anything_are_not_filtered(grammar):
    assert rule_keys(grammar, '{Token.string == "a"}') is None
    assert rule_keys(grammar, '{Token.string == "a"} ({Token.string == "b"})?') is None
    assert rule_keys(grammar, '{Token.string == "a"} {!Lookup}') is None


def test_a_rule_is_not_tried_where_its_second_element_cannot_start(grammar, monkeypatch):
    body = 'Rule: R ({Token.string == "de"} {Lookup.majorType == "date"}):m --> :m.Hit = {}'
    doc = make_doc("dolor de cabeza de 2019", ("Lookup", "2019", None, {"majorType": "date"}))
    assert tried(grammar, body, doc, monkeypatch) == [doc.text.rindex("de")]
    assert found(doc, "Hit") == ["de 2019"]


def test_the_next_offset_is_after_each_co_starting_annotation(grammar):
    # at "New" a Token ends after "New", the Lookup after "York": "City" follows the Lookup only
    text = "New York City"
    body = 'Rule: R ({Lookup.majorType == "loc"} {Token.string == "City"}):m --> :m.Hit = {}'
    doc = make_doc(text, ("Lookup", "New York", None, {"majorType": "loc"}))
    grammar(phase(body))(doc)
    assert found(doc, "Hit") == ["New York City"]
    # a tuple of co-starting annotations goes on after the longest
    body = ('Rule: R ({Token.orth == upperInitial, Lookup.majorType == "loc"} {Token.string == "City"}):m'
            ' --> :m.Hit = {}')
    doc = make_doc(text, ("Lookup", "New York", None, {"majorType": "loc"}))
    grammar(phase(body))(doc)
    assert found(doc, "Hit") == ["New York City"]


def test_second_elements_tested_by_regex_or_non_string_values_still_match(grammar):
    body = ('Rule: A ({Token.string == "x"} {Token.string ==~ "(?i)uno|dos"}):m --> :m.Words = {}\n'
            'Rule: B ({Token.string == "y"} {Token.length == 3}):m --> :m.Long = {}\n'
            'Rule: C ({Token.string == "z"} {Token.orth =~ "^upper"} {Token.kind == number}):m --> :m.Orth = {}')
    doc = make_doc("x DOS y abc z Ana 7 x tres y ab")
    grammar(phase(body))(doc)
    assert found(doc, "Words") == ["x DOS"]
    assert found(doc, "Long") == ["y abc"]
    assert found(doc, "Orth") == ["z Ana 7"]


def test_kleene_second_elements_and_invisible_gaps(grammar):
    body = 'Rule: R ({Token.string == "a"} ({Token.kind == number})* {Token.string == "b"}):m --> :m.Hit = {}'
    doc = make_doc("a b . a 1 2 b . a 1 c", ("Noise", 2, 3))
    grammar(phase(body, input="Token"))(doc)
    assert found(doc, "Hit") == ["a b", "a 1 2 b"]


def _annotations(doc: Document) -> list[tuple]:
    return sorted((name, a.type, a.start, a.end, repr(sorted(a.features.items())))
                  for name in doc.annset_names() for a in doc.annset(name))


def test_meddocan_output_is_the_same_without_the_filter(meddocan_dir: Path, monkeypatch: pytest.MonkeyPatch):
    paths = sorted((meddocan_dir / "train" / "brat").glob("*.txt"))[:25]
    pipeline = Pipeline.from_xml(RESOURCES / "pipelines" / "meddocan.xml")

    def run_all() -> list[list[tuple]]:
        out = []
        for path in paths:
            doc = Document(path.read_text(encoding="utf-8"), name=path.stem)
            pipeline(doc)
            out.append(_annotations(doc))
        return out

    filtered = run_all()
    phases = [p for step in pipeline.steps if isinstance(step.pr, JapeTransducer) for p in step.pr.compiled.phases]
    assert len(phases) >= 5
    for compiled in phases:  # every rule tried wherever its first element may match
        monkeypatch.setattr(compiled.plan, "unfiltered", -1)
    assert run_all() == filtered
    assert sum(map(len, filtered)) > 1000
