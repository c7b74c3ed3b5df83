"""The i2b2-style standoff XML shared by MEDDOCAN-XML and i2b2 2014 (``meddocan_xml``, ``i2b2_2014``).

Layout: ``<ROOT><TEXT><![CDATA[text]]></TEXT><TAGS><CATEGORY id start end text TYPE comment/>...``.
Offsets count code points of the TEXT content as an XML parser returns it (CR/LF normalised).
Reading: type = ``TYPE``; id ``T14``/``P14`` -> annotation id 14; ``comment`` becomes a feature only
when non-empty, the element name (category) only when it differs from the schema's default for
that type, any other attribute becomes a string feature; ``text`` must equal the span (a warning
with ``lenient``). Writing is the inverse: the default set, in document order; features that are
not strings are written as JSON text (and so come back as strings); a type outside the schema's
tag set is written (category ``PHI``) with a warning, one per type.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import regex

from annotator import schemas
from annotator.document import Document
from annotator.errors import input_error
from annotator.formats.base import (
    Format, add_annotation, check_surface, encode_utf8, parse_int, read_bytes, warn_outside_tag_set,
)
from annotator.formats.xml_safety import cdata, check_xml_chars, escape_attr, parse_xml

_XML_ID = regex.compile(r"[A-Za-z]*(\d+)")
_XML_NAME = regex.compile(r"[A-Za-z_][\w.-]*")
_FIXED = ("id", "start", "end", "text", "TYPE", "comment")


@dataclass(frozen=True)
class Style:
    """What differs between the two flavours: root element, schema, id prefix and layout."""

    root: str
    schema: str
    id_prefix: str
    declaration: str
    indent: str  # per nesting level
    empty_tag_end: str  # "/>" or " />"


class StandoffXmlFormat(Format):
    suffixes = (".xml",)
    style: Style

    def claims(self, path: Path, head: bytes) -> bool:
        return path.suffix == ".xml" and regex.search(rb"<" + self.style.root.encode() + rb"[\s>]", head) is not None

    def read(self, path: Path, *, lenient: bool = False) -> Iterator[Document]:
        yield read_standoff(read_bytes(path), path, self.stem(path), self.style, lenient)

    def render(self, doc: Document) -> dict[str, bytes]:
        warn_outside_tag_set([doc], self.name, self.style.schema)
        return {".xml": encode_utf8(render_standoff(doc, self.style), doc.name)}


def read_standoff(data: bytes, path: Path, name: str, style: Style, lenient: bool) -> Document:
    root = parse_xml(data, path)
    if root.tag != style.root:
        raise input_error("E116", path, root.sourceline, expected=f"root element <{style.root}>", found=f"<{root.tag}>")
    text_el = root.find("TEXT")
    if text_el is None:
        raise input_error("E116", path, root.sourceline, expected="a <TEXT> element", found="none")
    if len(text_el):
        raise input_error("E116", path, text_el[0].sourceline, expected="only text in <TEXT>", found=f"<{text_el[0].tag}>")
    doc = Document(text_el.text or "", name=name)
    tags = root.find("TAGS")
    for el in tags if tags is not None else ():
        if not isinstance(el.tag, str):  # comments, processing instructions
            continue
        _read_tag(doc, el, path, style, lenient)
    return doc


def _read_tag(doc: Document, el, path: Path, style: Style, lenient: bool) -> None:
    line = el.sourceline
    attrs = dict(el.attrib)
    for required in ("start", "end", "TYPE"):
        if required not in attrs:
            raise input_error("E116", path, line, expected=f"a {required} attribute on <{el.tag}>", found="none")
    type = attrs.pop("TYPE")
    start = parse_int(attrs.pop("start"), path, line)
    end = parse_int(attrs.pop("end"), path, line)
    if not 0 <= start <= end <= len(doc.text):
        raise input_error("E102", path, line, start=start, end=end, length=len(doc.text))
    surface = attrs.pop("text", None)
    if surface is not None:
        check_surface(doc.text[start:end], surface, path, line, start, end, lenient, code="E124")
    features: dict[str, str] = {}
    xml_id = attrs.pop("id", None)
    ann_id = None
    if xml_id is not None:
        match = _XML_ID.fullmatch(xml_id)
        if match and doc.annset().get(int(match.group(1))) is None:
            ann_id = int(match.group(1))
        elif match:
            raise input_error("E115", path, line, id=xml_id)
        else:
            features["xml_id"] = xml_id
    comment = attrs.pop("comment", "")
    if comment:
        features["comment"] = comment
    if el.tag != schemas.default_category(type, style.schema):
        features["category"] = el.tag
    features.update(attrs)
    add_annotation(doc, path, line, type, start, end, features, id=ann_id)


def render_standoff(doc: Document, style: Style) -> str:
    check_xml_chars(doc.text, doc.name)
    i1, i2 = style.indent, style.indent * 2
    out = [style.declaration, f"<{style.root}>\n", f"{i1}<TEXT>{cdata(doc.text)}</TEXT>\n", f"{i1}<TAGS>\n"]
    text = doc.text
    for ann in doc.annset():
        features = dict(ann.features)
        category = features.pop("category", None) or schemas.default_category(ann.type, style.schema)
        xml_id = features.pop("xml_id", None) or f"{style.id_prefix}{ann.id}"
        attrs = [
            ("id", xml_id), ("start", str(ann.start)), ("end", str(ann.end)),
            ("text", text[ann.start:ann.end]), ("TYPE", ann.type), ("comment", _as_text(features.pop("comment", ""))),
        ]
        for key, value in features.items():
            if key in _FIXED or not _XML_NAME.fullmatch(key):
                raise input_error("E120", doc.name, None, what="feature name", value=key, fmt="an XML attribute")
            attrs.append((key, _as_text(value)))
        for what, value in [("category", category), ("type", ann.type)]:
            if not _XML_NAME.fullmatch(value):
                raise input_error("E120", doc.name, None, what=what, value=value, fmt="an XML element/attribute")
        for _, value in attrs:
            check_xml_chars(value, doc.name)
        body = " ".join(f'{k}="{escape_attr(v)}"' for k, v in attrs)
        out.append(f"{i2}<{category} {body}{style.empty_tag_end}\n")
    out += [f"{i1}</TAGS>\n", f"</{style.root}>\n"]
    return "".join(out)


def _as_text(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
