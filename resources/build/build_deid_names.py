"""Build the name lists of the surrogate generator (resources/deid/{es,en,sv}/first_names.tsv, surnames.tsv).

Each list serves twice: as a lexicon (is this token a first name or a surname? which gender is the
first name?) and as the pool that surrogates are drawn from. A row is

    first_names.tsv:  Name <TAB> gender <TAB> count <TAB> pool
    surnames.tsv:     Name <TAB> count <TAB> pool

``gender`` is ``f`` or ``m`` where one sex holds at least NEUTRAL_SHARE of the name, else ``n``;
``count`` is the source's frequency (holders, births or a weight; only ranks and relative weights
are used); ``pool`` is 1 where the name may be drawn as a surrogate: its spelling is known (the
Spanish INE lists have no accents, so a Spanish name is drawn only when faker's Spanish lists give
its accented spelling) and it is one word. Rows are sorted by count, then name.

Sources (see resources/deid/SOURCES.md):
  * es: INE (Spain) given names by sex and first surnames, Padrón continuo 1 Jan 2017
    (../shared/resources-data/names/es_ine); spellings from faker's es_ES/es_MX/es_AR/es_CO/es_CL lists.
  * en: US SSA given names 1880-2020 by sex (../shared/resources-data/names/us_ssa); US Census 1990
    surnames (../shared/resources-data/names/us_census1990).
  * sv: faker's sv_SE first names (female, male, with weights) and last names (PyPI ``faker``, MIT);
    the SSA shares settle the gender of names faker lists under both sexes (see ``swedish``).

Run:  python resources/build/build_deid_names.py [--shared ../shared]
The output is byte-for-byte reproducible (fixed sources, sorted rows); the files are committed.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import unicodedata
from collections import Counter
from pathlib import Path

from annotator.atomic import write_atomic

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "deid"
TOP_FIRST = 4000      # first names per language (lexicon and pool)
TOP_SURNAMES = 4000   # surnames per language
NEUTRAL_SHARE = 0.9   # a first name is gendered when one sex holds at least this share
SPANISH_SPELLING_LOCALES = ("es_ES", "es_MX", "es_AR", "es_CO", "es_CL")
PLAIN_SPANISH = set("ABCDEFGHIJKLMNÑOPQRSTUVWXYZÁÉÍÓÚÜ")


def _key(name: str) -> str:
    """Upper case without accents but with Ñ: how the INE lists spell names."""
    decomposed = unicodedata.normalize("NFD", name.upper())
    kept = "".join(c for i, c in enumerate(decomposed)
                   if not unicodedata.combining(c) or (c == "\u0303" and decomposed[i - 1] == "N"))
    return unicodedata.normalize("NFC", kept)


def _title(name: str) -> str:
    word = name[:1].upper() + name[1:].lower()
    if word.startswith("Mc") and len(word) > 2:
        word = "Mc" + word[2].upper() + word[3:]
    return word


def _spanish_spellings(attrs: tuple[str, ...], accented_first: bool) -> dict[str, str]:
    """INE key -> its spelling in faker's Spanish lists ``attrs``. Faker's locales disagree on a few
    (``Garcia``/``García``, ``Martin``/``Martín``, ``Luis``/``Luís``, ``Ruben``/``Rubén``): for surnames
    an accented spelling wins (``accented_first``), for first names the one most locales give, an
    accented one on a tie."""
    votes: dict[str, Counter[str]] = {}
    for locale in SPANISH_SPELLING_LOCALES:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        spelled = {name for attr in attrs for name in provider.__dict__.get(attr) or ()}
        for name in spelled:
            if set(name.upper()) <= PLAIN_SPANISH:
                votes.setdefault(_key(name), Counter())[name] += 1
    return {key: max(sorted(counter), key=lambda name: (counter[name], name.upper() != key)[::-1 if accented_first else 1])
            for key, counter in votes.items()}


def _gender(female: float, male: float) -> str:
    share = female / (female + male)
    return "f" if share >= NEUTRAL_SHARE else "m" if share <= 1 - NEUTRAL_SHARE else "n"


def _first_rows(counts: dict[str, tuple[float, float]], spell) -> list[str]:
    """Rows for the TOP_FIRST most frequent one-word names; ``spell(name)`` gives (spelling, poolable)."""
    ranked = sorted(counts.items(), key=lambda item: (-sum(item[1]), item[0]))[:TOP_FIRST]
    rows = []
    for name, (female, male) in ranked:
        spelling, pool = spell(name)
        rows.append(f"{spelling}\t{_gender(female, male)}\t{round(female + male)}\t{int(pool)}")
    return rows


def _surname_rows(counts: dict[str, float], spell) -> list[str]:
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP_SURNAMES]
    rows = []
    for name, count in ranked:
        spelling, pool = spell(name)
        rows.append(f"{spelling}\t{round(count)}\t{int(pool)}")
    return rows


def _read_counts(path: Path) -> dict[str, float]:
    with path.open(encoding="utf-8", newline="") as fh:
        return {name: float(count) for name, count in csv.reader(fh) if " " not in name}


def spanish(shared: Path) -> tuple[list[str], list[str]]:
    folder = shared / "resources-data/names/es_ine"
    female, male = _read_counts(folder / "esfemeninos.csv"), _read_counts(folder / "esmasculinos.csv")
    counts = {name: (female.get(name, 0.0), male.get(name, 0.0)) for name in female.keys() | male.keys()}

    def speller(spellings: dict[str, str]):
        return lambda name: (spellings[name], True) if name in spellings else (_title(name), False)

    return (_first_rows(counts, speller(_spanish_spellings(("first_names_female", "first_names_male"), False))),
            _surname_rows(_read_counts(folder / "essurnames.csv"), speller(_spanish_spellings(("last_names",), True))))


def _ssa_counts(shared: Path) -> dict[str, tuple[float, float]]:
    """SSA given name -> (female, male) births 1880-2020."""
    counts: dict[str, list[float]] = {}
    with (shared / "resources-data/names/us_ssa/ssa_totals_1880_2020.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            counts.setdefault(row["name"], [0.0, 0.0])[row["sex"] == "M"] += float(row["total_births"])
    return {name: (female, male) for name, (female, male) in counts.items()}


def english(shared: Path) -> tuple[list[str], list[str]]:
    counts = _ssa_counts(shared)
    surnames: dict[str, float] = {}
    with (shared / "resources-data/names/us_census1990/dist.all.last").open(encoding="utf-8") as fh:
        for line in fh:
            name, percent, _cumulative, _rank = line.split()
            surnames.setdefault(_title(name), float(percent) * 1000)  # the two stray top lines repeat rows
    as_is = lambda name: (name, name.isalpha())  # noqa: E731
    return _first_rows(counts, as_is), _surname_rows(surnames, as_is)


def swedish(shared: Path) -> tuple[list[str], list[str]]:
    """Faker's sv_SE lists. A few names stand in both with weights that make them neutral though they
    are not (``Ali``, ``Mohamed``, ``Ahmed`` are in its female list): where the SSA list gives such a
    name a gender, its Swedish weights are split in the SSA's shares."""
    provider = importlib.import_module("faker.providers.person.sv_SE").Provider
    female, male = provider.first_names_female, provider.first_names_male
    scale = 1_000_000  # faker's weights are shares; keep six digits
    ssa = _ssa_counts(shared)
    counts = {}
    for name in female.keys() | male.keys():
        weights = (female.get(name, 0.0) * scale, male.get(name, 0.0) * scale)
        if _gender(*weights) == "n" and name in ssa and _gender(*ssa[name]) != "n":
            share = ssa[name][0] / sum(ssa[name])
            weights = (sum(weights) * share, sum(weights) * (1 - share))
        counts[name] = weights
    as_is = lambda name: (name, name.isalpha())  # noqa: E731
    surnames = {name: round(weight * scale) for name, weight in provider.last_names.items()}
    return _first_rows(counts, as_is), _surname_rows(surnames, as_is)


def write(path: Path, rows: list[str]) -> None:
    write_atomic(path, "".join(row + "\n" for row in rows).encode("utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=HERE.parents[2] / "shared")
    args = parser.parse_args()
    for language, (first, last) in {"es": spanish(args.shared), "en": english(args.shared), "sv": swedish(args.shared)}.items():
        write(OUT / language / "first_names.tsv", first)
        write(OUT / language / "surnames.tsv", last)
        print(f"{language}: {len(first)} first names ({sum(r.endswith('1') for r in first)} drawable), "
              f"{len(last)} surnames ({sum(r.endswith('1') for r in last)} drawable)")


if __name__ == "__main__":
    main()
