"""The leak metric: which original PHI is still in the de-identified text.

For every pair of documents (the original, annotated; the de-identified one, by name), every
original PHI annotation whose type is replaced or shifted is looked up in the de-identified text:
its surface, normalised for case, accents and spaces, matched as whole words. What happened to an
annotation is read from its de-identified counterpart (same id) and its ``deid`` feature
(``replaced``, ``shifted``, ``covered``, ``kept``: see :mod:`annotator.deid.pseudonymiser`); when
there is none (text de-identified by another tool), from the tag set's policy table.

A surface found in the output is a leak when one of its occurrences lies outside the output's
replaced and shifted spans (left in the text) or inside a replaced one (a surrogate equal to a real
value). Listed apart, not as leaks: values kept (by policy, such as a sex, or by a generator, such
as a year alone or a province); surfaces left in the text that also occur as non-PHI text in the
same original document (``Rosa`` the name and ``rosa`` the colour: their presence proves nothing);
and surfaces found only inside shifted values (a date moved by four weeks onto another date of the
document: keeping every interval makes that unavoidable, and it tells nothing).
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
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
    """Per type: PHI mentions checked and their characters; those found in the output; the
    characters of those left in the text (leaked or also non-PHI); of the found ones, the ones left in the text that also occur as non-PHI text in the
    original, the ones found only inside shifted values (another date moved onto this one), and
    the others, the leaks (and those of at least :data:`MIN_CHARS` characters)."""

    mentions: int = 0
    chars: int = 0
    found: int = 0
    left_chars: int = 0
    also_non_phi: int = 0
    shifted_onto: int = 0
    leaked: int = 0
    leaked_long: int = 0


@dataclass
class LeakResult:
    """What :func:`evaluate_leak` found. ``leaked``: mentions still in the output; ``also_non_phi``:
    left in the text, but also non-PHI text in the original; ``shifted_onto``: found only inside
    shifted values; ``kept``: kept on purpose."""

    per_type: dict[str, TypeFigures] = field(default_factory=dict)
    leaked: list[Mention] = field(default_factory=list)
    also_non_phi: list[Mention] = field(default_factory=list)
    shifted_onto: list[Mention] = field(default_factory=list)
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
        """The fraction of checked PHI characters left in the output (also-non-PHI ones included)."""
        total = self.total
        return ratio(total.left_chars, total.chars)

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
            "shifted_onto": mentions(self.shifted_onto),
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


def _policy_states(name: str, types: set[str], warnings: list[str]) -> dict[str, str]:
    """type -> ``replaced``/``shifted``/``kept`` from the policy table that holds them (E233 and
    ``replaced`` for all when none does)."""
    if not types:
        return {}
    try:
        table = policies.table_for(types, "")
    except AnnotatorError:
        warnings.append(coded("E233", name=name, types=", ".join(sorted(types))))
        return dict.fromkeys(types, "replaced")
    return {t: {"keep": "kept", "shift": "shifted"}.get(table[t].action, "replaced") for t in types}


def _states(name: str, phi: list[Annotation], after: Document, warnings: list[str]) -> dict[int, str]:
    """What happened to each PHI annotation: its counterpart's ``deid`` feature, else its policy."""
    counterpart = after.annset()
    states: dict[int, str] = {}
    unknown: list[Annotation] = []
    for ann in phi:
        twin = counterpart.get(ann.id)
        state = twin.features.get("deid") if twin is not None and twin.type == ann.type else None
        if isinstance(state, str):
            states[ann.id] = state
        else:
            unknown.append(ann)
    by_type = _policy_states(name, {a.type for a in unknown}, warnings)
    states.update((a.id, by_type[a.type]) for a in unknown)
    return states


class _Folded:
    """A text normalised as :func:`~annotator.deid.surrogates.base.normalised` does (case, accents,
    runs of spaces), with the offset in the text of each of its characters."""

    def __init__(self, text: str) -> None:
        chars: list[str] = []
        self.at: list[int] = []
        space = False
        for i, c in enumerate(text):
            if c.isspace():
                if not space:
                    chars.append(" ")
                    self.at.append(i)
                space = True
                continue
            space = False
            for d in unicodedata.normalize("NFKD", c.casefold()):
                if not unicodedata.combining(d):
                    chars.append(d)
                    self.at.append(i)
        self.text = "".join(chars)

    def spans(self, pattern: regex.Pattern) -> list[tuple[int, int]]:
        """The text offsets of every match of ``pattern``."""
        return [(self.at[m.start()], self.at[m.end() - 1] + 1) for m in pattern.finditer(self.text)]


