"""i2b2 2006 de-identification XML: one file, many ``<RECORD ID=..><TEXT>`` with inline
``<PHI TYPE="..">surface</PHI>`` tags.

Reading turns each record into a document named by its ``ID``: the text is the TEXT content
exactly as parsed with the tags removed (the newline after ``<TEXT>`` and the closing
``[ report_end ]`` line included, so that writing gives the same file back), each PHI becomes an
annotation of its ``TYPE`` over the surface it wrapped. The version-2 training file has a known
defect, an opening tag where a closing one belongs (``<PHI TYPE="DATE">25th of July<PHI
TYPE="DOCTOR">``): an opening PHI tag that directly follows another one, with no tag between, is
read as ``</PHI>`` and a warning names the line. A bad record is reported and the other records
still read. Writing puts the default set's annotations back inline; they may not overlap (E113:
inline tags cannot nest); a type outside the i2b2 2006 tag set is written with a warning, one
per type.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import regex

from annotator.document import Document
from annotator.errors import AnnotatorError, input_error
from annotator.formats.base import Format, add_annotation, encode_utf8, line_of, read_bytes, warn, warn_outside_tag_set
from annotator.formats.xml_safety import check_xml_chars, escape_attr, escape_text, parse_xml

# An opening PHI tag, its surface, then (the defect) another opening PHI tag instead of </PHI>.
_UNCLOSED = regex.compile(rb'(<PHI\s[^>]*>[^<]*)(<PHI\s[^>]*>)')


class I2b2_2006Format(Format):
    name = "i2b2-2006"
    suffixes = (".xml",)
    many = True
    description = "i2b2 2006 de-identification XML: many <RECORD>s with inline <PHI TYPE> tags"

    def claims(self, path: Path, head: bytes) -> bool:
        return path.suffix == ".xml" and b"<RECORD" in head

    def read(self, path: Path, *, lenient: bool = False) -> Iterator[Document | AnnotatorError]:
        root = parse_xml(_repair(read_bytes(path), path), path)
        seen: set[str] = set()
        for record in root.iter("RECORD"):
            try:
                doc = _record(record, path)
                if doc.name in seen:
                    raise input_error("E115", path, record.sourceline, id=doc.name)
                seen.add(doc.name)
                yield doc
            except AnnotatorError as exc:
                yield exc

    def render_many(self, docs: list[Document]) -> bytes:
        warn_outside_tag_set(docs, self.name, "i2b2-2006")
        out = ['<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>\n']
        for doc in docs:
            out.append(f'<RECORD ID="{escape_attr(doc.name)}">\n<TEXT>{_inline(doc)}</TEXT>\n</RECORD>\n')
        out.append("</ROOT>\n")
        result = "".join(out)
        check_xml_chars(result, docs[0].name if len(docs) == 1 else None)  # names and types too
        return encode_utf8(result, "i2b2-2006 output")


def _repair(data: bytes, path: Path) -> bytes:
    def fix(match: regex.Match) -> bytes:
        warn("E118", path, line_of(data, match.start(2)), tag=match.group(2).decode("utf-8", "replace"))
        return match.group(1) + b"</PHI>"

    return _UNCLOSED.sub(fix, data)


def _record(record, path: Path) -> Document:
    line = record.sourceline
    record_id = record.get("ID")
    if not record_id:
        raise input_error("E116", path, line, expected="an ID attribute on <RECORD>", found="none")
    text_el = record.find("TEXT")
    if text_el is None:
        raise input_error("E116", path, line, expected="a <TEXT> element in <RECORD>", found="none")
    pieces, length, spans = [text_el.text or ""], len(text_el.text or ""), []
    for phi in text_el:
        if not isinstance(phi.tag, str):
            continue
        if phi.tag != "PHI" or len(phi):
            found = f"<{phi.tag}>" if phi.tag != "PHI" else f"<{phi[0].tag}> inside <PHI>"
            raise input_error("E116", path, phi.sourceline, expected="only <PHI> tags, not nested, in <TEXT>", found=found)
        surface = phi.text or ""
        spans.append((phi.get("TYPE") or "", length, length + len(surface), phi.sourceline))
        pieces += [surface, phi.tail or ""]
        length += len(surface) + len(phi.tail or "")
    doc = Document("".join(pieces), name=record_id)
    for type, start, end, phi_line in spans:
        add_annotation(doc, path, phi_line, type, start, end)
    return doc


def _inline(doc: Document) -> str:
    check_xml_chars(doc.text, doc.name)
    out, position, previous = [], 0, None
    for ann in doc.annset():
        if ann.start < position:
            raise input_error("E113", doc.name, None, a=f"{previous.type} {previous.start}-{previous.end}",
                        b=f"{ann.type} {ann.start}-{ann.end}")
        out.append(escape_text(doc.text[position:ann.start]))
        out.append(f'<PHI TYPE="{escape_attr(ann.type)}">{escape_text(doc.text[ann.start:ann.end])}</PHI>')
        position, previous = ann.end, ann
    out.append(escape_text(doc.text[position:]))
    return "".join(out)
