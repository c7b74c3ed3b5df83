"""BioC collections (BioCreative, n2c2, PubTator) as XML (``bioc-xml``) and JSON (``bioc-json``),
read and written with the ``bioc`` package (``pip install "annotator[bioc]"``).

Reading: each ``<document>`` of a collection file is one of our documents, named by its ``id``
(a file of several documents reads as several). Its text is the passages at their offsets
(a passage with no or empty text: its sentences at theirs); a gap before a passage is filled with
newlines, one per missing character, so that every offset stays as BioC gives it. Every
location of an annotation (document, passage or sentence level) is one annotation of the
default set: its type is the ``type`` infon (``annotation`` when there is none), the other
infons are features. A BioC id that is a plain number (one location, used once) is the
annotation's id; any other is kept as the feature ``bioc_id`` (shared by the pieces of a
discontinuous annotation), and such annotations get fresh ids. An annotation's ``text`` that is
not the text it covers (its locations' texts joined by spaces: NegBio and NCBI's own files have
such) is the feature ``bioc_text``, written back as the text. A location outside its passage
is an error (E141), as is a passage or sentence beginning inside the previous one (E142). A
relation becomes a relation of the default set: type its ``type`` infon (``relation`` when
none), members the first annotation of each node's ``refid``, features its other infons plus
``bioc_id`` and ``roles`` (one per member); nodes that refer to no annotation (to relations,
which cannot be members, or to an id the document lacks, which ``bioc`` reads too: one E114
warning) are the feature ``relation_nodes`` (``[[role, refid, position], ...]``, the position
in the relation's nodes), written back where they were (a ``[role, refid]`` after the others). PubTator's relations name their concepts in ``role1``/``role2`` infons and have no
nodes: they are relations without members, those infons features. Document infons are document
features; the collection's ``source``, ``date``, ``key`` and infons are the feature
``bioc_collection``, and the passages' offsets, lengths and infons the feature ``bioc_passages``,
so that writing gives them back. ``"infons": null`` in JSON (which ``bioc`` keeps as it is) is no
infons; infons that are no object are one error line (E116). A bad offset in JSON, which has no
lines, is named by its document and annotation (or passage, sentence).

Writing: one collection file per document (``NAME.xml`` / ``NAME.json``), its passages from
``bioc_passages`` (else one passage holding the whole text), annotations placed in the passage
that holds them (else at document level), annotations sharing a ``bioc_id`` joined back into one
with several locations. Features become infons: in XML a value that is not a string as its JSON
text; in JSON as it is (PubTator's BioC JSON has Boolean and list infons, which ``bioc`` keeps).

XML is checked by :func:`~annotator.formats.xml_safety.parse_xml` before ``bioc`` parses it: no
entity declarations and no DTD but NCBI's ``<!DOCTYPE collection SYSTEM "BioC.dtd">``, which is
accepted as a declaration and never loaded. JSON is written with every key present, empty ones
included, as the ``bioc`` decoder requires.
"""

from __future__ import annotations

import importlib
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

from annotator.document import Document
from annotator.errors import AnnotatorError, DocumentError, InputError, coded, input_error, warn
from annotator.formats.base import Format, add_annotation, decode_utf8, encode_utf8, read_bytes
from annotator.formats.xml_safety import check_xml_chars, parse_xml

DOCTYPE = '<!DOCTYPE collection SYSTEM "BioC.dtd">'
COLLECTION = "bioc_collection"
TEXT = "bioc_text"
PASSAGES = "bioc_passages"


