"""The regex gazetteer: munging rules, regex entries, longest match, timeouts and errors."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import regex
from gazetteerhelp import write

from annotator.document import Document
from annotator.errors import PipelineError
from annotator.paths import RESOURCES
from annotator.processing.base import resource_class
from annotator.processing.folding import fold
from annotator.processing.munging import Munging, plain
from annotator.processing.regex_gazetteer import RegexGazetteer

RULES = """\
rules:
  - name: cues
    kind: synonyms
    sets:
      - [calle, c/, cl.]
      - [doctor, dr.]
  - name: fillers
    kind: optional-words
    words: [de, del, la]
  - name: number
    kind: suffix
    pattern: '(?:,?\\s*(?:n[º°o]\\.?\\s*)?\\d{1,4})?'
"""


def found(definition: Path, text: str, **params) -> list[tuple[str, dict]]:
    doc = Document(text, name="doc-1")
    RegexGazetteer(listsURL=definition, **params)(doc)
    return [(doc.covered_text(a), a.features) for a in doc.annset()]


@pytest.fixture
def streets(tmp_path: Path) -> Path:
    write(tmp_path, {"rules.yaml": RULES})
    return write(tmp_path, {
        "lists.def": "streets.lst:location:street:es::ignore-case,accents,cues,fillers,punctuation,number\n",
        "streets.lst": "Calle Doctor Esquerdo\tcity=Madrid\nCalle de Alcalá\n",
    })


@pytest.mark.parametrize("text, span", [
    ("Vive en C/ Dr. Esquerdo, 46, 1º.", "C/ Dr. Esquerdo, 46"),
    ("Vive en Calle del Doctor Esquerdo 46.", "Calle del Doctor Esquerdo 46"),
    ("Vive en CALLE DOCTOR ESQUÉRDO nº 4", "CALLE DOCTOR ESQUÉRDO nº 4"),
    ("Vive en c/Dr.Esquerdo.", "c/Dr.Esquerdo"),
    ("Vive en cl. la Doctor Esquerdo", "cl. la Doctor Esquerdo"),
])
def test_munged_variants(streets: Path, text: str, span: str) -> None:
    result = found(streets, text, mungingURL=streets.parent / "rules.yaml")
    assert result == [(span, {"majorType": "location", "minorType": "street", "language": "es", "city": "Madrid"})]


@pytest.mark.parametrize("text", ["CalleDoctor Esquerdo", "Calle Doctor Esquerdos", "Avenida Doctor Esquerdo"])
def test_munged_non_matches(streets: Path, text: str) -> None:
    assert found(streets, text, mungingURL=streets.parent / "rules.yaml") == []


def test_optional_word_in_entry_and_accents(streets: Path) -> None:
    result = found(streets, "en calle alcala, 3 y en C/ de Alcalá", mungingURL=streets.parent / "rules.yaml")
    assert [span for span, _ in result] == ["calle alcala, 3", "C/ de Alcalá"]


def test_rules_are_per_list(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:name:plain\nb.lst:name:folded:::ignore-case,accents\n",
                                  "a.lst": "José\n", "b.lst": "Peña\n"})
    result = found(definition, "JOSE Jose José PENA pena Peña")
    assert [(span, f["minorType"]) for span, f in result] == [("José", "plain"), ("PENA", "folded"),
                                                              ("pena", "folded"), ("Peña", "folded")]
    assert [span for span, _ in found(definition, "JOSÉ josé jose", caseSensitive=False)] == ["JOSÉ", "josé"]


def test_regex_entries_with_features(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "ids.lst:ID:dni:::regex\nnhc.lst:ID:nhc:::regex,ignore-case\n",
                                  "ids.lst": "\\d{8}[A-Z]\tkind=dni\n(?:\\+34\\s*)?[6-9]\\d{2}(?:\\s?\\d{3}){2}\tkind=phone\n",
                                  "nhc.lst": "nhc[:\\s]*\\d{6,8}\n"})
    result = found(definition, "DNI 12345678Z, tel. +34 912 345 678, NHC: 2233445; 123456789Z")
    assert result == [("12345678Z", {"majorType": "ID", "minorType": "dni", "kind": "dni"}),
                      ("+34 912 345 678", {"majorType": "ID", "minorType": "dni", "kind": "phone"}),
                      ("912 345 678", {"majorType": "ID", "minorType": "dni", "kind": "phone"}),  # a later start
                      ("NHC: 2233445", {"majorType": "ID", "minorType": "nhc"})]


def test_backreferences_and_named_groups(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "r.lst:rep:::: regex\n",
                                  "r.lst": "(\\d)\\1\\1\n(?P<w>[a-z]+)-(?P=w)\n[()]x\n"})
    assert [span for span, _ in found(definition, "111 123 bla-bla bla-ble (x")] == ["111", "bla-bla", "(x"]


def test_produces_the_annotation_types_of_its_lists(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:date::::regex\nb.lst:x:::Candidate:regex\n",
                                  "a.lst": "\\d{4}\n", "b.lst": "[A-Z]{3}\n"})
    gazetteer = RegexGazetteer(listsURL=definition)
    doc = Document("ABC 2019", name="doc-1")
    gazetteer(doc)
    assert gazetteer.produces == ("Candidate", "Lookup")
    assert [a.type for a in doc.annset()] == ["Candidate", "Lookup"]


def test_longest_match(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:place:city\nb.lst:place:area:::regex\n",
                                  "a.lst": "New York\nNew York City\nYork\n", "b.lst": "New \\w+ \\w+ \\w+\n"})
    text = "in New York City area"
    assert [(s, f["minorType"]) for s, f in found(definition, text)] == [("New York City area", "area"), ("York", "city")]
    everything = [(s, f["minorType"]) for s, f in found(definition, text, longestMatchOnly=False)]
    assert sorted(everything) == sorted([("New York City area", "area"), ("New York City", "city"),
                                         ("New York", "city"), ("York", "city")])


def test_same_pattern_in_two_lists(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:person:first\nb.lst:person:last\n",
                                  "a.lst": "Jordan\n", "b.lst": "Jordan\n"})
    assert sorted(f["minorType"] for _, f in found(definition, "Jordan")) == ["first", "last"]


def test_whole_words(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:x\n", "a.lst": "York\n"})
    assert found(definition, "Yorkshire") == []
    assert [s for s, _ in found(definition, "Yorkshire", wholeWordsOnly=False)] == ["York"]


def test_whole_words_after_word_characters(tmp_path: Path) -> None:
    # the scanning patterns leave the test of the character before a match to the PR (speed):
    # a match right after a word character is dropped, and the scan goes on inside it
    definition = write(tmp_path, {"lists.def": "a.lst:x::::ignore-case\nb.lst:n::::regex\n",
                                  "a.lst": "ana\nbanana\n", "b.lst": "\\d{2}\n"})
    assert [s for s, _ in found(definition, "xbanana Banana ana a12 34 5678 _12")] == ["Banana", "ana", "34"]
    assert [s for s, _ in found(definition, "xbanana 5678", wholeWordsOnly=False)] == [
        "banana", "ana", "ana", "56", "67", "78"]


def test_scans_find_every_start_the_entries_match_at(tmp_path: Path) -> None:
    # scanning patterns whose matches all begin with a word character begin with \b (faster);
    # the spans must be those of each entry's own whole-word pattern tried at every offset
    definition = write(tmp_path, {"lists.def": "a.lst:x::::ignore-case,accents,punctuation\nb.lst:n::::regex\n"
                                               "c.lst:y::::ignore-case\n",
                                  "a.lst": "Ana\nSan Juan\nJuan\n",
                                  "b.lst": "\\d{2}\n(?:19|20)\\d\\d\n[+]?\\d\n(?:[Ee]nero|ene)\\.?\\s*\\d{1,2}\n",
                                  "c.lst": "-Juan\nAna\n"})
    pr = RegexGazetteer(listsURL=definition, longestMatchOnly=False)
    # the plain list a and three regexes begin with \b; "[+]?\d" and the list c with "-Juan" cannot
    assert sorted(m.scan.pattern.startswith("\\b") for m in pr.matchers) == [False, False, True, True, True, True]
    # the month pattern is run where one of its names is ("nero", "ene": literals to search for)
    assert [len(m.leads) for m in pr.matchers if m.leads] == [2]
    text = ("ana xana _ana \u0301ana ·ana ªana SAN JUÁN san-juan -juan 1950 x19 +7 ²12 a_12 12_ 5678 "
            "enero 1 ene. 12 enero12 xene 3")
    doc = Document(text, name="doc-1")
    pr(doc)
    expected = {(start, match.end()) for entry in [e for m in pr.matchers for e in m.entries]
                for start in range(len(text))
                if (match := pr.own_pattern(entry).match(fold(text, *entry.folding), start)) and match.end() > start}
    assert {(a.start, a.end) for a in doc.annset()} == expected
    # "ana" after "x", "_", a combining accent or "ª" (word characters) is no whole word; after "·" it is
    assert sorted((s, doc.text[s:e]) for s, e in expected) == [
        (0, "ana"), (20, "ana"), (29, "SAN JUÁN"), (33, "JUÁN"), (42, "juan"), (47, "-juan"), (48, "juan"),
        (53, "1950"), (62, "+7"), (63, "7"), (66, "12"), (83, "enero 1"), (89, "1"), (91, "ene. 12"), (96, "12"),
        (99, "enero12"), (112, "3")]


@pytest.mark.parametrize("text, expected", [
    ("x a.es y", ["a.es"]), ("a.org b.com", ["a.org", "b.com"]), ("a.ess a.c", []), ("", [])])
def test_a_text_is_searched_for_one_of_several_needed_strings(tmp_path: Path, text: str, expected: list) -> None:
    """A document is scanned for a pattern when it holds one of the strings every match holds one
    of (one search for all of them)."""
    definition = write(tmp_path, {"lists.def": "u.lst:Url::::regex\n", "u.lst": "[a-z]+(?:\\.es|\\.org|\\.com)\n"})
    pr = RegexGazetteer(listsURL=definition)
    assert [len(need) for need in pr.matchers[0].needs] == [3, 3]
    doc = Document(text)
    pr(doc)
    assert [doc.covered_text(a) for a in doc.annset()] == expected


def test_split_pattern_matches_its_first_alternative(tmp_path: Path) -> None:
    # run where "abc" or "abc de" is, the entry still matches what it matches whole
    definition = write(tmp_path, {"lists.def": "b.lst:n::::regex\n", "b.lst": "(?:abc|abc de)(?: fgh)?\n"})
    assert [len(m.leads) for m in RegexGazetteer(listsURL=definition).matchers] == [2]
    assert [s for s, _ in found(definition, "abc de fgh, xabc de fgh")] == ["abc"]


def test_leads_are_found_case_and_accent_folded(tmp_path: Path) -> None:
    # the month names are looked for on the folded text ("abr", "ago"), the pattern then tried as written
    definition = write(tmp_path, {"lists.def": "b.lst:n::::regex\n", "b.lst": "(?:[Aa]bril|ABRIL|[Áá]gosto)\\.? \\d+\n"})
    assert [len(m.leads) for m in RegexGazetteer(listsURL=definition).matchers] == [3]
    assert [s for s, _ in found(definition, "abril 1 ABRIL. 2 aBRIL 3 ÁGOSTO 4 Agosto 5 ágosto. 6 xabril 7")] == [
        "abril 1", "ABRIL. 2", "ágosto. 6"]


def test_leads_with_a_capital_sigma_are_scanned(tmp_path: Path) -> None:
    # str.lower maps a capital sigma by context (σ, or ς at the end of a word): no one folded
    # string to look for, so the pattern scans the text
    definition = write(tmp_path, {"lists.def": "b.lst:n::::regex\n", "b.lst": "(?:ΣΕΠ|ΟΚΤ)\\.? \\d+\n"})
    assert [m.leads for m in RegexGazetteer(listsURL=definition).matchers] == [()]
    assert [s for s, _ in found(definition, "ΣΕΠ. 12, ΟΚΤ 3 σεπ 4")] == ["ΣΕΠ. 12", "ΟΚΤ 3"]


def test_shipped_email_list_is_the_one_pattern_it_replaces() -> None:
    # resources/gazetteers/es/regex/email.lst splits one pattern in two by the first character of
    # the match (a word character: a \b pattern, much faster to scan; or one of ".+-")
    original = regex.compile(r"(?<!\w)(?:(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+)(?!\w)")
    text = ("a@b.es x.y+z@c-d.e.f _q@r.st .p@q.rs +s@t.uv -t@u.vw a.b@c ñ@ü.es \u0301u@v.wx ,k@l.mn "
            "x-.m@n.op yz@ab.c_ m@n.o@p.q @a.b a@b.c- é.í@ó.ú 1@2.3")
    doc = Document(text, name="doc-1")
    RegexGazetteer(listsURL=RESOURCES / "gazetteers/es/regex/lists.def")(doc)
    expected = {(m.start(), m.end()) for m in original.finditer(text, overlapped=True)}
    assert {(a.start, a.end) for a in doc.annset() if a.features["minorType"] == "email"} == expected
    assert len(expected) >= 10


@pytest.mark.parametrize("pattern", ["(a+)+$", "(a|aa)+$", "(?:a|a)*(?:a|a)*(?:a|a)*$"])
def test_catastrophic_regex_does_not_hang(tmp_path: Path, pattern: str) -> None:
    """The ``regex`` module defuses ``(a+)+$`` by itself; patterns it cannot defuse hit the
    timeout and fail the document with E435 naming the list file, line and document."""
    definition = write(tmp_path, {"lists.def": "ok.lst:x\nbad.lst:y::::regex\n",
                                  "ok.lst": "aaa\n", "bad.lst": f"b+\n{pattern}\n"})
    pr = RegexGazetteer(listsURL=definition, timeout=0.2)
    doc = Document("a" * 40 + "!", name="note-7")
    start = time.monotonic()
    try:
        pr(doc)
    except PipelineError as err:
        message = str(err)
        assert message.startswith(f"{tmp_path / 'bad.lst'}:2: E435") and pattern in message and "note-7" in message
        assert len(doc.annset()) == 0  # nothing half-made: the document fails as a whole
        assert pattern != "(a+)+$"
    else:
        assert pattern == "(a+)+$"
    assert time.monotonic() - start < 5


def test_catastrophic_regex_times_out_in_a_thread_other_than_the_main_one(tmp_path: Path) -> None:
    """Dask workers and thread pools run documents outside the main thread, where a signal handler
    would never run: the timeout still fails the document with E435 naming the entry."""
    from concurrent.futures import ThreadPoolExecutor

    definition = write(tmp_path, {"lists.def": "bad.lst:y::::regex\n", "bad.lst": "b+\n(a|aa)+$\n"})
    pr = RegexGazetteer(listsURL=definition, timeout=0.2)
    doc = Document("a" * 40 + "!", name="note-8")
    start = time.monotonic()
    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(PipelineError, match=r"bad\.lst:2: E435 .*note-8"):
            pool.submit(pr, doc).result(timeout=60)
    assert time.monotonic() - start < 5 and len(doc.annset()) == 0


def test_timeout_fails_only_slow_documents(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "bad.lst:y::::regex\n", "bad.lst": "(a|aa)+$\n"})
    pr = RegexGazetteer(listsURL=definition, timeout=0.2)
    doc = Document("aaaa")
    pr(doc)
    assert [doc.covered_text(a) for a in doc.annset()] == ["aaaa"]
    with pytest.raises(PipelineError, match="E435"):
        pr(Document("a" * 40 + "!"))


def test_registered(tmp_path: Path) -> None:
    write(tmp_path, {"lists.def": "a.lst:x\n", "a.lst": "abc\n"})
    cls = resource_class("regex-gazetteer")
    assert cls is RegexGazetteer
    doc = Document("x abc")
    pr = cls(listsURL="lists.def", timeout="1.5", base_dir=tmp_path)
    pr(doc)
    assert pr.timeout == 1.5 and [doc.covered_text(a) for a in doc.annset()] == ["abc"]


@pytest.mark.parametrize("files, code, where", [
    ({"lists.def": "a.lst:x::::regex\n", "a.lst": "ok\n(unclosed\n"}, "E436", "a.lst:2:"),
    ({"lists.def": "a.lst:x\nb.lst:x::::nosuchrule\n", "a.lst": "a\n", "b.lst": "b\n"}, "E437", "lists.def:2:"),
    ({"lists.def": "a.lst:x:y:z:T:regex:more\n", "a.lst": "a\n"}, "E431", "lists.def:1:"),
    ({"lists.def": "a.lst:x\n", "a.lst": "a\tnot-a-feature\n"}, "E433", "a.lst:1:"),
])
def test_list_errors(tmp_path: Path, files: dict[str, str], code: str, where: str) -> None:
    with pytest.raises(PipelineError) as err:
        RegexGazetteer(listsURL=write(tmp_path, files))
    assert code in str(err.value) and where in str(err.value)


@pytest.mark.parametrize("rules, reason", [
    ("rules: [{name: x, kind: nope}]", "unknown kind 'nope'"),
    ("rules: [{name: x, kind: suffix, pattern: '(\\d+)'}]", "capturing groups"),
    ("rules: [{name: x, kind: suffix, pattern: '(?:'}]", "invalid pattern"),
    ("rules: [{name: x, kind: synonyms, sets: [calle]}]", "list of words"),
    ("rules: [{kind: accents}]", "needs a 'name'"),
    ("rules:\n  - name: x\n   kind: [", "rules.yaml:3"),
])
def test_rule_file_errors(tmp_path: Path, rules: str, reason: str) -> None:
    definition = write(tmp_path, {"lists.def": "a.lst:x\n", "a.lst": "a\n", "rules.yaml": rules})
    with pytest.raises(PipelineError) as err:
        RegexGazetteer(listsURL=definition, mungingURL=tmp_path / "rules.yaml")
    assert "E438" in str(err.value) and reason in str(err.value)


def test_fold_keeps_offsets() -> None:
    text = "José PEÑA, İstanbul, Straße"
    for flags in [(True, False), (False, True), (True, True)]:
        assert len(fold(text, *flags)) == len(text)
    assert fold(text, True, True) == "jose pena, istanbul, straße"
    assert fold(text, False, True) == "Jose PENA, Istanbul, Straße"
    assert plain("Ésta") == "esta"


def test_accent_folding_is_the_same_in_latin1_text_and_beyond(tmp_path: Path) -> None:
    # a text of Latin-1 letters only, and the same text with a letter beyond Latin-1 after it
    definition = write(tmp_path, {"lists.def": "a.lst:name:folded:::ignore-case,accents\n", "a.lst": "Ñandú\nPeña\nÀÿÇ\n"})
    text = "ñandu NANDU Ñandú pena PEÑA Pena ayc AYC Àÿç"
    latin1 = found(definition, text)
    assert [span for span, _ in latin1] == text.split()
    assert found(definition, text + " \u0142") == latin1
    assert found(definition, "\u0142 " + text)[0][0] == "ñandu"


def test_munging_pattern_is_one_regex() -> None:
    munging = Munging(punctuation=".", synonyms={"dr.": ["dr.", "doctor"], "doctor": ["dr.", "doctor"]})
    assert munging.pattern("Dr. House") == munging.pattern("doctor House")


def test_pickles_for_worker_processes(streets: Path) -> None:
    import pickle

    pr = RegexGazetteer(listsURL=streets, mungingURL=streets.parent / "rules.yaml", longestMatchOnly=False)
    copy = pickle.loads(pickle.dumps(pr))
    text = "Vive en C/ Dr. Esquerdo, 46 y en calle alcala 3"
    docs = [Document(text), Document(text)]
    pr(docs[0])
    copy(docs[1])
    assert [(a.span, a.features) for a in docs[0].annset()] == [(a.span, a.features) for a in docs[1].annset()]
    assert len(docs[1].annset()) == 2


@pytest.mark.parametrize("text, span", [
    ("Avda. de la Constitución nº 12, 3º", "Avda. de la Constitución nº 12"),
    ("AV CONSTITUCION, 7B.", "AV CONSTITUCION, 7B"),
    ("avenida de la constitucion s/n", "avenida de la constitucion s/n"),
])
def test_built_in_spanish_address_rules(tmp_path: Path, text: str, span: str) -> None:
    definition = write(tmp_path, {
        "lists.def": "s.lst:location:street:::ignore-case,accents,es-street-cues,es-fillers,punctuation,street-number\n",
        "s.lst": "Avenida Constitución\n"})
    assert [s for s, _ in found(definition, text)] == [span]


def test_rule_file_redefines_a_built_in(tmp_path: Path) -> None:
    definition = write(tmp_path, {"lists.def": "s.lst:x::::ignore-case,street-number\n", "s.lst": "Mayor\n",
                                  "rules.yaml": "rules: [{name: street-number, kind: suffix, pattern: '(?:-\\d+)?'}]"})
    assert [s for s, _ in found(definition, "Mayor-5, Mayor 5")] == ["Mayor", "Mayor 5"]
    assert [s for s, _ in found(definition, "Mayor-5, Mayor 5", mungingURL=tmp_path / "rules.yaml")] == ["Mayor-5", "Mayor"]
