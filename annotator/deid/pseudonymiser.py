"""The Pseudonymiser: a transformer ``Document -> Document`` that replaces the PHI annotations of
one set as their tag set's policy says (:mod:`annotator.deid.policy`) and moves every annotation
of every set to the new offsets.

Modes: ``surrogate`` (realistic values from :mod:`annotator.deid.surrogates`), ``placeholder``
(the policy's category tag, ``[PNAME]``), ``mask`` (one ``*`` per character, line breaks kept,
so offsets do not move) and ``redact`` (the text is removed; the annotations become zero-length
at the cut). Types the policy keeps (and spans a generator gives back unchanged, such as a year
alone or a province) are left as they are.

What happens to the annotations (types, ids and features kept; relations kept when all their
members are):

- a PHI annotation of the chosen set gets the feature ``deid``: ``replaced`` or ``shifted`` (its
  policy's action), or ``kept``; it spans its new text;
- PHI annotations that overlap each other are replaced as one span, that of the first in
  document order (start, then longer first), stretched to the end of the last; each one of them
  spans the whole new text;
- any other annotation (of any set, a kept PHI one too) that lies wholly inside a replaced span
  spans the whole new text too (a zero-length one: its start) and gets ``deid: covered`` (its old
  text is gone, so no smaller span would be true);
  one that crosses the edge of a replaced span is dropped, with one warning per document (E708);
  every other annotation is moved by the length change of the spans before it;
- a brat ``fragments`` feature (offsets of a discontinuous annotation) is moved with it, and
  dropped where the annotation is replaced (it is one span then).

A value its surrogate generator cannot read (``Colombia`` tagged as a date) is written as its
type's placeholder, with a warning (E716): the PHI goes either way, and the document with it.

Fail closed: anything else that goes wrong in a document raises :class:`~annotator.errors.DeidError`,
so the corpus loop writes nothing for it; so does a document without the chosen set (a misspelt
set name, or plain text that nothing has annotated), as opposed to one whose set is empty.
"""

from __future__ import annotations

import os
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from annotator.deid import LANGUAGES, MODES
from annotator.deid import policy as policies
from annotator.deid.kinship import kinship
from annotator.deid.surrogates import DocumentContext, Span, generator
from annotator.document import Annotation, Document
from annotator.errors import AnnotatorError, DeidError, UnreadableValue, coded, warn

KEY_BYTES = 32
FEATURE = "deid"


@dataclass
class _Region:
    """One span of the old text to replace, led by the first PHI annotation in it."""

    start: int
    end: int
    lead: Annotation
    policy: policies.Policy
    members: list[Annotation] = field(default_factory=list)
    text: str = ""


