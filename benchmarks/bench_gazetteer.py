"""Gazetteer benchmarks (issue 4, items 5 and 6): loading and matching speed.

1. load: the time of ``Gazetteer(listsURL=...)`` (reading lists.def and 4 .lst files, building the
   entry table) for 500,000 entries (``gazetteer_data.combinations``: every name of
   ../shared/resources-data/names, then "First Surname" pairs).
2. match: characters per second of the gazetteer on the MEDDOCAN train+dev texts (750 documents,
   2.2 MB) with the 238,906-entry name list, case-sensitive, counting document creation and every
   Lookup made; once on raw text (word-boundary rule) and once on documents that already have
   Tokens (Token-aligned; tokenizing is not timed, the previous run's Lookup set is dropped).
3. regex: the regex gazetteer on the same texts with 6,000 street entries ("Calle [Doctor] Surname",
   "Avenida ...", "Plaza ...") munged by the built-in rules (case, accents, Spanish street cue
   words and their abbreviations, optional de/del/la..., optional punctuation, street number);
   and with the lists of the MEDDOCAN pipeline (resources/gazetteers/es/regex: regexes for
   e-mails, dates, years, ages, phones, and the munged hospital names).

Each figure is the median of ``--runs`` runs: CPU time of the process (what a shared machine does
not distort) and, in brackets, wall-clock time.

    python benchmarks/bench_gazetteer.py [--runs 5]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gazetteer_data  # noqa: E402
from timing import Seconds, build_timed, machine, median_time, print_table  # noqa: E402

from annotator import Document  # noqa: E402
from annotator.paths import RESOURCES  # noqa: E402
from annotator.processing.gazetteer import Gazetteer  # noqa: E402
from annotator.processing.regex_gazetteer import RegexGazetteer  # noqa: E402
from annotator.processing.tokenizer import Tokenizer  # noqa: E402

STREET_WORDS = ["Calle", "Avenida", "Plaza"]


def annotate_all(pr: Callable[[Document], None], texts: list[tuple[str, str]], lookups: list[int]) -> None:
    """Run ``pr`` on a new document per text; ``lookups`` gets the annotations made per text."""
    lookups.clear()
    for name, text in texts:
        doc = Document(text, name=name)
        pr(doc)
        lookups.append(len(doc.annset()))


def speed(chars: int, seconds: Seconds) -> str:
    return f"{chars / seconds.cpu / 1e6:.2f} ({chars / seconds.wall / 1e6:.2f}) M chars/s"


def street_lists(folder: Path) -> Path:
    """3 x 2,000 street entries ("Calle Doctor Garcia") built from the surname list."""
    surnames = gazetteer_data.surnames()[:2000]
    (folder / "streets.lst").write_text(
        "\n".join(f"{cue} {'Doctor ' if k % 5 == 0 else ''}{name}" for cue in STREET_WORDS for k, name in enumerate(surnames)) + "\n",
        encoding="utf-8")
    definition = folder / "regex.def"
    definition.write_text("streets.lst:location:street:es::ignore-case,accents,es-street-cues,es-fillers,punctuation,"
                          "street-number\n", encoding="utf-8")
    return definition


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    texts = gazetteer_data.meddocan_texts()
    chars = sum(len(t) for _, t in texts)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        big = gazetteer_data.write_lists(folder / "big", gazetteer_data.combinations(500_000))
        seconds = median_time(lambda: Gazetteer(listsURL=big), args.runs)
        rows.append(["load 500,000 entries", f"{seconds.cpu:.2f} ({seconds.wall:.2f}) s", "target < 3 s"])

        names = gazetteer_data.names()
        gazetteer = Gazetteer(listsURL=gazetteer_data.write_lists(folder / "names", names))
        lookups: list[int] = []
        seconds = median_time(lambda: annotate_all(gazetteer, texts, lookups), args.runs)
        rows.append([f"match raw text, {len(names):,} entries", speed(chars, seconds),
                     f"{sum(lookups):,} Lookups"])

        tokenizer = Tokenizer()
        tokenized = []
        for name, text in texts:
            doc = Document(text, name=name)
            tokenizer(doc)
            tokenized.append(doc)

        aligned = Gazetteer(listsURL=folder / "names" / "lists.def", outputASName="G")

        def run_tokens() -> None:
            lookups.clear()
            for doc in tokenized:
                if doc.has_annset("G"):
                    doc.remove_annset("G")
                aligned(doc)
                lookups.append(len(doc.annset("G")))

        seconds = median_time(run_tokens, args.runs)
        rows.append([f"match on Tokens, {len(names):,} entries", speed(chars, seconds),
                     f"{sum(lookups):,} Lookups"])

        definition = street_lists(folder)
        regex_gazetteer, load = build_timed(lambda: RegexGazetteer(listsURL=definition))
        seconds = median_time(lambda: annotate_all(regex_gazetteer, texts, lookups), max(1, args.runs // 2))
        rows.append(["regex gazetteer, 6,000 munged streets", speed(chars, seconds),
                     f"{sum(lookups):,} Lookups; load {load:.2f} s"])

        meddocan = RegexGazetteer(listsURL=RESOURCES / "gazetteers" / "es" / "regex" / "lists.def")
        seconds = median_time(lambda: annotate_all(meddocan, texts, lookups), args.runs)
        rows.append(["regex gazetteer, MEDDOCAN regex lists", speed(chars, seconds), f"{sum(lookups):,} Lookups"])

    print(f"{machine()} | {len(texts)} MEDDOCAN train+dev texts, {chars:,} characters | median of {args.runs} runs")
    print("result: CPU time of this process (wall clock in brackets)")
    print_table(["task", "result", "note"], rows, "lrl")


if __name__ == "__main__":
    main()
