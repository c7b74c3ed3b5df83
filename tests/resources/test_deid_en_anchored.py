"""The deid-en actions' patterns searched by ``Anchored`` (resources/grammars/deid-en/actions/; only
where a character their matches begin with is) give the matches of their plain ``finditer``
(``strategy="reference"``), groups included: on random text (hypothesis) and on the English
test material."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from annotator.jape.actions import load_actions_file
from annotator.regexes.anchored import Anchored

REPO = Path(__file__).resolve().parents[2]
ACTIONS = load_actions_file(REPO / "resources" / "grammars" / "deid-en" / "actions")
CONTEXT = sys.modules[ACTIONS.__name__ + ".context"]
ANCHORED = {f"{module.__name__.rsplit('.', 1)[-1]}.{name}": value for module in (ACTIONS, CONTEXT)
            for name, value in vars(module).items() if isinstance(value, Anchored)}
DATA = REPO / "tests" / "data"
PIECES = ["1", "2", "3", "05", "12", "19", "2021", "45", "89", "0958", "555", "617", "02108", "880412773", "'21", "’92",
          " ", " ", " ", "  ", "\t", "\n", ",", ", ", ".", "-", "/", "(", ")", "+", "+44", "00", ":", "'s", "’s", "#",
          "Feb", "feb", "FEB", "Sept", "March", "May", "may", "June", "of", "seen ", "on", "st", "rd", "th",
          "year", "years", "yo", "y/o", "old", "aged", "age:", "M", "F", "male", "in", "his", "her", "late", "30s",
          "is", "was", "and", "turned", "DOB", "born", "T", "14:25", "Z", "Hospital", "Clínica", "Centro de Salud",
          "Italiano", "de", "Buenos", "Aires", "PE", "KNH", "MRN", "JAN", "call", "Ring", "phone", "Dr.", "Okafor",
          "at", "postcode", "Zip code", "is", "AB", "12", "from", "In", "Lagos", "Nigeria", "Maria", "K.", "appointment",
          "ſ", "ı", "İ", "\u212a", "²", "٣", "x", "_"]


def matches(anchored: Anchored, text: str, strategy: str) -> list[tuple]:
    way = Anchored(anchored.pattern, anchored.first, strategy=strategy)
    return [(m.span(), m.groups()) for m in way.finditer(text)]


def test_the_actions_have_anchored_patterns() -> None:
    assert {"_DATES", "_AGES", "_POSSESSIVE"} <= {name.split(".")[-1] for name in ANCHORED}


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(name=st.sampled_from(sorted(ANCHORED)), pieces=st.lists(st.sampled_from(PIECES), max_size=40))
def test_same_matches_as_finditer_on_random_text(name: str, pieces: list[str]) -> None:
    text = "".join(pieces)
    assert matches(ANCHORED[name], text, "fast") == matches(ANCHORED[name], text, "reference")


@pytest.mark.parametrize("name", sorted(ANCHORED))
def test_same_matches_as_finditer_on_the_english_material(name: str) -> None:
    texts = [path.read_text(encoding="utf-8") for path in sorted((DATA / "deid_en").glob("*.txt"))]
    assert texts
    for text in texts:
        assert matches(ANCHORED[name], text, "fast") == matches(ANCHORED[name], text, "reference")
