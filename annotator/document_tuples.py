"""A document as plain tuples, cheap to pickle: how documents travel to worker processes and
back (:meth:`annotator.pipeline.Pipeline.pipe`, and the corpus loop's one-file output formats)."""

from __future__ import annotations

from annotator.document import Document


def encode(doc: Document) -> tuple:
    """A document as plain tuples (cheap to pickle): text, name, features and, per set, its
    annotations ``(id, type, start, end, features)`` and relations ``(id, type, members, features)``."""
    sets = []
    for set_name in doc.annset_names():
        annset = doc.annset(set_name)
        # in no particular order (ids travel), without building an index
        anns = [(a.id, a.type, a.start, a.end, a.features) for a in annset.with_type(*annset.types()).unordered()]
        rels = [(r.id, r.type, r.members, r.features) for r in annset.relations.values()]
        sets.append((set_name, anns, rels))
    return (doc.text, doc.name, doc.features, sets)


def decode(data: tuple) -> Document:
    """The inverse of :func:`encode` (same ids, sets, features)."""
    text, name, features, sets = data
    doc = Document(text, name=name, features=features)
    for set_name, anns, _ in sets:
        add = doc.annset(set_name).add
        for ann_id, type_name, start, end, feats in anns:
            add(type_name, start, end, feats, ann_id)
    for set_name, _, rels in sets:
        annset = doc.annset(set_name)
        for rel_id, type_name, members, feats in rels:
            annset.add_relation(type_name, members, feats, rel_id)
    return doc
