"""Atomic file writes: the bytes go to a temporary file beside the target, then one rename.

A reader never sees a half-written file, and a failed write leaves the old file (if any) intact.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

_UMASK = os.umask(0o022)
os.umask(_UMASK)


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_UMASK)  # mkstemp makes 0600; give the usual permissions
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
