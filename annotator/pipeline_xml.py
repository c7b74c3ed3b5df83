"""Loading XML pipeline files (schema: ``corpora_schemas/pipeline.xsd``).

Every error a file can cause is a PipelineError naming the file and line: not well-formed, not
valid against the schema, an unknown PR type, an include that is missing or makes a cycle, and
every parameter problem (checked by the PR's declarations: :mod:`annotator.processing.base`).
Files are parsed without entity expansion, DTDs or network access.

Instance names: a PR's ``name`` attribute, or by default its type; a later PR of the same type
without a name gets ``type-2``, ``type-3``, ... (``tokenizer``, ``tokenizer-2``). Names are global
over the file and everything it includes. Only the top file's ``provides`` (it describes the input
documents), ``language``, ``<description>`` and ``<output>`` count (:class:`Declared`).

Shipped pipelines (``resources/pipelines/NAME.xml``) are found by name: :func:`find`, :func:`shipped`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from lxml import etree

from annotator.errors import PipelineError, pipeline_error
from annotator.paths import RESOURCES, SCHEMAS
from annotator.pipeline_steps import Condition, Step, pr_label, unique_name
from annotator.processing.base import ProcessingResource, Setting, resource_class


@dataclass
class _Spec:
    """A ``<pr>`` element as read, before its PR is made."""

    cls: type[ProcessingResource]
    type: str
    name: str
    path: Path
    line: int
    conditions: tuple[Condition, ...]
    explicit: bool  # the name was given in the file
    params: dict[str, Setting] = field(default_factory=dict)  # name -> value as given, and where

    def label(self) -> str:
        return pr_label(self.name, self.type)


@dataclass(frozen=True)
class Declared:
    """What a pipeline file says about itself (see :class:`annotator.pipeline.Pipeline`)."""

    name: str
    provides: str
    description: str
    language: str
    output_set: str | None
    output_types: tuple[str, ...] | None


def shipped() -> dict[str, Path]:
    """The shipped pipelines by name (the file name without ``.xml``), sorted."""
    folder = RESOURCES / "pipelines"
    return {entry.name[:-4]: entry for entry in sorted(folder.iterdir(), key=lambda e: e.name)
            if entry.name.endswith(".xml") and entry.is_file()}


def find(pipeline: str | Path) -> Path:
    """The file of ``pipeline``: itself if it is a path (an existing file, or ending in ``.xml`` or
    holding a folder separator), else the shipped pipeline of that name (E351 if there is none)."""
    text = str(pipeline)
    if isinstance(pipeline, Path) or text.endswith(".xml") or Path(text).name != text or Path(text).is_file():
        return Path(pipeline)
    known = shipped()
    if text not in known:
        raise pipeline_error("E351", name=text, known=", ".join(known))
    return known[text]


def declared(path: Path) -> Declared:
    """What the (valid) pipeline file ``path`` declares, without making its PRs."""
    return _declared(path, _parse(path))


def _declared(path: Path, root: etree._Element) -> Declared:
    output = root.find("output")
    return Declared(
        name=root.get("name", ""), provides=root.get("provides", ""),
        description=" ".join((root.findtext("description") or "").split()), language=root.get("language", ""),
        output_set=None if output is None else output.get("set", ""),
        output_types=None if output is None else _output_types(path, output),
    )


def _output_types(path: Path, output: etree._Element) -> tuple[str, ...] | None:
    """The ``types`` of ``<output>`` (the schema has checked their form), each once."""
    if output.get("types") is None:
        return None
    types = tuple(t.strip() for t in output.get("types").split(","))
    for i, type_name in enumerate(types):
        if type_name in types[:i]:
            raise pipeline_error("E350", path, output.sourceline, type=type_name)
    return types


@lru_cache(maxsize=1)
def _schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(SCHEMAS / "pipeline.xsd"), _parser()))


def _parser() -> etree.XMLParser:
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           remove_comments=True, remove_pis=True)


def load(path: Path, overrides: dict[str, Any]) -> tuple[list[Step], Declared]:
    """Read ``path`` (and its includes), apply ``overrides`` ("NAME.param" -> value) and make the
    PRs: the steps, and what the file declares (:meth:`annotator.pipeline.Pipeline.from_xml` makes
    the pipeline of them and checks its needs)."""
    root = _parse(path)
    said = _declared(path, root)
    specs = _collect(path, root, (), [])
    _apply_overrides(specs, overrides)
    for spec in specs:  # every value first: a mistake in the last PR fails before the first one loads
        spec.cls.checked(spec.params, spec.label(), str(spec.path), spec.line)
    return [_make(spec) for spec in specs], said


def _parse(path: Path, where: tuple[Path, int] | None = None) -> etree._Element:
    at = where or (path, None)
    try:
        tree = etree.parse(str(path), _parser())
    except etree.XMLSyntaxError as exc:
        line = exc.position[0] if exc.position else None
        raise pipeline_error("E302", path, line, message=exc.msg) from None
    except OSError as exc:
        raise pipeline_error("E306", *at, message=f"{path}: {exc.strerror or exc}") from None
    if tree.docinfo.doctype:
        raise pipeline_error("E304", path, 1)
    schema = _schema()
    if not schema.validate(tree):
        error = schema.error_log[0]
        raise pipeline_error("E303", path, error.line, message=error.message)
    return tree.getroot()


def _collect(path: Path, root: etree._Element, outer: tuple[Condition, ...], stack: list[Path]) -> list[_Spec]:
    """The ``<pr>`` specs of ``root`` (read from ``path``) in order, includes expanded in place with
    their condition added to their PRs'; ``stack`` is the chain of including files (cycles)."""
    stack = stack + [path.resolve()]
    specs: list[_Spec] = []
    for elem in root:
        if elem.tag in ("description", "output"):
            continue
        conditions = outer + _conditions(elem, path)
        if elem.tag == "include":
            target = path.parent / elem.get("href")
            if target.resolve() in stack:
                chain = " -> ".join(str(p) for p in stack + [target.resolve()])
                raise pipeline_error("E305", path, elem.sourceline, chain=chain)
            specs += _collect(target, _parse(target, (path, elem.sourceline)), conditions, stack)
        else:
            specs.append(_read_pr(elem, path, conditions))
    return specs


