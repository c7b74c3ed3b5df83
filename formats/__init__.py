"""Format adapters: a registry by command-line name, and sniffing a format from a path.

>>> from annotator import formats
>>> formats.names()          # ['bdoc', 'brat', 'conll', 'gate-xml', 'i2b2-2006', ...]
>>> formats.get("brat")      # a Format: read(path) -> documents, render(doc) -> bytes per suffix
>>> formats.sniff("corpus/") # 'brat'

Reading and writing whole folders (atomically, with per-document failures) is
:mod:`annotator.corpus`.
"""

from __future__ import annotations

from pathlib import Path

from annotator.errors import input_error
from annotator.formats.base import Format
from annotator.formats.bdoc import BdocFormat
from annotator.formats.brat import BratFormat
from annotator.formats.conll import ConllFormat
from annotator.formats.gate_xml import GateXmlFormat
from annotator.formats.i2b2_2006 import I2b2_2006Format
from annotator.formats.i2b2_2014 import I2b2_2014Format
from annotator.formats.meddocan_xml import MeddocanXmlFormat
from annotator.formats.text import TextFormat

# Sniffing order: the first format that claims a file wins; plain text comes last.
_FORMATS: list[Format] = [
    BratFormat(), BdocFormat(), ConllFormat(), MeddocanXmlFormat(), I2b2_2014Format(), GateXmlFormat(),
    I2b2_2006Format(), TextFormat(),
]
_BY_NAME = {f.name: f for f in _FORMATS}
_HEAD = 4096


def names() -> list[str]:
    return sorted(_BY_NAME)


def get(name: str) -> Format:
    try:
        return _BY_NAME[name]
    except KeyError:
        raise input_error("E110", None, None, name=name, known=", ".join(names())) from None


def sniff(path: str | Path) -> str:
    """The format name of a file, or of the files in a folder (the first file a format claims)."""
    path = Path(path)
    if path.is_dir():
        candidates = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
    elif path.is_file():
        candidates = [path]
    else:
        raise input_error("E128", path, None, file=path)
    for candidate in candidates:
        try:
            with open(candidate, "rb") as handle:
                head = handle.read(_HEAD)
        except OSError:
            continue
        for fmt in _FORMATS:
            if fmt.claims(candidate, head):
                return fmt.name
    raise input_error("E109", path, None, file=path, known=", ".join(names()))


__all__ = ["Format", "get", "names", "sniff"]