def _replaced_spans(name: str, after: Document, warnings: list[str]) -> list[tuple[int, int, str]]:
    """``(start, end, state)`` of the output's replaced, shifted and covered annotations, in order."""
    anns = list(after.annset())
    by_type = _policy_states(name, {a.type for a in anns if not isinstance(a.features.get("deid"), str)}, warnings)
    spans = []
    for ann in anns:
        state = ann.features.get("deid")
        state = state if isinstance(state, str) else by_type[ann.type]
        if state in CHECKED:
            spans.append((ann.start, ann.end, state))
    return spans


def _check(name: str, before: Document, after: Document, result: LeakResult) -> None:
    """Classify every PHI mention of ``before``: kept, clean, leaked, also non-PHI, or shifted onto."""
    phi = [a for a in before.annset() if a.start < a.end]
    states = _states(name, phi, after, result.warnings)
    replaced = _replaced_spans(name, after, result.warnings)
    starts = [s for s, _, _ in replaced]
    output = _Folded(after.text)
    pieces, cursor = [], 0
    for ann in phi:  # the original without its PHI: where non-PHI occurrences are looked for
        if ann.start > cursor:
            pieces.append(before.text[cursor:ann.start])
        pieces.append(" ")
        cursor = max(cursor, ann.end)
    pieces.append(before.text[cursor:])
    non_phi = normalised("".join(pieces))
    verdicts: dict[str, str] = {}
    for ann in phi:
        surface = before.text[ann.start:ann.end]
        mention = Mention(name, ann.type, surface, ann.start, ann.end)
        if states[ann.id] not in CHECKED:
            result.kept.append(mention)
            continue
        figures = result.per_type.setdefault(ann.type, TypeFigures())
        figures.mentions += 1
        figures.chars += len(surface)
        key = normalised(surface)
        if key and key not in verdicts:
            verdicts[key] = _verdict(key, output, replaced, starts, non_phi)
        verdict = verdicts.get(key, "clean")
        if verdict == "clean":
            continue
        figures.found += 1
        if verdict != "shifted onto":
            figures.left_chars += len(surface)
        if verdict == "also non-PHI":
            figures.also_non_phi += 1
            result.also_non_phi.append(mention)
        elif verdict == "shifted onto":
            figures.shifted_onto += 1
            result.shifted_onto.append(mention)
        else:
            figures.leaked += 1
            figures.leaked_long += len(surface) >= MIN_CHARS
            result.leaked.append(mention)


def _verdict(key: str, output: _Folded, replaced: list[tuple[int, int, str]], starts: list[int], non_phi: str) -> str:
    """``clean`` (not in the output), ``leaked``, ``also non-PHI`` (left in the text, but also
    non-PHI text of the original) or ``shifted onto`` (only inside shifted values: another date
    or age moved onto this one, as keeping intervals must sometimes do)."""
    pattern = regex.compile(rf"(?<!\w){regex.escape(key)}(?!\w)")
    found = output.spans(pattern)
    if not found:
        return "clean"
    inside = []
    for start, end in found:
        i = bisect_right(starts, start) - 1
        inside.append(replaced[i][2] if i >= 0 and end <= replaced[i][1] else None)
    if None in inside:  # left in the text
        return "also non-PHI" if pattern.search(non_phi) else "leaked"
    return "shifted onto" if all(state == "shifted" for state in inside) else "leaked"


def format_report(result: LeakResult, verbose: bool = False) -> str:
    """The figures per type, then the leaked surfaces; also-non-PHI and kept values apart (every
    one with ``verbose``, else the first ten distinct ones per type)."""
    total = result.total
    lines = [f"Leak check: {len(result.pairing.pairs)} document(s); {total.mentions} PHI mention(s) of "
             f"replaced or shifted types ({total.chars} characters)", ""]
    width = max([len("type")] + [len(t) for t in result.per_type])
    lines.append(f"{'type':<{width}}  mentions  leaked  leaked>={MIN_CHARS}  also-non-PHI  shifted-onto")
    rows = sorted(result.per_type.items()) + [("total", total)]
    for type, f in rows:
        lines.append(f"{type:<{width}}  {f.mentions:>8}  {f.leaked:>6}  {f.leaked_long:>{8 + len(str(MIN_CHARS))}}  {f.also_non_phi:>12}  {f.shifted_onto:>12}")
    lines += ["", f"PHI characters left: {result.fraction_left:.4f} ({total.left_chars} of {total.chars}, also-non-PHI ones included)"]
    lines += _listing("Leaked (document, type, surface)", result.leaked, verbose=True)
    lines += _listing("Also non-PHI text in the original (listed apart)", result.also_non_phi, verbose)
    lines += _listing("Only inside shifted values: another date or age moved onto it (listed apart)",
                      result.shifted_onto, verbose)
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
