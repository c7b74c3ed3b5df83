"""The record matcher's fast paths give exactly the annotations of ``strategy="reference"``: the name
comparison (rapidfuzz's bounded search) those of every note word against every record name token
by a plain edit distance, the date search (month names found by their shortest spellings) those
of a date-like expression tried wherever a name of a date's month is written, the
literal search (from each value's longest word) those of every value tried at every offset: on
random notes (hypothesis) and on the MEDDOCAN texts with records made from their gold headers."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from annotator import Document
from annotator.processing.record_matcher import RecordMatcher
from annotator.processing.record_matcher.dates import MONTHS, ROMAN, find_dates
from annotator.processing.record_matcher.literals import STREET_TYPES, LiteralMatcher, words_of
from annotator.processing.record_matcher.names import edit_distance

RECORD = {"name": ["Ignacio Rico Pedroza", "María José Núñez de la Fuente"], "id": ["5467980"],
          "phone": ["+34 912 345 678"], "date": ["11/02/1970"], "address": ["C/ Mayor 4, 28013 Madrid"],
          "email": ["irico@example.org"]}
WORDS = ["Ignacio", "ignacio", "Ignasio", "Rico", "rico", "Rica", "Pedroza", "Pedrosa", "PEDROZA", "María", "Maria",
         "maría", "José", "Jose", "Núñez", "Nuñez", "Nunez", "de", "la", "Fuente", "Fuentes", "Dr.", "Dra.", "Sr.",
         "paciente", "el", "con", "y", "vecino", "hermana", "Mayor", "Madrid", "C/", "Calle", "28013", "4",
         "5467980", "546 79 80", "912 345 678", "91 234 56 78", "11/02/1970", "11-feb-1970", "1970",
         "irico@example.org", " ", " ", " ", ", ", ". ", "\n", "-", "(", ")", "ñ", "Ø", "Σ", "ß"]


# dates and the pieces of notes that write them or nearly: numbers, month names, Roman months,
# separators, fillers, units that make a day and month a quantity, line breaks
DATES = [(1970, 2, 11), (1970, 11, 2), (2003, 3, 1), (1999, 12, 31), (1970, 2, 12)]
DATE_PIECES = ["11", "02", "2", "1970", "70", "12", "3", "03", "1", "01", "2003", "03", "31", "1999", "99", "20030301",
               "19700211", "110270", "011", "iii", "xii", "ii", "febrero", "feb", "february", "marzo", "mar", "march",
               "diciembre", "dic", "dec", "noviembre", "11th", "1º", "1:a", "/", "/", "-", "-", ".", ":", ",", " ",
               " ", " ", "\t", " de ", " del ", " of ", " the ", "\n", "mg", " mg", " días", " semanas", " years",
               "x", "a", "el", "(", "120/70"]
# literal values (addresses, other fields) and the pieces of notes that write them or nearly
LITERALS = {"address": ["Avenida Sol 5, 28013 Madrid", "C/ Mayor 4, 2º A, Madrid", "Plaza de la Paz 1",
                        "Gatan 12, Lund"], "mascota": ["Toby Rex"], "email": ["ana.gil@example.org"]}
LITERAL_PIECES = ["avenida", "avda", "av", "sol", "5", "28013", "madrid", "c", "calle", "cl", "mayor", "4", "2º", "a",
                  "plaza", "pl", "pza", "de", "la", "paz", "1", "gatan", "g", "12", "lund", "toby", "rex", "ana",
                  "gil", "example", "org", "ana.gil@example.org", " ", " ", " ", "  ", "    ", ", ", ". ", "/", "-",
                  "@", "\n", "x", "solar", "mayores"]
DATE_SEPARATORS = ["/", "-", ".", " de ", " ", ", ", " of ", ":", "\t", "//", " - ", ""]
WORD_SEPARATORS = [" ", "  ", ", ", ". ", "/ ", "-", "", "    ", " \n "]


@st.composite
def written_date(draw: st.DrawFn) -> str:
    """One of DATES (or its month or day changed) written some way: 2 or 3 of its parts in any
    order, each as a number, a padded number, an ordinal, a Roman month or a month name."""
    year, month, day = draw(st.sampled_from(DATES))
    month = draw(st.sampled_from([month, month, month % 12 + 1]))
    day = draw(st.sampled_from([day, day, day % 28 + 1]))
    parts = [draw(st.sampled_from([str(day), f"{day:02d}", f"{day}th", f"0{day:02d}"])),
             draw(st.sampled_from([str(month), f"{month:02d}", ROMAN[month - 1], *MONTHS[month]])),
             draw(st.sampled_from([str(year), f"{year % 100:02d}"]))]
    parts = draw(st.permutations(parts))[:draw(st.sampled_from([2, 3, 3]))]
    return "".join(part + draw(st.sampled_from(DATE_SEPARATORS)) for part in parts[:-1]) + parts[-1]


@st.composite
def written_value(draw: st.DrawFn) -> str:
    """One of LITERALS (or a part of it) written some way: its words, the first maybe as another
    street type of its group, one maybe dropped, joined by separators of any length."""
    value = draw(st.sampled_from([v for values in LITERALS.values() for v in values]))
    words = words_of(draw(st.sampled_from([value, *value.split(",")])))
    groups = [group.split() for group in STREET_TYPES if words and words[0] in group.split()]
    if groups and draw(st.booleans()):
        words[0] = draw(st.sampled_from(groups[0]))
    if len(words) > 2 and draw(st.booleans()):
        del words[draw(st.integers(0, len(words) - 1))]
    return "".join(word + draw(st.sampled_from(WORD_SEPARATORS)) for word in words)


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(pieces=st.lists(st.one_of(st.sampled_from(DATE_PIECES), written_date()), max_size=20),
       dates=st.lists(st.sampled_from(DATES), min_size=1, max_size=3, unique=True),
       year_needed=st.booleans())
def test_dates_found_as_by_the_reference(pieces: list[str], dates: list[tuple], year_needed: bool) -> None:
    text = "".join(pieces)
    with_year = dates[:1] if year_needed else []
    assert sorted(find_dates(text, dates, with_year)) == sorted(find_dates(text, dates, with_year, reference=True))


def test_the_random_date_notes_hold_dates() -> None:
    assert find_dates("el 11 de febrero de 1970, 1/iii/2003", DATES) == find_dates(
        "el 11 de febrero de 1970, 1/iii/2003", DATES, reference=True) != []


@lru_cache(maxsize=None)
def literal_pair() -> tuple[LiteralMatcher, LiteralMatcher]:
    return (LiteralMatcher(LITERALS, frozenset({"address"})),
            LiteralMatcher(LITERALS, frozenset({"address"}), reference=True))


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(pieces=st.lists(st.one_of(st.sampled_from(LITERAL_PIECES), written_value()), max_size=20))
def test_literals_found_as_by_the_reference(pieces: list[str]) -> None:
    text = "".join(pieces)
    fast, reference = literal_pair()
    assert sorted(fast.find(text)) == sorted(reference.find(text))


def test_the_random_literal_notes_hold_values() -> None:
    fast, reference = literal_pair()
    text = "en avda sol 5, 28013 madrid; toby  rex; c/ mayor 4"
    assert sorted(fast.find(text)) == sorted(reference.find(text)) != []


@lru_cache(maxsize=None)
def pair(folder: str) -> tuple[RecordMatcher, RecordMatcher]:
    path = Path(folder) / "records.jsonl"
    path.write_text(json.dumps({"document": "doc", **RECORD}, ensure_ascii=False) + "\n", encoding="utf-8")
    return RecordMatcher(records=path), RecordMatcher(records=path, strategy="reference")


def phi(pr: RecordMatcher, text: str, name: str = "doc") -> list[tuple]:
    doc = Document(text, name=name)
    pr(doc)
    return [(a.type, a.start, a.end, tuple(sorted(a.features.items()))) for a in doc.annset("PHI")]


@pytest.fixture(scope="module")
def matchers(tmp_path_factory: pytest.TempPathFactory) -> tuple[RecordMatcher, RecordMatcher]:
    return pair(str(tmp_path_factory.mktemp("records")))


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(pieces=st.lists(st.sampled_from(WORDS), max_size=40))
def test_same_annotations_as_the_reference_on_random_notes(matchers, pieces: list[str]) -> None:
    text = " ".join(pieces)
    fast, reference = matchers
    assert phi(fast, text) == phi(reference, text)


def test_the_random_notes_hold_matches(matchers) -> None:
    fast, _ = matchers
    assert phi(fast, "Dr. Ignasio Rico Pedrosa, tel 912 345 678, 11/02/1970")


@pytest.mark.parametrize("a, b, distance", [("", "", 0), ("abc", "", 3), ("kitten", "sitting", 3),
                                            ("flaw", "lawn", 2), ("núñez", "nunez", 2)])
def test_edit_distance(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b) == edit_distance(b, a) == distance


def test_same_annotations_as_the_reference_on_meddocan(meddocan_dir: Path, tmp_path: Path) -> None:
    from annotator import formats
    brat = formats.get("brat")
    docs = [doc for unit in brat.units(meddocan_dir / "dev" / "brat") for doc in brat.read(unit)]
    docs = random.Random(30).sample(docs, 25)
    records = tmp_path / "records.jsonl"
    lines = []
    for doc in docs:
        names = sorted({doc.text[a.start:a.end] for a in doc.annset("") if a.type.startswith("NOMBRE")})
        dates = sorted({doc.text[a.start:a.end] for a in doc.annset("") if a.type == "FECHAS"})
        streets = sorted({doc.text[a.start:a.end] for a in doc.annset("") if a.type == "CALLE"})
        lines.append(json.dumps({"document": doc.name, "name": names, "date": dates, "address": streets},
                                ensure_ascii=False))
    records.write_text("\n".join(lines) + "\n", encoding="utf-8")
    fast, reference = RecordMatcher(records=records), RecordMatcher(records=records, strategy="reference")
    found = 0
    for doc in docs:
        expected = phi(fast, doc.text, doc.name)
        found += len(expected)
        assert expected == phi(reference, doc.text, doc.name), doc.name
    assert found > 25
