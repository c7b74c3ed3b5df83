"""MultiPhase grammars, cascades, the loader cache, the "jape" PR and the CLI."""

from __future__ import annotations


import pytest
from japehelp import found, make_doc

from annotator.cli import main
from annotator.errors import GrammarError, PipelineError
from annotator.jape import compile_grammar
from annotator.processing import resource_class

FIRST = ("Phase: First\nInput: Token\nOptions: control = appelt\n"
         "Rule: Cap ({Token.orth == upperInitial}):c --> :c.Cap = {}\n")
SECOND = ("Phase: Second\nInput: Cap\nOptions: control = appelt\n"
          "Rule: Name ({Cap} {Cap}):n --> :n.Name = {}\n")


@pytest.fixture
def multiphase(write):
    write("first.jape", FIRST)
    write("second.jape", SECOND)
    return write("main.jape", "MultiPhase: Main\nPhases:\n  first\n  second.jape\n")


def test_phases_cascade(multiphase):
    g = compile_grammar(multiphase)
    assert [p.name for p in g.phases] == ["First", "Second"]
    doc = make_doc("Ann Bob met cid")
    g(doc)
    assert found(doc, "Name") == ["Ann Bob"]


def test_several_phases_in_one_file_share_macros(grammar):
    g = grammar("Phase: A\nInput: Token\nOptions: control = appelt\nMacro: CAP {Token.orth == upperInitial}\n"
                "Rule: Cap (CAP):c --> :c.Cap = {}\n"
                "Phase: B\nInput: Cap Token\nOptions: control = appelt\n"
                "Rule: Name ({Cap} CAP):n --> :n.Name = {}\n")
    doc = make_doc("Ann Bob")
    g(doc)
    assert found(doc, "Name") == ["Ann Bob"]


def test_missing_phase_file_names_the_multiphase_line(write):
    main_path = write("main.jape", "MultiPhase: M\nPhases: first nowhere\n")
    write("first.jape", FIRST)
    with pytest.raises(GrammarError, match=r"main\.jape:2:15: E509 cannot read phase file .*nowhere\.jape"):
        compile_grammar(main_path)


def test_pr_parameters_needs_and_sets(multiphase):
    cls = resource_class("jape")
    pr = cls(grammar=str(multiphase), inputASName="in", outputASName="out")
    assert pr.needs == ("Token",)  # Cap is made by the first phase
    assert pr.produces == ("Cap", "Name")
    doc = make_doc("Ann Bob", tokens=False)
    from japehelp import tokenize
    tokenize(doc, "in")
    pr(doc)
    assert found(doc, "Cap", "out") == ["Ann", "Bob"]
    # as in GATE, later phases read the input set, which did not receive the first phase's output
    assert found(doc, "Name", "out") == []
    assert found(doc, "Cap", "in") == []


def test_pr_reports_grammar_errors_as_one_line(write):
    bad = write("bad.jape", "Phase: P\nRule: R ({Token) --> :x.T = {}\n")
    with pytest.raises(GrammarError, match=r"bad\.jape:2:16: E500 expected ',' or '}'"):
        resource_class("jape")(grammar=str(bad))


def test_cli_check(write, multiphase, capsys):
    assert main(["jape", "check", str(multiphase)]) == 0
    bad = write("bad.jape", "Phase: P\nInput: Token\nRule: R ({Token.a = 1}):x --> :y.T = {}\n")
    assert main(["jape", "check", str(bad)]) == 1
    out = capsys.readouterr()
    assert f"{bad}:3:19: E500 expected an operator" in out.out
    assert "1 error(s), 0 warning(s)" in out.err


