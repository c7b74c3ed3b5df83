"""deid-en.xml beside Presidio (issue 17's baseline): coverage and speed on the English test material.

Presidio (presidio-analyzer, MIT licence, from PyPI) is what users compare with. Its English names
and places come from a spaCy NER model that is not on PyPI and cannot be downloaded here, so it runs
as it does without one: its pattern recognizers (dates, phones, e-mails, URLs, SSNs, credit cards,
IBANs, licence and passport numbers ...) over a blank spaCy English pipeline, every result kept
(the analyzer's default score threshold, 0). tldextract, which its e-mail and URL recognizers use,
is given its bundled public-suffix snapshot instead of fetching the list.

For each tool, on the notes (development + held-out parts, default policy ``hipaa``) and the
clinician queries (tests/data/deid_en, read by deid_en_material.py): the PHI-value coverage of
annotator.evaluation.phi_values (recall: every letter and digit of a gold value covered;
precision: system values inside gold; the share of PHI-free queries touched), and the speed in
characters per second of this process's CPU time (median of ``--runs``) on the notes as
bench_deid_en.py gives them (20 copies; 100 notes a document, and one note a document).

    pip install -e ".[bench]"
    python benchmarks/baseline_presidio_en.py [--runs 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import deid_en_material  # noqa: E402
from bench_deid_en import joined, notes  # noqa: E402
from timing import machine, median_time, print_table  # noqa: E402

from annotator import Document, Pipeline  # noqa: E402
from annotator.evaluation.phi_values import ValueResult, evaluate_values  # noqa: E402

Tagger = Callable[[str, str], Document]  # (name, text) -> a document with its PHI in set "PHI"


def presidio() -> Tagger:
    """Presidio's analyzer without an NER model (see the module's doc)."""
    try:
        import spacy
        import tldextract
        from presidio_analyzer import AnalyzerEngine
        from presidio_analyzer.nlp_engine import SpacyNlpEngine
    except ImportError:
        sys.exit('needs presidio-analyzer and spacy: pip install -e ".[bench]"')
    tldextract.tldextract.TLD_EXTRACTOR = tldextract.TLDExtract(suffix_list_urls=())  # no network

    class BlankEnglish(SpacyNlpEngine):
        def load(self) -> None:
            self.nlp = {"en": spacy.blank("en")}

    engine = BlankEnglish(models=[{"lang_code": "en", "model_name": "blank"}])
    engine.load()
    analyzer = AnalyzerEngine(nlp_engine=engine, supported_languages=["en"])

    def tag(name: str, text: str) -> Document:
        doc = Document(text, name=name)
        for found in analyzer.analyze(text, language="en"):
            doc.annset("PHI").add(found.entity_type, found.start, found.end)
        return doc

    return tag


def ours() -> Tagger:
    pipeline = Pipeline.load("deid-en")
    return lambda name, text: pipeline(Document(text, name=name))


def coverage(tag: Tagger, parts: tuple[str, ...]) -> ValueResult:
    """The PHI-value figures of ``tag`` on the documents of ``parts``, together."""
    gold = [doc for part in parts for doc in deid_en_material.load(part)]
    return evaluate_values(gold, [tag(g.name, g.text) for g in gold], gold_set="PHI", system_set="PHI")


def speed(tag: Tagger, texts: list[str], runs: int) -> float:
    """Characters per CPU second over ``texts`` (after a warm-up run), the median of ``runs``."""
    run = lambda: [tag(str(i), text) for i, text in enumerate(texts)]  # noqa: E731
    run()
    return sum(map(len, texts)) / median_time(run, runs).cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="speed runs per tool (the median is shown)")
    args = parser.parse_args()
    texts = notes()
    print(f"{machine()}; speed on the notes x20 as in bench_deid_en.py ({sum(map(len, texts)):,} characters), "
          "100 a document and 1 a document")
    rows = []
    for label, make in [("annotator deid-en.xml", ours), ("Presidio, no NER model", presidio)]:
        tag = make()
        on_notes = coverage(tag, ("dev", "heldout")).total
        queries = coverage(tag, ("queries-dev", "queries-heldout"))
        rows.append([label, f"{on_notes.recall:.3f}", f"{on_notes.precision:.3f}",
                     f"{queries.total.recall:.3f}", f"{queries.touched_share:.3f}",
                     f"{speed(tag, joined(texts), args.runs):,.0f}", f"{speed(tag, texts, args.runs):,.0f}"])
    print_table(["tool", "notes: recall", "precision", "queries: recall", "PHI-free touched",
                 "chars/CPU s, 100 notes a doc", "1 note a doc"], rows)


if __name__ == "__main__":
    main()
