"""The regex gazetteer's fast strategy (patterns that begin with digits or punctuation tried only
where such a character is, patterns that begin with month names only where the first characters
of one can be, e-mails and URLs only on the runs of their characters, entries remembered by the
characters of their matches) gives exactly the Lookups of ``strategy="reference"``, every pattern
tried at every offset: on random text (hypothesis), the MEDDOCAN texts and the English notes."""

from __future__ import annotations

import random
import re
import time
from functools import lru_cache
from pathlib import Path

import pytest
from gazetteerhelp import write
from hypothesis import given, settings
from hypothesis import strategies as st

from annotator.document import Document
from annotator.errors import PipelineError
from annotator.paths import RESOURCES
from annotator.processing import regex_gazetteer
from annotator.processing.regex_gazetteer import RegexGazetteer

LISTS = {
    "patterns": RESOURCES / "patterns" / "lists.def",
    "meddocan": RESOURCES / "gazetteers" / "es" / "regex" / "lists.def",
}
OPTIONS = [(), (("longestMatchOnly", False),), (("wholeWordsOnly", False),)]
NOTES = Path(__file__).resolve().parents[1] / "data" / "deid_en" / "notes.txt"
PIECES = ["1", "2", "3", "07", "12", "19", "2019", "1998", "28034", "555", "0958", "123-45-6789", "12345678Z",
          "/", "-", ".", ":", ",", " ", " ", " ", "\t", "\n", "(", ")", "+", "+34", "@", "a", "de", "el", "of",
          "Feb", "Sept", "marzo", "March", "mars", "NHC", "Fecha", "mg", "h", "pm", "www.", ".com", "x", "Z", "III",
          # month names in other cases and inside words
          "MARZO", "SEPT", "sEPT", "Septiembre", "ABR.", "juLI", "tomar", "tiene",
          # the words of a year ("year", "año", "år": strings of 2 letters and a space)
          "año", "AÑO", "Year", "år", "ÅR", "ar", "ano", "año 2019", "YEAR 1998", "år\t2020",
          # e-mails, URLs, domains and IPv6 addresses (tried only on the runs of their characters around a literal)
          "x@y", "@", ".es", ".org", "seram", "http://", "ftp", "://", "::", "fe80", ":", "a1", "-", "_", "/",
          # characters re and regex read otherwise as word characters, combining accents, a capital sigma, NUL
          "²", "\u0301", "ñ", "Σ", "\0"]


def lookups(gazetteer: RegexGazetteer, text: str) -> list[tuple]:
    doc = Document(text)
    gazetteer(doc)
    return [(a.type, a.start, a.end, tuple(sorted(a.features.items()))) for a in doc.annset()]


@lru_cache(maxsize=None)
def pair(lists: str, options: tuple = ()) -> tuple[RegexGazetteer, RegexGazetteer]:
    """The fast and the reference gazetteer of ``lists`` (the reference without a practical timeout:
    a long text takes it long)."""
    return (RegexGazetteer(listsURL=LISTS[lists], **dict(options)),
            RegexGazetteer(listsURL=LISTS[lists], strategy="reference", timeout=3600.0, **dict(options)))


def same(lists: str, text: str, options: tuple = ()) -> bool:
    fast, reference = pair(lists, options)
    return lookups(fast, text) == lookups(reference, text)


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(lists=st.sampled_from(sorted(LISTS)), options=st.sampled_from(OPTIONS),
       pieces=st.lists(st.sampled_from(PIECES), max_size=40))
def test_same_lookups_as_the_reference_on_random_text(lists: str, options: tuple, pieces: list[str]) -> None:
    assert same(lists, "".join(pieces), options)


def sample(paths: list[Path], count: int) -> list[str]:
    return [path.read_text(encoding="utf-8") for path in random.Random(30).sample(paths, min(count, len(paths)))]


@pytest.mark.parametrize("lists", sorted(LISTS))
def test_same_lookups_as_the_reference_on_meddocan(lists: str, meddocan_dir: Path) -> None:
    texts = sample(sorted((meddocan_dir / "dev" / "brat").glob("*.txt")), 12)
    assert texts
    for text in texts:
        fast, _ = pair(lists)
        assert lookups(fast, text), "the sample has matches"
        assert same(lists, text), text[:80]


