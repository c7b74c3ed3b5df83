"""XML pipeline files: schema, parameters, paths, includes, conditions, names, overrides, errors; the
declared output, language and description; shipped pipelines by name."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest
from lxml import etree
from pipeline_test_prs import Listed  # noqa: F401  (registers the test-* PRs)

from annotator import Document, Pipeline
from annotator.errors import PipelineError
from annotator.paths import RESOURCES, SCHEMAS

REPO = Path(__file__).resolve().parents[2]


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
    ('<pipeline>\n<output set="PHI" types="A, B, A"/>\n<pr type="test-words"/></pipeline>', 2,
     "E350 output type 'A' is listed twice"),
    ('<pipeline>\n<output types="A,,B"/>\n</pipeline>', 2, "E303 pipeline file does not match pipeline.xsd"),
    ('<pipeline>\n<output types=""/>\n</pipeline>', 2, "E303 pipeline file does not match pipeline.xsd"),
    ('<pipeline>\n<pr type="test-words"/>\n<output set="PHI"/>\n</pipeline>', 3, "E303"),
    ('<pipeline>\n<output/>\n<output/>\n</pipeline>', 3, "E303"),
    ('<pipeline>\n<output colour="red"/>\n</pipeline>', 2, "attribute 'colour' is not allowed"),
    ('<pipeline\nlanguage="Spanish, mostly">\n</pipeline>', 2, "E303"),
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
    monkeypatch.setattr("multiprocessing.get_context", lambda: spawn)  # what the engine asks for its pool
    path = write(tmp_path / "p.xml", '<pipeline><pr type="tokenizer" name="tok"/></pipeline>')
    pipeline = Pipeline.from_xml(path)
    docs = [Document(f"Dr. Pérez vio {i} pacientes.", name=f"d{i}") for i in range(6)]
    one = [[(a.type, a.start, a.end, a.features) for a in d.annset()] for d in pipeline.pipe(docs)]
    copies = [Document(d.text, name=d.name) for d in docs]
    two = [[(a.type, a.start, a.end, a.features) for a in d.annset()]
           for d in pipeline.pipe(copies, workers=2, chunk_size=2)]
    assert two == one and len(one[0]) > 5


def test_a_file_declares_its_output_language_and_description(tmp_path):
    path = write(tmp_path / "p.xml", """<pipeline name="decl" language="es">
  <description>
    Finds   words
    and counts them.
  </description>
  <output set="Counted" types=" Word ,Count"/>
  <pr type="test-words"/>
  <pr type="test-count"/>
