"""XML pipeline files: schema, parameters, paths, includes, conditions, names, overrides, errors."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest
from lxml import etree
from pipeline_test_prs import Listed  # noqa: F401  (registers the test-* PRs)

from annotator import Document, Pipeline
from annotator.errors import PipelineError
from annotator.paths import SCHEMAS


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def load_error(path: Path, **kwargs) -> PipelineError:
    with pytest.raises(PipelineError) as info:
        Pipeline.from_xml(path, **kwargs)
    return info.value


def test_design_example_shape_is_valid_against_the_schema():
    schema = etree.XMLSchema(etree.parse(str(SCHEMAS / "pipeline.xsd")))
    example = etree.fromstring(
        b'<pipeline name="example">'
        b'<pr type="tokenizer"/>'
        b'<pr type="sentence-splitter"><param name="language">es</param></pr>'
        b'<pr type="gazetteer"><param name="lists">../gazetteers/es/lists.def</param></pr>'
        b'<pr type="jape" if-feature="language" equals="es"><param name="grammar">m.jape</param></pr>'
        b'<include href="other.xml"/>'
        b'</pipeline>')
    assert schema.validate(example), schema.error_log


def test_loads_prs_with_converted_parameters(tmp_path):
    write(tmp_path / "lists" / "words.txt", "beta\ngamma\n")
    path = write(tmp_path / "p.xml", """<pipeline name="demo">
  <description>two PRs</description>
  <pr type="test-words"><param name="minLength"> 2 </param></pr>
  <pr type="test-list" name="names">
    <param name="path">lists/words.txt</param>
    <param name="flag">yes</param>
    <param name="ratio">0.25</param>
    <param name="tags">a, b,c</param>
    <param name="mode">loose</param>
    <param name="outputASName">Out</param>
  </pr>
  <!-- a comment -->
  <pr type="test-count"/>
