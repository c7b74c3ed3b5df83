"""The leak metric: which original PHI is still in the de-identified text.

For every pair of documents (the original, annotated; the de-identified one, by name), every
original PHI annotation whose type is replaced or shifted is looked up in the de-identified text:
its surface, normalised for case, accents and spaces, matched as whole words. What happened to an
annotation is read from its de-identified counterpart (same id) and its ``deid`` feature
(``replaced``, ``shifted``, ``covered``, ``kept``: see :mod:`annotator.deid.pseudonymiser`); when
there is none (text de-identified by another tool), from the tag set's policy table.

Listed apart, not as leaks: values kept (by policy, such as a sex, or by a generator, such as a
year alone or a province), and found surfaces that also occur as non-PHI text in the same original
document (``Rosa`` the name and ``rosa`` the colour): their presence proves nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

import regex

from annotator.deid import policy as policies
from annotator.deid.surrogates.base import normalised
from annotator.document import Annotation, Document
from annotator.errors import AnnotatorError, coded
from annotator.evaluation.common import Pairing, pair_documents, ratio

#: Surfaces shorter than this are reported but not held against the result (digits, initials).
MIN_CHARS = 4
CHECKED = ("replaced", "shifted", "covered")


@dataclass(frozen=True)
class Mention:
    """One original PHI annotation: where, what, and its surface."""

    document: str
    type: str
    surface: str
    start: int
    end: int


@dataclass
class TypeFigures:
    """Per type: PHI mentions checked and their characters; those found in the output (and their
    characters); of these, the ones that also occur as non-PHI text in the original, and the
    others, the leaks (and those of at least :data:`MIN_CHARS` characters)."""

    mentions: int = 0
    chars: int = 0
    found: int = 0
    found_chars: int = 0
    also_non_phi: int = 0
    leaked: int = 0
    leaked_long: int = 0


@dataclass
class LeakResult:
    """What :func:`evaluate_leak` found. ``leaked``: mentions still in the output (not also non-PHI);
    ``also_non_phi``: found, but also non-PHI text in the original; ``kept``: kept on purpose."""

    per_type: dict[str, TypeFigures] = field(default_factory=dict)
    leaked: list[Mention] = field(default_factory=list)
    also_non_phi: list[Mention] = field(default_factory=list)
    kept: list[Mention] = field(default_factory=list)
    pairing: Pairing = field(default_factory=Pairing)
    warnings: list[str] = field(default_factory=list)

    @property
    def total(self) -> TypeFigures:
        out = TypeFigures()
        for figures in self.per_type.values():
            for name in vars(out):
                setattr(out, name, getattr(out, name) + getattr(figures, name))
        return out

    @property
    def fraction_left(self) -> float:
        """The fraction of checked PHI characters still in the output (also-non-PHI ones included)."""
        total = self.total
        return ratio(total.found_chars, total.chars)

    def leaked_long(self, min_chars: int = MIN_CHARS) -> list[Mention]:
        """Leaked mentions of at least ``min_chars`` characters (not counting also-non-PHI ones)."""
        return [m for m in self.leaked if len(m.surface) >= min_chars]

    def to_json(self) -> dict[str, Any]:
        def mentions(items: list[Mention]) -> list[dict[str, Any]]:
            return [vars(m) for m in items]

        return {
            "documents": len(self.pairing.pairs),
            "per_type": {t: vars(f) for t, f in sorted(self.per_type.items())},
            "total": vars(self.total),
            "fraction_left": self.fraction_left,
            "leaked_long": len(self.leaked_long()),
            "leaked": mentions(self.leaked),
            "also_non_phi": mentions(self.also_non_phi),
            "kept": mentions(self.kept),
        }


def evaluate_leak(original: Iterable[Document], deidentified: Iterable[Document]) -> LeakResult:
    """Check every pair of documents (same name) of the two corpora; PHI is the default set of the
    original documents."""
    result = LeakResult(pairing=pair_documents(original, deidentified))
    for code, names in (("E234", result.pairing.missing), ("E235", result.pairing.extra)):
        if names:
            result.warnings.append(coded(code, count=len(names), names=", ".join(names[:20])))
    for name, before, after in result.pairing.pairs:
        assert after is not None
        _check(name, before, after, result)
    return result


def _statuses(name: str, phi: list[Annotation], after: Document, warnings: list[str]) -> dict[int, str]:
    """What happened to each PHI annotation: its counterpart's ``deid`` feature, else its policy."""
    counterpart = after.annset()
    statuses: dict[int, str] = {}
    unknown: list[Annotation] = []
    for ann in phi:
        twin = counterpart.get(ann.id)
        state = twin.features.get("deid") if twin is not None and twin.type == ann.type else None
        if isinstance(state, str):
            statuses[ann.id] = state
        else:
            unknown.append(ann)
    if unknown:
        types = {a.type for a in unknown}
        try:
            table = policies.table_for(types, "")
        except AnnotatorError:
            table = {}
            warnings.append(coded("E233", name=name, types=", ".join(sorted(types))))
        for ann in unknown:
            rule = table.get(ann.type)
            statuses[ann.id] = {"keep": "kept", "shift": "shifted"}.get(rule.action, "replaced") if rule else "replaced"
    return statuses


