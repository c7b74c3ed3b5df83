"""The gazetteer alone beside python-gatenlp 1.0.8's TokenGazetteer and spaCy's PhraseMatcher.

Same text (the 750 MEDDOCAN train+dev texts, 2.2 MB), same list (the 238,906 names of
``gazetteer_data.names()``, case-sensitive, longest match only where the tool has the option).
Every document is tokenized once beforehand by each tool's own tokenizer (annotator's
``tokenizer`` PR; gatenlp's ``SplitPatternTokenizer`` on whitespace and punctuation, as in
bench_pipeline.py; spaCy's ``blank("es")`` tokenizer); only the matching is timed, Lookups /
Spans made included. annotator is also timed on raw text (no Tokens: its word-boundary rule).
Load = reading the lists and building the matcher. Median of ``--runs`` runs, one process; speed by
CPU time of the process and by wall clock.

    /work/benchenv/bin/python benchmarks/bench_compare_gazetteers.py [--runs 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gazetteer_data  # noqa: E402
from timing import build_timed, machine, median_time, print_table  # noqa: E402

from annotator import Document  # noqa: E402
from annotator.processing.gazetteer import Gazetteer  # noqa: E402
from annotator.processing.tokenizer import Tokenizer  # noqa: E402

Job = tuple[str, float, Callable[[], int]]


def annotator_jobs(lists_def: Path, texts: list[tuple[str, str]]) -> list[Job]:
    gazetteer, load = build_timed(lambda: Gazetteer(listsURL=lists_def, outputASName="G"))
    docs = []
    for name, text in texts:
        doc = Document(text, name=name)
        Tokenizer()(doc)
        docs.append(doc)

    def on_tokens() -> int:
        made = 0
        for doc in docs:
            if doc.has_annset("G"):
                doc.remove_annset("G")
            gazetteer(doc)
            made += len(doc.annset("G"))
        return made

    def on_raw_text() -> int:
        made = 0
        for name, text in texts:
            doc = Document(text, name=name)
            gazetteer(doc)
            made += len(doc.annset("G"))
        return made

    return [("annotator gazetteer, on Tokens", load, on_tokens),
            ("annotator gazetteer, raw text (Document included)", load, on_raw_text)]


def gatenlp_job(lists_def: Path, texts: list[tuple[str, str]]) -> Job | str:
    try:
        import regex
        from gatenlp import Document as GDocument
        from gatenlp.processing.gazetteer import TokenGazetteer
        from gatenlp.processing.tokenizer import SplitPatternTokenizer
    except ImportError as exc:
        return f"python-gatenlp skipped: {exc}"
    gazetteer, load = build_timed(lambda: TokenGazetteer(str(lists_def), source_fmt="gate-def", longest_only=True, outset_name="G"))
    tokenizer = SplitPatternTokenizer(split_pattern=regex.compile(r"\s+|[^\w\s]"))
    docs = [tokenizer(GDocument(text)) for _, text in texts]

    def job() -> int:
        made = 0
        for doc in docs:
            if "G" in doc.annset_names():
                doc.remove_annset("G")
            gazetteer(doc)
            made += len(doc.annset("G"))
        return made

    return "python-gatenlp 1.0.8 TokenGazetteer, on its Tokens", load, job


def spacy_job(names: list[str], texts: list[tuple[str, str]]) -> Job | str:
    try:
        import spacy
        from spacy.matcher import PhraseMatcher
    except ImportError as exc:
        return f"spaCy skipped: {exc}"
    nlp = spacy.blank("es")

    def build() -> PhraseMatcher:
        matcher = PhraseMatcher(nlp.vocab)
        matcher.add("NAME", list(nlp.tokenizer.pipe(names)))
        return matcher

    matcher, load = build_timed(build)
    docs = list(nlp.tokenizer.pipe(text for _, text in texts))

    def job() -> int:
        return sum(len(matcher(doc, as_spans=True)) for doc in docs)

    return f"spaCy {spacy.__version__} PhraseMatcher, on its tokens", load, job


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    texts = gazetteer_data.meddocan_texts()
    chars = sum(len(t) for _, t in texts)
    names = gazetteer_data.names()
    print(machine())
    print(f"input: {len(texts)} MEDDOCAN train+dev texts, {chars:,} characters; {len(names):,} names; "
          f"median of {args.runs} runs")
    print("M chars/s: by CPU time of this process (by wall clock in brackets); load: wall clock")
    rows, skipped = [], []
    with tempfile.TemporaryDirectory() as tmp:
        lists_def = gazetteer_data.write_lists(Path(tmp), names)
        jobs: list[Job | str] = [*annotator_jobs(lists_def, texts), gatenlp_job(lists_def, texts), spacy_job(names, texts)]
        for job in jobs:
            if isinstance(job, str):
                skipped.append(job)
                continue
            label, load, run = job
            made: list[int] = []
            seconds = median_time(lambda: made.append(run()), args.runs)
            rate = f"{chars / seconds.cpu / 1e6:.2f} ({chars / seconds.wall / 1e6:.2f})"
            rows.append([label, f"{load:.2f}", rate, f"{made[-1]:,}"])
    print_table(["matcher", "load s", "M chars/s", "matches"], rows)
    for reason in skipped:
        print(reason)


if __name__ == "__main__":
    main()
