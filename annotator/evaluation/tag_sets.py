"""Whether gold and system types can meet at all: a scorer given two different tag sets (MEDDOCAN
types against i2b2 ones, say) prints a low figure that looks like a poor system, not a wrong call.

:func:`tag_set_warnings` says so before scoring (coded E230-E232), with the shipped mapping
(``corpora_schemas/mappings/``) that would put both sides in one tag set.
"""

from __future__ import annotations

from typing import Callable, Iterable

from annotator import schemas
from annotator.document import Document
from annotator.errors import coded

#: The metrics that score a closed tag set, and how each compares type names (others: as they are).
METRIC_TAG_SETS: dict[str, Callable[[str], str]] = {
    "meddocan": str,
    "i2b2-2014": str.upper,  # the i2b2 2014 scorer compares TYPE upper-cased
}
_SHOWN = 10  # types listed in one warning


def tag_set_warnings(gold: Iterable[Document], system: Iterable[Document], metric: str | None = None) -> list[str]:
    """Warnings (``E2xx message``) about the types of the default sets: gold and system in two
    different tag sets (E230, naming the mapping that fits), sharing no type (E232), or outside
    the tag set ``metric`` scores (E231; ``metric`` a key of :data:`METRIC_TAG_SETS`, else unchecked)."""
    gold_types = _types(gold)
    system_types = _types(system)
    norm = METRIC_TAG_SETS.get(metric or "", str)
    warnings = []
    mismatch = _different_tag_sets(gold_types, system_types, metric) if gold_types and system_types else None
    if mismatch:
        warnings.append(mismatch[0])
    elif gold_types and system_types and not set(map(norm, gold_types)) & set(map(norm, system_types)):
        warnings.append(coded("E232", gold=_listed(gold_types), system=_listed(system_types)))
    if metric in METRIC_TAG_SETS:
        known = {norm(t) for t in schemas.tag_set(metric)}
        for side, types in (("gold", gold_types), ("system", system_types)):
            outside = {t for t in types if norm(t) not in known}
            if outside and not (mismatch and side in mismatch[1]):
                warnings.append(coded("E231", side=side, metric=metric, types=_listed(outside)))
    return warnings


def _types(docs: Iterable[Document]) -> set[str]:
    return {t for doc in docs for t in doc.annset().types()}


def _different_tag_sets(gold: set[str], system: set[str], metric: str | None) -> tuple[str, set[str]] | None:
    """E230 when each side fits a tag set and no tag set fits both, with the sides whose tag set is
    not the metric's (E230 has said what E231 would); else None."""
    gold_fits, system_fits = schemas.fitting_tag_sets(gold), schemas.fitting_tag_sets(system)
    if not gold_fits or not system_fits or set(gold_fits) & set(system_fits):
        return None
    gold_set = metric if metric in gold_fits else gold_fits[0]
    system_set = metric if metric in system_fits else system_fits[0]
    to_gold, to_system = schemas.mapping_between(system_set, gold_set), schemas.mapping_between(gold_set, system_set)
    if to_gold:
        hint = f"; retype the system side with `annotator convert --map {to_gold}`"
    elif to_system:
        hint = f"; retype the gold side with `annotator convert --map {to_system}`"
    else:
        hint = "; no shipped mapping joins them"
    others = {side for side, name in (("gold", gold_set), ("system", system_set)) if name != metric}
    return coded("E230", gold=gold_set, system=system_set, hint=hint), others


def _listed(types: set[str]) -> str:
    shown = sorted(types)
    return ", ".join(shown[:_SHOWN]) + (f", ... ({len(shown) - _SHOWN} more)" if len(shown) > _SHOWN else "")
