"""The processing-resource contract: declared parameters, needs/produces, and the registry.

A processing resource (PR) is a class with parameters declared once as class attributes::

    @register("tokenizer")
    class Tokenizer(ProcessingResource):
        \"\"\"Splits text into Token and SpaceToken annotations.\"\"\"
        produces = ("Token", "SpaceToken")
        language = Param(str, "en", "language of the abbreviation lists", choices=("en", "es"))

        def __call__(self, doc: Document) -> None:
            out = self.output_set(doc)
            ...

The same names configure it from an XML pipeline (strings, converted by the declared type), from
the CLI (``-p tokenizer.language=es``) and from Python (``Tokenizer(language="es")``). Every PR has
``inputASName`` and ``outputASName`` (GATE's names). Every value goes through one check
(:meth:`ProcessingResource.checked`), whatever its source: a problem (unknown name, missing
required value, wrong type, out of range, not one of the choices, no such file) is a coded
:class:`~annotator.errors.PipelineError` (E308, E330-E334) naming the PR, the parameter and, for a
pipeline file, the file and line; ``annotator describe PR`` prints the declarations. PRs are
plug-ins of the entry-point group ``annotator.processing_resources`` (``name =
"package.module:Class"``, the module that defines the class), the shipped ones included
(pyproject.toml): a PR's module is imported when its name is first asked for. :func:`register`
also makes a class available by name from Python.
"""

from __future__ import annotations

import io
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, ClassVar, Mapping, Self

from annotator.document import AnnotationSet, Document
from annotator.errors import AnnotatorError, pipeline_error
from annotator.registry import Registry

ENTRY_POINT_GROUP = "annotator.processing_resources"
REGISTRY = Registry(ENTRY_POINT_GROUP, lambda name, known: pipeline_error("E335", name=name, known=known),
                    lambda name, target, error: pipeline_error("E337", name=name, target=target, error=error))

_TRUE = {"true", "yes", "1", "on"}
_FALSE = {"false", "no", "0", "off"}


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ValueError(value)


def _to_list(value: Any) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    raise TypeError(value)


def _to_str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise TypeError(value)


