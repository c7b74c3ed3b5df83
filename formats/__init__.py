"""Format adapters: a registry by command-line name, and sniffing a format from a path.

>>> from annotator import formats
>>> formats.names()          # ['bdoc', 'brat', 'conll', 'gate-xml', 'i2b2-2006', ...]
>>> formats.get("brat")      # a Format: read(path) -> documents, render(doc) -> bytes per suffix
>>> formats.sniff("corpus/") # 'brat'

Reading and writing whole folders (atomically, with per-document failures) is
:mod:`annotator.corpus`.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from annotator.errors import input_error
from annotator.registry import Registry

if TYPE_CHECKING:
    from annotator.formats.base import Format

# Formats are plug-ins: every entry point of the group ``annotator.formats`` (name = the format's
# command-line name, value = ``module:Class`` of its adapter, a :class:`Format` subclass) is one,
# the shipped ones included (pyproject.toml), so a third party adds a format by installing a
# package, without editing the framework. An adapter's module is imported on first use only, so
# that knowing the names (the command line's choices) costs no parser library. Sniffing asks
# ``SNIFF_ORDER`` first (the first format that claims a file wins), then the others by name, and
# plain text last. Adapters hold no state.
GROUP = "annotator.formats"
REGISTRY = Registry(GROUP, lambda name, known: input_error("E110", None, None, name=name, known=known),
                    lambda name, target, error: input_error("E136", None, None, name=name, target=target, error=error))
SNIFF_ORDER = ("brat", "bdoc", "conll", "meddocan-xml", "i2b2-2014", "bioc-xml", "bioc-json", "gate-xml", "i2b2-2006")
_LAST = ("text",)
_HEAD = 4096


def _sniff_order() -> list[str]:
    known = REGISTRY.names()
    first = [n for n in SNIFF_ORDER if n in known]
    return first + sorted(set(known) - set(first) - set(_LAST)) + [n for n in _LAST if n in known]


def names() -> list[str]:
    return REGISTRY.names()


def get(name: str | Format) -> Format:
    """The adapter of a format name (E110 for an unknown one); one instance per format. An
    adapter object is returned as it is (a writer that is no registered format, such as
    ``annotator view``'s HTML pages)."""
    return name if not isinstance(name, str) else _get(name)


@cache
def _get(name: str) -> Format:
    return REGISTRY.load(name)()


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
        for name in _sniff_order():  # imported as far as needed: a brat folder loads no XML parser
            if get(name).claims(candidate, head):
                return name
    raise input_error("E109", path, None, file=path, known=", ".join(names()))


def __getattr__(name: str) -> Any:
    if name == "Format":
        from annotator.formats.base import Format

        return Format
    raise AttributeError(f"module 'annotator.formats' has no attribute {name!r}")


__all__ = ["Format", "get", "names", "sniff"]
