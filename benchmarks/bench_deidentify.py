"""De-identification benchmark (issue 14): ``annotator deidentify`` on the MEDDOCAN dev gold.

The issue's figure: MB of text (UTF-8 bytes of the .txt files) per CPU second of one process (one
worker: per core), target >= 1 for ``--mode surrogate``, given two ways:

- **whole verb**: a fresh ``python -m annotator deidentify`` process as a user runs it (start-up,
  imports and list loading, read brat, pseudonymise, write brat and the manifest) on the dev gold;
- **steady state**: the rate once start-up is paid (what a large corpus sees): the verb on four
  copies of the dev gold minus the verb on one, per MB of the three extra copies.

CPU = user + system seconds of the process; the user part alone is given beside it (the system
part is mostly the kernel creating and renaming two files per document, which on a shared
machine varies several-fold between runs). Also the Pseudonymiser alone on documents already
read, and ``annotator convert`` brat -> brat (the same corpus loop with nothing done in between).
The runs of one mode alternate between the dev gold and its copies; medians of ``--runs``. Needs
../shared (skips without it). The processes run as an installed package does, on compiled
modules (pip compiles them at install): bytecode is cached under the benchmark's temporary folder
(``PYTHONPYCACHEPREFIX``, whatever ``PYTHONDONTWRITEBYTECODE`` says; a run of each command before
the timed ones writes it), not recompiled by every process.

    python benchmarks/bench_deidentify.py [--runs 5] [--modes surrogate,placeholder,mask,redact]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

from timing import machine, median_time, print_table

from annotator.corpus import read_documents
from annotator.deid.pseudonymiser import Pseudonymiser

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT.parent / "shared" / "corpora" / "meddocan" / "dev" / "brat"
KEY = bytes(range(32))
COPIES = 4


class Usage(NamedTuple):
    """CPU (user + system) and user seconds of a command: of one run, or the medians of several."""

    cpu: float
    user: float


def process_usage(args: list[str], pycache: Path) -> Usage:
    """CPU and user seconds of one ``python -m annotator ARGS`` run as its own process, its
    compiled modules cached in ``pycache``."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "annotator", *args], check=True, stdout=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    user = after.ru_utime - before.ru_utime
    return Usage(user + after.ru_stime - before.ru_stime, user)


def medians(samples: list[Usage]) -> Usage:
    return Usage(statistics.median(s.cpu for s in samples), statistics.median(s.user for s in samples))


def copies(folder: Path, n: int) -> Path:
    """``n`` copies of the dev gold in ``folder`` (names prefixed, so all are distinct documents)."""
    folder.mkdir()
    for i in range(n):
        for path in DEV.iterdir():
            shutil.copyfile(path, folder / f"c{i}-{path.name}")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--modes", default="surrogate,placeholder,mask,redact")
    args = parser.parse_args()
    if not DEV.is_dir():
        print(f"skipped: {DEV} not found")
        return
    megabytes = sum(len(p.read_bytes()) for p in DEV.glob("*.txt")) / 1e6
    docs = list(read_documents(DEV, "brat"))
    work = Path(tempfile.mkdtemp(prefix="bench-deid-"))
    key_file = work / "key"
    key_file.write_bytes(KEY)
    key_file.chmod(0o600)
    many = copies(work / "many", COPIES)
    print(machine())
    print(f"input: {len(docs)} MEDDOCAN dev gold documents, {megabytes:.3f} MB of text (and {COPIES} copies); "
          f"{args.runs} runs, medians")
    rows, verdicts = [], []
    try:
        for mode in args.modes.split(","):
            def verb(source: Path) -> Usage:
                out = work / f"out-{mode}"
                shutil.rmtree(out, ignore_errors=True)
                return process_usage(["deidentify", str(source), "--out", str(out), "--mode", mode, "--language", "es",
                                      "--key-file", str(key_file)], work / "pycache")

            verb(DEV)  # not timed: compiles the modules the verb imports
            runs = [(verb(DEV), verb(many)) for _ in range(args.runs)]  # alternated: load changes hit both
            one, several = medians([r[0] for r in runs]), medians([r[1] for r in runs])
            extra = (COPIES - 1) * megabytes
            steady, steady_user = extra / (several.cpu - one.cpu), extra / (several.user - one.user)
            transform = Pseudonymiser(mode, language="es", key=KEY, per_patient=True)
            alone = median_time(lambda: [transform(d) for d in docs], args.runs)
            rows.append([mode, f"{one.cpu:.2f}", f"{one.user:.2f}", f"{megabytes / one.cpu:.2f}",
                         f"{megabytes / one.user:.2f}", f"{several.cpu:.2f}", f"{steady:.2f}", f"{steady_user:.2f}",
                         f"{megabytes / alone.cpu:.2f}"])
            if mode == "surrogate":
                verdicts.append(f"deidentify --mode surrogate, MEDDOCAN dev gold: whole verb {megabytes / one.cpu:.2f} "
                                f"MB/CPU s ({one.cpu:.2f} CPU s, of which user {one.user:.2f}), steady state "
                                f"{steady:.2f} MB/CPU s; target >= 1 MB/CPU s: whole verb "
                                f"{'met' if megabytes / one.cpu >= 1 else 'MISSED'}, steady state "
                                f"{'met' if steady >= 1 else 'MISSED'}")
        loop = medians([process_usage(["convert", str(DEV), str(work / f"convert-{i}"), "--to", "brat"],
                                      work / "pycache") for i in range(args.runs)])
        rows.append(["(convert)", f"{loop.cpu:.2f}", f"{loop.user:.2f}", f"{megabytes / loop.cpu:.2f}",
                     f"{megabytes / loop.user:.2f}", "-", "-", "-", "-"])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print_table(["mode", "verb CPU s, dev", "user s", "MB/CPU s, dev", "MB/user s", f"verb CPU s, {COPIES}x dev",
                 "steady MB/CPU s", "steady MB/user s", "Pseudonymiser alone MB/CPU s"], rows)
    print(f"load average after: {os.getloadavg()[0]:.2f} (a shared machine: see the user columns)")
    for line in verdicts:
        print(line)


if __name__ == "__main__":
    main()
