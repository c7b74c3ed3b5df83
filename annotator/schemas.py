"""Tag sets (``corpora_schemas/*.yaml``) and type mappings (``corpora_schemas/mappings/``).

A tag set is a closed set of annotation types, a plug-in of the entry-point group
``annotator.tag_sets`` (the shipped ones included, pyproject.toml): the entry point names the
package whose folder holds its files, ``NAME.yaml`` (its types, and what the record matcher writes
for each record field) and optionally ``deid/NAME.yaml`` (its de-identification policy,
:mod:`annotator.deid.policy`); the contract is in ``corpora_schemas/README.md``. This module is
the one reader of them: the XML writers (which category element a type is written in), the
evaluation code (which tag set a side's types fit, the i2b2 2014 HIPAA subset as the official
scorer applies it), the record matcher and the de-identification policy. ``convert --map`` reads
the mappings.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from annotator.errors import input_error
from annotator.paths import SCHEMAS
from annotator.registry import Registry

if TYPE_CHECKING:
    from annotator.document import Document

GENERIC_CATEGORY = "PHI"  # the element i2b2 tools accept for any TYPE
GROUP = "annotator.tag_sets"
REGISTRY = Registry(GROUP, lambda name, known: input_error("E133", None, None, name=name, known=known),
                    lambda name, target, error: input_error("E134", None, None, name=name, target=target, error=error))
#: the order a choice by types tries the tag sets in: these first, then any other installed one by name
FIRST = ("meddocan", "hina", "i2b2-2014", "i2b2-2006")


def _read_yaml(path: Path) -> object:
    import yaml  # on use: reading a schema is not part of every command's start-up

    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def tag_set_names() -> list[str]:
    """The installed tag sets, in the order a choice by types tries them (:data:`FIRST`)."""
    names = REGISTRY.names()
    return [n for n in FIRST if n in names] + sorted(set(names) - set(FIRST))


@lru_cache(maxsize=None)
def folder(name: str) -> Path:
    """The folder of tag set ``name``'s files: that of the package its entry point names (E133
    for an unknown name)."""
    return Path(str(files(REGISTRY.load(name))))


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    """The file ``NAME.yaml`` of tag set ``name`` as a dict (cached: do not modify)."""
    path = folder(name) / f"{name}.yaml"
    spec = _read_yaml(path)
    if not isinstance(spec, dict) or spec.get("name") != name:
        raise input_error("E135", None, None, file=path, reason=f"expected a mapping with 'name: {name}'")
    return spec


@lru_cache(maxsize=None)
def categories(name: str) -> dict[str, str]:
    """Type -> XML category element of every type of tag set ``name`` ("" where the file gives
    none), in the file's order (cached: do not modify)."""
    spec = load(name)
    if isinstance(spec.get("categories"), dict):
        return {t: category for category, listed in spec["categories"].items() for t in listed}
    if isinstance(spec.get("types"), dict):
        return {t: (row or {}).get("category", "") for t, row in spec["types"].items()}
    if isinstance(spec.get("types"), list):
        return dict.fromkeys(spec["types"], "")
    raise input_error("E135", None, None, file=folder(name) / f"{name}.yaml",
                      reason="expected 'types' (a list, or a mapping type -> {category: ...}) or 'categories'")


def meddocan_types() -> dict[str, str]:
    """The 29 MEDDOCAN types -> their XML category (cached: do not modify)."""
    return categories("meddocan")


def i2b2_2014_types() -> dict[str, str]:
    """i2b2 2014 TYPE -> category element."""
    return categories("i2b2-2014")


def i2b2_2006_types() -> list[str]:
    return list(categories("i2b2-2006"))


@lru_cache(maxsize=None)
def tag_set(name: str) -> frozenset[str]:
    """The types of tag set ``name``."""
    return frozenset(categories(name))