def _to_int(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        return int(value.strip())
    raise TypeError(value)


def _to_float(value: Any) -> float:
    if isinstance(value, (int, float, str)) and not isinstance(value, bool):
        number = float(value)
        if math.isfinite(number):
            return number
    raise ValueError(value)


def _to_path(value: Any) -> Path:
    if isinstance(value, (str, os.PathLike)) and str(value):
        return Path(value)
    raise TypeError(value)


def text_encoding(value: Any) -> str:
    """a text encoding Python knows (utf-8, latin-1, cp1252, ...)"""
    if not isinstance(value, str):
        raise TypeError(value)
    io.TextIOWrapper(io.BytesIO(), encoding=value)  # LookupError: unknown, or not a text encoding
    return value


def name_or_path(value: Any) -> str:
    """a name, or the path of a file or folder"""
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return _to_str(value)


# type -> (what a value must be, in messages; converter)
_TYPES: dict[Any, tuple[str, Callable[[Any], Any]]] = {
    str: ("text", _to_str),
    int: ("an integer", _to_int),
    float: ("a number", _to_float),
    bool: ("true or false", _to_bool),
    list: ("a comma-separated list", _to_list),
    Path: ("a file or folder path", _to_path),
}


@dataclass(frozen=True)
class Setting:
    """A parameter value as given, and where: a ``<param>`` of a pipeline file (``path``, ``line``;
    relative paths resolve against ``base_dir``, the file's folder), a command-line ``-p`` (``who``
    is then ``-p NAME``; the working folder) or a Python keyword argument."""

    value: Any
    path: str | None = None
    line: int | None = None
    base_dir: Path | None = None
    who: str | None = None  # how messages name the PR, when not by its label


class _Invalid(Exception):
    """A value that fails a declaration: the error code and its template's fields."""

    def __init__(self, code: str, **fields: Any) -> None:
        super().__init__(code)
        self.code = code
        self.fields = fields


class Param:
    """A declared parameter: ``type`` (``str``, ``int``, ``float``, ``bool``, ``list``, ``Path``,
    :func:`text_encoding`, :func:`name_or_path`, or any callable that converts a string and raises
    TypeError/ValueError), ``default``, ``description``, ``required`` (then no default), ``choices`` (the
    allowed values) and, for numbers, ``min``/``max`` (inclusive). A ``Path`` is a file or folder the PR reads:
    it must exist; given as a relative string it resolves against the pipeline file's folder. A
    ``name_or_path`` (a model installed by name, or saved in a folder) resolves so too when that names an
    existing file or folder there, and is otherwise kept as given."""

    def __init__(self, type: Any, default: Any = None, description: str = "", *, required: bool = False,
                 choices: tuple[Any, ...] | None = None, min: float | None = None, max: float | None = None) -> None:
        self.type = type
        self.default = default
        self.description = description
        self.required = required
        self.choices = choices
        self.min = min
        self.max = max
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type) -> Any:
        if instance is None:
            return self
        return instance.__dict__.get(self.name, self.default)

    @property
    def type_name(self) -> str:
        return getattr(self.type, "__name__", str(self.type))

    def expected(self) -> str:
        """What a value must be, in words: ``an integer``, ``true or false``, ..."""
        if self.type in _TYPES:
            return _TYPES[self.type][0]
        doc = (getattr(self.type, "__doc__", None) or "").strip()
        return doc.splitlines()[0] if doc else self.type_name

    def allowed(self) -> str:
        """The range or choices in words (``""`` when any value of the type will do)."""
        if self.choices is not None:
            return "one of " + ", ".join(map(str, self.choices))
        if self.min is not None and self.max is not None:
            return f"{self.min} to {self.max}"
        if self.min is not None:
            return f"at least {self.min}"
        if self.max is not None:
            return f"at most {self.max}"
        return "an existing file or folder" if self.type is Path else ""

    def check(self, value: Any, base_dir: Path | None = None) -> Any:
        """``value`` (a string from a file or the command line, or a Python value) converted to this
        parameter's type and checked against its declaration; raises :class:`_Invalid`."""
        converter = _TYPES[self.type][1] if self.type in _TYPES else self.type
        try:
            converted = converter(value)
        except (TypeError, ValueError, LookupError):
            raise _Invalid("E331", expected=self.expected(), value=value) from None
        if self.choices is not None and converted not in self.choices:
            raise _Invalid("E333", value=value, choices=", ".join(map(str, self.choices)))
        if (self.min is not None and converted < self.min) or (self.max is not None and converted > self.max):
            raise _Invalid("E332", value=value, range=self.allowed())
        if self.type is Path:
            if base_dir is not None and not converted.is_absolute():
                converted = base_dir / converted
            if not converted.exists():
                raise _Invalid("E334", file=converted)
        if self.type is name_or_path and base_dir is not None and not Path(converted).is_absolute() \
                and (base_dir / converted).exists():
            converted = str(base_dir / converted)
        return converted


