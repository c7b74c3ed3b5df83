"""Start-up benchmark (issue 12): what ``annotator --help`` and ``--version`` cost before any work.

Fixed commands, each run in a fresh interpreter several times: the import time Python reports
(``-X importtime``: the sum of the top-level modules' cumulative microseconds; modules loaded by
``importlib.import_module`` are not listed, their imports are) and the whole process's wall clock.
Prints the medians; the target is under 0.15 s of import time.

    python benchmarks/bench_startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from timing import machine, print_table

COMMANDS = {
    "import annotator.cli; build_parser()": ["-c", "import annotator.cli; annotator.cli.build_parser()"],
    "annotator --help": ["-m", "annotator", "--help"],
    "annotator --version": ["-m", "annotator", "--version"],
    "import annotator": ["-c", "import annotator"],
    "python (nothing)": ["-c", "pass"],
}


def one_run(args: list[str]) -> tuple[float, float]:
    """Seconds of import time (top-level cumulative) and of wall clock of one fresh process."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-X", "importtime", *args], capture_output=True, text=True)
    wall = time.perf_counter() - start
    micros = 0
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = line.split("|")
            if cumulative.strip().isdigit() and not name.startswith("  "):  # top level: one space
                micros += int(cumulative)
    return micros / 1e6, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(machine())
    rows = []
    for label, command in COMMANDS.items():
        runs = [one_run(command) for _ in range(args.runs)]
        rows.append([label, f"{statistics.median(r[0] for r in runs):.3f}", f"{statistics.median(r[1] for r in runs):.3f}"])
    print(f"medians of {args.runs} runs, seconds")
    print_table(["command", "import time", "wall clock"], rows)


if __name__ == "__main__":
    main()
