"""The grammar language: syntax, comments, keywords, templates, macros and error reports."""

from __future__ import annotations

import pytest
from japehelp import found, make_doc

from annotator.errors import GrammarError
from annotator.jape import check
from annotator.jape.parser import parse


def test_comments_of_all_kinds_and_case_insensitive_keywords(grammar):
    g = grammar("// line comment\n/* block\n comment */ #| CPSL\ncomment |#\n"
                "PHASE: T INPUT: Token OPTIONS: CONTROL = APPELT\n"
                "rule: R // trailing\npriority: 3\n({Token.string == \"a\" /* inside */}):x --> :x.Hit = {}")
    doc = make_doc("a b a")
    g(doc)
    assert found(doc, "Hit") == ["a", "a"]
    assert g.phases[0].control == "appelt" and g.phases[0].rules[0].priority == 3


def test_templates_in_patterns_and_values():
    parsed = parse('Phase: T\nInput: X\nTemplate: root = "http://x/${cls}#${id}"\nTemplate: n = 7\n'
                   'Rule: R ({X.uri == [root cls = "Person", id = 3]}) --> :x.Y = {n = [n], keep = [root cls = "A"]}',
                   "t.jape")
    assert not parsed.errors
    (rule,) = parsed.phases[0].rules
    basic = rule.lhs.alternatives[0][0].alternatives[0][0]
    assert basic.constraints[0].predicates[0].value == "http://x/Person#3"
    assert rule.rhs[0].features == [("n", 7), ("keep", "http://x/A#${id}")]


def test_quoted_types_and_strings_with_escapes():
    parsed = parse('Phase: T\nInput: "Person Name" Token\n'
                   'Rule: R ({"Person Name"} {Token.string == "say \\"hi\\"\\n"}):x --> :x.Y = {}', "t.jape")
    assert not parsed.errors
    assert parsed.phases[0].input == ["Person Name", "Token"]
    second = parsed.phases[0].rules[0].lhs.alternatives[0][0].alternatives[0][1]
    assert second.constraints[0].predicates[0].value == 'say "hi"\n'


def test_every_error_is_reported_with_its_place_and_what_was_expected(write):
    path = write("bad.jape", "Phase: Bad\nInput: Token\nOptions: control = sideways\n"
                 "Rule: One\n({Token.string = \"b\"}):x --> :x.B = {}\n"
                 "Rule: Two\n(UNKNOWN):x --> :x.C = {}\n"
                 "Rule: Three\n({Token}:x --> :x.D = {}\n"
                 "Rule: Four\n({Token}):x --> :x.D = {a = }\n"
                 "Rule: Five\n({Token}):x --> :x.E = {a = \"b\"\n")
    report = check(path)
    got = [(e.line, e.column, e.message.split(" ", 1)[1]) for e in report.errors]
    assert [e.message.split(" ", 1)[0] for e in report.errors] == ["E500", "E500", "E503", "E500", "E500", "E500"]
    assert got == [
        (3, 20, "expected control = appelt | brill | first | once | all but found 'sideways'"),
        (5, 16, "expected an operator (== != < > <= >= =~ ==~ !~ !=~) but found '='"),
        (7, 2, "unknown macro name 'UNKNOWN'"),
        (9, 12, "expected ')' closing the group but found '-->'"),
        (11, 29, "expected a value (string, number, identifier or [template]) but found '}'"),
        (14, 1, "expected ',' or '}' in the feature list but found end of file"),
    ]
    assert all(e.path == str(path) for e in report.errors)


def test_warnings_for_unbound_labels_and_types_missing_from_input(write):
    path = write("w.jape", "Phase: W\nInput: Token\n"
                 "Rule: R ({Token} {Lookup}):x --> :y.T = {f = :z.Token.string}\n")
    report = check(path)
    assert not report.errors
    messages = [(w.pos.line, w.message) for w in report.warnings]
    assert (3, "type 'Lookup' is not in this phase's Input: the rule can never match it") in messages
    assert (3, "label :y is not bound in the left-hand side") in messages
    assert (3, "label :z is not bound in the left-hand side") in messages


def test_lexical_errors_unterminated_string_and_comment(write):
    report = check(write("lex.jape", 'Phase: L\nRule: R ({Token.string == "abc}) --> :x.T = {}\n'
                                     "Rule: S ({Token}):x --> :x.T = {} /* never closed\n"))
    assert [(e.line, e.column) for e in report.errors] == [(2, 27), (3, 35)]
    assert "unterminated string" in report.errors[0].message
    assert "unterminated comment" in report.errors[1].message


def test_compile_raises_the_first_error_and_counts_the_rest(grammar):
    with pytest.raises(GrammarError, match=r"g\.jape:2:18: E500 expected .*\(and 1 more error"):
        grammar("Phase: P\nRule: R {Token.x ? 3} --> :x.T = {}\nRule: S --> :x.T = {}")


def test_rule_before_phase_is_an_error():
    parsed = parse("Rule: R ({Token}):x --> :x.T = {}", "p.jape")
    assert [str(e) for e in parsed.errors] == ["p.jape:1:1: E500 expected Phase: before Rule:"]


def test_controller_java_blocks_are_refused():
    parsed = parse("ControllerStarted: { int i = 0; }\nPhase: P\nRule: R ({Token}):x --> :x.T = {}", "c.jape")
    assert len(parsed.errors) == 1 and parsed.errors[0].message.startswith("E502 Java block ControllerStarted:")
    assert len(parsed.phases[0].rules) == 1


def test_recovery_keeps_the_rules_after_an_error():
    parsed = parse('Phase: P\nRule: A ({Token}) -->\nRule: B ({Token}):x --> :x.T = {}\n'
                   'Rule: C ({Token "oops) --> :x.T = {}\nRule: D ({Token}):x --> :x.T = {}', "e.jape")
    assert [(e.line, e.column) for e in parsed.errors] == [(3, 1), (4, 17)]
    assert "expected an action" in parsed.errors[0].message
    assert [r.name for r in parsed.phases[0].rules] == ["B", "D"]