class ProcessingResource:
    """Base of every PR: subclasses declare ``Param``s, ``needs``, ``produces`` and ``__call__``, and
    load what the parameters name in ``setup()`` (not in ``__init__``, which pipelines bypass).

    ``needs`` are types read from the input set, ``produces`` types written to the output set;
    a pipeline checks them when it is loaded. A PR whose needs depend on its parameters (a
    grammar's ``Input:``, a whole-word gazetteer) may set ``self.needs`` in ``setup()``."""

    name: ClassVar[str] = ""
    needs: ClassVar[tuple[str, ...]] = ()
    produces: ClassVar[tuple[str, ...]] = ()

    inputASName = Param(str, "", "annotation set read by this PR (\"\" = default set)")
    outputASName = Param(str, "", "annotation set written by this PR (\"\" = default set)")

    def __init__(self, *, base_dir: Path | None = None, **params: Any) -> None:
        """``Tokenizer(language="es")``: parameters as keyword arguments; relative paths resolve
        against ``base_dir`` (default: the working folder)."""
        self._configure({k: Setting(v, base_dir=base_dir) for k, v in params.items()},
                        self.name or type(self).__name__, None, None)

    @classmethod
    def configured(cls, settings: Mapping[str, Setting], label: str,
                   path: str | None = None, line: int | None = None) -> Self:
        """A PR made from ``settings``; ``label`` names it in messages and ``path``/``line`` say
        where it is defined (for a missing parameter and errors of ``setup()`` without a place)."""
        pr = cls.__new__(cls)
        pr._configure(settings, label, path, line)
        return pr

    @classmethod
    def checked(cls, settings: Mapping[str, Setting], label: str, path: str | None = None,
                line: int | None = None) -> dict[str, Any]:
        """The one validation path: every value of ``settings`` converted and checked against its
        declaration, and every required parameter given (``path``/``line``: where the PR is defined);
        raises the coded PipelineError of the first problem."""
        declared = cls.parameters()
        values: dict[str, Any] = {}
        for key, setting in settings.items():
            who = setting.who or label
            if key not in declared:
                raise pipeline_error("E308", setting.path, setting.line, pr=who, param=key,
                                     known=", ".join(sorted(declared)))
            if setting.value is None:
                continue  # None: the default
            try:
                values[key] = declared[key].check(setting.value, setting.base_dir)
            except _Invalid as problem:
                raise pipeline_error(problem.code, setting.path, setting.line, pr=who, param=key,
                                     **problem.fields) from None
        for key, param in declared.items():
            if param.required and key not in values:
                raise pipeline_error("E330", path, line, pr=label, param=key, description=param.description)
        return values

    def _configure(self, settings: Mapping[str, Setting], label: str, path: str | None, line: int | None) -> None:
        """Set the :meth:`checked` values, then ``setup()``: its errors are coded and placed too."""
        self.__dict__.update(self.checked(settings, label, path, line))
        try:
            self.setup()
        except AnnotatorError as exc:
            if exc.path is None:
                exc.path, exc.line = path, line
            raise
        except Exception as exc:  # a resource that cannot load (bad data) is the PR's error, not a crash
            raise pipeline_error("E314", path, line, pr=label, message=f"{type(exc).__name__}: {exc}") from None

    @classmethod
    def parameters(cls) -> dict[str, Param]:
        """Every declared parameter of this class, base classes first."""
        found: dict[str, Param] = {}
        for klass in reversed(cls.__mro__):
            found.update({k: v for k, v in vars(klass).items() if isinstance(v, Param)})
        return found

    @classmethod
    def summary(cls) -> str:
        """The first line of the class docstring, without reST literal quotes: what the PR does."""
        doc = (cls.__doc__ or "").strip().replace("``", "")
        return doc.splitlines()[0] if doc else ""

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
    """Class decorator: make a PR available under ``name`` in pipelines and on the CLI (the name
    of an entry point only from the module the entry point names)."""

    def decorate(cls: type[ProcessingResource]) -> type[ProcessingResource]:
        first = _REGISTRY.get(name)
        if first is None and name in REGISTRY and cls.__module__ != REGISTRY.entry_points()[name].module:
            first = resource_class(name)
        if first is not None and first is not cls:
            raise pipeline_error("E336", name=name, first=_qualified(first), second=_qualified(cls))
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return decorate


def resource_class(name: str) -> type[ProcessingResource]:
    """The PR class registered under ``name`` (by :func:`register` or an entry point)."""
    if name not in _REGISTRY:
        if name not in REGISTRY:
            raise pipeline_error("E335", name=name, known=", ".join(resource_names()))
        register(name)(REGISTRY.load(name))
    return _REGISTRY[name]


def _qualified(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def resource_names() -> list[str]:
    """The names of every PR: registered and entry points (none loaded)."""
    return sorted(set(_REGISTRY) | set(REGISTRY.names()))
