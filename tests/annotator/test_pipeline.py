"""Pipeline from Python: needs check, conditions, errors, pipe() with worker processes."""

from __future__ import annotations

import pickle
import uuid
from importlib.metadata import EntryPoint

import pytest
from pipeline_test_prs import Count, Fail, Words
from registryhelp import install

from annotator import Document, Pipeline
from annotator.document_tuples import decode, encode
from annotator.errors import PipelineError, ProcessingError
from annotator.pipeline import Condition, Step
from annotator.processing.base import (
    ENTRY_POINT_GROUP,
    ProcessingResource,
    register,
    resource_class,
    resource_names,
)


def annotations(doc: Document) -> list[tuple]:
    """Everything about a document's annotations, for comparisons."""
    return [(name, a.id, a.type, a.start, a.end, a.features)
            for name in sorted(doc.annset_names()) for a in doc.annset(name)]


def test_runs_prs_in_order_on_one_document():
    pipeline = Pipeline([Words(minLength=3), Count(label="x")])
    doc = Document("a bb ccc dddd", name="d")
    assert pipeline(doc) is doc
    assert [doc.covered_text(a) for a in doc.annset().with_type("Word")] == ["ccc", "dddd"]
    (count,) = doc.annset().with_type("Count")
    assert count.features == {"n": 2, "label": "x"}


def test_needs_must_be_produced_earlier():
    with pytest.raises(PipelineError, match=r"test-count needs 'Word' in set ''"):
        Pipeline([Count(), Words()])


def test_needs_are_per_annotation_set():
    with pytest.raises(PipelineError, match=r"needs 'Word' in set 'A'"):
        Pipeline([Words(), Count(inputASName="A")])
    pipeline = Pipeline([Words(outputASName="A"), Count(inputASName="A", outputASName="B")])
    doc = pipeline(Document("one two"))
    assert doc.annset("B").with_type("Count").first().features["n"] == 2
    assert len(doc.annset().with_type("Word")) == 0


def test_provides_declares_input_types():
    Pipeline([Count()], provides="Word")
    Pipeline([Count(inputASName="Key")], provides=["Key:Word"])
    with pytest.raises(PipelineError):
        Pipeline([Count(inputASName="Key")], provides="Word")


def test_instance_names_default_to_type_with_suffixes():
    pipeline = Pipeline([Words(), Words(minLength=2), Step(Count(), "counter")])
    assert [s.name for s in pipeline.steps] == ["test-words", "test-words-2", "counter"]
    assert pipeline["test-words-2"].minLength == 2
    with pytest.raises(PipelineError, match="PR name 'w' is used twice"):
        Pipeline([Step(Words(), "w"), Step(Count(), "w")])


def test_condition_on_document_feature():
    pipeline = Pipeline([Step(Words(), conditions=(Condition("language", "es"),))])
    es = pipeline(Document("hola mundo", features={"language": "es"}))
    en = pipeline(Document("hello world", features={"language": "en"}))
    none = pipeline(Document("hello world"))
    assert len(es.annset()) == 2
    assert len(en.annset()) == 0 and len(none.annset()) == 0


def test_condition_without_value_and_booleans():
    assert Condition("redact")(Document("x", features={"redact": True}))
    assert not Condition("redact")(Document("x", features={"redact": False}))
    assert Condition("redact", "true")(Document("x", features={"redact": True}))
    assert Condition("n", "3")(Document("x", features={"n": 3}))
    assert not Condition("n", "3")(Document("x", features={"n": 4}))


def test_failure_names_document_pr_and_exception():
    pipeline = Pipeline([Words(), Step(Fail(), "failer")])
    with pytest.raises(ProcessingError) as info:
        pipeline(Document("a BOOM here", name="doc-7"))
    assert str(info.value) == "doc-7: failer: ValueError: found BOOM"
    assert "Traceback" in info.value.details


def test_parameters_from_python_are_converted_and_checked():
    assert Words(minLength="4").minLength == 4
    with pytest.raises(PipelineError, match="unknown parameter 'minlength'"):
        Words(minlength=4)
    with pytest.raises(PipelineError, match="minLength"):
        Words(minLength="four")


