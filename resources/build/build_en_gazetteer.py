"""Build the small English gazetteer of the Hina et al. pipeline (resources/gazetteers/en/).

Sources (all public domain; see resources/gazetteers/en/SOURCES.md):
  * US SSA given names 1880-2020, summed (../shared/resources-data/names/us_ssa): names given to at
    least MIN_BIRTHS babies of that sex -> first_female.lst / first_male.lst
  * US Census 1990 surnames (../shared/resources-data/names/us_census1990): the TOP_SURNAMES most
    frequent -> surname.lst
  * US hospital cities (CMS, ../shared/resources-data/hospitals/us_cms): cities with at least
    MIN_HOSPITALS hospitals -> city.lst
  * hand-written lists in this file (Apache-2.0): doctor and patient titles, "other" roles
    (Hina et al.: nurse, partner, brother ...), countries and UK places.

Run:  python resources/build/build_en_gazetteer.py [--shared ../shared]
The generated files are committed; this is only needed to rebuild them.
"""

from __future__ import annotations

import argparse
import csv
import os
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "gazetteers" / "en"
MIN_BIRTHS = 10_000
TOP_SURNAMES = 10_000
MIN_HOSPITALS = 4

DOCTOR_TITLES = ["Dr", "Dr.", "Doctor", "Prof", "Prof.", "Professor", "Consultant", "Registrar", "GP"]
PATIENT_TITLES = ["Mr", "Mr.", "Mrs", "Mrs.", "Ms", "Ms.", "Miss", "Master", "Mx"]
OTHER_ROLES = ["nurse", "partner", "brother", "sister", "husband", "wife", "son", "daughter", "mother", "father",
               "mum", "dad", "friend", "carer", "neighbour", "neighbor", "boyfriend", "girlfriend", "uncle", "aunt",
               "grandmother", "grandfather", "cousin", "social worker", "key worker", "care coordinator",
               "support worker", "therapist", "physiotherapist", "pharmacist", "midwife", "health visitor"]
# English function words that are also surnames (Her, To, Be ...): never names in running text.
FUNCTION_WORDS = {"a", "an", "the", "and", "or", "but", "nor", "of", "to", "in", "on", "at", "by", "for", "from", "with",
                  "as", "into", "onto", "upon", "he", "she", "it", "we", "you", "they", "i", "me", "him", "her", "us",
                  "them", "my", "your", "his", "its", "our", "their", "is", "was", "be", "are", "were", "been", "has",
                  "have", "had", "do", "does", "did", "not", "no", "so", "if", "than", "then", "this", "that", "who"}
PLACES = ["England", "Scotland", "Wales", "Ireland", "Northern Ireland", "United Kingdom", "UK", "Britain", "France",
          "Spain", "Germany", "Italy", "Poland", "Portugal", "India", "Pakistan", "Bangladesh", "Nigeria", "Ghana",
          "Jamaica", "China", "Australia", "Canada", "United States", "USA", "London", "Manchester", "Birmingham",
          "Liverpool", "Leeds", "Sheffield", "Bristol", "Newcastle", "Nottingham", "Leicester", "Glasgow",
          "Edinburgh", "Cardiff", "Belfast", "Oxford", "Cambridge", "Reading", "Bath", "Wells", "Brighton",
          "Croydon", "Lambeth", "Southwark", "Lewisham", "Camberwell", "Brixton", "Peckham", "Bromley", "Kent",
          "Surrey", "Essex", "Sussex", "Yorkshire"]


def title_case(name: str) -> str:
    return " ".join(part[:1].upper() + part[1:].lower() for part in name.split())


def first_names(shared: Path) -> dict[str, list[str]]:
    by_sex: dict[str, list[str]] = {"F": [], "M": []}
    with (shared / "resources-data/names/us_ssa/ssa_totals_1880_2020.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            if int(row["total_births"]) >= MIN_BIRTHS:
                if row["name"].lower() not in FUNCTION_WORDS:
                    by_sex[row["sex"]].append(title_case(row["name"]))
    return by_sex


def surnames(shared: Path) -> list[str]:
    with (shared / "resources-data/names/us_census1990/dist.all.last").open(encoding="utf-8") as fh:
        names = [line.split()[0] for line in fh if line.strip()]
    return [title_case(n) for n in names[:TOP_SURNAMES] if n.lower() not in FUNCTION_WORDS]


def cities(shared: Path) -> list[str]:
    counts: Counter[str] = Counter()
    with (shared / "resources-data/hospitals/us_cms/cms_hospitals_2018.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            counts[title_case(row["City"])] += 1
    return [c for c, n in counts.items() if n >= MIN_HOSPITALS]


def write(name: str, lines: list[str]) -> None:
    """Write lines to OUT/name atomically (temporary file, then rename)."""
    fd, tmp = tempfile.mkstemp(dir=OUT, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write("".join(line + "\n" for line in lines))
    os.replace(tmp, OUT / name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=HERE.parents[2] / "shared")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    firsts = first_names(args.shared)
    lists = {
        "first_female.lst": ("person_first", "female", firsts["F"]),
        "first_male.lst": ("person_first", "male", firsts["M"]),
        "surname.lst": ("person_surname", None, surnames(args.shared)),
        "title_doctor.lst": ("title", "doctor", DOCTOR_TITLES),
        "title_patient.lst": ("title", "patient", PATIENT_TITLES),
        "other_role.lst": ("role", "other", OTHER_ROLES),
        "place.lst": ("location", "place", PLACES),
        "city.lst": ("location", "city", cities(args.shared)),
    }
    for name, (_, _, entries) in lists.items():
        write(name, sorted(set(entries)))
    write("lists.def", [f"{name}:{major}" + (f":{minor}" if minor else "") for name, (major, minor, _) in lists.items()])


if __name__ == "__main__":
    main()
