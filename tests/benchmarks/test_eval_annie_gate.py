"""benchmarks/eval_annie_gate.py: `annie` against the annotations GATE left in two of GATE's own test
documents (tests/data/annie_gate/, from gate-core's ANNIC tests; issue 31's held-out check)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "benchmarks" / "eval_annie_gate.py"


def figures() -> dict[str, str]:
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    out = {}
    for line in done.stdout.splitlines():
        words = line.split()
        if line.startswith("  same span+kind/orth"):
            out["kind/orth"] = words[-1]
        elif line.startswith("  same span"):
            out["span"] = words[-1]
        elif line.startswith("tokens:"):
            out["tokens"] = words[1]
        elif line.startswith("reference entities with ANNIE's rule features"):
            out["annie-made"] = words[-1]
    return out


def test_tokens_and_annie_made_entities_agree_with_gate() -> None:
    """GATE's tokeniser and ANNIE's post-processing made the reference tokens (1,089 of them); the
    reference entities that carry ANNIE's rule features are what GATE's ANNIE found."""
    got = figures()
    assert got["tokens"] == "1089"
    assert float(got["span"]) >= 0.99 and float(got["kind/orth"]) >= 0.99
    assert float(got["annie-made"]) >= 0.9