def _check(name: str, before: Document, after: Document, result: LeakResult) -> None:
    phi = [a for a in before.annset() if a.start < a.end]
    statuses = _statuses(name, phi, after, result.warnings)
    output = normalised(after.text)
    pieces, cursor = [], 0
    for ann in phi:  # the original without its PHI: where non-PHI occurrences are looked for
        if ann.start > cursor:
            pieces.append(before.text[cursor:ann.start])
        pieces.append(" ")
        cursor = max(cursor, ann.end)
    pieces.append(before.text[cursor:])
    non_phi = normalised("".join(pieces))
    found: dict[tuple[str, str], bool] = {}
    for ann in phi:
        surface = before.text[ann.start:ann.end]
        mention = Mention(name, ann.type, surface, ann.start, ann.end)
        if statuses[ann.id] not in CHECKED:
            result.kept.append(mention)
            continue
        figures = result.per_type.setdefault(ann.type, TypeFigures())
        figures.mentions += 1
        figures.chars += len(surface)
        key = normalised(surface)
        if not key:
            continue
        pattern = regex.compile(rf"(?<!\w){regex.escape(key)}(?!\w)")
        if ("out", key) not in found:
            found["out", key] = pattern.search(output) is not None
        if not found["out", key]:
            continue
        figures.found += 1
        figures.found_chars += len(surface)
        if ("non-phi", key) not in found:
            found["non-phi", key] = pattern.search(non_phi) is not None
        if found["non-phi", key]:
            figures.also_non_phi += 1
            result.also_non_phi.append(mention)
        else:
            figures.leaked += 1
            figures.leaked_long += len(surface) >= MIN_CHARS
            result.leaked.append(mention)


def format_report(result: LeakResult, verbose: bool = False) -> str:
    """The figures per type, then the leaked surfaces; also-non-PHI and kept values apart (every
    one with ``verbose``, else the first ten distinct ones per type)."""
    total = result.total
    lines = [f"Leak check: {len(result.pairing.pairs)} document(s); {total.mentions} PHI mention(s) of "
             f"replaced or shifted types ({total.chars} characters)", ""]
    width = max([len("type")] + [len(t) for t in result.per_type])
    lines.append(f"{'type':<{width}}  mentions  leaked  leaked>={MIN_CHARS}  also-non-PHI")
    rows = sorted(result.per_type.items()) + [("total", total)]
    for type, f in rows:
        lines.append(f"{type:<{width}}  {f.mentions:>8}  {f.leaked:>6}  {f.leaked_long:>{8 + len(str(MIN_CHARS))}}  {f.also_non_phi:>12}")
    lines += ["", f"PHI characters left: {result.fraction_left:.4f} ({total.found_chars} of {total.chars}, also-non-PHI ones included)"]
    lines += _listing("Leaked (document, type, surface)", result.leaked, verbose=True)
    lines += _listing("Also non-PHI text in the original (listed apart)", result.also_non_phi, verbose)
    lines += _listing("Kept on purpose (listed apart)", result.kept, verbose)
    return "\n".join(lines) + "\n"


def _listing(title: str, mentions: list[Mention], verbose: bool) -> list[str]:
    if not mentions:
        return ["", f"{title}: none"]
    lines = ["", f"{title}: {len(mentions)}"]
    if verbose:
        return lines + [f"  {m.document}\t{m.type}\t{m.surface!r}" for m in mentions]
    by_type: dict[str, dict[str, int]] = {}
    for m in mentions:
        counts = by_type.setdefault(m.type, {})
        counts[m.surface] = counts.get(m.surface, 0) + 1
    for type, counts in sorted(by_type.items()):
        shown = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        text = ", ".join(f"{s!r} x{n}" for s, n in shown[:10])
        more = f", ... ({len(shown) - 10} more)" if len(shown) > 10 else ""
        lines.append(f"  {type}: {text}{more}")
    return lines
