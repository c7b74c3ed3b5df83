"""JAPE speed (issue 5): an ANNIE-sized grammar over MEDDOCAN train+dev, and linearity.

Grammar: ``benchmarks/jape_annie/main.jape`` (MultiPhase, 4 phases, 76 rules over Token, Lookup
and Sentence plus the intermediate Temp* types; appelt). Input: the 750 MEDDOCAN train+dev texts
(``../shared/corpora/meddocan/{train,dev}/brat/*.txt``, 2.2 M characters), prepared beforehand and
not timed by the tokenizer, the sentence splitter and the Spanish gazetteer
(``resources/gazetteers/es/lists.def``).

Measured, median of ``--runs`` runs, one process: CPU seconds of this process
(``time.process_time``, so characters per second = per core, whatever else the machine runs) and
wall-clock seconds beside them:

1. the JAPE phases alone over every document (each run on fresh copies of the prepared
   documents);
2. the whole pipeline (tokenizer + splitter + gazetteer + JAPE) from plain text, for comparison;
3. linearity: the JAPE phases on one document of ~100 KB and one of ~1 MB (texts joined), which
   should take ~10x as long, not ~100x.

    python benchmarks/bench_jape.py [--runs 3]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from timing import Seconds, machine, median_of, median_time, print_table, timed

from annotator import Document
from annotator.jape import compile_grammar
from annotator.processing import resource_class

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = ROOT / "benchmarks" / "jape_annie" / "main.jape"
LISTS = ROOT / "resources" / "gazetteers" / "es" / "lists.def"
MEDDOCAN = ROOT.parent / "shared" / "corpora" / "meddocan"


def texts() -> list[tuple[str, str]]:
    found = []
    for part in ("train", "dev"):
        for path in sorted((MEDDOCAN / part / "brat").glob("*.txt")):
            found.append((path.stem, path.read_text(encoding="utf-8")))
    if not found:
        raise SystemExit(f"MEDDOCAN texts not found under {MEDDOCAN}")
    return found


def preprocessors() -> list:
    return [resource_class("tokenizer")(), resource_class("sentence-splitter")(language="es"),
            resource_class("gazetteer")(listsURL=str(LISTS))]


def prepare(items: list[tuple[str, str]], prs: list) -> list[Document]:
    docs = []
    for name, text in items:
        doc = Document(text, name=name)
        for pr in prs:
            pr(doc)
        docs.append(doc)
    return docs


def fresh(doc: Document) -> Document:
    copy = Document(doc.text, name=doc.name)
    copy.annset().add_all(doc.annset(), keep_ids=True)
    return copy


def time_jape(grammar, docs: list[Document], runs: int) -> Seconds:
    """Median CPU and wall-clock seconds of the grammar over fresh copies of ``docs`` (copying not timed)."""
    samples = []
    for _ in range(runs):
        copies = [fresh(d) for d in docs]
        samples.append(timed(lambda: [grammar(doc) for doc in copies]))
    return median_of(samples)


def joined(items: list[tuple[str, str]], size: int) -> list[tuple[str, str]]:
    parts, total = [], 0
    for _, text in items:
        parts.append(text)
        total += len(text) + 1
        if total >= size:
            break
    return [(f"joined-{size}", "\n".join(parts)[:size])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    grammar = compile_grammar(GRAMMAR)
    rules = sum(len(p.rules) for p in grammar.phases)
    items = texts()
    chars = sum(len(t) for _, t in items)
    prs = preprocessors()
    docs = prepare(items, prs)
    annotations = sum(len(d.annset()) for d in docs)

    time_jape(grammar, docs, 1)  # warm up (the per-value caches of the feature tests)
    jape_s = time_jape(grammar, docs, args.runs)
    made = []
    for doc in [fresh(d) for d in docs]:
        before = len(doc.annset())
        grammar(doc)
        made.append(len(doc.annset()) - before)

    def whole() -> None:
        for name, text in items:
            doc = Document(text, name=name)
            for pr in prs:
                pr(doc)
            grammar(doc)

    pipeline_s = median_time(whole, args.runs)

    print(f"{machine()}; median of {args.runs} runs, one process")
    print(f"grammar: {GRAMMAR.relative_to(ROOT)} ({len(grammar.phases)} phases, {rules} rules)")
    print(f"corpus: MEDDOCAN train+dev, {len(items)} documents, {chars:,} characters, "
          f"{annotations:,} input annotations, {sum(made):,} made by the grammar")
    rows = []

    def row(label: str, size: int, seconds: Seconds) -> None:
        rows.append([label, f"{seconds.cpu:.3f}", f"{size / seconds.cpu:,.0f}", f"{seconds.wall:.3f}"])

    row("JAPE phases alone (750 documents)", chars, jape_s)
    row("whole pipeline (tok+split+gaz+JAPE)", chars, pipeline_s)
    for size in (100_000, 1_000_000):
        big = prepare(joined(items, size), prs)
        row(f"JAPE on one {size // 1000:,} KB document", size, time_jape(grammar, big, args.runs))
    print_table(["measure", "CPU s", "chars/s/core", "wall s"], rows)


if __name__ == "__main__":
    main()
