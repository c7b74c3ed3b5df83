"""The processing-resource contract: declared parameters, needs/produces, and the registry.

A processing resource (PR) is a class with parameters declared once as class attributes::

    @register("tokenizer")
    class Tokenizer(ProcessingResource):
        \"\"\"Splits text into Token and SpaceToken annotations.\"\"\"
        produces = ("Token", "SpaceToken")
        language = Param(str, "en", "language of the abbreviation lists")

        def __call__(self, doc: Document) -> None:
            out = self.output_set(doc)
            ...

The same names configure it from an XML pipeline (strings, converted by the declared type), from
the CLI (``-p tokenizer.language=es``) and from Python (``Tokenizer(language="es")``). Every PR has
``inputASName`` and ``outputASName`` (GATE's names). Built-in PRs register when
:mod:`annotator.processing` is imported; third-party PRs register through the entry-point group
``annotator.processing_resources`` (``name = "package.module:Class"``).
"""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Callable, ClassVar

from annotator.document import AnnotationSet, Document
from annotator.errors import PipelineError

ENTRY_POINT_GROUP = "annotator.processing_resources"

_TRUE = {"true", "yes", "1", "on"}
_FALSE = {"false", "no", "0", "off"}


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(f"expected true or false, got {value!r}")


def _to_list(value: Any) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return [v.strip() for v in str(value).split(",") if v.strip()]


_CONVERTERS: dict[Any, Callable[[Any], Any]] = {bool: _to_bool, list: _to_list, int: int, float: float, str: str}


class Param:
    """A declared parameter: type (``str``, ``int``, ``float``, ``bool``, ``list`` or ``Path``),
    default, help. ``Path`` values given as relative strings resolve against the pipeline file's
    folder. ``required=True`` parameters have no default."""

    def __init__(self, type: Any, default: Any = None, help: str = "", *, required: bool = False,
                 choices: tuple[Any, ...] | None = None) -> None:
        self.type = type
        self.default = default
        self.help = help
        self.required = required
        self.choices = choices
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def convert(self, value: Any, base_dir: Path | None = None) -> Any:
        """Turn a string (or Python value) into this parameter's type; raises ValueError."""
        if value is None:
            return None
        if self.type is Path:
            path = Path(value)
            return path if path.is_absolute() or base_dir is None else (base_dir / path)
        converted = _CONVERTERS.get(self.type, self.type)(value)
        if self.choices is not None and converted not in self.choices:
            raise ValueError(f"expected one of {', '.join(map(str, self.choices))}, got {value!r}")
        return converted

    def __get__(self, instance: Any, owner: type) -> Any:
        if instance is None:
            return self
        return instance.__dict__.get(self.name, self.default)


class ProcessingResource:
    """Base of every PR: subclasses declare ``Param``s, ``needs``, ``produces`` and ``__call__``.

    ``needs`` are types read from the input set, ``produces`` types written to the output set;
    a pipeline checks them when it is loaded. A PR whose needs depend on its parameters (a
    grammar's ``Input:``, a whole-word gazetteer) may set ``self.needs`` in ``setup()``."""

    name: ClassVar[str] = ""
    needs: ClassVar[tuple[str, ...]] = ()
    produces: ClassVar[tuple[str, ...]] = ()

    inputASName = Param(str, "", "annotation set read by this PR (\"\" = default set)")
    outputASName = Param(str, "", "annotation set written by this PR (\"\" = default set)")

    def __init__(self, *, base_dir: Path | None = None, **params: Any) -> None:
        declared = self.parameters()
        for key, value in params.items():
            if key not in declared:
                known = ", ".join(sorted(declared))
                raise PipelineError(f"{self.name or type(self).__name__}: unknown parameter {key!r} (known: {known})")
            try:
                self.__dict__[key] = declared[key].convert(value, base_dir)
            except (TypeError, ValueError) as exc:
                raise PipelineError(f"{self.name}: parameter {key}: {exc}") from None
        missing = [n for n, p in declared.items() if p.required and n not in params]
        if missing:
            raise PipelineError(f"{self.name}: missing required parameter(s) {', '.join(missing)}")
        self.setup()

    @classmethod
    def parameters(cls) -> dict[str, Param]:
        """Every declared parameter of this class, base classes first."""
        found: dict[str, Param] = {}
        for klass in reversed(cls.__mro__):
            found.update({k: v for k, v in vars(klass).items() if isinstance(v, Param)})
        return found

    def setup(self) -> None:
        """Load resources once the parameters are set (lists, grammars, models). Override."""

    def input_set(self, doc: Document) -> AnnotationSet:
        return doc.annset(self.inputASName)

    def output_set(self, doc: Document) -> AnnotationSet:
        return doc.annset(self.outputASName)

    def __call__(self, doc: Document) -> None:
        raise NotImplementedError

    def __repr__(self) -> str:
        values = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.parameters())
        return f"{type(self).__name__}({values})"


_REGISTRY: dict[str, type[ProcessingResource]] = {}


def register(name: str) -> Callable[[type[ProcessingResource]], type[ProcessingResource]]:
    """Class decorator: make a PR available under ``name`` in pipelines and on the CLI."""

    def decorate(cls: type[ProcessingResource]) -> type[ProcessingResource]:
        if name in _REGISTRY and _REGISTRY[name] is not cls:
            raise PipelineError(f"processing resource {name!r} is registered twice")
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return decorate


def resource_class(name: str) -> type[ProcessingResource]:
    """The PR class registered under ``name`` (built-in or entry point)."""
    if name not in _REGISTRY:
        import annotator.processing  # noqa: F401  (registers the built-in PRs)
    if name not in _REGISTRY:
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            if ep.name == name:
                register(name)(ep.load())
    if name not in _REGISTRY:
        raise PipelineError(f"unknown processing resource {name!r} (known: {', '.join(resource_names())})")
    return _REGISTRY[name]


def resource_names() -> list[str]:
    import annotator.processing  # noqa: F401

    names = set(_REGISTRY) | {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return sorted(names)
