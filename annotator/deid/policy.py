"""What de-identification does with each PHI type of a tag set: replace it, shift it or keep it,
with which surrogate generator, for whom, under which placeholder, and why.

The tables are YAML files, one per tag set, in ``corpora_schemas/deid/`` (documented in the
README there). Types shared by two tag sets (i2b2 2006 and 2014) have the same row in both, so a
document whose types fit both is treated the same whichever is picked.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from annotator.deid.surrogates.base import KINDS
from annotator.errors import DeidError, coded
from annotator.paths import SCHEMAS

ACTIONS = ("replace", "shift", "keep")
ROLES = ("", "patient", "clinician", "relative", "other")
#: The tag sets with a policy table, in the order automatic choice tries them.
TAG_SETS = ("meddocan", "hina", "i2b2-2006", "i2b2-2014")
POLICY_FOLDER = SCHEMAS / "deid"


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


@lru_cache(maxsize=None)
def table(tag_set: str) -> dict[str, Policy]:
    """The policy of every type of ``tag_set`` (one of :data:`TAG_SETS`, else E701)."""
    import yaml

    if tag_set not in TAG_SETS:
        raise DeidError(coded("E701", name=tag_set, known=", ".join(TAG_SETS)))
    path = POLICY_FOLDER / f"{tag_set}.yaml"
    with open(path, encoding="utf-8") as handle:
        data = yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml's: ten times faster
    if not isinstance(data, dict) or data.get("tag_set") != tag_set or not isinstance(data.get("types"), dict):
        raise DeidError(coded("E713", file=path, reason=f"expected 'tag_set: {tag_set}' and a 'types' mapping"))
    return {type: _row(str(path), type, spec) for type, spec in data["types"].items()}


def table_for(types: Iterable[str], set_name: str, tag_set: str | None = None) -> dict[str, Policy]:
    """The table that covers every one of ``types``: that of ``tag_set``, or (None) the first of
    :data:`TAG_SETS` that holds them all. E705 (fail closed) when none does."""
    wanted = set(types)
    for name in (tag_set,) if tag_set is not None else TAG_SETS:
        rows = table(name)
        if wanted <= rows.keys():
            return rows
    known = set(table(tag_set)) if tag_set is not None else set().union(*(table(n) for n in TAG_SETS))
    where = f"the {tag_set} table" if tag_set is not None else f"any one table ({', '.join(TAG_SETS)})"
    missing = sorted(wanted - known) or sorted(wanted)
    raise DeidError(coded("E705", types=", ".join(missing), set=set_name, where=where))