class _Bioc(Format):
    """What both encodings share: the mapping between BioC objects and our documents."""

    names_inside = True  # a collection file holds documents named by their ids

    def read(self, path: Path, *, lenient: bool = False) -> Iterator[Document | AnnotatorError]:
        collection, lines = self._collection(read_bytes(path), path)
        collection.infons = _infons(collection.infons, path, None, "the collection")  # one line for the file
        seen: set[str] = set()
        for index, bdoc in enumerate(collection.documents):
            try:
                doc = _document(collection, bdoc, index, path, lines)
                if doc.name in seen:
                    raise input_error("E115", path, lines.get(("document", doc.name)), id=doc.name)
                seen.add(doc.name)
                yield doc
            except AnnotatorError as exc:
                yield exc

    native_infons = False  # whether an infon may be any JSON value (else a string)

    def render(self, doc: Document) -> dict[str, bytes]:
        infon = _same if self.native_infons else _infon
        return {self.suffixes[0]: encode_utf8(self._dumps(_collection_of(doc, infon)), doc.name)}

    def _collection(self, data: bytes, path: Path) -> tuple[Any, dict]:
        raise NotImplementedError

    def _dumps(self, collection) -> str:
        raise NotImplementedError


class BiocXml(_Bioc):
    name = "bioc-xml"
    suffixes = (".xml",)
    description = "BioC XML collections (one document per <document>)"

    def claims(self, path: Path, head: bytes) -> bool:
        return path.suffix == ".xml" and b"<collection" in head

    def _collection(self, data: bytes, path: Path) -> tuple[Any, dict]:
        root = parse_xml(data, path, doctype=DOCTYPE)  # safe first: bioc parses with lxml's defaults
        if root.tag != "collection":
            raise input_error("E116", path, root.sourceline, expected="a <collection> root", found=f"<{root.tag}>")
        lines: dict = {}
        for element in root.iter("document", "annotation", "passage"):
            key = element.findtext("id") if element.tag == "document" else element.get("id") \
                if element.tag == "annotation" else element.findtext("offset")
            lines.setdefault((element.tag, key), element.sourceline)
        decoder = _bioc("biocxml.decoder").BioCXMLDecoder()
        try:
            return decoder.decode(io.BytesIO(data)), lines
        except (KeyError, TypeError, ValueError) as exc:
            raise input_error("E143", path, None, reason=_reason(exc)) from None

    def _dumps(self, collection) -> str:
        return _bioc("biocxml").dumps(collection, pretty_print=False)


class BiocJson(_Bioc):
    name = "bioc-json"
    suffixes = (".json",)
    description = "BioC JSON collections (one document per document object)"
    native_infons = True

    def claims(self, path: Path, head: bytes) -> bool:
        return path.suffix == ".json" and b'"documents"' in head and b'"passages"' in head

    def _collection(self, data: bytes, path: Path) -> tuple[Any, dict]:
        parse_collection = _bioc("biocjson.decoder").parse_collection
        try:
            obj = json.loads(decode_utf8(data, path))
        except json.JSONDecodeError as exc:
            raise input_error("E119", path, exc.lineno, reason=exc.msg) from None
        except RecursionError:
            raise input_error("E108", path, None, limit="the JSON parser's") from None
        try:
            return parse_collection(obj), {}
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise input_error("E143", path, None, reason=_reason(exc)) from None

    def _dumps(self, collection) -> str:
        return _bioc("biocjson").dumps(collection, ensure_ascii=False)


def _bioc(module: str):
    """A module of the ``bioc`` package (E930 naming the extra when it is not installed)."""
    try:
        return importlib.import_module(f"bioc.{module}")
    except ImportError:
        raise AnnotatorError(coded("E930", what="BioC reading and writing", package="bioc", extra="bioc")) from None


def _reason(exc: Exception) -> str:
    return f"missing key {exc}" if isinstance(exc, KeyError) else f"{type(exc).__name__}: {exc}"


