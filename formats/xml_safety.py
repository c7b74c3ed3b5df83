"""The one way XML is read (safely) and the escaping used by every XML writer.

Reading uses a single lxml parser with entity resolution, DTD loading and network access off and
the default depth/size limits kept (``huge_tree=False``). A document type declaration is refused
outright, so entity bombs ("billion laughs"), external entities (XXE) and external DTDs never get
near the data: they fail with one :class:`InputError` naming the file and line, and nothing is
fetched.
"""

from __future__ import annotations

from pathlib import Path

import regex
from lxml import etree

from annotator.errors import input_error
from annotator.formats.base import line_of

MAX_DEPTH = 256  # libxml2's limit without XML_PARSE_HUGE

_PARSER = etree.XMLParser(
    resolve_entities=False,
    no_network=True,
    load_dtd=False,
    huge_tree=False,
    dtd_validation=False,
    remove_comments=False,
)

# Characters XML 1.0 cannot carry, even as character references.
_NOT_XML = regex.compile(r"[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def parse_xml(data: bytes, path: str | Path, doctype: str | None = None) -> etree._Element:
    """The root element of ``data``; InputError (file and line) for anything unsafe or broken.
    ``doctype``: the one declaration accepted, without an internal subset (BioC's
    ``<!DOCTYPE collection SYSTEM "BioC.dtd">``, its literal in double or single quotes); it is
    never loaded."""
    try:
        root = etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError as exc:
        line = exc.lineno or None
        if "Excessive depth" in exc.msg:
            raise input_error("E108", path, line, limit=MAX_DEPTH) from None
        if "Detected an entity reference loop" in exc.msg or "entity" in exc.msg.lower() and "amplification" in exc.msg:
            raise input_error("E107", path, _doctype_line(data)) from None
        raise input_error("E106", path, line, reason=exc.msg.split(", line ")[0]) from None
    except ValueError as exc:  # e.g. unicode string with an encoding declaration
        raise input_error("E106", path, None, reason=str(exc)) from None
    docinfo = root.getroottree().docinfo
    if docinfo.doctype and not (doctype and docinfo.doctype == doctype and _declares_only(data, doctype)):
        raise input_error("E107", path, _doctype_line(data))
    return root


_SPACES = regex.compile(rb"\s+")


def _declares_only(data: bytes, doctype: str) -> bool:
    """Whether the document type declaration of ``data`` is ``doctype`` with no internal subset
    (no entity, element or attribute declarations): the same words, whatever the white space
    between them and the quotes around its literal."""
    at = data.find(b"<!DOCTYPE")
    declaration = data[at:data.find(b">", at) + 1]
    if b"[" in declaration:
        return False
    words = _SPACES.sub(b" ", declaration).replace(b"'", b'"').replace(b" >", b">")
    return words == doctype.encode("ascii")


def _doctype_line(data: bytes) -> int | None:
    at = data.find(b"<!DOCTYPE")
    return line_of(data, at) if at >= 0 else None


def check_xml_chars(text: str, path: str | Path | None, line: int | None = None) -> None:
    """Refuse a text that XML cannot hold (control characters, U+FFFE/U+FFFF, lone surrogates)."""
    bad = _NOT_XML.search(text)
    if bad:
        raise input_error("E112", path, line, char=bad.group(), offset=bad.start())


def escape_text(text: str) -> str:
    """Element content: ``& < >`` escaped and CR kept as ``&#13;`` (a parser would drop it)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")


def escape_attr(text: str) -> str:
    """An attribute value in double quotes; whitespace escaped so that it survives normalisation."""
    return (
        escape_text(text).replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")
    )


def cdata(text: str) -> str:
    """Text as a CDATA section when that is exact, else escaped content (CR cannot live in CDATA)."""
    if "\r" in text:
        return escape_text(text)
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"