class Pseudonymiser:
    """``Pseudonymiser(mode, ...)(doc)`` -> a new, de-identified document (``doc`` is not changed).

    ``tagset``: the policy table (one of :func:`annotator.deid.policy.tag_sets`); None picks, per
    document, the first table that holds every PHI type of the set. ``language``: of the texts
    (``es``, ``en``, ``sv``), needed by surrogates. ``set_name``: the set whose annotations are
    PHI; ``types``: only these types of it are PHI (None: every type, and a type without a policy
    fails the document). ``key``: the secret of every keyed choice (at least 32 bytes; None: 32
    random bytes made here, once, so that every worker of a run shares them); ``per_patient``:
    date and age offsets follow the patient across documents (set when the key comes from a key
    file). ``sets``: the annotation sets the new document carries over (None: every set; the
    verb passes the one it writes when a pipeline's working sets would only be moved to be
    dropped).
    """

    def __init__(self, mode: str = "surrogate", tagset: str | None = None, language: str = "",
                 set_name: str = "", key: bytes | None = None, per_patient: bool = False,
                 types: Sequence[str] | None = None, sets: Sequence[str] | None = None) -> None:
        if mode not in MODES:
            raise DeidError(coded("E700", mode=mode, known=", ".join(MODES)))
        if tagset is not None:
            policies.table(tagset)  # E701 for an unknown one
        if language and language not in LANGUAGES:
            raise DeidError(coded("E703", language=language, known=", ".join(LANGUAGES)))
        if mode == "surrogate" and not language:
            raise DeidError(coded("E702", known=", ".join(LANGUAGES)))
        if key is not None and len(key) < KEY_BYTES:
            raise DeidError(coded("E704", length=len(key)))
        self.mode = mode
        self.tagset = tagset
        self.language = language
        self.set_name = set_name
        self.key = key if key is not None else os.urandom(KEY_BYTES)
        self.per_patient = per_patient
        self.types = frozenset(types) if types is not None else None
        self.sets = tuple(sets) if sets is not None else None

    def __repr__(self) -> str:  # never shows the key
        return f"Pseudonymiser(mode={self.mode!r}, tagset={self.tagset!r}, language={self.language!r}, set_name={self.set_name!r})"

    def __call__(self, doc: Document) -> Document:
        try:
            return self._deidentify(doc)
        except AnnotatorError as exc:
            if exc.path is None:
                exc.path = doc.name
            raise
        except Exception as exc:  # a bug must not let a document through: fail closed
            raise DeidError(coded("E709", error=f"{type(exc).__name__}: {exc}"), path=doc.name) from exc

    # ------------------------------------------------------------------ the steps
    def _deidentify(self, doc: Document) -> Document:
        phi = self._phi(doc)
        table = policies.table_for({a.type for a in phi}, self.set_name, self.tagset) if phi else {}
        status: dict[int, str] = {}
        regions = self._regions(doc.text, phi, table, status)
        self._fill(doc, regions, status)
        return self._moved(doc, regions, status)

    def _phi(self, doc: Document) -> list[Annotation]:
        if not doc.has_annset(self.set_name):
            sets = ", ".join(repr(n) for n in doc.annset_names()) or "none"
            raise DeidError(coded("E715", set=self.set_name, sets=sets))
        annset = doc.annset(self.set_name)
        return list(annset if self.types is None else annset.with_type(*self.types))

    def _regions(self, text: str, phi: list[Annotation], table: dict[str, policies.Policy],
                 status: dict[int, str]) -> list[_Region]:
        """The spans to replace, in order, none overlapping; ``status`` gets ``kept`` for PHI
        annotations left alone."""
        regions: list[_Region] = []
        for ann in phi:
            rule = table[ann.type]
            what = kinship(text[ann.start:ann.end], self.language) if rule.keep_kinship else ""
            if rule.action == "keep" or ann.start == ann.end or what == "keep":
                status[ann.id] = "kept"
                continue
            if what == "age":
                rule = replace(rule, action="shift", kind="age", role="", placeholder="AGE")
            status[ann.id] = "replaced" if rule.action == "replace" else "shifted"
            last = regions[-1] if regions else None
            if last is not None and ann.start < last.end:
                last.end = max(last.end, ann.end)
                last.members.append(ann)
            else:
                regions.append(_Region(ann.start, ann.end, ann, rule, [ann]))
        return regions

    def _fill(self, doc: Document, regions: list[_Region], status: dict[int, str]) -> None:
        """Set each region's new text (and ``kept`` where a generator gives the old text back)."""
        text = doc.text
        if self.mode == "mask":
            for r in regions:
                r.text = "".join(c if c in "\r\n" else "*" for c in text[r.start:r.end])
        elif self.mode == "redact":
            pass  # every region's text stays ""
        elif self.mode == "placeholder":
            for r in regions:
                r.text = f"[{r.policy.placeholder}]"
        else:
            self._surrogates(doc, regions, status)

    def _surrogates(self, doc: Document, regions: list[_Region], status: dict[int, str]) -> None:
        spans = [Span(r.start, r.end, r.lead.type, r.policy.kind, r.policy.role) for r in regions]
        ctx = DocumentContext(doc.text, doc.name, self.language, tuple(s for s in spans if s.kind),
                              self.key, self.per_patient)
        made: dict[str, Any] = {}
        for region, span in zip(regions, spans):
            if not span.kind:
                region.text = f"[{region.policy.placeholder}]"
                continue
            make = made.get(span.kind)
            if make is None:
                make = made[span.kind] = _generator(span.kind, ctx)
            try:
                new = make(span)
            except UnreadableValue as exc:
                new = f"[{region.policy.placeholder}]"
                warn("E716", doc.name, None, type=span.type, start=span.start, end=span.end,
                     placeholder=region.policy.placeholder, reason=exc.message)
            except AnnotatorError:
                raise
            except Exception as exc:
                raise DeidError(coded("E707", kind=span.kind, type=span.type, start=span.start, end=span.end,
                                      error=f"{type(exc).__name__}: {exc}"), path=doc.name) from exc
            if not isinstance(new, str):
                raise DeidError(coded("E707", kind=span.kind, type=span.type, start=span.start, end=span.end,
                                      error=f"returned {type(new).__name__}, not str"), path=doc.name)
            region.text = new
            if new == doc.text[region.start:region.end]:
                for ann in region.members:
                    status[ann.id] = "kept"

    def _moved(self, doc: Document, regions: list[_Region], status: dict[int, str]) -> Document:
        """The new document: new text, every annotation moved (see the module's docstring)."""
        pieces, old_starts, old_ends, new_starts, new_ends = [], [], [], [], []
        cursor = shift = 0
        for r in regions:
            pieces.append(doc.text[cursor:r.start])
            pieces.append(r.text)
            old_starts.append(r.start)
            old_ends.append(r.end)
            new_starts.append(r.start + shift)
            shift += len(r.text) - (r.end - r.start)
            new_ends.append(r.end + shift)
            cursor = r.end
        pieces.append(doc.text[cursor:])
        mover = _Mover(old_starts, old_ends, new_starts, new_ends)
        out = Document("".join(pieces), name=doc.name, features=doc.features)
        dropped: dict[str, int] = {}
        carried = [n for n in doc.annset_names() if self.sets is None or n in self.sets]
        for set_name in carried:
            source, target = doc.annset(set_name), out.annset(set_name)
            chosen = set_name == self.set_name
            for ann in source:
                moved = mover.span(ann.start, ann.end)
                if moved is None:
                    dropped[set_name] = dropped.get(set_name, 0) + 1
                    continue
                start, end, inside = moved
                features = ann.features  # copied by add(); a changed copy where they change
                state = status.get(ann.id) if chosen else None
                if inside and state in (None, "kept"):
                    state = "covered"
                if state is not None:
                    features = {**features, FEATURE: state}
                if "fragments" in features:
                    fragments = mover.fragments(features["fragments"]) if state in (None, "kept") else None
                    features = dict(features)
                    if fragments is None:
                        del features["fragments"]
                    else:
                        features["fragments"] = fragments
                target.add(ann.type, start, end, features, id=ann.id)
        for set_name in carried:
            target = out.annset(set_name)
            for rel in doc.annset(set_name).relations.values():
                if all(out.has_annotation(m) for m in rel.members):
                    target.add_relation(rel.type, rel.members, dict(rel.features), rel.id)
        if dropped:
            warn("E708", doc.name, None, count=sum(dropped.values()), sets=", ".join(repr(s) for s in dropped))
        return out