def _document(collection, bdoc, index: int, path: Path, lines: dict) -> Document:
    name = bdoc.id if isinstance(bdoc.id, str) and bdoc.id else None
    if name is None:
        raise input_error("E116", path, None, expected=f"an id for document {index + 1}", found=repr(bdoc.id))
    line = lines.get(("document", name))
    pieces: list[str] = []
    length = 0
    passages, spans = [], []
    for number, passage in enumerate(bdoc.passages, 1):
        passage_line = lines.get(("passage", str(passage.offset)), line)
        offset = _int(passage.offset, path, passage_line, f"document {name!r}, passage {number}: offset")
        if offset < length:
            raise input_error("E142", path, passage_line, what="passage", offset=offset, doc=name, end=length)
        text, anns = _passage_text(passage, offset, path, passage_line, name)
        pieces += ["\n" * (offset - length), text]
        length = offset + len(text)
        passages.append({"offset": offset, "length": len(text), "infons": _infons(passage.infons, path, passage_line, f"passage {number} of document {name!r}")})
        spans += [(ann, offset, length) for ann in anns]
    spans += [(ann, 0, length) for ann in bdoc.annotations]
    features = _infons(bdoc.infons, path, line, f"document {name!r}")
    features[COLLECTION] = {"source": collection.source or "", "date": collection.date or "",
                            "key": collection.key or "", "infons": dict(collection.infons)}
    features[PASSAGES] = passages
    doc = Document("".join(pieces), name=name, features=features)
    first: dict[str, int] = {}
    counts = Counter(ann.id for ann, _, _ in spans)
    own = [counts[ann.id] == 1 and len(ann.locations) == 1 and _numeric(ann.id) for ann, _, _ in spans]
    # annotations whose id is a plain number keep it as ours (so ours -> BioC -> ours keeps ids):
    # they come first, so that the fresh ids of the others cannot take one of them
    for keep, (ann, begin, stop) in sorted(zip(own, spans), key=lambda item: not item[0]):
        ann_line = lines.get(("annotation", ann.id), line)
        infons = _infons(ann.infons, path, ann_line, f"annotation {ann.id!r} of document {name!r}")
        type = infons.pop("type", None) or "annotation"
        if not keep:
            infons["bioc_id"] = ann.id
        pieces = []
        for location in ann.locations:
            where = f"annotation {ann.id!r} of document {name!r}"  # the place in JSON, which has no lines
            start = _int(location.offset, path, ann_line, f"{where}: location offset")
            end = start + _int(location.length, path, ann_line, f"{where}: location length")
            if not begin <= start <= end <= stop:
                raise input_error("E141", path, ann_line, id=ann.id, doc=name, start=start, end=end,
                                  begin=begin, stop=stop)
            pieces.append((start, end))
        if ann.text is not None and ann.text != " ".join(doc.text[start:end] for start, end in pieces):
            infons[TEXT] = ann.text
        for start, end in pieces:
            added = add_annotation(doc, path, ann_line, type, start, end, infons, id=int(ann.id) if keep else None)
            first.setdefault(ann.id, added.id)
    relations = list(bdoc.relations) + [r for p in bdoc.passages for r in _passage_relations(p)]
    relation_ids = {rel.id for rel in relations}
    for rel in relations:
        infons = _infons(rel.infons, path, line, f"relation {rel.id!r} of document {name!r}")
        type = infons.pop("type", None) or "relation"
        members, roles, relation_nodes = [], [], []
        for position, node in enumerate(rel.nodes):
            if node.refid in first:
                members.append(first[node.refid])
                roles.append(node.role)
            else:
                if node.refid not in relation_ids:
                    warn("E114", path, line, ref=node.refid)
                relation_nodes.append([node.role, node.refid, position])
        features = {**infons, "bioc_id": rel.id, "roles": roles}
        if relation_nodes:
            features["relation_nodes"] = relation_nodes
        try:
            doc.annset().add_relation(type, members, features)
        except DocumentError as exc:
            raise InputError(exc.message, path=path, line=line) from None
    return doc


def _numeric(id: Any) -> bool:
    return isinstance(id, str) and id.isascii() and id.isdigit() and (id == "0" or not id.startswith("0"))


def _passage_text(passage, offset: int, path: Path, line: int | None, name: str) -> tuple[str, list]:
    """A passage's text (from its offset) and every annotation in it; without a text, its
    sentences at their offsets."""
    anns = list(passage.annotations) + [a for s in passage.sentences for a in s.annotations]
    if passage.text or not passage.sentences:
        return passage.text or "", anns
    pieces, length = [], offset
    for number, sentence in enumerate(passage.sentences, 1):
        start = _int(sentence.offset, path, line, f"document {name!r}, passage at {offset}, sentence {number}: offset")
        if start < length:
            raise input_error("E142", path, line, what="sentence", offset=start, doc=name, end=length)
        pieces += ["\n" * (start - length), sentence.text or ""]
        length = start + len(sentence.text or "")
    return "".join(pieces), anns