def corpus(n: int) -> list[Document]:
    return [Document(f"document {i} " + "word " * (i % 7), name=f"d{i}", features={"i": i}) for i in range(n)]


def test_pipe_with_two_workers_equals_one_worker():
    pipeline = Pipeline([Words(), Count(label="c")])
    one = list(pipeline.pipe(corpus(40)))
    two = list(pipeline.pipe(corpus(40), workers=2, chunk_size=3))
    assert [d.name for d in two] == [f"d{i}" for i in range(40)]
    assert [annotations(d) for d in two] == [annotations(d) for d in one]
    assert [d.features for d in two] == [d.features for d in one]


def test_pipe_errors_raise_or_yield_in_place():
    pipeline = Pipeline([Words(), Fail()])
    docs = [Document("fine", name="a"), Document("BOOM", name="b"), Document("fine too", name="c")]
    for workers in (1, 2):
        out = list(pipeline.pipe([decode(encode(d)) for d in docs], workers=workers, errors="yield"))
        assert isinstance(out[1], ProcessingError)
        assert str(out[1]) == "b: test-fail: ValueError: found BOOM"
        assert [d.name for d in (out[0], out[2])] == ["a", "c"]
        with pytest.raises(ProcessingError, match="found BOOM"):
            list(pipeline.pipe([decode(encode(d)) for d in docs], workers=workers))


def test_a_crashed_worker_is_an_error_not_a_hang():
    pipeline = Pipeline([Words(), Fail(hard=True)])
    with pytest.raises(ProcessingError, match="E316 a worker process stopped unexpectedly"):
        list(pipeline.pipe(corpus(6) + [Document("BOOM")] + corpus(6), workers=2, chunk_size=2))


def only_counts(doc: Document) -> Document:
    out = Document(doc.text, name=doc.name)
    out.annset().add_all(doc.annset().with_type("Count"), keep_ids=True)
    return out


def test_pipe_transform_runs_in_worker():
    pipeline = Pipeline([Words(), Count()])
    for workers in (1, 2):
        out = list(pipeline.pipe(corpus(10), workers=workers, transform=only_counts))
        assert [a.type for d in out for a in d.annset()] == ["Count"] * 10
        assert out[3].annset().first().features["n"] == 2 + 3


def word_count(doc: Document) -> tuple[str, int]:
    return doc.name, len(doc.annset().with_type("Word"))


def test_pipe_transform_may_return_any_value():
    pipeline = Pipeline([Words()])
    for workers in (1, 2):
        out = list(pipeline.pipe(corpus(9), workers=workers, transform=word_count, chunk_size=2))
        assert out == [(f"d{i}", 2 + i % 7) for i in range(9)]


def test_python_pipeline_pickles_with_its_prs():
    pipeline = Pipeline([Words(minLength=2), Step(Count(label="z"), "c")], name="p", provides="Key:Thing")
    copy = pickle.loads(pickle.dumps(pipeline))
    assert [s.name for s in copy.steps] == ["test-words", "c"]
    assert copy["test-words"].minLength == 2 and copy["c"].label == "z"
    assert copy.provides == {("Key", "Thing")}


class Plugin(ProcessingResource):
    """An installed package's PR, found through its ``annotator.processing_resources`` entry point."""

    produces = ("Plugged",)

    def __call__(self, doc: Document) -> None:
        self.output_set(doc).add("Plugged", 0, 0)


def test_entry_point_registered_pr(monkeypatch):
    name = f"test-plugin-{uuid.uuid4().hex}"  # a name no run of this process has registered yet
    assert name not in resource_names()
    install(monkeypatch, EntryPoint(name, f"{__name__}:Plugin", ENTRY_POINT_GROUP))
    assert name in resource_names()
    assert resource_class(name) is Plugin
    doc = Pipeline([resource_class(name)()])(Document("x"))
    assert [a.type for a in doc.annset()] == ["Plugged"]


def test_unknown_resource_lists_known_names():
    with pytest.raises(PipelineError, match=r"unknown processing resource 'nope' \(known: .*test-words"):
        resource_class("nope")


def test_register_twice_with_another_class_fails():
    with pytest.raises(PipelineError, match="registered twice"):
        register("test-words")(type("Other", (ProcessingResource,), {}))
