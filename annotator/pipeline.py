"""Pipelines: an ordered list of configured processing resources, run on one document or many.

A :class:`Pipeline` is built from Python (``Pipeline([Tokenizer(), Step(Splitter(), "split")])``),
loaded from an XML file (:meth:`Pipeline.from_xml`, see :mod:`annotator.pipeline_xml`) or, for a
shipped pipeline, by its name (:meth:`Pipeline.load`: ``Pipeline.load("meddocan")``). Loading
checks that every PR's ``needs`` are produced by an earlier PR or declared present in the input
(``provides``). ``pipeline(doc)`` runs it on one document; ``pipeline.pipe(docs, workers=N)``
runs it on many, in local worker processes when ``N > 1``, yielding results in input order.
"""

from __future__ import annotations

import traceback
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from annotator.document import Document
from annotator.document_tuples import decode, encode
from annotator.pools import Lost, Processes
from annotator.errors import ProcessingError, coded, pipeline_error
from annotator.gc_pause import gc_paused, gc_relaxed
from annotator.pipeline_steps import Condition, Step, pr_label, unique_name
from annotator.pipeline_xml import find, load
from annotator.processing.base import ProcessingResource

__all__ = ["Condition", "Pipeline", "Step", "parse_provides", "pr_label", "unique_name"]


def parse_provides(spec: str | Iterable[str]) -> frozenset[tuple[str, str]]:
    """``"Token,Key:Person"`` -> {("", "Token"), ("Key", "Person")}: annotation types already
    present in the input documents, as ``Type`` (default set) or ``SET:Type``."""
    items = spec.split(",") if isinstance(spec, str) else spec
    found = set()
    for item in (i.strip() for i in items):
        if item:
            set_name, _, type_name = item.rpartition(":")
            found.add((set_name, type_name))
    return frozenset(found)


class Pipeline:
    """An ordered list of :class:`Step`; callable on one document.

    What it says about itself (a pipeline file's ``<description>``, ``language`` and ``<output>``):
    ``description`` (one line), ``language`` (of the texts it is for; "" if not said) and its
    declared output, ``output_set`` (``None``: not declared; ``""``: the default set) and
    ``output_types`` (``None``: every type of that set) -- what ``annotator run`` writes unless
    told otherwise."""

    def __init__(
        self,
        steps: Iterable[ProcessingResource | Step] = (),
        name: str = "",
        provides: str | Iterable[str] = (),
        *,
        description: str = "",
        language: str = "",
        output_set: str | None = None,
        output_types: Sequence[str] | None = None,
    ) -> None:
        self.name = name
        self.provides = parse_provides(provides)
        self.description = description
        self.language = language
        self.output_set = output_set
        self.output_types = tuple(output_types) if output_types is not None else None
        self.steps: list[Step] = []
        for item in steps:
            step = item if isinstance(item, Step) else Step(item)
            taken = {s.name for s in self.steps}
            if step.name in taken:
                raise pipeline_error("E315", name=step.name)
            default = step.pr.name or type(step.pr).__name__
            self.steps.append(replace(step, name=step.name or unique_name(default, taken)))
        # (path, overrides) when loaded from XML: how worker processes re-create it (see __reduce__)
        self.source: tuple[str, dict[str, Any]] | None = None
        self.check()

    @classmethod
    def from_xml(cls, path: str | Path, overrides: Mapping[str, Any] | None = None) -> "Pipeline":
        """Load, validate and check a pipeline file; ``overrides`` maps ``"NAME.param"`` to values
        (as ``-p`` does on the command line; relative paths there resolve against the working
        folder, not the pipeline file)."""
        overrides = dict(overrides or {})
        steps, said = load(Path(path), overrides)
        pipeline = cls(steps, said.name, said.provides, description=said.description, language=said.language,
                       output_set=said.output_set, output_types=said.output_types)
        pipeline.source = (str(Path(path).resolve()), overrides)
        _remember(pipeline)
        return pipeline

    @classmethod
    def load(cls, pipeline: str | Path, overrides: Mapping[str, Any] | None = None) -> "Pipeline":
        """:meth:`from_xml` of a shipped pipeline named ``pipeline`` (``"meddocan"``: see
        ``annotator pipelines``), or of the file ``pipeline`` (a Path, an existing file, or text ending
        in ``.xml`` or holding a folder separator); an unknown name is a PipelineError (E351) listing
        the shipped ones."""
        return cls.from_xml(find(pipeline), overrides)

    def check(self) -> None:
        """Raise PipelineError unless every PR's ``needs`` (in its input set) is produced by an
        earlier PR (in that PR's output set) or declared in ``provides``. A conditional PR's
        products count as available to later PRs."""
        available = set(self.provides)
        for step in self.steps:
            pr = step.pr
            for type_name in pr.needs:
                if (pr.inputASName, type_name) not in available:
                    raise pipeline_error("E301", step.path, step.line, pr=step.label, type=type_name,
                                         set=pr.inputASName)
            available.update((pr.outputASName, t) for t in pr.produces)

    def __getitem__(self, name: str) -> ProcessingResource:
        """The PR with that instance name."""
        for step in self.steps:
            if step.name == name:
                return step.pr
        raise KeyError(name)

    def __call__(self, doc: Document) -> Document:
        """Run every (applicable) PR on ``doc`` in place and return it. A PR that raises makes a
        ProcessingError ``doc-name: PR-name: ExceptionType: message``; the document is then
        half-processed and must not be used."""
        with gc_paused():
            for step in self.steps:
                if step.runs_on(doc):
                    try:
                        step.pr(doc)
                    except Exception as exc:
                        error = ProcessingError(f"{step.name}: {type(exc).__name__}: {exc}", path=doc.name)
                        error.details = traceback.format_exc()
                        raise error from exc
        return doc

    def pipe(
        self,
        docs: Iterable[Document],
        workers: int = 1,
        *,
        errors: str = "raise",
        transform: Callable[[Document], Any] | None = None,
        chunk_size: int = 8,
    ) -> Iterator[Any]:
        """Process ``docs`` and yield them in input order.

        ``workers > 1`` runs the pipeline in that many local processes (each gets the pipeline
        once; documents travel in chunks of ``chunk_size`` as plain tuples) and yields new
        Document objects equal to what ``workers=1`` gives. ``errors="yield"`` yields the
        ProcessingError of a failed document in its place instead of raising it. A chunk whose
        worker process dies (killed, out of memory) runs once more, alone; lost again, it is
        E316 raised, or with ``errors="yield"`` an E317 ProcessingError for each of its documents.
        ``transform`` (picklable, e.g. a module-level function) is applied to each processed
        document -- in the worker -- and its result is yielded instead: a Document (travelling
        back as tuples) or any picklable value. Rebuilding every Token of every document in the
        parent process costs about as much as making them, so return only what you will use
        (``annotator run`` selects and writes each document in the worker and returns nothing).
        The garbage collector runs relaxed meanwhile (:func:`annotator.gc_pause.gc_relaxed`),
        also while the caller handles a yielded document, until the iteration ends.
        """
        if errors not in ("raise", "yield"):
            raise ValueError(f"errors must be 'raise' or 'yield', got {errors!r}")
        if workers <= 1:
            with gc_relaxed():
                for doc in docs:
                    try:
                        self(doc)
                    except ProcessingError as exc:
                        if errors == "raise":
                            raise
                        yield exc
                        continue
                    yield transform(doc) if transform is not None else doc
            return
        batches = Processes(workers).map(_PipeWork(self, transform), _chunks((encode(d) for d in docs), chunk_size))
        with closing(batches):
            for chunk, results in batches:
                if isinstance(results, Lost):  # its worker died twice
                    if errors == "raise":
                        raise ProcessingError(coded("E316"))
                    results = [("error", (data[1], results.reason, "")) for data in chunk]
                yield from _results(results, errors)

    def __reduce__(self) -> tuple:
        # A pipeline loaded from XML travels as its recipe: a process started by "spawn" (or a
        # Dask worker) loads the file instead of unpickling loaded resources, once per process.
        if self.source is not None:
            return (_loaded, self.source)
        declared = {"description": self.description, "language": self.language, "output_set": self.output_set,
                    "output_types": self.output_types}
        return (Pipeline, (self.steps, self.name, [f"{s}:{t}" if s else t for s, t in self.provides]), declared)

    def __len__(self) -> int:
        return len(self.steps)

    def __repr__(self) -> str:
        return f"Pipeline({self.name!r}, [{', '.join(s.name for s in self.steps)}])"


