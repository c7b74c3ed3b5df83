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
    plain = tmp_path / "plain.txt"
    plain.write_bytes(b"")  # the permissions of a file opened for writing as usual
    assert target.stat().st_mode & 0o777 == plain.stat().st_mode & 0o777


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


def test_large_data_is_written_whole_and_folders_are_made(tmp_path):
    target = tmp_path / "a" / "b" / "big.bin"
    data = os.urandom(3 << 20)
    write_atomic(target, data)
    assert target.read_bytes() == data
    assert os.listdir(target.parent) == ["big.bin"]


def test_a_file_where_the_folder_should_be_is_an_error(tmp_path):
    (tmp_path / "a").write_bytes(b"")
    with pytest.raises(OSError):
        write_atomic(tmp_path / "a" / "out.txt", b"x")
    assert os.listdir(tmp_path) == ["a"]


def test_a_folder_made_by_another_writer_meanwhile_is_used(tmp_path, monkeypatch):
    """Regression: two workers writing the first documents of a run into a missing folder; the one
    whose first try failed saw the folder (made by the other) and raised E131 instead of retrying."""
    target = tmp_path / "out" / "d00.txt"
    real_open = os.open
    tries = []

    def open_racing(path, *args):
        tries.append(path)
        if len(tries) == 1:  # the folder is missing here; another writer makes it right after
            target.parent.mkdir()
            raise FileNotFoundError(path)
        return real_open(path, *args)

    monkeypatch.setattr(atomic.os, "open", open_racing)
    write_atomic(target, b"x")
    assert target.read_bytes() == b"x" and len(tries) == 2


def test_a_termination_right_after_the_temporary_file_is_made_removes_it(tmp_path, monkeypatch):
    """Regression: a pool worker got SIGTERM while it opened a temporary file; its handler ran
    before the file counted as pending, and the output folder kept an empty ``.d09.bdocjs.*.tmp``."""
    real_open = os.open
    left = []

    class Ended(BaseException):
        """The process ending (os._exit) after the handler."""

    def open_then_terminated(path, *args):
        os.close(real_open(path, *args))
        atomic.remove_pending()  # what the SIGTERM handler does, at the first moment it can run
        left.append(os.listdir(tmp_path))
        raise Ended

    monkeypatch.setattr(atomic.os, "open", open_then_terminated)
    with pytest.raises(Ended):
        write_atomic(tmp_path / "out.txt", b"x")
    assert left == [[]]
