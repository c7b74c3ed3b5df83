"""Format adapters: a registry by command-line name, and sniffing a format from a path.

>>> from annotator import formats
>>> formats.names()          # ['bdoc', 'brat', 'conll', 'gate-xml', 'i2b2-2006', ...]
>>> formats.get("brat")      # a Format: read(path) -> documents, render(doc) -> bytes per suffix
>>> formats.sniff("corpus/") # 'brat'

Reading and writing whole folders (atomically, with per-document failures) is
:mod:`annotator.corpus`.
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from annotator.errors import input_error

if TYPE_CHECKING:
    from annotator.formats.base import Format

# name -> module and class of its adapter, in sniffing order: the first format that claims a file
# wins; plain text comes last. An adapter's module is imported on first use only, so that knowing
# the names (the command line's choices) costs no parser library. Adapters hold no state.
_ADAPTERS = {
    "brat": "brat:BratFormat",
    "bdoc": "bdoc:BdocFormat",
    "conll": "conll:ConllFormat",
    "meddocan-xml": "meddocan_xml:MeddocanXmlFormat",
    "i2b2-2014": "i2b2_2014:I2b2_2014Format",
    "bioc-xml": "bioc:BiocXml",
    "bioc-json": "bioc:BiocJson",
    "gate-xml": "gate_xml:GateXmlFormat",
    "i2b2-2006": "i2b2_2006:I2b2_2006Format",
    "text": "text:TextFormat",
}
_HEAD = 4096


def names() -> list[str]:
    return sorted(_ADAPTERS)


def get(name: str | Format) -> Format:
    """The adapter of a format name (E110 for an unknown one); one instance per format. An
    adapter object is returned as it is (a writer that is no registered format, such as
    ``annotator view``'s HTML pages)."""
    return name if not isinstance(name, str) else _get(name)


@cache
def _get(name: str) -> Format:
    if name not in _ADAPTERS:
        raise input_error("E110", None, None, name=name, known=", ".join(names()))
    module, cls = _ADAPTERS[name].split(":")
    return getattr(importlib.import_module(f"annotator.formats.{module}"), cls)()


def sniff(path: str | Path) -> str:
    """The format name of a file, or of the files in a folder (the first file a format claims)."""
    path = Path(path)
    if path.is_dir():
        with os.scandir(path) as scan:  # names, not Paths: a folder may hold millions
            files = sorted(entry.name for entry in scan if not entry.name.startswith(".") and entry.is_file())
        candidates: Iterable[Path] = (path / name for name in files)
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
        for name in _ADAPTERS:  # imported as far as needed: a brat folder loads no XML parser
            if get(name).claims(candidate, head):
                return name
    raise input_error("E109", path, None, file=path, known=", ".join(names()))


def __getattr__(name: str) -> Any:
    if name == "Format":
        from annotator.formats.base import Format

        return Format
    raise AttributeError(f"module 'annotator.formats' has no attribute {name!r}")


__all__ = ["Format", "get", "names", "sniff"]
