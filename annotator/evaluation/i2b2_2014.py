"""The i2b2/UTHealth 2014 de-identification scorer, as kotfic/i2b2_evaluation_scripts computes it.

See ``../shared/reference/i2b2.md`` sections 3-4. A tag is (category element, start, end, TYPE),
upper-cased; Token keys and the HIPAA filter see the TYPE as written (kotfic upper-cases only tag
keys). Only the elements kotfic reads count (``OFFICIAL_ELEMENTS``). Every section the kotfic
``phi`` scorer prints is computed:

- ``Token``: tags split into maximal ``[A-Za-z0-9]+`` runs (a tag with none gives one empty token at
  its end); key (category, TYPE, start, end).
- ``Strict``: exact keys. ``Relaxed``: same category, TYPE and start, ends within 2 -- not
  one-to-one, reproduced from the Python 2 set semantics of the original (see
  :func:`relaxed_counts`).
- The HIPAA versions (``HIPPA Token`` sic, ``HIPAA Strict``, ``HIPAA Relaxed``) filter both sides
  with the scorer's HIPAA list, whose IDNUM entry has a trailing space and so never matches.
- ``Binary`` versions compare (start, end) only; per-category sections follow.

Micro = pooled counts; macro = mean (population SD) of per-document P and R, where a document
with no system tags has P = 0 and one with no gold tags R = 0; macro F1 = F1(macro P, macro R),
NaN when both are 0 (numpy's 0/0). Means and SDs are computed as numpy does (pairwise sums)
over the documents in key order; kotfic's order is a Python 2 set's (it depends on the order the
files were listed in), so the last bit of a macro figure can differ from it, and when a mean lies on
a rounding boundary so can its 4th printed digit (kotfic's own print then depends on that order:
0.23375 prints 0.2338 or 0.2337). Filters (``--filter``,
``--invert``, ``--conjunctive``) act as in kotfic: on Token/Strict/Relaxed; the HIPAA and
per-category sections swap in their own filters but inherit ``invert`` (and the per-category
HIPAA ones are conjunctive); Binary Token/Strict are unfiltered.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Callable, Iterable, Mapping, Sequence

from annotator.document import Document
from annotator.evaluation.common import (
    CATEGORY_FEATURE, OFFICIAL_ELEMENTS, Counts, add_counts_by_label, evaluation_error, f_beta, fmt4, json_float, mean_sd, official_annotations, pair_documents,
    per_type_table,
)
from annotator.schemas import default_category

#: kotfic's tag element names (``PHI`` is a generic element that the scorer also accepts).
ELEMENTS = OFFICIAL_ELEMENTS

#: Order in which kotfic prints the per-category sections (its Python 2 dict order).
CATEGORY_ORDER = ("CONTACT", "NAME", "DATE", "AGE", "PROFESSION", "ID", "OTHER", "LOCATION")

#: The scorer's HIPAA list: (element, TYPE) regular expressions applied with ``re.match``.
#: ``"IDNUM "`` keeps the original's trailing space, so ID/IDNUM is never HIPAA.
HIPAA_PATTERNS = tuple(
    (re.compile(name), re.compile(kind))
    for name, kind in [
        ("NAME", "PATIENT"),
        ("LOCATION", "CITY"),
        ("LOCATION", "STREET"),
        ("LOCATION", "ZIP"),
        ("LOCATION", "ORGANIZATION"),
        ("DATE", ".*"),
        ("CONTACT", "PHONE"),
        ("CONTACT", "FAX"),
        ("CONTACT", "EMAIL"),
        ("ID", "SSN"),
        ("ID", "MEDICALRECORD"),
        ("ID", "HEALTHPLAN"),
        ("ID", "ACCOUNT"),
        ("ID", "LICENSE"),
        ("ID", "VEHICLE"),
        ("ID", "DEVICE"),
        ("ID", "BIOID"),
        ("ID", "IDNUM "),
        ("AGE", ".*"),
    ]
)

#: Attribute values of kotfic's cardiac-risk tags: a ``--filter`` value among them never matches
#: a PHI tag (the attribute is missing); any other unknown value warns and always matches.
_MEDICAL_VALUES = frozenset(
    ["present", "not present", "current", "past", "ever", "never", "unknown", "before DCT", "during DCT",
     "after DCT", "continuing", "mention", "A1C", "glucose", "event", "test", "symptom", "high bp",
     "high chol.", "high LDL", "BMI", "waist circum.", "ace inhibitor", "amylin", "anti diabetes", "arb",
     "aspirin", "beta blocker", "calcium channel blocker", "diuretic", "dpp4 inhibitors", "ezetimibe",
     "fibrate", "insulin", "metformin", "niacin", "nitrate", "statin", "sulfonylureas",
     "thiazolidinedione", "thienopyridine", ""]
)

_TOKEN = re.compile(r"[A-Za-z0-9]+")
_KOTFIC_ID = re.compile(r"^(\d+)-(\d+)(.*)$", re.S)
_ROW = "{:<25}{:<15}{:<15}{:<20}"
_RULE = "{:-<25}{:-<15}{:-<15}{:-<20}".format("", "", "", "")
RELAXED_DISTANCE = 2


@dataclass(frozen=True)
class Tag:
    """One PHI tag: category element, TYPE, offsets, covered text and reading order."""

    category: str
    type: str
    start: int
    end: int
    text: str
    order: int

    @cached_property
    def tokens(self) -> tuple[tuple[int, int], ...]:
        """Absolute offsets of the ``[A-Za-z0-9]+`` runs inside the tag.

        A tag without any such run (``--``, ``(``, an empty span) gives one empty token at its end,
        as kotfic's tokenizer does (it pads a split with no match with an empty token).
        """
        runs = tuple((self.start + m.start(), self.start + m.end()) for m in _TOKEN.finditer(self.text))
        return runs or ((self.end, self.end),)

    @property
    def key_type(self) -> str:
        """The TYPE as tag keys compare it: kotfic upper-cases tag keys, but its tokens and its
        HIPAA filter use the TYPE as written (so ``patient`` is no HIPAA type and no token match)."""
        return self.type.upper()


#: A tag filter on (category element, TYPE), the two attributes kotfic's filters look at.
Predicate = Callable[[str, str], bool]


@lru_cache(maxsize=None)
def hipaa(category: str, type: str) -> bool:
    """The scorer's HIPAA filter (prefix matches on element and TYPE; IDNUM excluded by its bug)."""
    return any(n.match(category) and t.match(type) for n, t in HIPAA_PATTERNS)


_SAFE_HARBOR = {
    "NAME": {"PATIENT", "USERNAME"},
    "LOCATION": {"STREET", "CITY", "ZIP"},
    "DATE": {"DATE"},
    "AGE": {"AGE"},
    "CONTACT": {"PHONE", "FAX", "EMAIL", "URL", "IPADDR"},
    "ID": {"SSN", "MEDICALRECORD", "HEALTHPLAN", "ACCOUNT", "LICENSE", "VEHICLE", "DEVICE", "BIOID", "IDNUM"},
}


def safe_harbor(category: str, type: str) -> bool:
    """HIPAA Safe Harbor as the law reads (not the scorer): URLs, IPs and IDNUM in, doctors,
    hospitals and organizations out; ages are further limited by :func:`safe_harbor_age`."""
    return type.upper() in _SAFE_HARBOR.get(category, ())


def safe_harbor_age(tag: Tag) -> bool:
    """Safe Harbor protects only ages above 89 (read as the first number in the tag text)."""
    if tag.category != "AGE":
        return True
    number = re.search(r"\d+", tag.text)
    return number is not None and int(number.group()) > 89


def category_filter(name: str) -> Predicate:
    return lambda category, type: category == name


def _always(value: bool) -> Predicate:
    return lambda category, type: value


def parse_filters(spec: str) -> tuple[list[Predicate], list[str]]:
    """kotfic's ``--filter A,B``: element names filter on the element; other values warn and
    always match, except cardiac-risk attribute values, which never match a PHI tag."""
    predicates: list[Predicate] = []
    warnings: list[str] = []
    for arg in spec.split(","):
        if arg in ELEMENTS:
            predicates.append(category_filter(arg))
        elif arg in _MEDICAL_VALUES:
            predicates.append(_always(False))
        else:
            warnings.append(f'could not find valid class attribute for "{arg}", skipping (the filter always matches)')
            predicates.append(_always(True))
    return predicates, warnings


@dataclass(frozen=True)
class Section:
    """One block of the kotfic report: how tags are compared and which tags are kept."""

    label: str
    kind: str  # "token", "strict" or "relaxed"
    binary: bool = False
    filters: tuple[Predicate, ...] | None = None
    conjunctive: bool = False
    invert: bool = False
    tag_test: Callable[[Tag], bool] | None = None  # a further test on the tag itself
    _allowed: dict = field(default_factory=dict, compare=False, repr=False)

    def allows(self, category: str, type: str) -> bool:
        """Whether the filters keep tags of this category and TYPE (memoised: they depend on nothing else)."""
        key = (category, type)
        if key not in self._allowed:
            if self.filters is None:
                self._allowed[key] = True
            else:
                hits = [f(category, type) for f in self.filters]
                self._allowed[key] = (all(hits) if self.conjunctive else any(hits)) != self.invert
        return self._allowed[key]

    def select(self, groups: Mapping[tuple[str, str], list[Tag]]) -> list[Tag]:
        """The tags this section keeps, from a document's tags grouped by (category, TYPE)."""
        kept = [t for key, tags in groups.items() if self.allows(*key) for t in tags]
        return [t for t in kept if self.tag_test(t)] if self.tag_test else kept


def sections(
    filters: Sequence[Predicate] | None = None,
    *,
    invert: bool = False,
    conjunctive: bool = False,
    hipaa_as_law: bool = False,
) -> list[Section]:
    """The sections kotfic prints, in its order, with its filter inheritance.

    ``invert``/``conjunctive`` only take effect with ``filters`` (kotfic passes them only then).
    """
    user = tuple(filters) if filters is not None else None
    inv = invert if user is not None else False
    conj = conjunctive if user is not None else False
    h = (hipaa,)
    out = [
        Section("Token", "token", filters=user, conjunctive=conj, invert=inv),
        Section("Strict", "strict", filters=user, conjunctive=conj, invert=inv),
        Section("Relaxed", "relaxed", filters=user, conjunctive=conj, invert=inv),
        Section("HIPPA Token", "token", filters=h, conjunctive=conj, invert=inv),
        Section("HIPAA Strict", "strict", filters=h, conjunctive=conj, invert=inv),
        Section("HIPAA Relaxed", "relaxed", filters=h, conjunctive=conj, invert=inv),
        Section("Binary Token", "token", binary=True),
        Section("Binary Strict", "strict", binary=True),
        Section("Binary HIPPA Token", "token", binary=True, filters=h, conjunctive=conj, invert=inv),
        Section("Binary HIPAA Strict", "strict", binary=True, filters=h, conjunctive=conj, invert=inv),
    ]
    for name in CATEGORY_ORDER:
        cat = (category_filter(name),)
        out += [
            Section(f"{name} Token", "token", filters=cat, conjunctive=conj, invert=inv),
            Section(f"{name} Strict", "strict", filters=cat, conjunctive=conj, invert=inv),
            Section(f"{name} HIPPA Token", "token", filters=cat + h, conjunctive=True, invert=inv),
            Section(f"{name} Binary HIPAA Strict", "strict", filters=cat + h, conjunctive=True, invert=inv),
        ]
    if hipaa_as_law:
        law = {"filters": (safe_harbor,), "tag_test": safe_harbor_age}
        out += [
            Section("Safe Harbor (law) Token", "token", **law),
            Section("Safe Harbor (law) Strict", "strict", **law),
            Section("Safe Harbor (law) Relaxed", "relaxed", **law),
        ]
    return out


@lru_cache(maxsize=None)
def _default_category(type: str) -> str:
    return default_category(type, "i2b2-2014")


def document_tags(doc: Document | None) -> list[Tag]:
    """The PHI tags of a document in reading order (annotation id), TYPE as written (see :attr:`Tag.key_type`)."""
    if doc is None:
        return []
    out = []
    for a in sorted(official_annotations(doc), key=lambda a: a.id):
        cat = a.features.get(CATEGORY_FEATURE) or _default_category(a.type.upper())
        out.append(Tag(str(cat).upper(), a.type, a.start, a.end, doc.text[a.start : a.end], a.id))
    return out


def _keys(tags: list[Tag], section: Section) -> set:
    if section.kind == "token":
        if section.binary:
            return {span for t in tags for span in t.tokens}
        return {(t.category, t.type, s, e) for t in tags for s, e in t.tokens}
    if section.binary:
        # kotfic narrows the key of the category classes only; a generic PHI element keeps it all.
        return {(t.start, t.end) if t.category != "PHI" else (t.category, t.start, t.end, t.key_type) for t in tags}
    return {(t.category, t.start, t.end, t.key_type) for t in tags}


def _fuzzy_set(tags: list[Tag]) -> dict[tuple[str, int, str], list[int]]:
    """Ends per (category, start, TYPE), keeping a tag only if no kept tag is within the distance
    of it -- how a Python 2 set of kotfic's fuzzy-equal tags fills up in reading order."""
    kept: dict[tuple[str, int, str], list[int]] = defaultdict(list)
    for t in tags:
        ends = kept[(t.category, t.start, t.key_type)]
        if not any(abs(t.end - e) <= RELAXED_DISTANCE for e in ends):
            ends.append(t.end)
    return kept


def _matched(key: tuple[str, int, str], end: int, other: Mapping) -> bool:
    return any(abs(end - e) <= RELAXED_DISTANCE for e in other.get(key, ()))


def relaxed_counts(gold: list[Tag], system: list[Tag]) -> Counts:
    """Relaxed TP/FP/FN with the original's (not one-to-one) Python 2 set semantics.

    FP = system tags matching no gold tag, FN = gold tags matching no system tag; TP = the
    tags of the smaller set (the system set when sizes tie) that match a tag of the other
    (``set.intersection`` iterates over the smaller operand).
    """
    g, s = _fuzzy_set(gold), _fuzzy_set(system)
    g_items = [(k, e) for k, ends in g.items() for e in ends]
    s_items = [(k, e) for k, ends in s.items() for e in ends]
    fp = sum(1 for k, e in s_items if not _matched(k, e, g))
    fn = sum(1 for k, e in g_items if not _matched(k, e, s))
    if len(s_items) > len(g_items):
        tp = len(g_items) - fn
    else:
        tp = len(s_items) - fp
    return Counts(tp, fp, fn)


def group(tags: list[Tag]) -> dict[tuple[str, str], list[Tag]]:
    """Tags by (category, TYPE), each group in reading order."""
    out: dict[tuple[str, str], list[Tag]] = {}
    for t in tags:
        out.setdefault((t.category, t.type), []).append(t)
    return out


def section_counts(gold: Mapping[tuple[str, str], list[Tag]], system: Mapping[tuple[str, str], list[Tag]], section: Section) -> Counts:
    """TP/FP/FN of one document in one section, from its tags grouped by :func:`group`."""
    gold, system = section.select(gold), section.select(system)
    if section.kind == "relaxed":  # the fuzzy sets fill up in reading order, across TYPE spellings
        return relaxed_counts(sorted(gold, key=lambda t: t.order), sorted(system, key=lambda t: t.order))
    return Counts.of_sets(_keys(gold, section), _keys(system, section))


@dataclass
class SectionResult:
    """Per-document counts of one section, with kotfic's micro and macro figures."""

    title: str
    documents: list[tuple[str, Counts]]

    @property
    def micro(self) -> Counts:
        total = Counts()
        for _, c in self.documents:
            total += c
        return total

    @property
    def macro_precision(self) -> tuple[float, float]:
        return mean_sd([c.precision for _, c in self.documents])

    @property
    def macro_recall(self) -> tuple[float, float]:
        return mean_sd([c.recall for _, c in self.documents])

    @property
    def macro_f1(self) -> float:
        p, r = self.macro_precision[0], self.macro_recall[0]
        return f_beta(p, r) if p + r != 0 else float("nan")

    def to_json(self) -> dict:
        micro = self.micro
        (p, p_sd), (r, r_sd) = self.macro_precision, self.macro_recall
        return {
            "micro": {"precision": micro.precision, "recall": micro.recall, "f1": micro.f1},
            "macro": {
                "precision": json_float(p),
                "precision_sd": json_float(p_sd),
                "recall": json_float(r),
                "recall_sd": json_float(r_sd),
                "f1": json_float(self.macro_f1),
            },
        }


@dataclass
class I2b2Result:
    sections: list[SectionResult]
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    mismatched_texts: list[tuple[str, int]] = field(default_factory=list)  # (document, first difference)
    warnings: list[str] = field(default_factory=list)
    run_id: str = ""
    per_type: dict[str, Counts] = field(default_factory=dict)

    @property
    def n_documents(self) -> int:
        return len(self.sections[0].documents) if self.sections else 0

    def section(self, title: str) -> SectionResult:
        return next(s for s in self.sections if s.title == title)

    def to_json(self, per_type: bool = False) -> dict:
        out = {
            "documents": self.n_documents,
            "sections": {s.title.replace("HIPPA", "HIPAA"): s.to_json() for s in self.sections},
        }
        if per_type:
            out["per_type"] = {t: c.to_json() for t, c in sorted(self.per_type.items())}
        return out


def kotfic_id(name: str) -> tuple[str, str]:
    """(document id ``PPP-RR``, run id) from a file stem such as ``100-01run2``."""
    m = _KOTFIC_ID.match(name)
    return (f"{m.group(1)}-{m.group(2)}", m.group(3)) if m else (name, "")


def _first_difference(a: str, b: str) -> int:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))


