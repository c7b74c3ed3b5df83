"""Actions files: a grammar's own Python actions, loaded from a file or package beside it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from annotator import Document, Pipeline
from annotator.cli import main
from annotator.errors import GrammarError
from annotator.jape import compile_grammar
from annotator.jape.actions import load_actions_file
from annotator.processing.base import resource_class
HERE = Path(__file__).resolve().parent.parent / "data" / "jape_actions"


def shouted(grammar, text: str = "Dr Ruiz, 3") -> list[tuple[str, str]]:
    doc = Document(text)
    resource_class("tokenizer")()(doc)
    grammar(doc, doc.annset(), doc.annset("Out"))
    return [(doc.text[a.start:a.end], a.features["from"]) for a in doc.annset("Out")]


def test_a_pipeline_finds_its_actions_file_relative_to_itself_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    doc = Document("Dr Ruiz, 3")
    Pipeline.from_xml(HERE / "shout.xml")(doc)
    assert [(doc.text[a.start:a.end], a.features["from"]) for a in doc.annset("Out")] == [("Dr", "file"),
                                                                                          ("Ruiz", "file")]


def test_a_package_folder_loads_with_its_relative_imports():
    assert shouted(compile_grammar(HERE / "shout.jape", HERE / "shout_package")) == [("Dr", "package"),
                                                                                 ("Ruiz", "package")]


def test_each_grammar_sees_its_own_actions_and_only_those(tmp_path):
    """Two actions files both called actions.py, with the same action name: each grammar runs its own;
    a grammar given no actions file does not see them."""
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "actions.py").write_text(
            (HERE / "shout_actions.py").read_text(encoding="utf-8").replace('"file"', f'"{name}"'), encoding="utf-8")
    grammar = HERE / "shout.jape"
    assert shouted(compile_grammar(grammar, tmp_path / "a" / "actions.py"), "Hi") == [("Hi", "a")]
    assert shouted(compile_grammar(grammar, tmp_path / "b" / "actions.py"), "Hi") == [("Hi", "b")]
    with pytest.raises(GrammarError, match="E505 unknown action 'tests.shout'"):
        compile_grammar(grammar)


def test_an_actions_file_is_loaded_once_per_path(tmp_path):
    shutil.copy(HERE / "shout_actions.py", tmp_path / "actions.py")
    (tmp_path / "sub").mkdir()
    first = load_actions_file(tmp_path / "actions.py")
    assert load_actions_file(tmp_path / "sub" / ".." / "actions.py") is first


BAD = {
    "syntax": ("def shout(ctx):\n    return (\n", "E531 actions file failed to load: SyntaxError"),
    "raises": ("import os\nraise RuntimeError('no database')\n",
               "2: E531 actions file failed to load: RuntimeError: no database"),
    "no-table": ("def shout(ctx):\n    pass\n", "E532 actions file has no ACTIONS mapping"),
    "not-callable": ("ACTIONS = {'tests.shout': 'shout'}\n", "E532 actions file has no ACTIONS mapping"),
}


def _bad_setup(tmp_path: Path, case: str) -> tuple[Path, Path]:
    """A pipeline beside a bad actions file (``case``: a key of BAD, "missing" or "not-python")."""
    shutil.copy(HERE / "shout.jape", tmp_path / "shout.jape")
    actions = tmp_path / ("actions.txt" if case == "not-python" else "actions.py")
    if case in BAD:
        actions.write_text(BAD[case][0], encoding="utf-8")
    elif case == "not-python":
        actions.write_text("ACTIONS = {}\n", encoding="utf-8")
    pipeline = tmp_path / "p.xml"
    pipeline.write_text((HERE / "shout.xml").read_text(encoding="utf-8").replace("shout_actions.py", actions.name),
                        encoding="utf-8")
    return pipeline, actions


@pytest.mark.parametrize("case", [*BAD, "missing", "not-python"])
def test_a_bad_actions_file_is_one_coded_line_naming_it(tmp_path, capsys, case):
    pipeline, actions = _bad_setup(tmp_path, case)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "d.txt").write_text("Hi\n", encoding="utf-8")
    expected = BAD[case][1] if case in BAD else "E530 cannot load actions: " + (
        "no such file or folder" if case == "missing" else "not a Python file or a folder with an __init__.py")
    for argv in (["run", str(pipeline), str(tmp_path / "in"), "--out", str(tmp_path / "out")],
                 ["jape", "check", str(tmp_path / "shout.jape"), "--actions", str(actions)]):
        assert main(argv) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "Traceback" not in err[0]
        if case == "missing" and argv[0] == "run":  # a pipeline's parameters are checked first, at their line
            assert err[0].startswith(f"annotator: error: {pipeline}:") and "E334" in err[0] and str(actions) in err[0]
        else:
            assert err[0].startswith(f"annotator: error: {actions}") and expected in err[0], err[0]
    assert not (tmp_path / "out").exists()


def test_a_failed_load_is_not_kept(tmp_path):
    """Fix the file and load again, in the same process: it loads."""
    pipeline, actions = _bad_setup(tmp_path, "raises")
    with pytest.raises(GrammarError, match="E531"):
        load_actions_file(actions)
    shutil.copy(HERE / "shout_actions.py", actions)
    assert list(load_actions_file(actions).ACTIONS) == ["tests.shout"]


def test_an_error_inside_a_package_module_names_that_module_and_line(tmp_path):
    shutil.copytree(HERE / "shout_package", tmp_path / "pkg")
    (tmp_path / "pkg" / "loud.py").write_text("x = 1\nx = {}['missing']\n", encoding="utf-8")
    with pytest.raises(GrammarError) as caught:
        load_actions_file(tmp_path / "pkg")
    assert str(caught.value) == f"{tmp_path / 'pkg' / 'loud.py'}:2: E531 actions file failed to load: KeyError: 'missing'"