def _passage_relations(passage) -> list:
    return list(passage.relations) + [r for s in passage.sentences for r in s.relations]


def _int(value, path: Path, line: int | None, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise input_error("E117", path, line, what=what, value=value, kind="non-negative integer")
    return value


def _infons(value: Any, path: Path, line: int | None, what: str) -> dict:
    """The infons of ``what`` as a new dict: ``null`` in JSON (which ``bioc`` reads as it is) is
    none; anything else that is not an object is one error line."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise input_error("E116", path, line, expected=f"infons of {what} as an object", found=repr(value))
    return dict(value)


def _infon(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _same(value: Any) -> Any:
    return value


def _collection_of(doc: Document, infon: Callable[[Any], Any]):
    """The BioC collection holding ``doc`` alone, ``infon`` making each infon's value."""
    bioc = _bioc("datastructure")
    check_xml_chars(doc.text, doc.name)
    features = dict(doc.features)
    meta = features.pop(COLLECTION, None) or {}
    layout = features.pop(PASSAGES, None) or [{"offset": 0, "length": len(doc.text), "infons": {}}]
    collection = bioc.BioCCollection()
    collection.source, collection.date, collection.key = (str(meta.get(k, "")) for k in ("source", "date", "key"))
    collection.infons = {str(k): infon(v) for k, v in (meta.get("infons") or {}).items()}
    bdoc = bioc.BioCDocument()
    bdoc.id = doc.name
    bdoc.infons = {k: infon(v) for k, v in features.items()}
    passages = []
    for spec in layout:
        passage = bioc.BioCPassage()
        passage.offset = spec["offset"]
        passage.text = doc.text[spec["offset"]:spec["offset"] + spec["length"]]
        passage.infons = {str(k): infon(v) for k, v in spec.get("infons", {}).items()}
        passages.append(passage)
        bdoc.add_passage(passage)
    by_id: dict[str, Any] = {}
    bioc_ids: dict[int, str] = {}
    for ann in doc.annset():
        bioc_id = str(ann.features.get("bioc_id", ann.id))
        bioc_ids[ann.id] = bioc_id
        if bioc_id in by_id:
            by_id[bioc_id].add_location(bioc.BioCLocation(ann.start, ann.end - ann.start))
            by_id[bioc_id].text += " " + doc.text[ann.start:ann.end]
            continue
        bann = bioc.BioCAnnotation()
        bann.id = bioc_id
        bann.infons = {"type": ann.type, **{k: infon(v) for k, v in ann.features.items() if k not in ("bioc_id", TEXT)}}
        bann.text = doc.text[ann.start:ann.end]
        bann.add_location(bioc.BioCLocation(ann.start, ann.end - ann.start))
        by_id[bioc_id] = bann
        holder = next((p for p in passages if p.offset <= ann.start and ann.end <= p.offset + len(p.text)), bdoc)
        holder.add_annotation(bann)
    for rel in doc.annset().relations.values():
        brel = bioc.BioCRelation()
        brel.id = str(rel.features.get("bioc_id", f"R{rel.id}"))
        brel.infons = {"type": rel.type, **{k: infon(v) for k, v in rel.features.items()
                                            if k not in ("bioc_id", "roles", "relation_nodes")}}
        roles = rel.features.get("roles")
        roles = roles if isinstance(roles, list) and len(roles) == len(rel.members) else [""] * len(rel.members)
        nodes = [bioc.BioCNode(bioc_ids[member], str(role)) for member, role in zip(rel.members, roles)]
        for role, refid, *position in rel.features.get("relation_nodes") or []:
            nodes.insert(position[0] if position else len(nodes), bioc.BioCNode(str(refid), str(role)))
        for node in nodes:
            brel.add_node(node)
        bdoc.add_relation(brel)
    for ann in doc.annset():
        text = ann.features.get(TEXT)
        if isinstance(text, str):
            by_id[bioc_ids[ann.id]].text = text
    collection.add_document(bdoc)
    return collection
