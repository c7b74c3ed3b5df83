"""The regex gazetteer runs patterns that begin with digits or punctuation only at the offsets
where a match of theirs can begin, all in one scan, patterns that begin with month names only
where the first characters of one can be (one scan from word starts), and patterns that
consume no spaces only on the runs of their characters around their literals (e-mails, URLs): the
Lookups must be exactly those of scanning each pattern at every offset (the path every other
pattern takes), on real and random text. The same for the entries of trie matches remembered by
their characters."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from gazetteerhelp import write

from annotator.document import Document
from annotator.errors import PipelineError
from annotator.paths import RESOURCES
from annotator.processing import regex_gazetteer
from annotator.processing.regex_gazetteer import RegexGazetteer

LISTS = {
    "patterns": RESOURCES / "patterns" / "lists.def",
    "meddocan": RESOURCES / "gazetteers" / "es" / "regex" / "lists.def",
}
PIECES = ["1", "2", "3", "07", "12", "19", "2019", "1998", "28034", "555", "0958", "123-45-6789", "12345678Z",
          "/", "-", ".", ":", ",", " ", " ", " ", "\t", "\n", "(", ")", "+", "+34", "@", "a", "de", "el", "of",
          "Feb", "Sept", "marzo", "March", "mars", "NHC", "Fecha", "mg", "h", "pm", "www.", ".com", "x", "Z", "III",
          # month names in other cases and inside words
          "MARZO", "SEPT", "sEPT", "Septiembre", "ABR.", "juLI", "tomar", "tiene",
          # the words of a year ("year", "año", "år": strings of 2 letters and a space)
          "año", "AÑO", "Year", "år", "ÅR", "ar", "ano", "año 2019", "YEAR 1998", "år\t2020",
          # e-mails, URLs, domains and IPv6 addresses (tried only on the runs of their characters around a literal)
          "x@y", "@", ".es", ".org", "seram", "http://", "ftp", "://", "::", "fe80", ":", "a1", "-", "_", "/"]


def lookups(gazetteer: RegexGazetteer, text: str) -> list[tuple]:
    doc = Document(text)
    gazetteer(doc)
    return [(a.type, a.start, a.end, tuple(sorted(a.features.items()))) for a in doc.annset()]


def scanning_everywhere(gazetteer: RegexGazetteer) -> RegexGazetteer:
    """The same gazetteer with every pattern scanned at every offset."""
    reference = RegexGazetteer(**{name: getattr(gazetteer, name) for name in
                                  ("listsURL", "longestMatchOnly", "wholeWordsOnly", "timeout")})
    assert reference.starts, "the lists have patterns the start-offset pass runs"
    reference.starts = {}
    reference.scanned = frozenset(range(len(reference.matchers)))
    for matcher in reference.matchers:
        matcher.leads = ()
        matcher.runs = None
    return reference


def random_texts(seed: int, count: int = 60) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(50, 400))) for _ in range(count)]


@pytest.mark.parametrize("lists", sorted(LISTS))
@pytest.mark.parametrize("options", [{}, {"longestMatchOnly": False}, {"wholeWordsOnly": False}])
def test_same_lookups_as_scanning_every_offset_on_random_text(lists: str, options: dict) -> None:
    gazetteer = RegexGazetteer(listsURL=LISTS[lists], **options)
    reference = scanning_everywhere(gazetteer)
    for text in random_texts(15):
        assert lookups(gazetteer, text) == lookups(reference, text), text


@pytest.mark.parametrize("lists", sorted(LISTS))
def test_runs_however_much_of_the_text_they_cover(lists: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The runs of e-mail, URL and IPv6 characters are used even where they cover most of the text
    (the gazetteer scans instead when they cover more than a small share: random text has many)."""
    monkeypatch.setattr(regex_gazetteer, "RUNS_SHARE", 1)
    gazetteer = RegexGazetteer(listsURL=LISTS[lists])
    assert any(matcher.runs for matcher in gazetteer.matchers)
    reference = scanning_everywhere(gazetteer)
    for text in random_texts(16):
        assert lookups(gazetteer, text) == lookups(reference, text), text


@pytest.mark.parametrize("lists", sorted(LISTS))
def test_same_lookups_as_scanning_every_offset_on_meddocan(lists: str, meddocan_dir: Path) -> None:
    gazetteer = RegexGazetteer(listsURL=LISTS[lists])
    reference = scanning_everywhere(gazetteer)
    texts = sorted((meddocan_dir / "dev" / "brat").glob("*.txt"))
    assert texts
    for path in texts:
        text = path.read_text(encoding="utf-8")
        assert lookups(gazetteer, text) == lookups(reference, text), path.name


def test_groups_of_the_same_name_in_several_patterns(tmp_path: Path) -> None:
    """Each pattern's groups and back-references are its own, though all run in one scan."""
    definition = write(tmp_path, {"lists.def": "d.lst:Date:a:::regex\n",
                                  "d.lst": "\\d(?P<s>[-/])\\d(?P=s)\\d\tkind=x\n\\d(?P<s>[.:])\\d\\d(?P=s)\\d\tkind=y\n"})
    gazetteer = RegexGazetteer(listsURL=definition)
    text = "1-2-3 1-2/3 4.55.6 4.55:6 7:88:9"
    assert [(text[s:e], dict(f)["kind"]) for _, s, e, f in lookups(gazetteer, text)] == [
        ("1-2-3", "x"), ("4.55.6", "y"), ("7:88:9", "y")]
    assert lookups(gazetteer, text) == lookups(scanning_everywhere(gazetteer), text)