def record_fields(name: str) -> dict[str, str]:
    """Record field -> the type the record matcher writes for it in tag set ``name`` (empty when
    the tag set has none; :mod:`annotator.processing.record_matcher.tagsets`)."""
    return load(name).get("record_fields", {})


def fitting_tag_sets(types: Iterable[str]) -> list[str]:
    """The tag sets (in the order of :func:`tag_set_names`) holding every one of ``types``."""
    wanted = set(types)
    return [name for name in tag_set_names() if wanted <= tag_set(name)]


def default_category(type: str, schema: str) -> str:
    """The category element of ``type``: looked up in ``schema`` first, then in the other XML
    schema, else the generic ``PHI``."""
    tables = [meddocan_types(), i2b2_2014_types()]
    if schema == "i2b2-2014":
        tables.reverse()
    for table in tables:
        if type in table:
            return table[type]
    return GENERIC_CATEGORY


def is_hipaa(category: str, type: str, official: bool = True) -> bool:
    """Whether an i2b2 2014 tag is in the scorer's HIPAA subset (names compared upper-cased).

    ``official=True`` reproduces the scorer exactly, including its bug that leaves ID/IDNUM out.
    """
    schema = load("i2b2-2014")
    types = schema["hipaa"].get(category.upper(), [])
    type = type.upper()
    if official and schema.get("hipaa_idnum_bug") and category.upper() == "ID" and type == "IDNUM":
        return False
    return "*" in types or type in types


def hipaa_subset(official: bool = True) -> dict[str, list[str]]:
    """category -> TYPE values of the HIPAA subset (``"*"`` = all), as :func:`is_hipaa` applies it."""
    schema = load("i2b2-2014")
    subset = {cat: list(types) for cat, types in schema["hipaa"].items()}
    if official and schema.get("hipaa_idnum_bug"):
        subset["ID"] = [t for t in subset["ID"] if t != "IDNUM"]
    return subset


def mapping_names() -> list[str]:
    return sorted(p.stem for p in (SCHEMAS / "mappings").glob("*.yaml"))


@lru_cache(maxsize=None)
def mapping_between(source: str, target: str) -> str | None:
    """The name of the shipped mapping from tag set ``source`` to ``target`` (its ``from``/``to``), if any."""
    for name in mapping_names():
        spec = _read_yaml(SCHEMAS / "mappings" / f"{name}.yaml")
        if isinstance(spec, dict) and (spec.get("from"), spec.get("to")) == (source, target):
            return name
    return None


def load_mapping(name_or_path: str) -> dict[str, str | None]:
    """A type mapping by name (``meddocan-i2b2-2014``) or YAML path: type -> new type or None (drop)."""
    path = Path(name_or_path)
    if not path.is_file():
        path = SCHEMAS / "mappings" / f"{name_or_path}.yaml"
    if not path.is_file():
        raise input_error("E121", None, name=name_or_path, known=", ".join(mapping_names()))
    spec = _read_yaml(path)
    types = spec.get("types") if isinstance(spec, dict) else None
    if not isinstance(types, dict):
        raise input_error("E116", path, None, expected="a 'types:' mapping", found=type(types).__name__)
    return types


def apply_mapping(doc: Document, mapping: dict[str, str | None], annset: str = "") -> set[str]:
    """Retype the annotations of one set in place (same ids and offsets); a type mapped to None is
    removed; the ``category`` feature is dropped because it named the old schema's element.
    Returns the types that the mapping does not mention (left unchanged)."""
    anns = doc.annset(annset)
    unknown: set[str] = set()
    changes = []
    for ann in anns:
        if ann.type not in mapping:
            unknown.add(ann.type)
            continue
        changes.append((ann, mapping[ann.type]))
    for ann, new_type in changes:
        anns.remove(ann)
        if new_type is not None:
            features = {k: v for k, v in ann.features.items() if k != "category"}
            anns.add(new_type, ann.start, ann.end, features, id=ann.id)
    return unknown