</pipeline>""")
    pipeline = Pipeline.from_xml(path)
    assert (pipeline.description, pipeline.language) == ("Finds words and counts them.", "es")
    assert (pipeline.output_set, pipeline.output_types) == ("Counted", ("Word", "Count"))
    assert len(pipeline) == 2
    copy = pickle.loads(pickle.dumps(pipeline))
    assert (copy.description, copy.language, copy.output_set, copy.output_types) == \
        ("Finds words and counts them.", "es", "Counted", ("Word", "Count"))


@pytest.mark.parametrize("output, declared", [
    ("", (None, None)),                               # nothing declared: annotator run writes documents whole
    ("<output/>", ("", None)),                        # the default set, every type
    ('<output types="Word"/>', ("", ("Word",))),
    ('<output set="S"/>', ("S", None)),
])
def test_output_defaults(tmp_path, output, declared):
    path = write(tmp_path / "p.xml", f'<pipeline>{output}<pr type="test-words"/></pipeline>')
    pipeline = Pipeline.from_xml(path)
    assert (pipeline.output_set, pipeline.output_types) == declared
    assert (pipeline.description, pipeline.language) == ("", "")


def test_only_the_top_file_declares(tmp_path):
    write(tmp_path / "w.xml", '<pipeline language="en"><description>inner</description>'
                              '<output set="Inner"/><pr type="test-words"/></pipeline>')
    path = write(tmp_path / "main.xml", '<pipeline><include href="w.xml"/></pipeline>')
    pipeline = Pipeline.from_xml(path)
    assert (pipeline.description, pipeline.language, pipeline.output_set) == ("", "", None)
    assert [s.name for s in pipeline.steps] == ["test-words"]


def test_a_python_pipeline_keeps_what_it_declares_through_pickle():
    pipeline = Pipeline([Listed(path=__file__)], "py", description="lines", language="en", output_set="",
                        output_types=["Listed"])
    copy = pickle.loads(pickle.dumps(pipeline))
    assert (copy.name, copy.description, copy.language, copy.output_set, copy.output_types) == \
        ("py", "lines", "en", "", ("Listed",))


# --------------------------------------------------------------------------- shipped pipelines by name
def test_shipped_pipelines_load_by_name_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    hina = Pipeline.load("hina")
    assert hina.source == (str(RESOURCES / "pipelines" / "hina.xml"), {})
    assert (hina.language, hina.output_set, hina.output_types) == ("en", "", ("Patient", "Doctor", "OtherName", "Place"))
    doc = hina(Document("Dr Smith saw the patient in Leeds.", name="d"))
    assert {a.type for a in doc.annset()} >= {"Doctor", "Place"}


def test_the_meddocan_pipeline_declares_the_phi_types_its_rules_make():
    pipeline = Pipeline.load("meddocan")
    assert (pipeline.language, pipeline.output_set) == ("es", "PHI")
    tag_set = Path(SCHEMAS / "meddocan.yaml").read_text(encoding="utf-8")
    assert all(f"\n  {t}:" in tag_set for t in pipeline.output_types) and len(pipeline.output_types) == 20
    made = set()
    for txt in sorted((RESOURCES / "samples" / "meddocan").glob("*.txt")):
        made |= pipeline(Document(txt.read_text(encoding="utf-8"), name=txt.stem)).annset("PHI").types()
    assert made and made <= set(pipeline.output_types)


def test_a_path_is_a_path_and_anything_else_a_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "mine", '<pipeline><pr type="test-words"/></pipeline>')
    write(tmp_path / "sub" / "hina.xml", '<pipeline><pr type="test-count" provides="Word"/></pipeline>')
    assert Pipeline.load("mine").source == (str(tmp_path / "mine"), {})       # an existing file
    with pytest.raises(PipelineError, match="E306 cannot read pipeline file"):
        Pipeline.load("meddocan.xml")                                          # ends in .xml: no name look-up
    with pytest.raises(PipelineError, match="E306 cannot read pipeline file"):
        Pipeline.load("sub/meddocan")                                          # a folder: no name look-up
    with pytest.raises(PipelineError, match="E306"):
        Pipeline.load(Path("hina"))                                            # a Path is a path


def test_an_unknown_name_lists_the_shipped_pipelines(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "meddocan").mkdir()                                            # a folder is no pipeline file
    with pytest.raises(PipelineError) as info:
        Pipeline.load("medocan")
    assert str(info.value) == ("E351 unknown pipeline 'medocan' (shipped: annie, deid-en-safe, deid-en, hina, "
                               "meddocan-crf, meddocan-features, meddocan-hybrid, meddocan-records, meddocan, patterns, records; "
                               "a pipeline file is given by its path)")
    assert Pipeline.load("meddocan").name == "meddocan"


def test_every_shipped_pipeline_declares_itself():
    from annotator.pipeline_xml import declared, shipped

    assert list(shipped()) == ["annie", "deid-en-safe", "deid-en", "hina", "meddocan-crf", "meddocan-features",
                               "meddocan-hybrid", "meddocan-records", "meddocan", "patterns", "records"]
    for name, path in shipped().items():
        said = declared(path)
        assert said.name == name and said.language and said.description and said.output_types, name


def test_the_readme_python_example_runs_from_any_folder(tmp_path, monkeypatch):
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    assert 'Pipeline.load("hina")' in example
    monkeypatch.chdir(tmp_path)
    exec(compile(example, "README.md", "exec"), {})


def test_an_unpickled_pipeline_is_loaded_once_per_process_while_its_file_is_unchanged(tmp_path):
    """What lets a Dask worker, which unpickles the pipeline with every batch, load it once."""
    path = write(tmp_path / "p.xml", '<pipeline><pr type="tokenizer" name="tok"/></pipeline>')
    data = pickle.dumps(Pipeline.from_xml(path))
    first = pickle.loads(data)
    assert pickle.loads(data) is first
    write(path, '<pipeline><pr type="tokenizer" name="words"/></pipeline>')  # changed: loaded again
    again = pickle.loads(data)
    assert again is not first and [s.name for s in again.steps] == ["words"]


def test_a_pipeline_unpickled_where_it_was_loaded_is_that_pipeline(tmp_path):
    """What a worker process forked from the client finds: the client's pipeline, not a second load."""
    path = write(tmp_path / "p.xml", '<pipeline><pr type="tokenizer" name="tok"/></pipeline>')
    pipeline = Pipeline.from_xml(path)
    assert pickle.loads(pickle.dumps(pipeline)) is pipeline
