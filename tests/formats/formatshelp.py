"""Helpers for the format tests: comparable snapshots of documents, failure-free reads."""

from __future__ import annotations

from annotator.corpus import Failure


def snapshot(doc, annset: str = "") -> list[tuple]:
    """(id, type, start, end, features) of every annotation of a set, sorted by id."""
    return sorted((a.id, a.type, a.start, a.end, a.features) for a in doc.annset(annset))


def relations(doc, annset: str = "") -> list[tuple]:
    """(type, members, features) of every relation of a set, sorted."""
    rels = doc.annset(annset).relations.values()
    return sorted((r.type, tuple(r.members), repr(sorted(r.features.items()))) for r in rels)


def only_documents(items) -> list:
    """The documents of a read, failing the test on any Failure."""
    items = list(items)
    failures = [str(i) for i in items if isinstance(i, Failure)]
    assert not failures, failures
    return items


def t_lines_in_document_order(ann: str) -> bool:
    """Whether the T lines of a .ann text come by start, then longer first, then id."""
    keys = []
    for line in ann.splitlines():
        if line.startswith("T"):
            brat_id, spans, _ = line.split("\t")
            offsets = [int(x) for x in spans.split(" ", 1)[1].replace(";", " ").split()]
            keys.append((offsets[0], -offsets[-1], int(brat_id[1:])))
    return keys == sorted(keys)