def evaluate_i2b2(
    gold: Iterable[Document],
    system: Iterable[Document],
    *,
    filter: str | None = None,
    invert: bool = False,
    conjunctive: bool = False,
    hipaa_as_law: bool = False,
    strict_docs: bool = False,
    keep_going: bool = False,
) -> I2b2Result:
    """Score system documents against gold ones with every kotfic ``phi`` section.

    Documents pair on the kotfic id (``PPP-RR`` of ``PPP-RR<run>``); all system documents must
    come from one run. Gold and system texts must be equal: a difference raises
    :class:`EvaluationError`, or with ``keep_going`` drops the document and lists it in
    ``mismatched_texts``.
    """
    system = list(system)
    runs = sorted({kotfic_id(d.name)[1] for d in system})
    if len(runs) > 1:
        raise evaluation_error("E203", runs=", ".join(repr(r) for r in runs))
    pairing = pair_documents(gold, system, key=lambda d: kotfic_id(d.name)[0], strict_docs=strict_docs)
    predicates, warnings = parse_filters(filter) if filter is not None else (None, [])
    if invert and filter is None:
        warnings.append("--invert has no effect without --filter (as in the kotfic scorer)")
    result = I2b2Result([], pairing.missing, pairing.extra, warnings=warnings, run_id=runs[0] if runs else "")
    docs = []
    for key, gold_doc, sys_doc in pairing.pairs:
        if sys_doc is not None and sys_doc.text != gold_doc.text:
            offset = _first_difference(gold_doc.text, sys_doc.text)
            if not keep_going:
                raise evaluation_error("E202", name=key, offset=offset)
            result.mismatched_texts.append((key, offset))
            continue
        gold_tags, sys_tags = document_tags(gold_doc), document_tags(sys_doc)
        add_counts_by_label(
            result.per_type,
            {(t.category, t.start, t.end, t.key_type) for t in gold_tags},
            {(t.category, t.start, t.end, t.key_type) for t in sys_tags},
            lambda key: f"{key[0]}/{key[3]}",
        )
        docs.append((key, group(gold_tags), group(sys_tags)))
    prefix = f"{result.run_id} " if result.run_id else ""
    for section in sections(predicates, invert=invert, conjunctive=conjunctive, hipaa_as_law=hipaa_as_law):
        per_doc = [(key, section_counts(g, s, section)) for key, g, s in docs]
        result.sections.append(SectionResult(prefix + section.label, per_doc))
    return result


