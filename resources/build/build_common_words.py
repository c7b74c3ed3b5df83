"""Build the common-word lists of the record matcher (resources/records/common_words_*.txt).

A note word within the edit-distance ratio of a record name token (``para`` ~ ``Sara``, ``pero`` ~
``Pedro``) is a false positive when it is an ordinary word of the language; the record matcher
asks such words for a stronger signal. A word is *common* here when it occurs at least MIN_COUNT
times in the UD treebanks of the language and is a proper noun (UPOS PROPN) in under half of its
occurrences. Words are lower-cased; multiword tokens (``del``, ``al``) count as written. For
Spanish, a word of the MEDDOCAN background documents (unannotated clinical case reports) is common
too when it is written in lower case at least MIN_COUNT times there and more often so than not:
the treebanks are news and web text, and lack most of the clinical vocabulary that a note's words
within the ratio of a name are (``mareo`` ~ ``Mateo``, ``gramos`` ~ ``Ramos``).

Sources (../shared/resources-data/treebanks, see its NOTE.md):
  * es: UD Spanish AnCora dev+test (CC BY 4.0), GSD dev+test (CC BY-SA 4.0), PUD test (CC BY-SA 3.0)
  * en: UD English EWT train+dev+test (CC BY-SA 4.0)
  * es, text: ../shared/corpora/meddocan/background/text (2,751 documents, CC BY 4.0)
The lists are derived data under CC BY-SA 4.0 (see resources/LICENSES.md). There is no Swedish
treebank in ../shared, so there is no Swedish list yet.

Run:  python resources/build/build_common_words.py [--shared ../shared]
The generated files are committed; this is only needed to rebuild them.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "records"
MIN_COUNT = 2
SOURCES = {
    "es": ["es_ancora/es_ancora-ud-dev.conllu", "es_ancora/es_ancora-ud-test.conllu",
           "es_gsd/es_gsd-ud-dev.conllu", "es_gsd/es_gsd-ud-test.conllu", "es_pud/es_pud-ud-test.conllu"],
    "en": ["en_ewt/en_ewt-ud-train.conllu", "en_ewt/en_ewt-ud-dev.conllu", "en_ewt/en_ewt-ud-test.conllu"],
}
# plain texts: words written in lower case (see the module docstring)
TEXTS = {"es": ["corpora/meddocan/background/text"]}
HEADER = ("# Common words ({language}) for the record matcher's false-positive guard: built by\n"
          "# resources/build/build_common_words.py from UD treebanks ({sources}){texts}; CC BY-SA 4.0.\n")
WORD = re.compile(r"[^\W\d_]+")


def count_words(paths: list[Path]) -> tuple[Counter[str], Counter[str]]:
    """(occurrences, occurrences as PROPN) of each lower-cased word form: surface tokens, i.e.
    multiword-token lines and the words outside any multiword token."""
    total: Counter[str] = Counter()
    proper: Counter[str] = Counter()
    for path in paths:
        covered_until = 0  # the last word id of the current multiword token
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                if not line.strip():
                    covered_until = 0  # a new sentence: word ids start again
                    continue
                if line.startswith("#"):
                    continue
                cols = line.rstrip("\n").split("\t")
                ident = cols[0]
                if "-" in ident:  # a multiword token: count its surface form, skip its words
                    covered_until = int(ident.split("-")[1])
                elif "." in ident or int(ident) <= covered_until:
                    continue
                form = cols[1].lower()
                if not any(c.isalpha() for c in form):
                    continue
                total[form] += 1
                proper[form] += cols[3] == "PROPN"
    return total, proper


def lower_case_words(folders: list[Path]) -> set[str]:
    """The words of the .txt files in ``folders`` written in lower case at least MIN_COUNT times
    and more often than not."""
    lower: Counter[str] = Counter()
    other: Counter[str] = Counter()
    for folder in folders:
        for path in sorted(folder.glob("*.txt")):
            for word in WORD.findall(path.read_text(encoding="utf-8")):
                (lower if word.islower() else other)[word.lower()] += 1
    return {w for w, n in lower.items() if n >= MIN_COUNT and n > other[w]}


def build(shared: Path) -> None:
    OUT.mkdir(exist_ok=True)
    for language, names in SOURCES.items():
        total, proper = count_words([shared / "resources-data" / "treebanks" / n for n in names])
        words = {w for w, n in total.items() if n >= MIN_COUNT and proper[w] * 2 < n}
        texts = TEXTS.get(language, [])
        words |= lower_case_words([shared / t for t in texts])
        out = OUT / f"common_words_{language}.txt"
        out.write_text(HEADER.format(language=language, sources=", ".join(Path(n).stem for n in names),
                                     texts="".join(f" and {t}" for t in texts))
                       + "\n".join(sorted(words)) + "\n", encoding="utf-8")
        print(f"{out}: {len(words)} words")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=HERE.parents[2] / "shared")
    build(parser.parse_args().shared)
