"""Helper of the gazetteer tests: list files written to a folder."""

from __future__ import annotations

from pathlib import Path


def write(folder: Path, files: dict[str, str], encoding: str = "utf-8") -> Path:
    """Write ``{relative name: text}`` under ``folder``; the path of its ``lists.def``."""
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(text.encode(encoding))
    return folder / "lists.def"
