"""Scale-out benchmark (issue 13): ``annotator run meddocan`` on a synthetic corpus of N documents
with 1 local process, 2 local processes and a Dask LocalCluster of 2 workers; a kill -9 at about
half way then ``--resume``; a projection to 200 million words.

The corpus is the MEDDOCAN train + dev texts (../shared/corpora/meddocan/{train,dev}/brat/*.txt,
750 texts) repeated to N plain-text documents, written once under WORK/corpus-N (reused by
later runs). Each configuration runs ``annotator run meddocan CORPUS --from text --to brat``
as a subprocess (a fresh output folder each time), RUNS rounds of the three in turn. The table
gives the median wall seconds, documents and megabytes per second, the speed-up over 1 process
(the median of each round's ratio to that round's 1-process run) and the peak RSS of
the client: the ``annotator`` process itself (polled with psutil every 0.2 s; worker processes
are not counted; Dask's LocalCluster scheduler and nannies live in the client, so they are
counted), and the median CPU seconds of the client (as last polled) and of the whole run, client and
workers (from ``getrusage`` of this process's children): on a
machine other jobs share, compare those (the CPU the same documents cost each configuration).

Kill and resume: a 2-process run is killed (SIGKILL to its whole process group, workers included)
once its manifest lists about half the documents, then run again with ``--resume``; every output
file must have the checksum it has after the uninterrupted 1-process run. The projection for
200 million words (words: whitespace-separated, counted on the corpus) divides by the measured
words per second per core (1 process; 2 processes / 2) times 1, 8 and 64 cores: a linear
projection, which a real cluster will not quite reach (scheduling, shared filesystem).

    pip install -e ".[bench,dask]"
    python benchmarks/bench_scale.py --docs 2000 --runs 1              # a quick check
    python benchmarks/bench_scale.py --docs 10000 --runs 3             # the figures (quiet machine)
    python benchmarks/bench_scale.py --docs 100000 --runs 1 --work /data/bench

Needs ../shared (or --shared); the corpus takes about 3 kB per document on disk, and the outputs
as much again per configuration (one at a time).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS = 200_000_000
CONFIGS = [("1 process", ["--workers", "1"]), ("2 processes", ["--workers", "2"]),
           ("Dask, 2 workers", ["--engine", "dask", "--workers", "2"])]


def make_corpus(shared: Path, work: Path, docs: int) -> tuple[Path, int, int]:
    """WORK/corpus-N (written once): the folder, its size in bytes and its number of words."""
    folder = work / f"corpus-{docs}"
    stamp = folder / ".complete"
    sources = sorted((shared / "corpora" / "meddocan" / "train" / "brat").glob("*.txt")) + \
        sorted((shared / "corpora" / "meddocan" / "dev" / "brat").glob("*.txt"))
    if not sources:
        sys.exit(f"no MEDDOCAN texts under {shared}/corpora/meddocan/{{train,dev}}/brat (give --shared)")
    texts = [p.read_bytes() for p in sources]
    if not stamp.is_file():
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for i in range(docs):
            (folder / f"d{i:07}.txt").write_bytes(texts[i % len(texts)])
        stamp.touch()
    size = sum(len(texts[i % len(texts)]) for i in range(docs))
    words = sum(len(texts[i % len(texts)].split()) for i in range(docs))
    return folder, size, words


def command(corpus: Path, out: Path, extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "annotator", "run", "meddocan", str(corpus), "--from", "text", "--to", "brat",
            "--out", str(out), *extra]


def run_once(corpus: Path, out: Path, extra: list[str]) -> tuple[float, int, float, float]:
    """Wall seconds, the client's peak RSS (bytes), the client's CPU seconds and the whole run's
    (client and workers) of one run into a fresh ``out``."""
    import psutil

    shutil.rmtree(out, ignore_errors=True)
    before = _children_cpu()
    start = time.perf_counter()
    proc = subprocess.Popen(command(corpus, out, extra), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak, client = _poll(psutil, proc)
    _, err = proc.communicate()
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"run failed ({proc.returncode}): {err.decode(errors='replace')[-2000:]}")
    return seconds, peak, client, _children_cpu() - before


def _children_cpu() -> float:
    """CPU seconds (user + system) of this process's ended children and of every descendant they
    waited for: the client and its workers, which it reaps (the pool's, the LocalCluster's)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _poll(psutil, proc: subprocess.Popen) -> tuple[int, float]:
    """The peak resident set size of ``proc`` alone, and its CPU seconds as last seen, polled every
    0.2 s until it ends (a cheap look at one process: polling all its children often, as this did
    before, cost 5% of a core, taken from the workers of a parallel run)."""
    peak, cpu = 0, 0.0
    try:
        client = psutil.Process(proc.pid)
        while proc.poll() is None:
            with client.oneshot():
                peak = max(peak, client.memory_info().rss)
                times = client.cpu_times()
            cpu = times.user + times.system
            time.sleep(0.2)
    except psutil.NoSuchProcess:
        pass
    return peak, cpu


