"""Tag schemas (``corpora_schemas/*.yaml``) and type mappings (``corpora_schemas/mappings/``).

Used by the XML writers (which category element a type is written in), by ``convert --map`` and by
the evaluation code (the i2b2 2014 HIPAA subset as the official scorer applies it).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from annotator.errors import input_error
from annotator.paths import SCHEMAS

if TYPE_CHECKING:
    from annotator.document import Document

GENERIC_CATEGORY = "PHI"  # the element i2b2 tools accept for any TYPE
TAG_SETS = ("meddocan", "i2b2-2014", "i2b2-2006")  # the schemas that define a closed set of types


def _read_yaml(path: Path) -> object:
    import yaml  # on use: reading a schema is not part of every command's start-up

    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    """A schema file ``corpora_schemas/<name>.yaml`` as a dict."""
    return _read_yaml(SCHEMAS / f"{name}.yaml")


@lru_cache(maxsize=None)
def meddocan_types() -> dict[str, str]:
    """The 29 MEDDOCAN types -> their XML category (cached: do not modify)."""
    return {t: spec["category"] for t, spec in load("meddocan")["types"].items()}


@lru_cache(maxsize=None)
def i2b2_2014_types() -> dict[str, str]:
    """i2b2 2014 TYPE -> category element."""
    return {t: cat for cat, types in load("i2b2-2014")["categories"].items() for t in types}


def i2b2_2006_types() -> list[str]:
    return list(load("i2b2-2006")["types"])


@lru_cache(maxsize=None)
def tag_set(schema: str) -> frozenset[str]:
    """The types of one of :data:`TAG_SETS`."""
    if schema == "meddocan":
        return frozenset(meddocan_types())
    if schema == "i2b2-2014":
        return frozenset(i2b2_2014_types())
    return frozenset(i2b2_2006_types())


def fitting_tag_sets(types: Iterable[str]) -> list[str]:
    """The tag sets (of :data:`TAG_SETS`, in that order) holding every one of ``types``."""
    wanted = set(types)
    return [name for name in TAG_SETS if wanted <= tag_set(name)]


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
