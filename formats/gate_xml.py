"""GATE XML (``<GateDocument version="3">``), as written and read by GATE's DocumentStaxUtils.

The text lives in ``<TextWithNodes>`` with ``<Node id="u"/>`` markers whose ids are UTF-16 offsets;
annotations point at nodes. Reading takes each node's position in the parsed text (so it also
holds when the parser normalised CR/LF) and falls back to converting the id with
:class:`~annotator.offsets.OffsetMapper` for a node that is not in the text. Every annotation set
(``<AnnotationSet Name=..>``, the default one has no name) and every ``<RelationSet>`` is kept;
annotation ids are kept. Feature values keep their Java class: String, Integer/Long, Double/Float,
Boolean; a value without a Java counterpart (list, dict, null) is written as JSON text with
``className="java.lang.String" json="true"`` (GATE reads it as a string; we read it back exactly).
A value of another class (e.g. XStream ``ObjectWrapper``) is kept as its text, with a warning.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

from annotator.document import Document
from annotator.errors import DocumentError, input_error
from annotator.formats.base import Format, add_annotation, encode_utf8, parse_int, read_bytes, warn
from annotator.formats.xml_safety import check_xml_chars, escape_attr, escape_text, parse_xml
from annotator.offsets import OffsetMapper

_INTS = {"java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte"}
_FLOATS = {"java.lang.Double", "java.lang.Float"}
_STRING = "java.lang.String"
_INT32 = range(-(2**31), 2**31)


class GateXmlFormat(Format):
    name = "gate-xml"
    suffixes = (".xml",)
    description = "GATE XML (GateDocument version 3), UTF-16 node offsets"

    def claims(self, path: Path, head: bytes) -> bool:
        return path.suffix == ".xml" and b"<GateDocument" in head

    def read(self, path: Path, *, lenient: bool = False) -> Iterator[Document]:
        yield _read(read_bytes(path), path, self.stem(path))

    def render(self, doc: Document) -> dict[str, bytes]:
        return {".xml": encode_utf8(_render(doc), doc.name)}


# ---------------------------------------------------------------------- reading
def _read(data: bytes, path: Path, name: str) -> Document:
    root = parse_xml(data, path)
    if root.tag != "GateDocument":
        raise input_error("E116", path, root.sourceline, expected="root element <GateDocument>", found=f"<{root.tag}>")
    twn = root.find("TextWithNodes")
    if twn is None:
        raise input_error("E116", path, root.sourceline, expected="a <TextWithNodes> element", found="none")
    parts, nodes, length = [twn.text or ""], {}, len(twn.text or "")
    for node in twn:
        if node.tag != "Node":
            raise input_error("E116", path, node.sourceline, expected="<Node> in <TextWithNodes>", found=f"<{node.tag}>")
        nodes[parse_int(node.get("id", ""), path, node.sourceline, "node id")] = length
        parts.append(node.tail or "")
        length += len(node.tail or "")
    doc = Document("".join(parts), name=name)
    warned: set[str] = set()
    features = root.find("GateDocumentFeatures")
    if features is not None:
        doc.features.update(_features(features, path, warned))
    mapper = OffsetMapper(doc.text)
    for annset in root.findall("AnnotationSet"):
        set_name = annset.get("Name", "")
        for el in annset.findall("Annotation"):
            line = el.sourceline
            start, end = (_position(el.get(key, ""), nodes, mapper, path, line) for key in ("StartNode", "EndNode"))
            ann_id = parse_int(el.get("Id", ""), path, line, "annotation id")
            if doc.has_annotation(ann_id):
                raise input_error("E115", path, line, id=ann_id)
            add_annotation(doc, path, line, el.get("Type", ""), start, end,
                           _features(el, path, warned), id=ann_id, annset=set_name)
    for relset in root.findall("RelationSet"):
        target = doc.annset(relset.get("Name", ""))
        for el in relset.findall("Relation"):
            line = el.sourceline
            members = [parse_int(m, path, line, "relation member") for m in el.get("Members", "").split(";") if m]
            for member in members:
                if not doc.has_annotation(member):
                    raise input_error("E114", path, line, ref=member)
            rel_id = parse_int(el.get("Id", ""), path, line, "relation id")
            try:
                target.add_relation(el.get("Type", ""), members, _features(el, path, warned), id=rel_id)
            except DocumentError:
                raise input_error("E115", path, line, id=rel_id) from None
    return doc


def _position(node_id: str, nodes: dict[int, int], mapper: OffsetMapper, path: Path, line: int) -> int:
    units = parse_int(node_id, path, line, "node id")
    if units in nodes:
        return nodes[units]
    try:
        return mapper.from_utf16(units)
    except ValueError as exc:
        raise input_error("E117", path, line, what="node offset", value=units, kind=f"UTF-16 offset ({exc})") from None


def _features(parent, path: Path, warned: set[str]) -> dict[str, Any]:
    out = {}
    for feature in parent.findall("Feature"):
        name_el, value_el = feature.find("Name"), feature.find("Value")
        if name_el is None or value_el is None:
            raise input_error("E116", path, feature.sourceline, expected="<Name> and <Value> in <Feature>", found="less")
        out[name_el.text or ""] = _value(value_el, path, warned)
    return out


def _value(el, path: Path, warned: set[str]) -> Any:
    cls, text, line = el.get("className", _STRING), el.text or "", el.sourceline
    try:
        if el.get("json") == "true":
            return json.loads(text)
        if cls in _INTS:
            return int(text)
        if cls in _FLOATS:
            return float(text)
    except ValueError:
        raise input_error("E117", path, line, what="feature value", value=text, kind=cls) from None
    if cls == "java.lang.Boolean":
        return text.strip() == "true"
    if cls != _STRING and cls not in warned:
        warned.add(cls)
        warn("E120", path, line, what="feature value of class", value=cls, fmt="anything but its text (kept as a string)")
    return text


# ---------------------------------------------------------------------- writing
def _render(doc: Document) -> str:
    check_xml_chars(doc.text, doc.name)
    mapper = OffsetMapper(doc.text)
    names = [""] + [n for n in doc.annset_names() if n != ""]
    offsets = sorted({o for n in names for a in doc.annset(n) for o in (a.start, a.end)})
    out = ["<?xml version='1.0' encoding='UTF-8'?>\n", '<GateDocument version="3">\n', "<GateDocumentFeatures>\n"]
    out += _render_features(doc.features, doc.name)
    out.append("</GateDocumentFeatures>\n<TextWithNodes>")
    previous = 0
    for offset in offsets:
        out.append(escape_text(doc.text[previous:offset]) + f'<Node id="{mapper.to_utf16(offset)}"/>')
        previous = offset
    out.append(escape_text(doc.text[previous:]) + "</TextWithNodes>\n")
    for name in names:
        annset = doc.annset(name)
        out.append("<AnnotationSet>\n" if name == "" else f'<AnnotationSet Name="{escape_attr(name)}">\n')
        for ann in annset:
            out.append(
                f'<Annotation Id="{ann.id}" Type="{escape_attr(ann.type)}" '
                f'StartNode="{mapper.to_utf16(ann.start)}" EndNode="{mapper.to_utf16(ann.end)}">\n'
            )
            out += _render_features(ann.features, doc.name)
            out.append("</Annotation>\n")
        out.append("</AnnotationSet>\n")
    for name in names:
        relations = doc.annset(name).relations
        if not relations:
            continue
        out.append("<RelationSet>\n" if name == "" else f'<RelationSet Name="{escape_attr(name)}">\n')
        for rel in relations.values():
            members = ";".join(str(m) for m in rel.members)
            out.append(f'<Relation Id="{rel.id}" Type="{escape_attr(rel.type)}" Members="{members}">\n')
            out += _render_features(rel.features, doc.name)
            out.append("</Relation>\n")
        out.append("</RelationSet>\n")
    out.append("</GateDocument>\n")
    result = "".join(out)
    check_xml_chars(result, doc.name)
    return result


def _render_features(features: dict[str, Any], name: str) -> list[str]:
    out = []
    for key, value in features.items():
        if isinstance(value, bool):
            cls, text, extra = "java.lang.Boolean", "true" if value else "false", ""
        elif isinstance(value, int):
            cls, text, extra = ("java.lang.Integer" if value in _INT32 else "java.lang.Long"), str(value), ""
        elif isinstance(value, float):
            cls, text, extra = "java.lang.Double", repr(value), ""
        elif isinstance(value, str):
            cls, text, extra = _STRING, value, ""
        else:
            cls, text, extra = _STRING, json.dumps(value, ensure_ascii=False), ' json="true"'
        out.append(
            f'<Feature>\n  <Name className="{_STRING}">{escape_text(key)}</Name>\n'
            f'  <Value className="{cls}"{extra}>{escape_text(text)}</Value>\n</Feature>\n'
        )
    return out
