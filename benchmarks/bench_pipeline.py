"""Pipeline throughput (issue 4): tokenizer + sentence splitter + gazetteer on MEDDOCAN train+dev.

Input: the 750 MEDDOCAN train+dev texts (``../shared/corpora/meddocan/{train,dev}/brat/*.txt``,
2.2 MB) and the 238,906 names of ``gazetteer_data.names()`` (SSA, Census 1990, INE given names
and surnames; title-cased, deduplicated), written as a GATE ``lists.def`` + four ``.lst`` files in
a temporary folder (the same files for the gazetteer of annotator and of python-gatenlp).

Measured, median of ``--runs`` runs, all in this one process:

1. annotator, one process: ``Document(text)`` + the pipeline through ``pipeline.pipe(docs)``
   (the batch API, as ``annotator run`` uses it), every annotation counted; characters per
   second = characters per second per core.
2. the same through ``pipeline.pipe(docs, workers=N)`` for N = 1 and 2, (a) returning whole
   documents and (b) returning only the Lookups (what ``annotator run --types Lookup`` does),
   and ``annotator run`` itself (plain-text input, brat output of the Lookups, written by the
   workers; pipeline loading included); wall-clock, pool start-up included; w=1 and w=2 runs
   alternate so that a change in the machine's load hits both alike.
3. python-gatenlp 1.0.8: ``SplitPatternTokenizer`` (word tokens between whitespace and
   punctuation) + ``TokenGazetteer`` on the same lists.def (longest match only).
4. spaCy: ``spacy.blank("es")`` tokenizer + ``sentencizer`` + ``PhraseMatcher`` over the same
   names (matches made into Spans).

Competitors come from the ``bench`` extra; when one is not importable it is skipped with a
message. ``--annotator-only`` measures 1. alone (while optimising). Run it in the benchmark
environment::

    /work/benchenv/bin/python benchmarks/bench_pipeline.py [--runs 3] [--annotator-only]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path
from typing import Callable

from gazetteer_data import MEDDOCAN, NAMES, meddocan_texts, names as name_list, write_lists
from timing import cpu_seconds

from annotator import Document, Pipeline
from annotator.cli import main as annotator_main
from annotator.processing.base import resource_names

PRS = ("tokenizer", "sentence-splitter", "gazetteer")
TARGET_CPS = 1_000_000
TARGET_SPEEDUP = 1.7


def write_pipeline(folder: Path, lists_def: Path, prs: list[str]) -> Path:
    """pipeline.xml in ``folder`` running ``prs`` in order (the gazetteer on ``lists_def``)."""
    lines = ['<pipeline name="bench">']
    for pr in prs:
        param = f'<param name="listsURL">{lists_def}</param>' if pr == "gazetteer" else ""
        lines.append(f'  <pr type="{pr}">{param}</pr>')
    path = folder / "pipeline.xml"
    path.write_text("\n".join(lines + ["</pipeline>"]) + "\n", encoding="utf-8")
    return path


def compare_workers(runs: int, job: Callable[[int], int]) -> tuple[float, float, float, float]:
    """``job(1)`` and ``job(2)`` alternately, ``runs`` times each (so that a change in the machine's
    load hits both alike): median wall-clock seconds of each, median of the per-pair speed-ups,
    median CPU seconds of ``job(2)`` (parent + workers)."""
    pairs = [(median_time(1, lambda: job(1)), median_time(1, lambda: job(2))) for _ in range(runs)]
    return (statistics.median(one[0] for one, _ in pairs), statistics.median(two[0] for _, two in pairs),
            statistics.median(one[0] / two[0] for one, two in pairs), statistics.median(two[1] for _, two in pairs))


def median_time(runs: int, job: Callable[[], int]) -> tuple[float, float, int]:
    """Median wall-clock and CPU seconds of ``runs`` calls of ``job``, and what the last returned.
    CPU time shows the work done whatever else the machine is running; wall-clock is the target."""
    walls, cpus, result = [], [], 0
    for _ in range(runs):
        start, cpu = time.perf_counter(), cpu_seconds()
        result = job()
        walls.append(time.perf_counter() - start)
        cpus.append(cpu_seconds() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


def annotator_one_process(pipeline: Pipeline, texts: list[tuple[str, str]]) -> int:
    docs = (Document(text, name=name) for name, text in texts)
    return sum(sum(len(doc.annset(s)) for s in doc.annset_names()) for doc in pipeline.pipe(docs))


def only_lookups(doc: Document) -> Document:
    out = Document(doc.text, name=doc.name)
    out.annset().add_all(doc.annset().with_type("Lookup"), keep_ids=True)
    return out


def annotator_pipe(pipeline: Pipeline, texts, workers: int, transform) -> int:
    docs = (Document(text, name=name) for name, text in texts)
    return sum(len(doc.annset()) for doc in pipeline.pipe(docs, workers=workers, transform=transform))


def cli_run(pipeline_path: Path, src: Path, out: Path, workers: int) -> int:
    """``annotator run PIPELINE SRC --out OUT --from text --to brat --types Lookup --workers N``."""
    code = annotator_main(["run", str(pipeline_path), str(src), "--out", str(out), "--from", "text", "--to", "brat",
                 "--types", "Lookup", "--workers", str(workers)])
    if code != 0:
        raise SystemExit(f"annotator run failed with exit code {code}")
    return len(list(out.glob("*.ann")))


def gatenlp_job(lists_def: Path, texts) -> tuple[str, float, Callable[[], int]] | str:
    try:
        import regex
        from gatenlp import Document as GDocument
        from gatenlp.processing.gazetteer import TokenGazetteer
        from gatenlp.processing.tokenizer import SplitPatternTokenizer
    except ImportError as exc:
        return f"python-gatenlp skipped: {exc}"
    start = time.perf_counter()
    tokenizer = SplitPatternTokenizer(split_pattern=regex.compile(r"\s+|[^\w\s]"))
    gazetteer = TokenGazetteer(str(lists_def), source_fmt="gate-def", longest_only=True)
    load = time.perf_counter() - start

    def job() -> int:
        made = 0
        for _, text in texts:
            doc = gazetteer(tokenizer(GDocument(text)))
            made += len(doc.annset())
        return made

    return "python-gatenlp 1.0.8 tokenizer + token gazetteer", load, job


def spacy_job(names: list[str], texts) -> tuple[str, float, Callable[[], int]] | str:
    try:
        import spacy
        from spacy.matcher import PhraseMatcher
    except ImportError as exc:
        return f"spaCy skipped: {exc}"
    start = time.perf_counter()
    nlp = spacy.blank("es")
    nlp.add_pipe("sentencizer")
    matcher = PhraseMatcher(nlp.vocab)
    matcher.add("NAME", list(nlp.tokenizer.pipe(names)))
    load = time.perf_counter() - start

    def job() -> int:
        made = 0
        for _, text in texts:
            doc = nlp(text)
            made += len(doc) + len(list(doc.sents)) + len(matcher(doc, as_spans=True))
        return made

    return "spaCy blank('es') + sentencizer + PhraseMatcher", load, job


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=int, help="only the first N texts (a quick trial, not the benchmark)")
    parser.add_argument("--annotator-only", action="store_true",
                        help="measure only annotator in one process (no workers, CLI, gatenlp or spaCy runs)")
    args = parser.parse_args()
    if not MEDDOCAN.is_dir() or not NAMES.is_dir():
        raise SystemExit(f"needs {MEDDOCAN} and {NAMES}")
    texts = meddocan_texts()[:args.limit]
    chars = sum(len(t) for _, t in texts)
    names = name_list()
    available = [pr for pr in PRS if pr in resource_names()]
    missing = [pr for pr in PRS if pr not in available]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.platform()}")
    print(f"input: {len(texts)} MEDDOCAN train+dev texts, {chars:,} characters; name list {len(names):,} entries")
    if missing:
        print(f"NOTE: PR(s) not available yet, left out of the pipeline: {', '.join(missing)}")
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    rows: list[tuple[str, float, float, float, int]] = []  # (what, load s, wall s, cpu s, annotations)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        lists_def = write_lists(folder / "lists", names)
        pipeline_path = write_pipeline(folder, lists_def, available)
        start = time.perf_counter()
        pipeline = Pipeline.from_xml(pipeline_path)
        load = time.perf_counter() - start
        wall, cpu, made = median_time(args.runs, lambda: annotator_one_process(pipeline, texts))
        rows.append((f"annotator {' + '.join(available)}", load, wall, cpu, made))
        one_cps = chars / wall

        one_cpu_cps = chars / cpu
        pipe_rows = []
        modes = (("pipeline.pipe(), whole documents back", None),
                 ("pipeline.pipe(), Lookups only back", only_lookups))
        for label, transform in () if args.annotator_only else modes:
            timing = compare_workers(args.runs, lambda w: annotator_pipe(pipeline, texts, w, transform))
            pipe_rows.append((label, *timing))

        if not args.annotator_only:
            src = folder / "in"
            src.mkdir()
            for name, text in texts:
                (src / f"{name}.txt").write_bytes(text.encode("utf-8"))
            cli_timing = compare_workers(args.runs, lambda w: cli_run(pipeline_path, src, folder / f"out{w}", w))
            pipe_rows.append(("annotator run (text in, brat out, --types Lookup)", *cli_timing))

        competitors = () if args.annotator_only else (gatenlp_job(lists_def, texts), spacy_job(names, texts))
        for outcome in competitors:
            if isinstance(outcome, str):
                print(outcome)
                continue
            label, load_s, job = outcome
            wall, cpu, made = median_time(args.runs, job)
            rows.append((label, load_s, wall, cpu, made))

    print(f"\none process, median of {args.runs} runs (chars/s = characters / wall-clock seconds)")
    print(f"{'system':56} {'load s':>7} {'wall s':>7} {'cpu s':>7} {'chars/s':>11} {'annotations':>12}")
    for what, load_s, wall, cpu, made in rows:
        print(f"{what:56} {load_s:7.2f} {wall:7.2f} {cpu:7.2f} {chars / wall:11,.0f} {made:12,}")
    if pipe_rows:
        print(f"\n--workers 1 vs 2, wall-clock incl. pool start-up, {args.runs} alternating pairs, medians")
        print(f"{'what':52} {'workers=1 s':>12} {'workers=2 s':>12} {'speed-up':>9} {'w=2 cpu s':>10}")
        for label, t1, t2, speedup, cpu2 in pipe_rows:
            print(f"{label:52} {t1:12.2f} {t2:12.2f} {speedup:8.2f}x {cpu2:10.2f}")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    print(f"\ntarget >= {TARGET_CPS:,} chars/s per core: {one_cps:,.0f} "
          f"({'met' if one_cps >= TARGET_CPS else 'NOT met'}{'; pipeline incomplete' if missing else ''}); "
          f"by CPU time {one_cpu_cps:,.0f}")
    if pipe_rows:
        best = max(row[3] for row in pipe_rows)
        print(f"target workers=2 >= {TARGET_SPEEDUP}x workers=1: best {best:.2f}x "
              f"({'met' if best >= TARGET_SPEEDUP else 'NOT met'})")


if __name__ == "__main__":
    main()
