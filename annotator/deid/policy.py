"""What de-identification does with each PHI type of a tag set: replace it, shift it or keep it,
with which surrogate generator, for whom, under which placeholder, and why.

The tables are YAML files, one per tag set: ``deid/NAME.yaml`` in the tag set's folder
(:func:`annotator.schemas.folder`; the shipped ones in ``corpora_schemas/deid/``, documented in
the README there). Types shared by two tag sets (i2b2 2006 and 2014) have the same row in both,
so a document whose types fit both is treated the same whichever is picked. A file in the shape the
shipped ones have (one flow mapping per type) is read here, without PyYAML, whose import costs
``annotator deidentify`` more start-up than the rest of the policy; PyYAML reads any other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from annotator import schemas
from annotator.deid.surrogates.base import KINDS
from annotator.errors import DeidError, coded

ACTIONS = ("replace", "shift", "keep")
ROLES = ("", "patient", "clinician", "relative", "other")


@dataclass(frozen=True)
class Policy:
    """The row of one PHI type. ``kind`` is empty when no realistic surrogate exists (surrogate
    mode then writes the placeholder); ``placeholder`` is the bare tag (``PNAME``), written
    ``[PNAME]``; ``keep_kinship``: a span made only of kinship words names no one and is kept."""

    type: str
    action: str
    kind: str
    role: str
    placeholder: str
    why: str
    keep_kinship: bool = False


def _row(file: str, type: str, spec: object) -> Policy:
    def bad(reason: str) -> DeidError:
        return DeidError(coded("E713", file=file, reason=f"{type}: {reason}"))

    if not isinstance(spec, dict):
        raise bad("expected a mapping of columns")
    unknown = set(spec) - {"action", "kind", "role", "placeholder", "why", "keep_kinship"}
    if unknown:
        raise bad(f"unknown column(s) {', '.join(sorted(unknown))}")
    policy = Policy(type, spec.get("action", ""), spec.get("kind", ""), spec.get("role", ""),
                    spec.get("placeholder", ""), spec.get("why", ""), bool(spec.get("keep_kinship", False)))
    if policy.action not in ACTIONS:
        raise bad(f"action {policy.action!r} is not one of {', '.join(ACTIONS)}")
    if policy.kind and policy.kind not in KINDS:
        raise bad(f"kind {policy.kind!r} is not one of {', '.join(KINDS)}")
    if policy.action == "shift" and not policy.kind:
        raise bad("a shifted type needs a kind")
    if policy.role not in ROLES or (policy.role and policy.kind != "name"):
        raise bad(f"role {policy.role!r}: one of {', '.join(ROLES[1:])}, for kind name only")
    if not (policy.placeholder.isascii() and policy.placeholder.isupper()) or not policy.why:
        raise bad("needs an upper-case placeholder tag and a why")
    return policy


_WORD = r"[A-Za-z][\w-]*"
_SCALAR = rf'(?:"[^"\\\n]*"|{_WORD})'  # double-quoted without escapes, or a plain word
_TOP = re.compile(rf"(tag_set): ({_WORD})|(types):")
_ROW = re.compile(rf"  ({_WORD}): *\{{ *((?:{_WORD}: *{_SCALAR} *, *)*{_WORD}: *{_SCALAR}) *\}}")
_COLUMN = re.compile(rf"({_WORD}): *({_SCALAR})")
#: plain words PyYAML reads as something else than a string (any case, to be safe)
_SPECIAL = {"yes", "no", "on", "off", "null", "true", "false"}


def _simple(text: str) -> dict[str, Any] | None:
    """The mapping of a policy file in the shipped shape (``#`` comment lines, ``tag_set: NAME``,
    ``types:``, then one ``  TYPE: {column: value, ...}`` line per type; keys and values plain
    words or, values only, ``true`` or double-quoted without escapes), as PyYAML reads it; None
    for any other text (PyYAML then reads it)."""
    data: dict[str, Any] = {}
    in_types = False
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        top = None if in_types else _TOP.fullmatch(line)
        row = _ROW.fullmatch(line) if in_types else None
        if top and top[1] and top[2].lower() not in _SPECIAL:
            data[top[1]] = top[2]
        elif top and top[3]:
            in_types, data["types"] = True, None  # as PyYAML: no rows, no mapping
        elif row and row[1].lower() not in _SPECIAL:
            columns: dict[str, Any] = {}
            for name, value in _COLUMN.findall(row[2]):
                if name.lower() in _SPECIAL or value.lower() in _SPECIAL and value != "true":
                    return None
                columns[name] = True if value == "true" else value.strip('"')
            data["types"] = data["types"] or {}
            data["types"][row[1]] = columns
        else:
            return None
    return data or None  # an empty file: PyYAML's None


def parse(text: str, reference: bool = False) -> Any:
    """What the text of a policy file holds, as PyYAML's safe loader reads it: a text in the shipped
    shape is read here, without importing PyYAML; ``reference``: PyYAML reads every text (the plain
    path the other is tested against)."""
    data = None if reference else _simple(text)
    if data is None:
        import yaml

        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml's if installed
    return data


def policy_file(tag_set: str) -> Path:
    """Where the policy of an installed tag set is (it may have none)."""
    return schemas.folder(tag_set) / "deid" / f"{tag_set}.yaml"


def tag_sets() -> list[str]:
    """The tag sets with a policy table, in the order automatic choice tries them."""
    return [name for name in schemas.tag_set_names() if policy_file(name).is_file()]


@lru_cache(maxsize=None)
def table(tag_set: str) -> dict[str, Policy]:
    """The policy of every type of ``tag_set`` (one of :func:`tag_sets`, else E701)."""
    known = tag_sets()
    if tag_set not in known:
        raise DeidError(coded("E701", name=tag_set, known=", ".join(known)))
    path = policy_file(tag_set)
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    data = parse(text)
    if not isinstance(data, dict) or data.get("tag_set") != tag_set or not isinstance(data.get("types"), dict):
        raise DeidError(coded("E713", file=path, reason=f"expected 'tag_set: {tag_set}' and a 'types' mapping"))
    return {type: _row(str(path), type, spec) for type, spec in data["types"].items()}


def table_for(types: Iterable[str], set_name: str, tag_set: str | None = None) -> dict[str, Policy]:
    """The table that covers every one of ``types``: that of ``tag_set``, or (None) the first of
    :func:`tag_sets` that holds them all. E705 (fail closed) when none does."""
    wanted = set(types)
    names = (tag_set,) if tag_set is not None else tag_sets()
    for name in names:
        rows = table(name)
        if wanted <= rows.keys():
            return rows
    known = set(table(tag_set)) if tag_set is not None else set().union(*(table(n) for n in names))
    where = f"the {tag_set} table" if tag_set is not None else f"any one table ({', '.join(names)})"
    missing = sorted(wanted - known) or sorted(wanted)
    raise DeidError(coded("E705", types=", ".join(missing), set=set_name, where=where))