def _conditions(elem: etree._Element, path: Path) -> tuple[Condition, ...]:
    feature, equals = elem.get("if-feature"), elem.get("equals")
    if feature is None:
        if equals is not None:
            raise pipeline_error("E311", path, elem.sourceline)
        return ()
    return (Condition(feature, equals),)


def _read_pr(elem: etree._Element, path: Path, conditions: tuple[Condition, ...]) -> _Spec:
    type_name = elem.get("type")
    try:
        cls = resource_class(type_name)
    except PipelineError as exc:
        raise PipelineError(exc.message, path=path, line=elem.sourceline) from None
    name = elem.get("name")
    spec = _Spec(cls, type_name, name or type_name, path, elem.sourceline, conditions, name is not None)
    for param in elem:
        name, value = param.get("name"), (param.text or "").strip()
        if name in spec.params:
            raise pipeline_error("E310", path, param.sourceline, pr=spec.label(), param=name)
        spec.params[name] = Setting(value, str(path), param.sourceline, path.parent)
    return spec


def _apply_overrides(specs: list[_Spec], overrides: dict[str, Any]) -> None:
    """Give default names (see the module docstring), then apply ``NAME.param`` overrides."""
    by_name: dict[str, _Spec] = {}
    for spec in specs:
        if spec.explicit and spec.name in by_name:
            earlier = by_name[spec.name]
            raise pipeline_error("E307", spec.path, spec.line, name=spec.name, place=f"{earlier.path}:{earlier.line}")
        spec.name = unique_name(spec.name, by_name)
        by_name[spec.name] = spec
    for key, value in overrides.items():
        name, _, param = key.rpartition(".")
        if name not in by_name:
            raise pipeline_error("E312", key=key, name=name, names=", ".join(by_name))
        by_name[name].params[param] = Setting(value, who=f"-p {name}")


def _make(spec: _Spec) -> Step:
    """The configured PR of ``spec``; errors from its ``setup()`` get the ``<pr>`` element's place
    unless they name a place of their own (e.g. a line of a gazetteer list)."""
    pr = spec.cls.configured(spec.params, spec.label(), str(spec.path), spec.line)
    return Step(pr, spec.name, spec.conditions, str(spec.path), spec.line)
