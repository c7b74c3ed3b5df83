"""Helpers for the JAPE conformance tests: small documents with regex tokens."""

from __future__ import annotations

import re
from annotator.document import Document

_TOKEN = re.compile(r"\w+|[^\w\s]|\s+")


def orth(word: str) -> str | None:
    if not word.isalpha():
        return None
    if word[0].isupper() and (len(word) == 1 or word[1:].islower()):
        return "upperInitial"
    if word.isupper():
        return "allCaps"
    return "lowercase" if word.islower() else "mixedCaps"


def tokenize(doc: Document, set_name: str = "") -> None:
    """ANNIE-like Token (string, kind, orth, length) and SpaceToken annotations."""
    out = doc.annset(set_name)
    for m in _TOKEN.finditer(doc.text):
        text = m.group()
        if text.isspace():
            out.add("SpaceToken", m.start(), m.end(), {"kind": "space", "string": text})
            continue
        kind = "word" if text.isalpha() else "number" if text.isdigit() else "punctuation"
        features = {"string": text, "kind": kind, "length": len(text)}
        if orth(text):
            features["orth"] = orth(text)
        out.add("Token", m.start(), m.end(), features)


def make_doc(text: str, *extra: tuple, tokens: bool = True) -> Document:
    """A document with tokens and extra annotations ``(type, start, end[, features])``; ``start``
    may be a substring (its first occurrence) with ``end`` None."""
    doc = Document(text, name="test")
    if tokens:
        tokenize(doc)
    for item in extra:
        type_name, start, end = item[:3]
        if isinstance(start, str):
            start, end = text.index(start), text.index(start) + len(start)
        doc.annset().add(type_name, start, end, item[3] if len(item) > 3 else {})
    return doc


def found(doc: Document, type_name: str, set_name: str = "") -> list[str]:
    """The covered texts of a type, in document order."""
    return [doc.text[a.start : a.end] for a in doc.annset(set_name).with_type(type_name)]

