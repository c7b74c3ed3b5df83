"""benchmarks/dump_annotations.py: the identity check's dump, and its errors as one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "dump_annotations.py"


def dump(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)


def test_dump_is_sorted_lines_of_every_annotation(tmp_path):
    (tmp_path / "a.txt").write_text("Seen by Dr. Smith on 2019-03-04.", encoding="utf-8")
    done = dump("patterns", str(tmp_path), "--from", "text")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines == sorted(lines)
    assert any(line.startswith("a\tPatterns\tDate\t21\t31\t") for line in lines), lines


def test_bad_input_is_one_line_without_a_traceback(tmp_path):
    """Regression: an unknown pipeline or a corpus of no known format ended in a traceback."""
    for args in (("no-such-pipeline", str(tmp_path)), ("patterns", str(tmp_path / "missing"))):
        done = dump(*args)
        assert done.returncode == 1
        assert "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and " E" in " " + done.stderr
