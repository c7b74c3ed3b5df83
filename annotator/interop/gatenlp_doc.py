"""Documents to and from python-gatenlp ``Document`` objects, in memory (extra ``[gatenlp]``).

Everything maps one to one -- text, name, document features, annotation sets (the default set
``""`` included, empty sets too), types, offsets (both count Python code points), features and
annotation ids -- with two differences of the models:

- gatenlp numbers annotations per set, we per document. Ours keep their ids in gatenlp; coming
  back, an id already taken by another set is replaced by a fresh one (warning E931).
- gatenlp has no relations. A set's relations travel in the document feature
  :data:`RELATIONS_FEATURE` (``{set name: [{"id", "type", "members", "features"}, ...]}``; those
  whose members are all in the sets converted), which :func:`from_gatenlp` turns back into
  relations (with fresh ids if annotations were renumbered).

So a round trip keeps everything. Features are deep-copied both ways, so neither document
shares a mutable value with the other; features named ``__...``, which gatenlp's own ``to_dict``
leaves out, are kept (the objects are read, not their dict form). A gatenlp document with Java
(UTF-16) offsets is converted on a copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from annotator.document import Document
from annotator.interop._support import (
    add_annotations, add_relations, check_type, copy_features, portable_relations, require,
)

if TYPE_CHECKING:
    import gatenlp

RELATIONS_FEATURE = "annotator.relations"


def to_gatenlp(doc: Document, sets: Iterable[str] | None = None) -> "gatenlp.Document":
    """A python-gatenlp Document with the text, name, features and annotation sets of ``doc``
    (all sets, or those named in ``sets``), annotation ids kept."""
    gatenlp = require("gatenlp", "gatenlp", "the gatenlp conversion")
    check_type(doc, Document, "an annotator Document")
    names = doc.annset_names() if sets is None else [n for n in sets if doc.has_annset(n)]
    features = copy_features(doc.features)
    relations = portable_relations(doc, names)
    if relations:
        features[RELATIONS_FEATURE] = relations
    # gatenlp's own layout (Document.to_dict); from_dict also sets each set's next free id, which
    # adding annotations with given ids one by one would leave at 0 (and a later add would replace one)
    data = {"text": doc.text, "name": doc.name, "features": features, "offset_type": "p", "annotation_sets": {
        name: {"name": name, "next_annid": max((a.id for a in doc.annset(name)), default=-1) + 1,
               "annotations": [{"id": a.id, "type": a.type, "start": a.start, "end": a.end,
                                "features": copy_features(a.features)} for a in doc.annset(name)]}
        for name in names}}
    return gatenlp.Document.from_dict(data)


def from_gatenlp(gdoc: "gatenlp.Document", name: str | None = None) -> Document:
    """An annotator Document from a python-gatenlp Document (named ``name``, else as ``gdoc``)."""
    gatenlp = require("gatenlp", "gatenlp", "the gatenlp conversion")
    check_type(gdoc, gatenlp.Document, "a gatenlp Document")
    if gdoc.offset_type != "p":
        gdoc = gdoc.deepcopy()
        gdoc.to_offset_type("p")
    features = copy_features(gdoc.features)
    relations = features.pop(RELATIONS_FEATURE, {})
    doc = Document(gdoc.text or "", name=gdoc.name if name is None else name, features=features)
    items = []
    for set_name in gdoc.annset_names():
        doc.annset(set_name)  # empty sets too
        items += [(set_name, ann.id, ann.type, ann.start, ann.end, copy_features(ann.features))
                  for ann in gdoc.annset(set_name).fast_iter()]
    add_relations(doc, relations, add_annotations(doc, items, f"gatenlp document {doc.name!r}"))
    return doc

