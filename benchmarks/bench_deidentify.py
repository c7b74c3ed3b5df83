"""De-identification benchmark (issue 14): ``annotator deidentify`` on the MEDDOCAN dev gold.

Two figures per mode, in MB of text (UTF-8 bytes of the .txt files) per CPU second of this process
(one worker: per core): the whole verb (read brat, pseudonymise, write brat, manifest), and the
Pseudonymiser alone on documents already read; and, for scale, ``annotator convert`` brat -> brat
(the same corpus loop, reading and writing, with nothing done in between). The target is 1 MB/s
per core for ``--mode surrogate`` (the whole verb). Several runs, medians; needs ../shared (skips
without it).

    python benchmarks/bench_deidentify.py [--runs 5] [--modes surrogate,placeholder,mask,redact]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from timing import machine, median_time, print_table

from annotator.cli import main as annotator
from annotator.corpus import read_documents
from annotator.deid.pseudonymiser import Pseudonymiser

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT.parent / "shared" / "corpora" / "meddocan" / "dev" / "brat"
KEY = bytes(range(32))


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
    key_dir = Path(tempfile.mkdtemp(prefix="bench-deid-"))
    key_file = key_dir / "key"
    key_file.write_bytes(KEY)
    key_file.chmod(0o600)
    print(machine())
    print(f"input: {len(docs)} MEDDOCAN dev gold documents, {megabytes:.3f} MB of text; {args.runs} runs, medians")
    rows = []
    try:
        for mode in args.modes.split(","):
            out = key_dir / mode

            def verb() -> None:
                shutil.rmtree(out, ignore_errors=True)
                status = annotator(["deidentify", str(DEV), "--out", str(out), "--mode", mode, "--language", "es",
                                    "--key-file", str(key_file)])
                if status:
                    sys.exit(f"deidentify --mode {mode} failed (exit {status})")

            transform = Pseudonymiser(mode, language="es", key=KEY, per_patient=True)
            whole = median_time(verb, args.runs)
            alone = median_time(lambda: [transform(d) for d in docs], args.runs)
            rows.append([mode, f"{whole.cpu:.2f}", f"{megabytes / whole.cpu:.2f}", f"{megabytes / whole.wall:.2f}",
                         f"{alone.cpu:.2f}", f"{megabytes / alone.cpu:.2f}"])
        out = key_dir / "convert"

        def convert() -> None:
            shutil.rmtree(out, ignore_errors=True)
            annotator(["convert", str(DEV), str(out), "--to", "brat"])

        loop = median_time(convert, args.runs)
        rows.append(["(convert)", f"{loop.cpu:.2f}", f"{megabytes / loop.cpu:.2f}", f"{megabytes / loop.wall:.2f}", "-", "-"])
    finally:
        shutil.rmtree(key_dir, ignore_errors=True)
    print_table(["mode", "verb CPU s", "verb MB/CPU s", "verb MB/s wall", "Pseudonymiser CPU s", "Pseudonymiser MB/CPU s"], rows)
    print("target: deidentify --mode surrogate >= 1 MB/s per core (verb MB/CPU s)")


if __name__ == "__main__":
    main()
