"""The safe-XML check of an XMI file at the cost of its prolog, not of a second whole parse.

The rule (:mod:`annotator.formats.xml_safety`): no document type declaration, so no entity
declarations and no external DTD. A declaration can only stand before the root element. So when
lxml, reading with entity resolution, DTD loading and network access off, reaches the root
element's start tag without having met one, nothing cassis reads after it can declare or expand
an entity or fetch a DTD: the whole-file :func:`~annotator.formats.xml_safety.parse_xml` is not
needed before cassis parses the file itself. A file that is broken further on fails in cassis,
and the reader then gives :func:`parse_xml`'s error (file and line) as before.

:func:`prolog_is_plain` says whether a file may take that path; ``False`` (a declaration, a
prolog lxml cannot read, no root element in the first 64 KiB) sends it to :func:`parse_xml`.
:func:`use_prolog_check` (``False``) sends every file there: the plain path this one is tested
against.
"""

from __future__ import annotations

from lxml import etree

_CHUNK = 256
_LIMIT = 1 << 16
_ON = [True]


def use_prolog_check(on: bool) -> None:
    """Whether :func:`prolog_is_plain` may answer ``True`` (the fast path) in this process."""
    _ON[0] = on


def prolog_is_plain(data: bytes) -> bool:
    """Whether ``data`` reaches its root element's start tag with no document type declaration."""
    if not _ON[0]:
        return False
    parser = etree.XMLPullParser(events=("start",), resolve_entities=False, no_network=True, load_dtd=False,
                                 huge_tree=False)
    try:
        for at in range(0, min(len(data), _LIMIT), _CHUNK):
            parser.feed(data[at:at + _CHUNK])
            for _event, element in parser.read_events():
                return not element.getroottree().docinfo.doctype
    except etree.XMLSyntaxError:
        return False
    return False
