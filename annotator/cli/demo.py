"""``annotator demo``: the main job on the shipped MEDDOCAN samples -- convert, run, score.

Runs, and prints before each step, the three commands a user would type:

1. ``annotator convert`` the gold brat samples to MEDDOCAN XML;
2. ``annotator run meddocan``, the shipped de-identification pipeline by name, on the plain texts
   (read as text, so no gold annotation can reach the system), writing its declared output (the
   PHI set) as MEDDOCAN XML;
3. ``annotator evaluate`` the system output against the gold XML with the official MEDDOCAN metric.
"""

from __future__ import annotations

import argparse
import shlex
import tempfile
from pathlib import Path

from annotator.paths import RESOURCES

SAMPLES = RESOURCES / "samples" / "meddocan"


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "demo", help="convert, de-identify and score the shipped MEDDOCAN samples",
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument("--out", type=Path, help="folder for the outputs (default: a temporary folder)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from annotator.cli import main

    if args.out is not None:
        return _steps(main, args.out)
    with tempfile.TemporaryDirectory(prefix="annotator-demo-") as tmp:
        return _steps(main, Path(tmp))


def _steps(main, out: Path) -> int:
    gold, system = out / "gold-xml", out / "system-xml"
    commands = [
        ["convert", str(SAMPLES), str(gold), "--from", "brat", "--to", "meddocan-xml"],
        ["run", "meddocan", str(SAMPLES), "--from", "text", "--to", "meddocan-xml", "--out", str(system)],
        ["evaluate", str(gold), str(system), "--metric", "meddocan", "--per-type"],
    ]
    for argv in commands:
        print(f"$ annotator {shlex.join(argv)}", flush=True)
        code = main(argv)
        if code:
            return code
    return 0