def checksums(out: Path) -> dict[str, str]:
    """sha256 of every output file (the manifest aside)."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.iterdir())
            if not p.name.startswith(".")}


def kill_and_resume(corpus: Path, work: Path, docs: int, expected: dict[str, str]) -> str:
    """Kill a 2-process run at about half way, resume it; a line saying whether the output is identical."""
    out = work / "out-killed"
    shutil.rmtree(out, ignore_errors=True)
    proc = subprocess.Popen(command(corpus, out, ["--workers", "2"]), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    manifest = out / ".annotator-manifest.jsonl"
    done, seen = 0, 0
    while proc.poll() is None:
        try:
            with open(manifest, "rb") as handle:  # only what was appended since the last look
                handle.seek(seen)
                new = handle.read()
            done, seen = done + new.count(b"\n"), seen + len(new)
        except OSError:
            pass
        if done >= docs // 2:
            os.killpg(proc.pid, signal.SIGKILL)
            break
        time.sleep(0.05)
    proc.wait()
    if done < docs // 2:
        return f"kill -9: the run ended before half way ({done} of {docs} documents): not checked"
    start = time.perf_counter()
    resumed = subprocess.run(command(corpus, out, ["--workers", "2", "--resume"]), capture_output=True)
    seconds = time.perf_counter() - start
    if resumed.returncode != 0:
        return f"kill -9 at {done}/{docs}, --resume FAILED ({resumed.returncode}): {resumed.stderr.decode()[-500:]}"
    got = checksums(out)
    same = got == expected
    differ = sorted(name for name in set(got) | set(expected) if got.get(name) != expected.get(name))
    return (f"kill -9 at {done}/{docs} documents, then --resume ({seconds:.1f} s): output "
            + ("IDENTICAL to the uninterrupted run" if same else f"DIFFERS in {len(differ)} files, e.g. {differ[:5]}")
            + f" ({len(got)} files compared by sha256)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=int, required=True, help="documents in the synthetic corpus")
    parser.add_argument("--runs", type=int, default=3, help="runs per configuration (the median is shown)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/annotator-bench-scale"),
                        help="folder for the corpus (kept) and the outputs")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared", help="the shared material folder")
    parser.add_argument("--no-kill", action="store_true", help="skip the kill -9 and --resume check")
    args = parser.parse_args()
    try:
        import psutil  # noqa: F401
    except ImportError:
        sys.exit('needs psutil: pip install -e ".[bench]"')

    args.work.mkdir(parents=True, exist_ok=True)
    corpus, size, words = make_corpus(args.shared, args.work, args.docs)
    mb = size / 1e6
    print(f"corpus: {args.docs} documents, {mb:.1f} MB, {words:,} words ({corpus}); "
          f"{os.cpu_count()} cores, Python {platform.python_version()}, {args.runs} run(s) each", flush=True)
    results = {}
    expected: dict[str, str] = {}
    # rounds of every configuration in turn, so that a drift of the machine's speed (seen here: the
    # same run 62 s, then 82 s, minutes apart) weighs on all of them alike; a speed-up is the median
    # of its rounds' ratios to the same round's 1-process run
    samples: dict[str, list[tuple[float, int, float, float]]] = {name: [] for name, _ in CONFIGS}
    for round_ in range(1, args.runs + 1):
        for name, extra in CONFIGS:
            out = args.work / "out"
            samples[name].append(run_once(corpus, out, extra))
            seconds, peak, client, total = samples[name][-1]
            print(f"  round {round_}, {name}: {seconds:.1f} s, client peak RSS {peak / 2**20:.0f} MB, "
                  f"client CPU {client:.1f} s, total CPU {total:.1f} s", flush=True)
            if not expected:
                expected = checksums(out)
            elif checksums(out) != expected:
                print(f"  !! {name}: output differs from 1 process")
    baseline = [sample[0] for sample in samples[CONFIGS[0][0]]]
    print(f"{'configuration':<17} {'docs':>8} {'MB':>7} {'seconds':>8} {'docs/s':>8} {'MB/s':>6} "
          f"{'speed-up':>8} {'client peak RSS':>16} {'client CPU s':>12} {'total CPU s':>11}")
    for name, _ in CONFIGS:
        times, peaks, clients, totals = zip(*samples[name])
        seconds = statistics.median(times)
        results[name] = seconds
        speedup = statistics.median(one / each for one, each in zip(baseline, times))
        print(f"{name:<17} {args.docs:>8} {mb:>7.1f} {seconds:>8.1f} {args.docs / seconds:>8.1f} {mb / seconds:>6.2f} "
              f"{speedup:>7.2f}x {max(peaks) / 2**20:>13.0f} MB {statistics.median(clients):>12.1f} "
              f"{statistics.median(totals):>11.1f}")
    if not args.no_kill:
        print(kill_and_resume(corpus, args.work, args.docs, expected))
    one = words / results[CONFIGS[0][0]]
    two = words / results[CONFIGS[1][0]] / 2
    print(f"\nprojection for {WORDS:,} words (linear: measured words/s per core x cores):")
    print(f"{'per-core figure':<30} {'words/s/core':>12} {'1 core':>10} {'8 cores':>10} {'64 cores':>10}")
    for label, rate in [("1 process", one), ("2 processes, per core", two)]:
        hours = [WORDS / (rate * cores) / 3600 for cores in (1, 8, 64)]
        print(f"{label:<30} {rate:>12,.0f} " + " ".join(f"{h:>9.2f}h" for h in hours))
    shutil.rmtree(args.work / "out", ignore_errors=True)
    shutil.rmtree(args.work / "out-killed", ignore_errors=True)


if __name__ == "__main__":
    main()
