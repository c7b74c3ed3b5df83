"""Atomic file writes: the bytes go to a temporary file beside the target, then one rename.

A reader never sees a half-written file, and a failed write leaves the old file (if any) intact.
A process about to be terminated removes the temporary files of the writes it has in progress
(:func:`remove_pending`; a worker process of a corpus run does so on SIGTERM, which a process pool
sends every worker when one of them dies).
A corpus writes two files per document, so a write makes as few system calls as it can: the
temporary file is opened with the usual permissions (``0o666`` less the umask) and written with
``os.write`` (no file object), and the folder is made only when it is missing.
"""

from __future__ import annotations

import os
from itertools import count
from pathlib import Path

_UMASK = os.umask(0o022)
os.umask(_UMASK)
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_SERIAL = count()
_PENDING: set[str] = set()  # the temporary files of the writes in progress in this process


def _create(path: Path) -> tuple[int, str]:
    """A new temporary file beside ``path`` (its folder made when missing), in :data:`_PENDING`: its
    descriptor and name. Names hold the process id and a serial; one taken (another host, a
    leftover) is skipped. The folder is made at most once here; another process or thread may make
    it meanwhile. The name is pending before the file exists: a SIGTERM that arrives while it is
    being made runs its handler right after, and :func:`remove_pending` must find it."""
    made = False
    while True:
        tmp = os.path.join(path.parent, f".{path.name}.{os.getpid()}-{next(_SERIAL)}.tmp")
        _PENDING.add(tmp)
        try:
            return os.open(tmp, _FLAGS, 0o666), tmp
        except BaseException as exc:
            _PENDING.discard(tmp)
            if isinstance(exc, FileExistsError):
                continue
            if made or not isinstance(exc, FileNotFoundError):
                raise
            path.parent.mkdir(parents=True, exist_ok=True)
            made = True


def write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = _create(path)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    finally:
        _PENDING.discard(tmp)


def remove_pending() -> None:
    """Remove the temporary files of the writes in progress in this process (its targets keep
    their old contents): for a process that is about to end without finishing them."""
    for tmp in list(_PENDING):
        try:
            os.unlink(tmp)
        except OSError:
            pass
