"""Helpers of the record-matcher tests: a matcher for one record, and what it finds in a text."""

from __future__ import annotations

import json
from pathlib import Path

from annotator import Document
from annotator.processing.record_matcher import RecordMatcher


def matcher(tmp_path: Path, **record: object) -> RecordMatcher:
    """A record-matcher whose records file holds ``record`` for the document "doc"."""
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps({"document": "doc", **record}, ensure_ascii=False) + "\n", encoding="utf-8")
    return RecordMatcher(records=path)


def found(pr: RecordMatcher, text: str, doc: Document | None = None) -> list[tuple[str, str, str]]:
    """(covered text, type, field) of what ``pr`` adds to the PHI set, in document order."""
    doc = doc or Document(text, name="doc")
    pr(doc)
    return [(doc.text[a.start:a.end], a.type, a.features["field"]) for a in doc.annset("PHI")]