def test_timeout_of_a_pattern_tried_after_another_matched(tmp_path: Path) -> None:
    """At an offset where a first pattern matches, the ones after it are still tried, under the
    same timeout: a catastrophic one fails the document with E435 naming its line."""
    definition = write(tmp_path, {"lists.def": "d.lst:x::::regex\n",
                                  "d.lst": "12+\n1(?:2|2)*(?:2|2)*(?:2|2)*$\n"})
    gazetteer = RegexGazetteer(listsURL=definition, timeout=0.2)
    assert gazetteer.starts
    start = time.monotonic()
    with pytest.raises(PipelineError, match=r"d\.lst:2: E435"):
        gazetteer(Document("1" + "2" * 40 + "!"))
    assert time.monotonic() - start < 5


def test_timeout_of_a_pattern_tried_on_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pattern tried at the offsets of the runs around its literals (e-mails, URLs) has the
    document's timeout too (the calls pass it by position): a catastrophic one fails the
    document with E435 naming its line."""
    monkeypatch.setattr(regex_gazetteer, "RUNS_SHARE", 1)
    definition = write(tmp_path, {"lists.def": "e.lst:x::::regex\n",
                                  "e.lst": "b@c\na@(?:a|a)*(?:a|a)*(?:a|a)*$\n"})
    gazetteer = RegexGazetteer(listsURL=definition, timeout=0.2)
    assert gazetteer.matchers[1].runs is not None
    gazetteer(Document("b@c a@b"))  # a fast document passes
    start = time.monotonic()
    with pytest.raises(PipelineError, match=r"e\.lst:2: E435"):
        gazetteer(Document("a@" + "a" * 40 + "!"))
    assert time.monotonic() - start < 5


@pytest.mark.parametrize("lists", sorted(LISTS))
def test_entries_remembered_by_the_characters_of_their_matches(lists: str, meddocan_dir: Path) -> None:
    """The entry a trie matcher remembers for the characters of a match and those in reach around
    it (Matcher.known) is the one re-matching finds there."""
    gazetteer = RegexGazetteer(listsURL=LISTS[lists])
    reference = RegexGazetteer(listsURL=LISTS[lists])
    assert any(matcher.reach for matcher in gazetteer.matchers)
    for matcher in reference.matchers:
        matcher.reach = None
    texts = [path.read_text(encoding="utf-8") for path in sorted((meddocan_dir / "dev" / "brat").glob("*.txt"))]
    for text in texts + random_texts(17):
        assert lookups(gazetteer, text) == lookups(reference, text), text
    assert sum(len(matcher.known) for matcher in gazetteer.matchers) > 20


def test_look_behinds_a_pattern_begins_with(tmp_path: Path) -> None:
    """A pattern that begins with a look-behind is not tried at offsets where it fails (no date
    inside a date), and is where the characters before are not known: at the start of the text,
    after a NUL character (the padding before the text)."""
    definition = write(tmp_path, {"lists.def": "d.lst:x::::regex\n",
                                  "d.lst": "(?<!\\d/)\\d\\d\n(?<=/)\\d\\d\n(?<![\\x00a])\\d\\d\n(?<=^)\\d\\d\n"})
    gazetteer = RegexGazetteer(listsURL=definition)
    [group] = gazetteer.starts[(False, False)]
    assert [pattern.pattern for pattern in group.lookbehinds] and group.behind[3] is None
    assert group.members["1/12/"] == (1, 2, 3) and group.members["a/12/"] == (0, 1, 2, 3)
    assert group.members["\0\x0012"] == group.members["\0/12"] == (0, 1, 2, 3)
    reference = scanning_everywhere(gazetteer)
    for text in ["12", "/12", "1/12 x", "\0/12", "\x0012", "a/12", "a/1/12", " 12/12/12"]:
        assert lookups(gazetteer, text) == lookups(reference, text), text


@pytest.mark.parametrize("lists", sorted(LISTS))
def test_leads_after_characters_re_and_regex_read_otherwise(lists: str) -> None:
    """The leads are found with ``re`` after no ASCII word character: the same Lookups as scanning
    every offset after characters ``re`` reads as word characters and ``regex`` does not (``²``),
    the other way round (a combining accent), and other letters."""
    gazetteer = RegexGazetteer(listsURL=LISTS[lists])
    reference = scanning_everywhere(gazetteer)
    for text in ["m²marzo 2019", "m² marzo 2019", "x\u0301marzo de 2019", "\u0301marzo de 2019", "ñmarzo 2019",
                 "Σmarzo 2019", "año²2019", "²año 2019", "12 de marzo de 2019", "(marzo 2019)", "_marzo 2019"]:
        assert lookups(gazetteer, text) == lookups(reference, text), text
    assert any(lookups(gazetteer, text) for text in ["m² marzo 2019", "12 de marzo de 2019"])
