"""Helpers for the interop tests: a comparable picture of a document, and a small document with
everything a conversion must carry."""

from __future__ import annotations

from annotator import Document

# every JSON type, nested, and names that gatenlp treats specially (leading underscores)
FEATURES = {"str": "línea 😀", "int": -3, "float": 2.5, "true": True, "false": False, "null": None,
            "list": [1, "a", None, [2.0]], "dict": {"k": {"deep": [True]}}, "empty": {}, "__internal": "x"}


def snapshot(doc: Document) -> tuple:
    """Text, name, features, and per set its annotations (id, type, start, end, features) and
    relations, sorted: equal snapshots mean nothing was lost or changed."""
    sets = {name: (sorted((a.id, a.type, a.start, a.end, repr(a.features)) for a in doc.annset(name)),
                   sorted((r.id, r.type, r.members, repr(r.features)) for r in doc.annset(name).relations.values()))
            for name in doc.annset_names()}
    return doc.text, doc.name, repr(doc.features), sets


def rich_document() -> Document:
    """Overlapping, nested, coextensive and zero-length annotations (at the start, inside a word,
    before a space, at the end), non-ASCII and astral characters, odd whitespace, every feature
    type, the default set, a named set, an empty set and a relation across sets."""
    text = "Dña. Ana 😀 Núñez  vive\ten\n\nMadrid 𝔸𝔹. "
    doc = Document(text, name="rich-1", features={"source": "unit", "tags": ["a", {"b": 1}]})
    default = doc.annset()
    at = text.index
    name = default.add("Name", 5, at("  "), FEATURES)           # "Ana 😀 Núñez"
    default.add("First", 5, 8)                                   # nested in Name
    default.add("Person", 0, name.end, {"kind": "patient"})     # Name nested in it
    default.add("Cross", at("😀"), at("\t"))                    # crosses Name's end
    default.add("Same", 5, name.end)                             # coextensive with Name
    default.add("Empty", 0, 0)
    default.add("Empty", 7, 7)                                   # inside "Ana"
    default.add("Empty", name.end, name.end, {"where": "before two spaces"})
    default.add("Empty", len(text), len(text))
    default.add("Space", name.end, name.end + 1)                 # the first of two spaces
    default.add("Tail", text.rindex(". "), len(text))                    # ". " with the final space
    default.add("Astral", at("𝔸"), text.rindex(". "), {"chars": "𝔸𝔹"})
    key = doc.annset("Key")
    city = key.add("LOC", at("M"), at(" 𝔸"), {"normalized": "Madrid"}, id=100)
    key.add_relation("lives_in", [name.id, city.id], {"certain": True})
    doc.annset("Nothing")                                    # an empty set
    return doc
