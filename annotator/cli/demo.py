"""``annotator demo``: the main job on the shipped MEDDOCAN samples -- convert, run, score, de-identify.

Runs, and prints before each step, the four commands a user would type:

1. ``annotator convert`` the gold brat samples to MEDDOCAN XML;
2. ``annotator run meddocan``, the shipped de-identification pipeline by name, on the plain texts
   (read as text, so no gold annotation can reach the system), writing its declared output (the
   PHI set) as MEDDOCAN XML;
3. ``annotator evaluate`` the system output against the gold XML with the official MEDDOCAN metric;
4. ``annotator deidentify`` the system output: surrogates in place of the PHI it found, as brat,
   with the side-by-side HTML view; then a few changed lines of one sample before and after, and
   where the outputs are (``--out``, else a new temporary folder that is kept).
"""

from __future__ import annotations

import argparse
import shlex
import tempfile
from pathlib import Path

from annotator.cli import Subparsers
from annotator.paths import RESOURCES

SAMPLES = RESOURCES / "samples" / "meddocan"


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "demo", help="convert, de-identify and score the shipped MEDDOCAN samples",
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument("--out", type=Path, help="folder for the outputs (default: a temporary folder)")
    parser.set_defaults(func=run)


LINES = 4  # changed lines of one sample shown before and after


def run(args: argparse.Namespace) -> int:
    from annotator.cli import main

    out = args.out if args.out is not None else Path(tempfile.mkdtemp(prefix="annotator-demo-"))
    return _steps(main, out)


def _steps(main, out: Path) -> int:
    gold, system, deidentified, html = out / "gold-xml", out / "system-xml", out / "deidentified", out / "html"
    commands = [
        ["convert", str(SAMPLES), str(gold), "--from", "brat", "--to", "meddocan-xml"],
        ["run", "meddocan", str(SAMPLES), "--from", "text", "--to", "meddocan-xml", "--out", str(system)],
        ["evaluate", str(gold), str(system), "--metric", "meddocan", "--per-type"],
        ["deidentify", str(system), "--out", str(deidentified), "--to", "brat", "--language", "es", "--html", str(html)],
    ]
    for argv in commands:
        print(f"$ annotator {shlex.join(argv)}", flush=True)
        code = main(argv)
        if code:
            return code
    sample = min(SAMPLES.glob("*.txt"))
    _before_and_after(sample, deidentified / sample.name)
    print(f"\nSide by side (original and de-identified, PHI marked): {html / sample.with_suffix('.html').name}")
    print(f"All outputs: {out}")
    return 0


def _before_and_after(original: Path, new: Path) -> None:
    """The first :data:`LINES` lines of a sample that de-identification changed, before and after."""
    before = original.read_text(encoding="utf-8").splitlines()
    after = new.read_text(encoding="utf-8").splitlines()
    changed = [(old, fresh) for old, fresh in zip(before, after) if old != fresh][:LINES]
    print(f"\nDe-identified (surrogates), {original.stem}: {LINES} changed lines before (-) and after (+)")
    for old, fresh in changed:
        print(f"- {old}\n+ {fresh}")
