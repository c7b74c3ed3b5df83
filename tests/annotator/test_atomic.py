"""Atomic writes: all or nothing, no temporary file left behind, usual permissions."""

from __future__ import annotations

import os

import pytest

from annotator import atomic
from annotator.atomic import write_atomic


def test_writes_and_replaces(tmp_path):
    target = tmp_path / "sub" / "out.txt"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    assert os.listdir(target.parent) == ["out.txt"]
    assert target.stat().st_mode & 0o777 == 0o666 & ~atomic._UMASK


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_bytes(b"old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(atomic.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["out.txt"]
