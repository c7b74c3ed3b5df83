"""Plug-ins seen as installed, for the tests of the entry-point registries (annotator.registry)."""

from __future__ import annotations

from importlib.metadata import EntryPoint

from annotator import registry


def install(monkeypatch, *points: EntryPoint, only: bool = False) -> None:
    """Make ``points`` installed entry points, beside the installed ones of their groups (``only``:
    instead of them; the other groups keep theirs)."""
    installed = registry.entry_points
    groups = {p.group for p in points}

    def entry_points(group: str) -> dict[str, EntryPoint]:
        kept = {} if only and group in groups else installed(group)
        return {**kept, **{p.name: p for p in points if p.group == group}}

    monkeypatch.setattr(registry, "entry_points", entry_points)
