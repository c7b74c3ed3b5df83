"""python-gatenlp's bdoc JSON (``.bdocjs``), so documents move between us and GATE tools.

Layout (gatenlp ``Document.to_dict``)::

    {"annotation_sets": {"<set>": {"name": "<set>", "annotations": [
         {"type": .., "start": .., "end": .., "id": .., "features": {..}}, ..], "next_annid": n}},
     "text": "..", "features": {..}, "offset_type": "p", "name": ".."}

``offset_type`` is ``"p"`` (Python code points, what we write) or ``"j"`` (Java UTF-16 units,
converted on reading with :class:`~annotator.offsets.OffsetMapper`). gatenlp numbers annotations
per set while our ids are unique per document: an id already taken by another set is replaced
by a fresh one (with a warning). Relations, which bdoc has no place for, are stored in an extra
``"relations"`` list of their set (gatenlp ignores unknown keys). The document name is the file
stem, as for every per-document format.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

from annotator.document import Document
from annotator.errors import DocumentError, input_error
from annotator.formats.base import Format, add_annotation, decode_utf8, encode_utf8, read_bytes, warn
from annotator.offsets import OffsetMapper


class BdocFormat(Format):
    name = "bdoc"
    suffixes = (".bdocjs",)
    description = "python-gatenlp bdoc JSON (.bdocjs)"

    def claims(self, path: Path, head: bytes) -> bool:
        return path.name.endswith(self.suffixes) or (path.suffix == ".json" and b'"annotation_sets"' in head)

    def read(self, path: Path, *, lenient: bool = False) -> Iterator[Document]:
        data = decode_utf8(read_bytes(path), path)
        try:
            obj = json.loads(data)
        except json.JSONDecodeError as exc:
            raise input_error("E119", path, exc.lineno, reason=exc.msg) from None
        except RecursionError:
            raise input_error("E108", path, None, limit="the JSON parser's") from None
        yield _from_dict(obj, path, self.stem(path))

    def render(self, doc: Document) -> dict[str, bytes]:
        return {".bdocjs": encode_utf8(json.dumps(_to_dict(doc), ensure_ascii=False), doc.name)}


def _expect(value, kind, what: str, path: Path):
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise input_error("E116", path, None, expected=what, found=type(value).__name__)
    return value


def _from_dict(obj, path: Path, name: str) -> Document:
    _expect(obj, dict, "a JSON object", path)
    text = _expect(obj.get("text"), str, '"text" as a string', path)
    offset_type = obj.get("offset_type", "p")
    if offset_type not in ("p", "j"):
        raise input_error("E117", path, None, what="offset_type", value=offset_type, kind='offset type ("p" or "j")')
    doc = Document(text, name=name, features=_expect(obj.get("features") or {}, dict, '"features" as an object', path))
    mapper = OffsetMapper(text) if offset_type == "j" else None
    renumbered = []
    sets = _expect(obj.get("annotation_sets") or {}, dict, '"annotation_sets" as an object', path)
    for set_name, spec in sets.items():
        _expect(spec, dict, f"annotation set {set_name!r} as an object", path)
        ids = {}
        for ann in _expect(spec.get("annotations") or [], list, "a list of annotations", path):
            _expect(ann, dict, "an annotation object", path)
            start, end = (_offset(ann.get(k), mapper, path) for k in ("start", "end"))
            ann_id = ann.get("id")
            wanted = ann_id if isinstance(ann_id, int) and not doc.has_annotation(ann_id) else None
            if wanted is None:
                renumbered.append(set_name)
            features = _expect(ann.get("features") or {}, dict, "annotation features as an object", path)
            added = add_annotation(doc, path, None, _expect(ann.get("type"), str, "a string type", path),
                                   start, end, features, id=wanted, annset=set_name)
            ids[ann_id] = added.id
        for rel in _expect(spec.get("relations") or [], list, "a list of relations", path):
            try:
                doc.annset(set_name).add_relation(rel["type"], [ids.get(m, m) for m in rel["members"]],
                                                  rel.get("features") or {}, id=rel.get("id"))
            except (KeyError, TypeError, DocumentError) as exc:
                raise input_error("E116", path, None, expected="a relation with type and valid members", found=repr(exc)) from None
    if renumbered:
        warn("E130", path, None, count=len(renumbered), sets=sorted(set(renumbered)))
    return doc


def _offset(value, mapper: OffsetMapper | None, path: Path) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise input_error("E117", path, None, what="offset", value=value, kind="non-negative integer")
    if mapper is None:
        return value
    try:
        return mapper.from_utf16(value)
    except ValueError as exc:
        raise input_error("E117", path, None, what="offset", value=value, kind=f"UTF-16 offset ({exc})") from None


def _to_dict(doc: Document) -> dict:
    sets = {}
    for name in doc.annset_names():
        annset = doc.annset(name)
        spec = {
            "name": name,
            "annotations": [
                {"type": a.type, "start": a.start, "end": a.end, "id": a.id, "features": a.features}
                for a in sorted(annset, key=lambda a: a.id)
            ],
            "next_annid": max((a.id for a in annset), default=-1) + 1,
        }
        if annset.relations:
            spec["relations"] = [
                {"id": r.id, "type": r.type, "members": r.members, "features": r.features}
                for r in annset.relations.values()
            ]
        sets[name] = spec
    return {"annotation_sets": sets, "text": doc.text, "features": doc.features, "offset_type": "p", "name": doc.name}