@pytest.mark.parametrize("lists", sorted(LISTS))
def test_same_lookups_as_the_reference_on_the_english_notes(lists: str) -> None:
    lines = [line for line in NOTES.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    notes = [re.sub(r"\[[A-Z]+\??:([^\]]*)\]", r"\1", line.replace("\\n", "\n")) for line in lines]
    texts = ["\n\n".join(notes[i:i + 30]) for i in range(0, len(notes), 30)]  # documents of 30 notes
    assert any(lookups(pair(lists)[0], text) for text in texts)
    for text in texts:
        assert same(lists, text), text[:80]


@pytest.mark.parametrize("lists", sorted(LISTS))
def test_runs_however_much_of_the_text_they_cover(lists: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The runs of e-mail, URL and IPv6 characters are used even where they cover most of the text
    (the gazetteer scans instead when they cover more than a small share: random text has many)."""
    monkeypatch.setattr(regex_gazetteer, "RUNS_SHARE", 1)
    fast, reference = (RegexGazetteer(listsURL=LISTS[lists], strategy=s) for s in ("fast", "reference"))
    rng = random.Random(16)
    for _ in range(40):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(20, 150)))
        assert lookups(fast, text) == lookups(reference, text), text


def test_groups_of_the_same_name_in_several_patterns(tmp_path: Path) -> None:
    """Each pattern's groups and back-references are its own, though all run in one scan."""
    definition = write(tmp_path, {"lists.def": "d.lst:Date:a:::regex\n",
                                  "d.lst": "\\d(?P<s>[-/])\\d(?P=s)\\d\tkind=x\n\\d(?P<s>[.:])\\d\\d(?P=s)\\d\tkind=y\n"})
    text = "1-2-3 1-2/3 4.55.6 4.55:6 7:88:9"
    for strategy in ("fast", "reference"):
        gazetteer = RegexGazetteer(listsURL=definition, strategy=strategy)
        assert [(text[s:e], dict(f)["kind"]) for _, s, e, f in lookups(gazetteer, text)] == [
            ("1-2-3", "x"), ("4.55.6", "y"), ("7:88:9", "y")]


@pytest.mark.parametrize("strategy", ["fast", "reference"])
def test_timeout_of_a_pattern_tried_after_another_matched(tmp_path: Path, strategy: str) -> None:
    """At an offset where a first pattern matches, the ones after it are still tried, under the
    same timeout: a catastrophic one fails the document with E435 naming its line."""
    definition = write(tmp_path, {"lists.def": "d.lst:x::::regex\n",
                                  "d.lst": "12+\n1(?:2|2)*(?:2|2)*(?:2|2)*$\n"})
    gazetteer = RegexGazetteer(listsURL=definition, timeout=0.2, strategy=strategy)
    start = time.monotonic()
    with pytest.raises(PipelineError, match=r"d\.lst:2: E435"):
        gazetteer(Document("1" + "2" * 40 + "!"))
    assert time.monotonic() - start < 5


def test_timeout_of_a_pattern_tried_on_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pattern tried at the offsets of the runs around its literals (e-mails, URLs) has the
    document's timeout too: a catastrophic one fails the document with E435 naming its line."""
    monkeypatch.setattr(regex_gazetteer, "RUNS_SHARE", 1)
    definition = write(tmp_path, {"lists.def": "e.lst:x::::regex\n",
                                  "e.lst": "b@c\na@(?:a|a)*(?:a|a)*(?:a|a)*$\n"})
    gazetteer = RegexGazetteer(listsURL=definition, timeout=0.2)
    gazetteer(Document("b@c a@b"))  # a fast document passes
    start = time.monotonic()
    with pytest.raises(PipelineError, match=r"e\.lst:2: E435"):
        gazetteer(Document("a@" + "a" * 40 + "!"))
    assert time.monotonic() - start < 5


def test_look_behinds_a_pattern_begins_with(tmp_path: Path) -> None:
    """A pattern that begins with a look-behind matches where its look-behind holds, also at the
    start of the text and after a NUL character."""
    definition = write(tmp_path, {"lists.def": "d.lst:x::::regex\n",
                                  "d.lst": "(?<!\\d/)\\d\\d\n(?<=/)\\d\\d\n(?<![\\x00a])\\d\\d\n(?<=^)\\d\\d\n"})
    fast, reference = (RegexGazetteer(listsURL=definition, strategy=s) for s in ("fast", "reference"))
    for text in ["12", "/12", "1/12 x", "\0/12", "\x0012", "a/12", "a/1/12", " 12/12/12"]:
        assert lookups(fast, text) == lookups(reference, text), text
    assert [(s, e) for _, s, e, _ in lookups(fast, "1/12 x")] == [(2, 4), (2, 4)]  # two patterns
    assert [(s, e) for _, s, e, _ in lookups(fast, "a12")] == []  # inside a word


@pytest.mark.parametrize("lists", sorted(LISTS))
def test_leads_after_characters_re_and_regex_read_otherwise(lists: str) -> None:
    """Month names and year words after characters ``re`` reads as word characters and ``regex``
    does not (``²``), the other way round (a combining accent), and other letters."""
    texts = ["m²marzo 2019", "m² marzo 2019", "x\u0301marzo de 2019", "\u0301marzo de 2019", "ñmarzo 2019",
             "Σmarzo 2019", "año²2019", "²año 2019", "12 de marzo de 2019", "(marzo 2019)", "_marzo 2019"]
    for text in texts:
        assert same(lists, text), text
    assert any(lookups(pair(lists)[0], text) for text in texts)
