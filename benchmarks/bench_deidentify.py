"""De-identification benchmark (issue 14): ``annotator deidentify`` on the MEDDOCAN dev gold.

Per mode, in MB of text (UTF-8 bytes of the .txt files) per CPU second of one process (one worker:
per core): the whole verb as a user runs it (a fresh ``python -m annotator deidentify`` process:
start-up, imports and list loading, read brat, pseudonymise, write brat and the manifest) on the
dev gold, and on four copies of it; the difference between the two gives the steady rate once
start-up is paid (the rate a large corpus sees: the target, 1 MB/s per core for ``--mode
surrogate``), in CPU (user + system) seconds and, beside it, in user seconds alone (the system part
is mostly the kernel creating and renaming two files per document: on a shared machine it varies
several-fold between runs). Also the Pseudonymiser alone on documents already read, and ``annotator convert``
brat -> brat (the same corpus loop with nothing done in between). Several runs, medians; needs
../shared (skips without it).

    python benchmarks/bench_deidentify.py [--runs 5] [--modes surrogate,placeholder,mask,redact]
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import cpu_seconds, machine, median_time, print_table

from annotator.corpus import read_documents
from annotator.deid.pseudonymiser import Pseudonymiser

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT.parent / "shared" / "corpora" / "meddocan" / "dev" / "brat"
KEY = bytes(range(32))
COPIES = 4


def process_cpu(args: list[str], runs: int) -> tuple[float, float]:
    """Median CPU seconds (user + system) and median user seconds of ``python -m annotator ARGS`` as
    its own process (the system part is mostly the kernel making and renaming files, which a
    shared file system makes noisy)."""
    samples, users = [], []
    for _ in range(runs):
        before, user_before = cpu_seconds(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        subprocess.run([sys.executable, "-m", "annotator", *args], check=True, stdout=subprocess.DEVNULL)
        samples.append(cpu_seconds() - before)
        users.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - user_before)
    return statistics.median(samples), statistics.median(users)


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
    rows = []
    try:
        for mode in args.modes.split(","):
            def verb(source: Path) -> tuple[float, float]:
                out = work / f"out-{mode}"
                shutil.rmtree(out, ignore_errors=True)
                return process_cpu(["deidentify", str(source), "--out", str(out), "--mode", mode, "--language", "es",
                                    "--key-file", str(key_file)], args.runs)

            (one, one_user), (several, several_user) = verb(DEV), verb(many)
            steady = (COPIES - 1) * megabytes / (several - one)
            steady_user = (COPIES - 1) * megabytes / (several_user - one_user)
            transform = Pseudonymiser(mode, language="es", key=KEY, per_patient=True)
            alone = median_time(lambda: [transform(d) for d in docs], args.runs)
            rows.append([mode, f"{one:.2f}", f"{megabytes / one:.2f}", f"{several:.2f}", f"{steady:.2f}",
                         f"{steady_user:.2f}", f"{megabytes / alone.cpu:.2f}"])
        loop, _ = process_cpu(["convert", str(DEV), str(work / "convert"), "--to", "brat"], 1)
        rows.append(["(convert)", f"{loop:.2f}", f"{megabytes / loop:.2f}", "-", "-", "-", "-"])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print_table(["mode", "verb CPU s, dev", "MB/CPU s, dev", f"verb CPU s, {COPIES}x dev", "steady MB/CPU s",
                 "steady MB/user s", "Pseudonymiser alone MB/CPU s"], rows)
    print("target: deidentify --mode surrogate >= 1 MB/s per core (steady MB/CPU s: the verb's rate once started)")


if __name__ == "__main__":
    main()
