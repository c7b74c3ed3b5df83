"""The GATE-compatible gazetteer: lists.def, features, case, whole words, longest match, errors."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex
from gazetteerhelp import write

from annotator.document import Document
from annotator.errors import PipelineError
from annotator.processing.base import resource_class
from annotator.processing.gazetteer import Gazetteer

TOKEN = regex.compile(r"(?P<t>[\p{L}\p{M}]+|\p{Nd}+|\S)|(?P<s>\s)")


def tokenize(doc: Document, set_name: str = "", pattern: regex.Pattern = TOKEN) -> None:
    """A tiny tokenizer for the tests: letters, digits, other characters; SpaceTokens."""
    out = doc.annset(set_name)
    for m in pattern.finditer(doc.text):
        out.add("Token" if m.lastgroup == "t" else "SpaceToken", m.start(), m.end(), {"string": m.group()})


def lookups(doc: Document, set_name: str = "", types: tuple[str, ...] = ("Lookup",)) -> list[tuple[str, dict]]:
    return [(doc.covered_text(a), a.features) for a in doc.annset(set_name).with_type(*types)]


def spans(doc: Document, set_name: str = "") -> list[str]:
    return [text for text, _ in lookups(doc, set_name)]


@pytest.fixture
def places(tmp_path: Path) -> Path:
    return write(tmp_path, {
        "lists.def": "countries.lst:location:country:en\n\nsub/titles.lst:title\ncities.lst:location:city::City\n",
        "countries.lst": "United States:ISO2=US:ISO3=USA\nSpain:ISO2=ES\n\n",
        "sub/titles.lst": "Mr.\nDr\n",
        "cities.lst": "New York\nNew York City\nYork\n",
    })


def run(definition: Path, text: str, tokens: bool = False, **params) -> Document:
    doc = Document(text)
    if tokens:
        tokenize(doc)
    Gazetteer(listsURL=definition, **params)(doc)
    return doc


def test_lists_def_types_and_features(places: Path) -> None:
    doc = run(places, "Mr. Smith flew from Spain to the United States and New York.")
    found = lookups(doc, types=("Lookup", "City"))
    assert ("Mr.", {"majorType": "title"}) in found
    assert ("Spain", {"majorType": "location", "minorType": "country", "language": "en", "ISO2": "ES"}) in found
    assert ("United States", {"majorType": "location", "minorType": "country", "language": "en",
                              "ISO2": "US", "ISO3": "USA"}) in found
    city = [a for a in doc.annset().with_type("City")]
    assert [(doc.covered_text(a), a.features) for a in city] == [("New York", {"majorType": "location", "minorType": "city"}),
                                                                 ("York", {"majorType": "location", "minorType": "city"})]


def test_registered_and_configured_from_strings(places: Path) -> None:
    cls = resource_class("gazetteer")
    assert cls is Gazetteer
    pr = cls(listsURL="lists.def", caseSensitive="false", base_dir=places.parent)
    doc = Document("SPAIN")
    pr(doc)
    assert spans(doc) == ["SPAIN"]


def test_case_modes(places: Path) -> None:
    assert spans(run(places, "new york and spain")) == []
    assert spans(run(places, "new york and spain", caseSensitive=False)) == ["spain"]
    assert [t for t, _ in lookups(run(places, "NEW YORK", caseSensitive=False), types=("City",))] == ["NEW YORK", "YORK"]


def test_case_folding_keeps_offsets(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "s.lst:city\n", "s.lst": "Istanbul\nGroße Straße\n"})
    doc = run(definition, "İSTANBUL, İstanbul and istanbul; GROSSE STRASSE, GROẞE STRAẞE", caseSensitive=False)
    assert spans(doc) == ["İSTANBUL", "İstanbul", "istanbul", "GROẞE STRAẞE"]


def test_whole_words_on_raw_text(places: Path) -> None:
    doc = run(places, "Yorkshire, New Yorker, York, Spanish.")
    assert [t for t, _ in lookups(doc, types=("City",))] == ["York"]
    assert spans(doc) == []


def test_token_alignment(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:x\n", "a.lst": "Mr.\nmail\n1500\n"})
    text = "Mr. e-mail at 1500H"
    # raw text: "mail" is a word after "-", "1500" is glued to "H"
    assert spans(run(definition, text)) == ["Mr.", "mail"]
    # Tokens that keep "e-mail" whole and split "1500H" decide instead
    coarse = regex.compile(r"(?P<t>\w+(?:-\w+)*|\p{Nd}+|\S)|(?P<s>\s)")
    doc = Document(text)
    tokenize(doc, pattern=regex.compile(r"(?P<t>[a-z]+-[a-z]+|[\p{L}]+|\p{Nd}+|\S)|(?P<s>\s)"))
    Gazetteer(listsURL=definition)(doc)
    assert spans(doc) == ["Mr.", "1500"]
    doc = Document(text)
    tokenize(doc, pattern=coarse)
    Gazetteer(listsURL=definition)(doc)
    assert spans(doc) == ["Mr."]


def test_not_whole_words(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:x\n", "a.lst": "1500\nH\n"})
    assert spans(run(definition, "1500H")) == []
    assert spans(run(definition, "1500H", wholeWordsOnly=False)) == ["1500", "H"]


def test_letter_edges_as_gates_default_gazetteer(tmp_path: Path) -> None:
    # GATE's DefaultGazetteer.execute takes a match when the characters before its start and after
    # its end are not word-internal (isWordInternal: a letter or a combining mark), whatever the Tokens.
    definition = write(tmp_path, {"lists.def": "a.lst:x\n", "a.lst": "Karl\nUS\nmail\nH\nYork\n"})
    text = "Karl-Ludwig, US-led e-mail 1500H Yorkshire York\u0301"
    found = {}
    for edges in ("tokens", "letters"):
        doc = Document(text)
        tokenize(doc, pattern=regex.compile(r"(?P<t>\w+-|\w+|\S)|(?P<s>\s)"))  # "Karl-", "US-", "1500H"
        Gazetteer(listsURL=definition, wordEdges=edges)(doc)
        found[edges] = spans(doc)
    assert found == {"tokens": ["mail"], "letters": ["Karl", "US", "mail", "H"]}


def test_letter_edges_match_inside_digit_runs_as_gates_default_gazetteer(tmp_path: Path) -> None:
    # GATE's DefaultGazetteer.run tries a match at every character (after a failed walk it goes on
    # at matchedRegionStart + 1) and rejects one only for a letter beside it (Character.isLetter;
    # isWordInternal in later versions), so a digit beside a match is no edge: ANNIE's "3M" is
    # looked up in "23M", "Motel 6" in "Motel 66", "20-20" in "2020-2021". Token edges keep digit runs whole.
    definition = write(tmp_path, {"lists.def": "a.lst:x\n", "a.lst": "3M\nMotel 6\n20-20\n15\nM\n"})
    text = "23M, Motel 66, 2020-2021, 1500, 3Mx"
    found = {}
    for edges in ("tokens", "letters"):
        doc = Document(text)
        tokenize(doc)
        Gazetteer(listsURL=definition, wordEdges=edges)(doc)
        found[edges] = [(doc.covered_text(a), a.start) for a in doc.annset().with_type("Lookup")]
    assert found == {"tokens": [("M", 2)],
                     "letters": [("3M", 1), ("M", 2), ("Motel 6", 5), ("20-20", 17), ("15", 26)]}


def test_tokens_from_input_set_and_output_set(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:x\n", "a.lst": "mail\n"})
    doc = Document("e-mail")
    tokenize(doc, "T", pattern=regex.compile(r"(?P<t>\S+)|(?P<s>\s)"))
    Gazetteer(listsURL=definition, inputASName="T", outputASName="G")(doc)
    assert spans(doc, "G") == [] and not doc.has_annset("")
    Gazetteer(listsURL=definition, outputASName="G2")(doc)  # no Tokens in the default set
    assert spans(doc, "G2") == ["mail"]


def test_multi_word_layout(places: Path) -> None:
    doc = run(places, "New\n  York; NewYork; New-York", tokens=True)
    found = [(a.start, doc.covered_text(a)) for a in doc.annset().with_type("City")]
    assert found == [(0, "New\n  York"), (6, "York"), (25, "York")]
    definition = write(places.parent / "m", {"lists.def": "a.lst:x\n", "a.lst": "Mr .\nc/o\n"})
    assert spans(run(definition, "Mr. Mr . c / o c/o", tokens=True)) == ["Mr .", "c/o"]


def test_longest_match_only(places: Path) -> None:
    text = "I love New York City."
    doc = run(places, text, tokens=True)
    assert [t for t, _ in lookups(doc, types=("City",))] == ["New York City", "York"]
    doc = run(places, text, tokens=True, longestMatchOnly=False)
    assert [t for t, _ in lookups(doc, types=("City",))] == ["New York City", "New York", "York"]


def test_entry_in_two_lists_and_repeated(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:person:first\nb.lst:person:last\n",
                                  "a.lst": "Jordan\nJordan\n", "b.lst": "Jordan:origin=en\n"})
    found = lookups(run(definition, "Jordan"))
    assert sorted(found, key=str) == sorted([("Jordan", {"majorType": "person", "minorType": "first"}),
                                             ("Jordan", {"majorType": "person", "minorType": "last", "origin": "en"})], key=str)


def test_feature_separator(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:time\n", "a.lst": "12:30|kind=clock|src=x\nnoon\n"})
    doc = run(definition, "at 12:30 or noon", gazetteerFeatureSeparator="|")
    assert lookups(doc) == [("12:30", {"majorType": "time", "kind": "clock", "src": "x"}), ("noon", {"majorType": "time"})]
    doc = run(definition, "12:30|kind=clock|src=x", gazetteerFeatureSeparator="")
    assert spans(doc) == ["12:30|kind=clock|src=x"]


def test_encoding(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:x\n", "a.lst": "Peña\n"}, encoding="latin-1")
    assert spans(run(definition, "Sra. Peña", encoding="latin-1")) == ["Peña"]
    with pytest.raises(PipelineError) as err:
        Gazetteer(listsURL=definition)
    assert "E430" in str(err.value) and "a.lst:1:" in str(err.value) and "utf-8" in str(err.value)


@pytest.mark.parametrize("files, code, where", [
    ({"lists.def": "a.lst:x\nonlyfile.lst\n", "a.lst": "a\n"}, "E431", "lists.def:2:"),
    ({"lists.def": "a.lst:x:y:z:T:extra\n", "a.lst": "a\n"}, "E431", "lists.def:1:"),
    ({"lists.def": "\nmissing.lst:x\n"}, "E432", "lists.def:2:"),
    ({"lists.def": "a.lst:x\n", "a.lst": "ok\nUnited States:ISO2\n"}, "E433", "a.lst:2:"),
    ({"lists.def": "a.lst:x\n", "a.lst": ":k=v\n"}, "E434", "a.lst:1:"),
])
def test_errors_name_file_and_line(tmp_path: Path, files: dict[str, str], code: str, where: str) -> None:
    definition = write(tmp_path, files)
    with pytest.raises(PipelineError) as err:
        Gazetteer(listsURL=definition)
    message = str(err.value)
    assert code in message and where in message and "\n" not in message


def test_missing_lists_def(tmp_path: Path) -> None:
    with pytest.raises(PipelineError, match="^E334 gazetteer: parameter listsURL: no such file"):
        Gazetteer(listsURL=tmp_path / "nope.def")


def test_with_the_tokenizer(places: Path) -> None:
    tokenizer = pytest.importorskip("annotator.processing.tokenizer").Tokenizer
    doc = Document("Dr. Smith (New York City) met Mr. Jones.")
    tokenizer()(doc)
    Gazetteer(listsURL=places)(doc)
    assert spans(doc) == ["Dr", "Mr."]
    assert [t for t, _ in lookups(doc, types=("City",))] == ["New York City", "York"]


def test_pickles_for_worker_processes(places: Path) -> None:
    import pickle

    copy = pickle.loads(pickle.dumps(Gazetteer(listsURL=places)))
    assert spans(run(places, "Mr. Spain")) == ["Mr.", "Spain"]
    doc = Document("Mr. Spain")
    copy(doc)
    assert spans(doc) == ["Mr.", "Spain"]


def test_byte_order_mark_and_crlf(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "\ufeffa.lst:x\r\n", "a.lst": "\ufeffSpain\r\nNew York\r\n"})
    assert spans(run(definition, "Spain, New York")) == ["Spain", "New York"]


def test_unordered_view_has_every_token() -> None:
    doc = Document("Mr. Smith went to New York.")
    tokenize(doc)
    tokens = doc.annset().with_type("Token")
    assert sorted(a.id for a in tokens.unordered()) == sorted(a.id for a in tokens) and len(list(tokens.unordered())) == 8


def test_combining_marks(tmp_path: Path) -> None:
    decomposed = "Jose\u0301"
    definition = write(tmp_path, {"lists.def": "a.lst:x\n", "a.lst": f"{decomposed} Pe\u00f1a\nJose\n"})
    text = f"Sr. {decomposed} Peña y Jose."
    assert spans(run(definition, text)) == [f"{decomposed} Peña", "Jose"]
    doc = Document(text)
    tokenize(doc, pattern=regex.compile(r"(?P<t>[\p{L}\p{M}]+|\p{Nd}+|\S)|(?P<s>\s)"))  # marks inside words
    Gazetteer(listsURL=definition)(doc)
    assert spans(doc) == [f"{decomposed} Peña", "Jose"]