# --------------------------------------------------------------------------- worker processes
_LOADED: dict[tuple, Pipeline] = {}  # recipe -> pipeline loaded in this process (see _loaded)
_KEEP = 4  # pipelines kept per process (a long-lived Dask worker may serve many runs)


def _recipe_key(path: str, overrides: dict[str, Any]) -> tuple | None:
    """What identifies a loaded pipeline in :data:`_LOADED`; None when its file cannot be read."""
    try:
        stat = Path(path).stat()
    except OSError:
        return None
    return (path, repr(sorted(overrides.items())), stat.st_mtime_ns, stat.st_size)


def _remember(pipeline: Pipeline) -> None:
    """Keep the pipeline just loaded from XML as this process's copy of its recipe: unpickling the
    recipe here, or in a worker process forked from here, then costs nothing."""
    key = _recipe_key(*pipeline.source) if pipeline.source is not None else None
    if key is not None:
        while len(_LOADED) >= _KEEP:
            del _LOADED[next(iter(_LOADED))]
        _LOADED[key] = pipeline


def _loaded(path: str, overrides: dict[str, Any]) -> Pipeline:
    """``Pipeline.from_xml(path, overrides)``, loaded once per process while the file keeps its
    size and modification time (what an unpickled pipeline is: see ``Pipeline.__reduce__``);
    files it includes are not watched."""
    key = _recipe_key(path, overrides)
    if key not in _LOADED:
        return Pipeline.from_xml(path, overrides)  # remembered (or its coded error)
    return _LOADED[key]


@dataclass(frozen=True)
class _PipeWork:
    """What a worker does with one chunk of :meth:`Pipeline.pipe`: per document ("doc", encoded
    document), ("value", what the transform returned) or ("error", (name, message, details))."""

    pipeline: Pipeline
    transform: Callable[[Document], Any] | None

    def __call__(self, chunk: list[tuple]) -> list[tuple]:
        out = []
        for data in chunk:
            doc = decode(data)
            try:
                self.pipeline(doc)
            except ProcessingError as exc:
                out.append(("error", (exc.path, exc.message, exc.details)))
                continue
            result = self.transform(doc) if self.transform is not None else doc
            out.append(("doc", encode(result)) if isinstance(result, Document) else ("value", result))
        return out


def _results(results: list[tuple], errors: str) -> Iterator[Any]:
    for kind, payload in results:
        if kind != "error":
            yield decode(payload) if kind == "doc" else payload
            continue
        name, message, details = payload
        error = ProcessingError(message, path=name)
        error.details = details
        if errors == "raise":
            raise error
        yield error


def _chunks(items: Iterable[Any], size: int) -> Iterator[Sequence[Any]]:
    chunk: list[Any] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
