"""PR parameters: one coded check whatever the source (Python, a pipeline file, ``-p``), and the registry."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from pipeline_test_prs import Listed, Words
from registryhelp import install

from annotator.cli import main
from annotator.errors import PipelineError
from annotator.pipeline import Pipeline
from annotator.processing import base, resource_class
from annotator.processing.base import Param, ProcessingResource, register

#: the shipped PRs: the entry points pyproject.toml declares (installed as the package is)
SHIPPED = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8"))[
    "project"]["entry-points"][base.ENTRY_POINT_GROUP]

# (parameter, bad value, code, message after "test-list: "), checked from every source below
BAD = [
    ("colour", "red", "E308", ("unknown parameter 'colour' (known: flag, inputASName, limit, mode, "
                               "outputASName, path, ratio, tags)")),
    ("limit", "many", "E331", "parameter limit: expected an integer, got 'many'"),
    ("limit", "2.5", "E331", "parameter limit: expected an integer, got '2.5'"),
    ("ratio", "half", "E331", "parameter ratio: expected a number, got 'half'"),
    ("ratio", "nan", "E331", "parameter ratio: expected a number, got 'nan'"),
    ("flag", "maybe", "E331", "parameter flag: expected true or false, got 'maybe'"),
    ("ratio", "1.5", "E332", "parameter ratio: '1.5' is out of range (0 to 1)"),
    ("limit", "0", "E332", "parameter limit: '0' is out of range (at least 1)"),
    ("mode", "fuzzy", "E333", "parameter mode: 'fuzzy' is not one of exact, loose"),
    ("path", "missing.txt", "E334", "parameter path: no such file "),
]


@pytest.fixture
def words(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("alpha\n", encoding="utf-8")
    return path


def pipeline_file(folder: Path, param: str, value: str) -> Path:
    """A pipeline whose test-list PR (line 2) gets ``param`` = ``value`` on line 4."""
    path = folder / "p.xml"
    given = "" if param == "path" else '<param name="path">words.txt</param>'
    path.write_text(f'<pipeline>\n<pr type="test-list">{given}\n\n<param name="{param}">{value}</param>\n'
                    "</pr>\n</pipeline>\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("param, value, code, message", BAD)
def test_bad_value_from_python(tmp_path, words, param, value, code, message):
    given = {"path": words, param: value}
    with pytest.raises(PipelineError) as info:
        Listed(base_dir=tmp_path, **given)
    assert str(info.value).startswith(f"{code} test-list: {message}")
    assert info.value.path is None


@pytest.mark.parametrize("param, value, code, message", BAD)
def test_bad_value_from_a_pipeline_file_names_file_and_line(tmp_path, words, param, value, code, message):
    path = pipeline_file(tmp_path, param, value)
    with pytest.raises(PipelineError) as info:
        Pipeline.from_xml(path)
    assert str(info.value).startswith(f"{path}:4: {code} test-list: {message}")


@pytest.mark.parametrize("param, value, code, message", BAD)
def test_bad_value_from_the_command_line(tmp_path, words, capsys, param, value, code, message):
    path = pipeline_file(tmp_path, "limit", "3")
    (tmp_path / "in.txt").write_text("alpha\n", encoding="utf-8")
    argv = ["run", str(path), str(tmp_path / "in.txt"), "--out", str(tmp_path / "out"), "-p", f"test-list.{param}={value}"]
    assert main(argv) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"annotator: error: {code} -p test-list: {message}"), err
    assert not (tmp_path / "out").exists()


def test_python_values_of_the_wrong_type_are_refused(words):
    for param, value, expected in [("limit", 2.0, "an integer"), ("limit", True, "an integer"),
                                   ("ratio", "x", "a number"), ("mode", 1, "text"), ("path", 3, "a file or folder path"),
                                   ("flag", 1, "true or false"), ("tags", 3, "a comma-separated list")]:
        with pytest.raises(PipelineError, match=f"^E331 test-list: parameter {param}: expected {expected}, got"):
            Listed(**{"path": words, param: value})


def test_values_are_converted_and_none_means_the_default(tmp_path, words):
    pr = Listed(path="words.txt", limit="3", ratio=1, flag="yes", tags="a, b", mode=None, base_dir=tmp_path)
    assert (pr.path, pr.limit, pr.ratio, pr.flag, pr.tags, pr.mode) == (words, 3, 1.0, True, ["a", "b"], "exact")


def test_missing_required_parameter(tmp_path):
    with pytest.raises(PipelineError, match=r"^E330 test-list: missing required parameter 'path' \(word list"):
        Listed()
    path = tmp_path / "p.xml"
    path.write_text('<pipeline>\n\n<pr type="test-list" name="l"/>\n</pipeline>\n', encoding="utf-8")
    with pytest.raises(PipelineError, match=rf"^{path}:3: E330 l \(test-list\): missing required parameter 'path'"):
        Pipeline.from_xml(path)


def test_relative_paths_resolve_against_the_pipeline_file_or_the_working_folder(tmp_path, words, monkeypatch):
    path = pipeline_file(tmp_path, "limit", "3")
    assert Pipeline.from_xml(path)["test-list"].path == words
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    with pytest.raises(PipelineError, match=r"^E334 -p test-list: parameter path: no such file or folder words\.txt$"):
        Pipeline.from_xml(path, {"test-list.path": "words.txt"})


def test_a_name_or_path_resolves_against_the_pipeline_file_only_when_it_exists_there(tmp_path):
    (tmp_path / "saved").mkdir()
    param = Param(base.name_or_path)
    assert param.check("saved", base_dir=tmp_path) == str(tmp_path / "saved")
    assert param.check("en_core_web_sm", base_dir=tmp_path) == "en_core_web_sm"
    assert param.check("saved") == "saved"  # from Python or -p: as given (spaCy reads it from the working folder)
    assert param.check(tmp_path / "saved") == str(tmp_path / "saved")
    assert param.expected() == "a name, or the path of a file or folder"


def test_a_failing_setup_is_one_coded_error_at_the_pr(tmp_path):
    with pytest.raises(PipelineError, match=r"^E314 test-words: error: missing \)"):
        Words(pattern="(")
    path = tmp_path / "p.xml"
    path.write_text('<pipeline>\n<pr type="test-words">\n<param name="pattern">(</param></pr>\n</pipeline>\n')
    with pytest.raises(PipelineError, match=rf"^{path}:2: E314 test-words: error: missing \)"):
        Pipeline.from_xml(path)


@pytest.mark.parametrize("name, params, code, message", [
    ("tokenizer", {"language": "xx"}, "E308", "tokenizer: unknown parameter 'language'"),
    ("sentence-splitter", {"language": "xx"}, "E333", "sentence-splitter: parameter language: 'xx' is not one of en"),
    ("pos-tagger", {"language": "xx"}, "E333", "pos-tagger: parameter language: 'xx' is not one of en, es"),
    ("pos-tagger", {"useLexicon": "often"}, "E331", "pos-tagger: parameter useLexicon: expected true or false"),
    ("pos-tagger", {"model": "no-model.json.gz"}, "E334", "pos-tagger: parameter model: no such file"),
    ("gazetteer", {}, "E330", "gazetteer: missing required parameter 'listsURL'"),
    ("gazetteer", {"listsURL": "no.def"}, "E334", "gazetteer: parameter listsURL: no such file"),
    ("gazetteer", {"listsURL": __file__, "encoding": "utf-99"}, "E331",
     "gazetteer: parameter encoding: expected a text encoding Python knows"),
    ("regex-gazetteer", {"listsURL": __file__, "encoding": "base64"}, "E331",
     "regex-gazetteer: parameter encoding: expected a text encoding"),
    ("regex-gazetteer", {"listsURL": __file__, "timeout": "0"}, "E332",
     "regex-gazetteer: parameter timeout: '0' is out of range (at least 0.01)"),
    ("regex-gazetteer", {"listsURL": __file__, "mungingURL": "no.yaml"}, "E334",
     "regex-gazetteer: parameter mungingURL: no such file"),
    ("jape", {}, "E330", "jape: missing required parameter 'grammar'"),
    ("jape", {"grammar": "no.jape"}, "E334", "jape: parameter grammar: no such file"),
])
def test_built_in_prs_check_their_parameters(tmp_path, name, params, code, message):
    with pytest.raises(PipelineError) as info:
        resource_class(name)(base_dir=tmp_path, **params)
    assert str(info.value).startswith(f"{code} {message}"), str(info.value)


def test_unknown_resource_is_coded():
    with pytest.raises(PipelineError, match=r"^E335 unknown processing resource 'nope' \(known: .*tokenizer"):
        resource_class("nope")


def test_a_name_registered_twice_is_coded():
    class Other(ProcessingResource):
        """Another PR."""

    with pytest.raises(PipelineError, match=r"^E336 processing resource 'test-words' is registered twice"):
        register("test-words")(Other)


def test_a_built_in_name_taken_by_another_class_is_coded_before_the_built_in_loads():
    class Impostor(ProcessingResource):
        """Not the tokenizer."""

    with pytest.raises(PipelineError, match=r"^E336 processing resource 'tokenizer' is registered twice "
                                            r"\(annotator.processing.tokenizer.Tokenizer and "):
        register("tokenizer")(Impostor)
    assert resource_class("tokenizer").__module__ == "annotator.processing.tokenizer"


def test_built_in_prs_are_listed_without_being_imported():
    # a fresh interpreter: what a verb that runs no pipeline pays for (no numpy, no taggers)
    script = ("import sys; from annotator.processing import resource_names; import annotator.pipeline; "
              "names = resource_names(); "
              "print(' '.join(names)); print(sorted(m for m in ('numpy', 'annotator.processing.pos_tagger', "
              "'annotator.learning.tagger', 'annotator.processing.tokenizer', 'annotator.jape') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.splitlines()
    assert set(SHIPPED) <= set(out[0].split())
    assert out[1] == "[]"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_each_shipped_pr_loads_under_its_name(name):
    assert resource_class(name).name == name


def test_every_pr_of_the_package_is_an_entry_point():
    # a PR module with no entry point would never be imported, so never found by name
    package = Path(base.__file__).resolve().parent.parent
    registered = {(name, ".".join(path.relative_to(package.parent).with_suffix("").parts).removesuffix(".__init__"))
                  for path in package.rglob("*.py")
                  for name in re.findall(r'^@register\("([^"]+)"\)', path.read_text(encoding="utf-8"), re.M)}
    assert registered == {(name, target.partition(":")[0]) for name, target in SHIPPED.items()}
    assert {name: point.value for name, point in base.REGISTRY.entry_points().items()} == SHIPPED


def test_a_plug_in_that_cannot_load_is_coded(monkeypatch):
    install(monkeypatch, EntryPoint("test-broken", "no_such_module_xyz:PR", base.ENTRY_POINT_GROUP))
    with pytest.raises(PipelineError, match=r"^E337 cannot load processing resource 'test-broken' from "
                                            r"no_such_module_xyz:PR: ModuleNotFoundError"):
        resource_class("test-broken")


def test_declarations_describe_themselves():
    assert Param(float, 0.5, min=0, max=1).allowed() == "0 to 1"
    assert Param(int, 1, min=1).allowed() == "at least 1"
    assert Param(int, 1, max=9).allowed() == "at most 9"
    assert Param(str, "en", choices=("en", "es")).allowed() == "one of en, es"
    assert Param(Path).allowed() == "an existing file or folder"
    assert Param(str, "").allowed() == ""


def test_every_value_in_a_pipeline_file_is_checked_before_any_pr_loads(tmp_path):
    path = tmp_path / "p.xml"
    path.write_text('<pipeline>\n<pr type="test-words"><param name="pattern">(</param></pr>\n'
                    '<pr type="test-words" name="w"><param name="minLength">x</param></pr>\n</pipeline>\n')
    with pytest.raises(PipelineError, match=rf"^{path}:3: E331 w \(test-words\): parameter minLength"):
        Pipeline.from_xml(path)