</pipeline>""")
    pipeline = Pipeline.from_xml(path)
    assert pipeline.name == "demo"
    assert [s.name for s in pipeline.steps] == ["test-words", "names", "test-count"]
    names = pipeline["names"]
    assert names.path == tmp_path / "lists" / "words.txt"  # relative to the pipeline file
    assert (names.flag, names.ratio, names.tags, names.mode) == (True, 0.25, ["a", "b", "c"], "loose")
    assert pipeline["test-words"].minLength == 2
    assert pipeline.steps[2].line == 13 and pipeline.steps[2].path == str(path)
    doc = pipeline(Document("alpha beta gamma"))
    assert [doc.covered_text(a) for a in doc.annset("Out")] == ["beta", "gamma"]
    assert doc.annset().with_type("Count").first().features["n"] == 3


def test_overrides_use_instance_names_and_cwd_paths(tmp_path, monkeypatch):
    write(tmp_path / "sub" / "words.txt", "alpha\n")
    write(tmp_path / "p.xml", '<pipeline><pr type="test-words"/><pr type="test-words"/>'
          '<pr type="test-list" name="names"><param name="path">nowhere.txt</param></pr></pipeline>')
    monkeypatch.chdir(tmp_path / "sub")
    pipeline = Pipeline.from_xml(tmp_path / "p.xml", overrides={
        "test-words-2.minLength": "5", "names.path": "words.txt", "names.flag": "true"})
    assert pipeline["test-words"].minLength == 1 and pipeline["test-words-2"].minLength == 5
    assert pipeline["names"].path == Path("words.txt") and pipeline["names"].words == ["alpha"]
    assert pipeline["names"].flag is True


@pytest.mark.parametrize("key, message", [
    ("nobody.minLength", r"^E312 -p nobody.minLength: no PR named 'nobody' in the pipeline \(names: test-words\)"),
    ("test-words.maxLength", r"^E308 -p test-words: unknown parameter 'maxLength' \(known: inputASName, minLength"),
    ("test-words.minLength", r"^E331 -p test-words: parameter minLength: expected an integer, got 'x'$"),
])
def test_bad_overrides(tmp_path, key, message):
    path = write(tmp_path / "p.xml", '<pipeline><pr type="test-words"/></pipeline>')
    error = load_error(path, overrides={key: "x"})
    assert error.path is None
    assert re.search(message, str(error)), str(error)


@pytest.mark.parametrize("body, line, message", [
    ('<pipeline>\n<pr type="test-words">\n</pipeline>', 3, "not a well-formed pipeline file"),
    ('<pipeline>\n<pr type="test-words" colour="red"/>\n</pipeline>', 2, "attribute 'colour' is not allowed"),
    ('<pipeline>\n<pr/>\n</pipeline>', 2, "attribute 'type' is required"),
    ('<pipeline>\n<param name="x">1</param>\n</pipeline>', 2, "does not match pipeline.xsd"),
    ('<pipeline>\n\n<pr type="no-such-pr"/>\n</pipeline>', 3, "unknown processing resource 'no-such-pr'"),
    ('<pipeline>\n<pr type="test-words">\n<param name="minlength">3</param></pr>\n</pipeline>', 3,
     "test-words: unknown parameter 'minlength'"),
    ('<pipeline>\n<pr type="test-words" name="w">\n\n<param name="minLength">three</param></pr>\n</pipeline>', 4,
     "E331 w (test-words): parameter minLength: expected an integer, got 'three'"),
    ('<pipeline><pr type="test-words">\n<param name="minLength">3</param>\n<param name="minLength">4</param>'
     '</pr></pipeline>', 3, "parameter 'minLength' is given twice"),
    ('<pipeline>\n<pr type="test-list"><param name="path">bad.xml</param>\n<param name="mode">fuzzy</param></pr>'
     '</pipeline>', 3, "E333 test-list: parameter mode: 'fuzzy' is not one of exact, loose"),
    ('<pipeline>\n<pr type="test-list"><param name="path">bad.xml</param><param name="flag">maybe</param></pr>'
     '</pipeline>', 2, "E331 test-list: parameter flag: expected true or false, got 'maybe'"),
    ('<pipeline>\n<pr type="test-words"/>\n<pr type="test-count" equals="x"/>\n</pipeline>', 3,
     "'equals' needs 'if-feature'"),
    ('<pipeline>\n<pr type="test-words" name="a"/>\n<pr type="test-words" name="a"/>\n</pipeline>', 3,
     "PR name 'a' is already used by the PR at"),
    ('<pipeline>\n<pr type="test-words"/>\n\n<pr type="test-count" name="c"><param name="inputASName">X'
     '</param></pr>\n</pipeline>', 4, "c (test-count) needs 'Word' in set 'X'"),
    ('<pipeline>\n<pr type="test-list"/>\n</pipeline>', 2, "E330 test-list: missing required parameter 'path'"),
    ('<pipeline>\n<pr type="test-list"><param name="path">missing.txt</param></pr>\n</pipeline>', 2,
     "E334 test-list: parameter path: no such file"),
    ('<pipeline>\n<pr type="test-words">\n<param name="pattern">(</param></pr>\n</pipeline>', 2,
     "E314 test-words: error: missing )"),
    ('<!DOCTYPE pipeline [<!ENTITY e "x">]>\n<pipeline><pr type="test-words"/></pipeline>', 1,
     "DOCTYPE declarations are not allowed"),
    ('<pipeline xmlns="http://example.org/other"/>', 1, "does not match pipeline.xsd"),
])
def test_invalid_files_fail_with_file_and_line(tmp_path, body, line, message):
    path = write(tmp_path / "bad.xml", body)
    error = load_error(path)
    assert (error.path, error.line) == (str(path), line), str(error)
    assert message in str(error)
    assert str(error).startswith(f"{path}:{line}: ")


def test_missing_file(tmp_path):
    error = load_error(tmp_path / "absent.xml")
    assert "cannot read pipeline file" in str(error) and error.path == str(tmp_path / "absent.xml")


def test_include_inlines_prs_relative_to_the_including_file(tmp_path):
    write(tmp_path / "common" / "words.txt", "beta\n")
    write(tmp_path / "common" / "base.xml", '<pipeline provides="Ignored"><pr type="test-words"/>'
          '<pr type="test-list"><param name="path">words.txt</param></pr></pipeline>')
    path = write(tmp_path / "main.xml", '<pipeline>\n<include href="common/base.xml"/>\n'
                 '<pr type="test-count"/>\n<pr type="test-words"/></pipeline>')
    pipeline = Pipeline.from_xml(path)
    assert [s.name for s in pipeline.steps] == ["test-words", "test-list", "test-count", "test-words-2"]
    assert pipeline["test-list"].path == tmp_path / "common" / "words.txt"
    assert pipeline.steps[0].path == str(tmp_path / "common" / "base.xml")
    assert pipeline.provides == frozenset()


def test_include_of_missing_file_names_the_include_line(tmp_path):
    path = write(tmp_path / "main.xml", '<pipeline>\n\n<include href="nope.xml"/></pipeline>')
    error = load_error(path)
    assert (error.path, error.line) == (str(path), 3) and "cannot read pipeline file" in str(error)


def test_errors_inside_an_included_file_name_that_file(tmp_path):
    inner = write(tmp_path / "inner.xml", '<pipeline>\n<pr type="test-words" bogus="1"/></pipeline>')
    path = write(tmp_path / "main.xml", '<pipeline><include href="inner.xml"/></pipeline>')
    error = load_error(path)
    assert (error.path, error.line) == (str(inner), 2)


def test_include_cycle_is_detected(tmp_path):
    write(tmp_path / "a.xml", '<pipeline><pr type="test-words"/>\n<include href="sub/b.xml"/></pipeline>')
    write(tmp_path / "sub" / "b.xml", '<pipeline>\n\n<include href="../a.xml"/></pipeline>')
    error = load_error(tmp_path / "a.xml")
    assert "include cycle" in str(error)
    assert (error.path, error.line) == (str(tmp_path / "sub" / "b.xml"), 3)
    self_path = write(tmp_path / "self.xml", '<pipeline><include href="self.xml"/></pipeline>')
    assert "include cycle" in str(load_error(self_path))


def test_same_file_included_twice_is_not_a_cycle(tmp_path):
    write(tmp_path / "w.xml", '<pipeline><pr type="test-words"/></pipeline>')
    path = write(tmp_path / "main.xml", '<pipeline><include href="w.xml"/><include href="w.xml"/></pipeline>')
    assert [s.name for s in Pipeline.from_xml(path).steps] == ["test-words", "test-words-2"]


def test_conditional_prs_and_includes(tmp_path):
    write(tmp_path / "es.xml", '<pipeline><pr type="test-count" name="es-count" if-feature="redact"/></pipeline>')
    path = write(tmp_path / "main.xml", '<pipeline>'
                 '<pr type="test-words" if-feature="language" equals="es"/>'
                 '<include href="es.xml" if-feature="language" equals="es"/></pipeline>')
    pipeline = Pipeline.from_xml(path)
    assert len(pipeline.steps[1].conditions) == 2
    runs = {}
    for name, features in {"es+redact": {"language": "es", "redact": True}, "es": {"language": "es"},
                           "en+redact": {"language": "en", "redact": True}}.items():
        doc = pipeline(Document("uno dos", features=features))
        runs[name] = sorted(a.type for a in doc.annset())
    assert runs == {"es+redact": ["Count", "Word", "Word"], "es": ["Word", "Word"], "en+redact": []}


def test_provides_on_pipeline_element(tmp_path):
    path = write(tmp_path / "p.xml", '<pipeline provides="Word, Key:Thing"><pr type="test-count"/></pipeline>')
    assert Pipeline.from_xml(path).provides == {("", "Word"), ("Key", "Thing")}


def test_xml_pipeline_pickles_as_its_recipe(tmp_path):
    write(tmp_path / "words.txt", "alpha\n")
    path = write(tmp_path / "p.xml", '<pipeline><pr type="test-list"><param name="path">words.txt</param></pr>'
                 '</pipeline>')
    pipeline = Pipeline.from_xml(path, overrides={"test-list.flag": "true"})
    data = pickle.dumps(pipeline)
    assert b"alpha" not in data  # the loaded list does not travel, the file name does
    copy = pickle.loads(data)
    assert copy["test-list"].words == ["alpha"] and copy["test-list"].flag is True


def test_spawned_workers_reload_the_pipeline_from_its_file(tmp_path, monkeypatch):
    """Under the "spawn" start method (macOS, Windows) workers re-create the pipeline from its
    file; a built-in PR is used because test PRs are not registered in a fresh interpreter."""
    import multiprocessing

    spawn = multiprocessing.get_context("spawn")
    monkeypatch.setattr("annotator.pipeline.multiprocessing.get_context", lambda: spawn)
    path = write(tmp_path / "p.xml", '<pipeline><pr type="tokenizer" name="tok"/></pipeline>')
    pipeline = Pipeline.from_xml(path)
    docs = [Document(f"Dr. Pérez vio {i} pacientes.", name=f"d{i}") for i in range(6)]
    one = [[(a.type, a.start, a.end, a.features) for a in d.annset()] for d in pipeline.pipe(docs)]
    copies = [Document(d.text, name=d.name) for d in docs]
    two = [[(a.type, a.start, a.end, a.features) for a in d.annset()]
           for d in pipeline.pipe(copies, workers=2, chunk_size=2)]
    assert two == one and len(one[0]) > 5