# ---------------------------------------------------------------------------------- printing
def _summary(s: SectionResult) -> list[str]:
    (mp_, mp_sd), (mr_, mr_sd) = s.macro_precision, s.macro_recall
    micro = s.micro
    p, r = micro.precision, micro.recall
    return [
        _ROW.format(f"{s.title} ({len(s.documents)})", "Measure", "Macro (SD)", "Micro (Primary)"),
        _RULE,
        _ROW.format("Total", "Precision", "{:.4} ({:.2})".format(mp_, mp_sd), fmt4(p)),
        _ROW.format("", "Recall", "{:.4} ({:.2})".format(mr_, mr_sd), fmt4(r)),
        _ROW.format("", "F1", fmt4(s.macro_f1), fmt4(f_beta(r, p))),
        "\n",
    ]


def _documents(s: SectionResult) -> list[str]:
    lines = [f"Report for {s.title}:", _ROW.format("", "Measure", "", "Micro (Primary)"), _RULE]
    for name, c in s.documents:
        p, r = c.precision, c.recall
        lines += [
            _ROW.format(name, "Precision", "", fmt4(p)),
            _ROW.format(f"[{c.tp + c.fn}({c.tp}){c.tp + c.fp}]", "Recall", "", fmt4(r)),
            _ROW.format("", "F1", "", fmt4(f_beta(p, r))),
            _RULE,
        ]
    return lines


def format_report(result: I2b2Result, *, verbose: bool = False, single_file: bool = False) -> str:
    """Every section as kotfic prints it: summaries (with ``verbose`` preceded by per-document
    blocks), or only the per-document blocks in file mode (two files given)."""
    lines: list[str] = []
    for s in result.sections:
        if verbose or single_file:
            lines += _documents(s)
        if not single_file:
            lines += _summary(s)
    return "\n".join(lines) + "\n"


def format_per_type(result: I2b2Result) -> str:
    """Strict counts and micro P/R/F1 per ``CATEGORY/TYPE`` (not in the kotfic scorer)."""
    return "\n".join(per_type_table("Strict per type", result.per_type, 30)) + "\n"

