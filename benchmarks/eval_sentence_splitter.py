"""Sentence-splitter accuracy on Universal Dependencies treebanks (issue 4, item 4).

Each paragraph of a treebank (``# newpar``; a whole document when the treebank has no paragraph
marks) is rebuilt as one line: its sentences' ``# text`` joined by a single space. The splitter
runs on each paragraph, and the sentence ends it finds inside the paragraph are compared with the
treebank's (the paragraph's own end is not counted): precision, recall and F1 of boundaries.
Treebanks: ``../shared/resources-data/treebanks`` UD English EWT dev (en) and Spanish AnCora
dev (es). Web and news text, not clinical notes: a check that the rules generalise, not a target.
Then the pySBD Spanish cases (``tests/data/sentence_splitter/pysbd_es.json``: 5 golden rules and
25 further cases): how many are split exactly as pySBD's tests expect (issue 17: at least 28).
Last, the clinical English layouts (``tests/data/sentence_splitter/clinical_en.json``: headers,
lists, vitals, lines without a full stop, medications, blank-line blocks; issue 28, item 7): how
many are split exactly as expected, with the default line breaks and with ANNIE's (``blank``).

    python benchmarks/eval_sentence_splitter.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from annotator.processing.sentence_splitter import load_lists, split_sentences

from shared_data import SHARED

TREEBANKS = SHARED / "resources-data" / "treebanks"
FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "data" / "sentence_splitter"
PYSBD_ES = FIXTURES / "pysbd_es.json"
CLINICAL_EN = FIXTURES / "clinical_en.json"
SETS = (("en", "en_ewt/en_ewt-ud-dev.conllu"), ("es", "es_ancora/es_ancora-ud-dev.conllu"))


def paragraphs(path: Path) -> list[list[str]]:
    """The sentence texts of each paragraph (or document) of a CoNLL-U file."""
    found: list[list[str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("# newpar", "# newdoc")) or not found:
            if not found or found[-1]:
                found.append([])
        if line.startswith("# text = "):
            found[-1].append(line[len("# text = "):].strip())
    return [p for p in found if p]


def score(language: str, path: Path) -> tuple[int, int, int, int]:
    """Paragraphs, gold boundaries, found boundaries, correct boundaries."""
    lists = load_lists(language)
    gold_total = found_total = correct = 0
    paras = paragraphs(path)
    for sentences in paras:
        text = " ".join(sentences)
        gold, position = set(), 0
        for sentence in sentences[:-1]:
            position += len(sentence)
            gold.add(position)
            position += 1
        found = {end for _, end in split_sentences(text, lists)[0][:-1]}
        gold_total += len(gold)
        found_total += len(found)
        correct += len(gold & found)
    return len(paras), gold_total, found_total, correct


def exact_cases(path: Path, language: str, line_breaks: str = "layout") -> dict[str, tuple[int, int]]:
    """Per group of the cases of a fixture: (passed, total)."""
    lists = load_lists(language)
    result: dict[str, tuple[int, int]] = {}
    for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
        text = case["text"]
        ok = [text[s:e] for s, e in split_sentences(text, lists, line_breaks)[0]] == case["sentences"]
        passed, total = result.get(case["group"], (0, 0))
        result[case["group"]] = (passed + ok, total + 1)
    return result


def main() -> None:
    if not TREEBANKS.is_dir():
        sys.exit(f"treebanks not found at {TREEBANKS}")
    print(f"| {'treebank':36} | {'paragraphs':>10} | {'gold':>6} | {'found':>6} | {'P':>6} | {'R':>6} | {'F1':>6} |")
    print(f"|{'-' * 38}|{'-' * 12}|{'-' * 8}|{'-' * 8}|{'-' * 8}|{'-' * 8}|{'-' * 8}|")
    for language, name in SETS:
        paras, gold, found, correct = score(language, TREEBANKS / name)
        p, r = correct / max(found, 1), correct / max(gold, 1)
        f1 = 2 * p * r / max(p + r, 1e-9)
        print(f"| {name:36} | {paras:>10} | {gold:>6} | {found:>6} | {p:>6.3f} | {r:>6.3f} | {f1:>6.3f} |")
    for title, path, language, line_breaks in (("pySBD Spanish cases", PYSBD_ES, "es", "layout"),
                                               ("clinical English layouts", CLINICAL_EN, "en", "layout"),
                                               ("clinical English layouts, lineBreaks=gate", CLINICAL_EN, "en",
                                                "gate")):
        groups = exact_cases(path, language, line_breaks)
        passed, total = sum(p for p, _ in groups.values()), sum(t for _, t in groups.values())
        detail = ", ".join(f"{group} {p}/{t}" for group, (p, t) in groups.items())
        print(f"\n{title}: {passed}/{total} ({detail})")


if __name__ == "__main__":
    main()