def _generator(kind: str, ctx: DocumentContext) -> Any:
    """The generator of ``kind`` for this document; E706 when its module or factory is missing."""
    try:
        return generator(kind, ctx)
    except (ImportError, KeyError, AttributeError) as exc:
        raise DeidError(coded("E706", kind=kind, reason=f"{type(exc).__name__}: {exc}")) from exc


class _Mover:
    """Old offsets -> new offsets, given the replaced regions (sorted, not overlapping)."""

    def __init__(self, old_starts: list[int], old_ends: list[int], new_starts: list[int], new_ends: list[int]) -> None:
        self.old_starts, self.old_ends = old_starts, old_ends
        self.new_starts, self.new_ends = new_starts, new_ends

    def offset(self, p: int) -> int:
        """The new offset of an old one that is not strictly inside a region."""
        i = bisect_right(self.old_ends, p) - 1  # the last region ending at or before p
        return p if i < 0 else p - self.old_ends[i] + self.new_ends[i]

    def span(self, start: int, end: int) -> tuple[int, int, bool] | None:
        """``(new start, new end, inside)``: ``inside`` when the span lies within one region (it then
        becomes the region's new span); None when it crosses a region's edge."""
        starts, ends = self.old_starts, self.old_ends
        if not starts:
            return start, end, False
        a = bisect_right(starts, start) - 1  # the last region starting at or before start ...
        a = a if a >= 0 and starts[a] < start < ends[a] else -1  # ... if start is strictly inside it
        b = bisect_right(starts, end) - 1  # the same for end (inlined: this runs per annotation)
        b = b if b >= 0 and starts[b] < end < ends[b] else -1
        if a < 0 and b < 0:  # disjoint from every region, equal to one, or holding some whole
            return self.offset(start), self.offset(end), False
        region = a if a >= 0 else b
        if starts[region] <= start and end <= ends[region]:
            return self.new_starts[region], self.new_ends[region] if start < end else self.new_starts[region], True
        return None

    def fragments(self, value: Any) -> str | None:
        """A brat ``fragments`` feature (``"0 5;8 10"``) moved, or None when a fragment cannot be."""
        out = []
        for part in str(value).split(";"):
            s, _, e = part.partition(" ")
            if not (s.isdigit() and e.isdigit()):
                return None
            moved = self.span(int(s), int(e))
            if moved is None or moved[2]:
                return None
            out.append(f"{moved[0]} {moved[1]}")
        return ";".join(out)
