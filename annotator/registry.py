"""Plug-ins by name: the entry points of one group of the installed distributions.

Processing resources, JAPE actions, formats, metrics and tag sets are each one entry-point group
(``annotator.processing_resources``, ``annotator.jape_actions``, ``annotator.formats``,
``annotator.metrics``, ``annotator.tag_sets``), the shipped ones included (pyproject.toml), so a
third party adds one by installing a package, without editing the framework. A
:class:`Registry` looks a name up in its group, loads its object (each call: callers keep what
they load), and reports an unknown name or a plug-in that fails to load with the error its
caller chose (one line, no traceback).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint


@cache
def _installed() -> Any:
    # one scan of the installed distributions (the ``EntryPoints`` of every group); importlib.metadata
    # is imported on use, as reading them is start-up time that a verb using no plug-in need not pay
    from importlib import metadata

    return metadata.entry_points()


@cache
def _group(group: str) -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for point in _installed().select(group=group):
        found.setdefault(point.name, point)  # the first distribution on the path wins, as for imports
    return found


def entry_points(group: str) -> dict[str, EntryPoint]:
    """Name -> entry point of every installed plug-in of ``group``."""
    return dict(_group(group))


class Registry:
    """The plug-ins of one entry-point group. ``unknown(name, known)`` makes the error for a name
    no plug-in has (``known``: the names, comma-separated), ``broken(name, target, error)`` the
    one for a plug-in that fails to load (``target``: its ``module:attr``)."""

    def __init__(self, group: str, unknown: Callable[[str, str], Exception],
                 broken: Callable[[str, str, str], Exception]) -> None:
        self.group = group
        self.unknown = unknown
        self.broken = broken

    def entry_points(self) -> dict[str, EntryPoint]:
        return entry_points(self.group)

    def names(self) -> list[str]:
        return sorted(self.entry_points())

    def __contains__(self, name: str) -> bool:
        return name in self.entry_points()

    def load(self, name: str) -> Any:
        """The object the entry point ``name`` names (its module imported on first use)."""
        point = self.entry_points().get(name)
        if point is None:
            raise self.unknown(name, ", ".join(self.names()))
        try:
            return point.load()
        except Exception as exc:  # a broken plug-in is one error line, not a traceback
            raise self.broken(name, point.value, f"{type(exc).__name__}: {exc}") from None
