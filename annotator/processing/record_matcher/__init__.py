"""The ``record-matcher`` PR: the PHI of a document's structured record found in its text, after
Yuwono et al. 2016 ("Automated anonymization as spelling variant detection").

Each document's record (:mod:`.records`: JSON Lines or CSV, keyed by the document's name) is looked
for in the text: names as spelling variants (:mod:`.names`), dates however written (:mod:`.dates`),
IDs and phones with separators ignored (:mod:`.numbers`), addresses and every other field as
literal values (:mod:`.literals`). Output types follow the tag set (:mod:`.tagsets`); every
annotation has the features ``field`` (the record field, or ``title`` for a name found only after
a title) and ``ratio`` (edit distance over the shorter length, 0 = exact), and ``partial`` for a
part of an ID.

A record value not written as its field's kind (an export's ``04//11/1987``, ``312/07/1958``,
``NHC 1234567``: :mod:`.fields`) does not stop the run: it gives one warning line naming the
records file, line and field when the file is read, and is matched as written and as read (a
date in its few plausible readings, :func:`.dates.record_date`; an ID or phone as its digits).
``strictRecords=true`` makes it an error instead.

Where matches overlap, the longest wins. A match inside a PHI annotation that an earlier PR put in
the output set (a type of the tag set) is not added again, and that annotation keeps its type; a
match that overlaps such annotations without fitting inside one replaces them by one annotation
over the union, with the type of the longest of them.
"""

from __future__ import annotations

from bisect import bisect_left
from pathlib import Path

from annotator.document import Document
from annotator.processing.base import Param, ProcessingResource, register
from annotator.processing.folding import fold
from annotator.processing.record_matcher.common_words import common_words
from annotator.processing.record_matcher.dates import find_dates, record_date
from annotator.processing.record_matcher.fields import (ADDRESS_FIELDS, DATE_FIELDS, LITERAL_EXCEPT, NAME_FIELDS,
                                                        NUMBER_FIELDS, PHONE_FIELDS, written_date)
from annotator.processing.record_matcher.literals import LiteralMatcher
from annotator.processing.record_matcher.match import Match
from annotator.processing.record_matcher.names import NameMatcher
from annotator.processing.record_matcher.numbers import NumberMatcher
from annotator.processing.record_matcher.records import Record, read_records
from annotator.processing.record_matcher.tagsets import DOCTOR, tag_sets, type_of
from annotator.schemas import tag_set


@register("record-matcher")
class RecordMatcher(ProcessingResource):
    """Finds the values of each document's structured record (names, IDs, phones, dates, addresses) in its text."""

    records = Param(Path, None, "the records file: JSON Lines, or CSV with header document,field,value", required=True)
    threshold = Param(float, 0.33, "a word matches a name token when edit distance / shorter length is below this",
                      min=0.0, max=1.0)
    tagset = Param(str, "meddocan", "the output type names (record field -> type table)", choices=tuple(tag_sets()))
    caseSensitive = Param(bool, False, "compare names with case (false: lower-case both)")
    strictRecords = Param(bool, False, "a record value not written as its field's kind (date, ID, phone) is an "
                                       "error (false: a warning, and the value is matched as written and as read)")
    outputASName = Param(str, "PHI", "annotation set written by this PR (and read for earlier PHI)")
    strategy = Param(str, "fast", "fast: names compared with rapidfuzz's bounded search, month names and literal "
                     "values searched from their clues; reference: every word against every name token, every "
                     "offset for month names and literal values (the same matches, slowly: to check the fast one)",
                     choices=("fast", "reference"))

    def setup(self) -> None:
        self.by_document: dict[str, Record] = read_records(self.records, self.strictRecords)
        self.phi_types = tag_set(self.tagset)

    def record_of(self, doc: Document) -> Record | None:
        """The record of ``doc``: by its name, else by its name's file stem."""
        return self.by_document.get(doc.name) or self.by_document.get(Path(doc.name).stem)

    def matches(self, doc: Document, record: Record) -> list[Match]:
        """Every match of ``record`` in ``doc``'s text, overlapping ones included."""
        text = doc.text
        lower = fold(text, ignore_case=True)
        folded = fold(lower, ignore_case=False, accents=True)
        low, low_folded = (text, fold(text, ignore_case=False, accents=True)) if self.caseSensitive else (lower, folded)
        common = common_words(doc.features.get("language"))
        names = [v for f in NAME_FIELDS for v in record.get(f, ())]
        reference = self.strategy == "reference"
        found = NameMatcher(names, self.threshold, self.caseSensitive, common,
                            reference=reference).find(text, lower, low, low_folded)
        literal = {f: v for f, v in record.items() if f not in LITERAL_EXCEPT}
        dates, with_year = [], set()
        for field in DATE_FIELDS:
            for value in record.get(field, ()):
                read = record_date(value)
                dates += read.readings
                if read.year_needed:
                    with_year.update(read.readings)
                if not read.exact and written_date(value):
                    literal.setdefault(field, []).append(value)
        found += find_dates(lower, dates, with_year, reference)
        found += NumberMatcher({f: v for f, v in record.items() if f in NUMBER_FIELDS}, PHONE_FIELDS).find(text)
        found += LiteralMatcher(literal, ADDRESS_FIELDS, reference).find(folded)
        return found

    def __call__(self, doc: Document) -> None:
        record = self.record_of(doc)
        if not record:
            return
        kept: list[Match] = []
        starts: list[int] = []  # of the kept matches (which do not overlap), in order, and their ends
        ends: list[int] = []
        # longest first; on equal spans a doctor's title wins, then partial matches lose
        for match in sorted(self.matches(doc, record),
                            key=lambda m: (m.start - m.end, m.kind != DOCTOR, m.partial, m.start)):
            at = bisect_left(starts, match.end)  # the kept matches before ``at`` start before it ends
            if at == 0 or ends[at - 1] <= match.start:  # the last of them, which reaches furthest, ends before
                starts.insert(at, match.start)
                ends.insert(at, match.end)
                kept.append(match)
        out = self.output_set(doc)
        phi = [a for a in out if a.type in self.phi_types]  # what earlier PRs found (few: no index needed)
        tagset = self.tagset
        for match in sorted(kept):
            features = {"field": match.field, "ratio": round(match.ratio, 3)}
            if match.partial:
                features["partial"] = True
            start, end, type_ = match.start, match.end, type_of(tagset, match.kind)
            earlier = [a for a in phi if a.start < match.end and match.start < a.end] if phi else None
            if earlier:
                if any(a.start <= match.start and match.end <= a.end for a in earlier):
                    continue
                longest = max(earlier, key=lambda a: (a.end - a.start, -a.start))
                start, end = min(start, *(a.start for a in earlier)), max(end, *(a.end for a in earlier))
                type_ = longest.type
                features = {**longest.features, **features}
                out.remove_all(earlier)
                phi = [a for a in phi if a not in earlier]
            out.add(type_, start, end, features)


__all__ = ["RecordMatcher", "read_records"]
