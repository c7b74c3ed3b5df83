"""The record matcher's fast name comparison (rapidfuzz's bounded search, Latin-1 word splitting)
gives exactly the annotations of ``strategy="reference"``, every note word against every record
name token by a plain edit distance: on random notes (hypothesis) and on the MEDDOCAN texts with
records made from their gold headers."""

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
from annotator.processing.record_matcher.names import edit_distance

RECORD = {"name": ["Ignacio Rico Pedroza", "María José Núñez de la Fuente"], "id": ["5467980"],
          "phone": ["+34 912 345 678"], "date": ["11/02/1970"], "address": ["C/ Mayor 4, 28013 Madrid"],
          "email": ["irico@example.org"]}
WORDS = ["Ignacio", "ignacio", "Ignasio", "Rico", "rico", "Rica", "Pedroza", "Pedrosa", "PEDROZA", "María", "Maria",
         "maría", "José", "Jose", "Núñez", "Nuñez", "Nunez", "de", "la", "Fuente", "Fuentes", "Dr.", "Dra.", "Sr.",
         "paciente", "el", "con", "y", "vecino", "hermana", "Mayor", "Madrid", "C/", "Calle", "28013", "4",
         "5467980", "546 79 80", "912 345 678", "91 234 56 78", "11/02/1970", "11-feb-1970", "1970",
         "irico@example.org", " ", " ", " ", ", ", ". ", "\n", "-", "(", ")", "ñ", "Ø", "Σ", "ß"]


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
        lines.append(json.dumps({"document": doc.name, "name": names, "date": dates}, ensure_ascii=False))
    records.write_text("\n".join(lines) + "\n", encoding="utf-8")
    fast, reference = RecordMatcher(records=records), RecordMatcher(records=records, strategy="reference")
    found = 0
    for doc in docs:
        expected = phi(fast, doc.text, doc.name)
        found += len(expected)
        assert expected == phi(reference, doc.text, doc.name), doc.name
    assert found > 25