def test_cli_explain_shows_winner_and_reasons(write, tmp_path, capsys):
    g = write("names.jape", "Phase: Names\nInput: Token\nOptions: control = appelt\n"
              'Rule: Title ({Token.string == "Dr"} {Token.orth == upperInitial}):x --> :x.Person = {}\n'
              "Rule: Cap\nPriority: 5\n({Token.orth == upperInitial}):x --> :x.Cap = {}\n"
              "Rule: Cap2\nPriority: 5\n({Token.kind == word}):x --> :x.Cap = {}\n")
    pipeline = write("tok.xml", '<pipeline name="t"><pr type="tokenizer"/></pipeline>')
    text = tmp_path / "doc.txt"
    text.write_text("Dr Who and Ann")
    assert main(["jape", "explain", str(g), str(text), "--pipeline", str(pipeline)]) == 0
    out = capsys.readouterr().out
    assert 'phase Names (appelt) at 0 "Dr Who":' in out
    assert "fired  Title 0-6 length 6 priority 0 rule #1 (2 elements)" in out
    assert "lost   Cap   0-2 length 2 priority 5 rule #2 (1 elements): shorter (ends at 2 < 6)" in out
    assert "lost   Cap2 11-14 length 3 priority 5 rule #3 (1 elements): later in the grammar (rule #3 after #2)" in out
    assert main(["jape", "explain", str(g), str(text), "--pipeline", str(pipeline), "--span", "7:10"]) == 0
    out = capsys.readouterr().out
    assert "at 7 " in out and "at 0 " not in out


def test_a_phase_file_including_itself_is_an_error(write):
    loop = write("loop.jape", "MultiPhase: Loop\nPhases: loop\n")
    with pytest.raises(GrammarError, match=r"loop\.jape:2:9: E510 phase file .*loop\.jape includes itself"):
        compile_grammar(loop)


def test_missing_grammar_file_is_one_line(tmp_path):
    with pytest.raises(PipelineError, match=r"^E334 jape: parameter grammar: no such file .*nothere\.jape$"):
        resource_class("jape")(grammar=str(tmp_path / "nothere.jape"))


def test_debug_option_logs_rules_tied_on_length_and_priority(grammar, caplog):
    g = grammar("Phase: D\nInput: Token\nOptions: control = appelt debug = true\n"
                "Rule: A ({Token}):x --> :x.T = {}\nRule: B ({Token.kind == word}):x --> :x.T = {}\n")
    with caplog.at_level("INFO", logger="annotator.jape"):
        g(make_doc("word"))
    assert "rule A wins over B (same length and priority; earlier rule)" in caplog.text


def test_pr_survives_pickling_for_worker_processes(multiphase):
    import pickle

    pr = resource_class("jape")(grammar=str(multiphase))
    copy = pickle.loads(pickle.dumps(pr))
    doc = make_doc("Ann Bob")
    copy(doc)
    assert found(doc, "Name") == ["Ann Bob"]


def test_explain_first_style_marks_the_breadth_first_winner(grammar):
    from annotator.jape.explain import explain

    g = grammar("Phase: F\nInput: Token\nOptions: control = first\n"
                "Rule: Three ({Token} {Token} {Token}):x --> :x.T = {}\n"
                "Rule: Two ({Token} {Token}):x --> :x.T = {}\n")
    lines = explain(g, make_doc("a b c"), span=(0, 1))
    assert lines[0] == 'phase F (first) at 0 "a b c":'
    assert lines[1].startswith("  fired  Two   0-3 length 3")
    assert lines[2].startswith("  lost   Three 0-5 length 5") and lines[2].endswith("breadth-first")


def test_explain_once_style_traces_the_one_firing(grammar):
    # GATE's once: the first offset where a rule matches fires (first's breadth-first winner), then
    # the phase stops: the second "b" is neither matched nor traced
    from annotator.jape.explain import explain

    g = grammar("Phase: O\nInput: Token\nOptions: control = once\n"
                "Rule: Two ({Token.string == \"b\"} {Token}):x --> :x.T = {}\n"
                "Rule: One ({Token.string == \"b\"}):x --> :x.T = {}\n")
    doc = make_doc("a b c b d")
    lines = explain(g, doc)
    assert lines[0] == 'phase O (once) at 2 "b c":'
    assert lines[1].startswith("  fired  One 2-3 length 1")
    assert lines[2].startswith("  lost   Two 2-5 length 3") and lines[2].endswith("breadth-first")
    assert len(lines) == 3
    assert found(doc, "T") == ["b"]
