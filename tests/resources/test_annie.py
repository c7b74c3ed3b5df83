"""The ANNIE pipeline (resources/pipelines/annie.xml, issue 31 item 3): ANNIE's entity types with
GATE's features on a few sentences, GATE's tokens after ANNIE's post-processing, GATE's line
breaks; and that its resources are what resources/build/build_annie.py makes."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from annotator import Document, Pipeline
from annotator.jape.port import port

REPO = Path(__file__).resolve().parents[2]
ANNIE = REPO.parent / "shared" / "annie" / "resources"

TEXT = ("Mr. John Smith flew to London on 3 March 2005. He paid $5 million, or 12%, to Acme Inc and "
        "wrote to john.smith@acme.com on Monday.\n"
        "President Bush met Microsoft Corporation in Paris.")


@pytest.fixture(scope="module")
def annie() -> Pipeline:
    return Pipeline.load("annie")


@pytest.fixture(scope="module")
def entities(annie) -> dict[tuple[str, str], dict]:
    doc = annie(Document(TEXT))
    return {(a.type, TEXT[a.start:a.end]): a.features for a in doc.annset()
            if a.type not in ("Token", "SpaceToken", "Lookup", "Split", "Sentence")}


def tokens(annie: Pipeline, text: str) -> list[str]:
    doc = annie(Document(text))
    return [t.features["string"] for t in doc.annset().with_type("Token")]


@pytest.mark.parametrize("entity, features", [
    (("Person", "Mr. John Smith"), {"title": "Mr.", "gender": "male", "firstName": "John", "surname": "Smith",
                                    "kind": "personName", "rule": "PersonTitle"}),
    (("Person", "President Bush"), {"title": "President", "surname": "Bush", "kind": "personName"}),
    (("Organization", "Acme Inc"), {"rule": "OrgXEnding"}),
    (("Organization", "Microsoft Corporation"), {}),
    (("Location", "London"), {"locType": "city"}),
    (("Location", "Paris"), {"locType": "city"}),
    (("Date", "3 March 2005"), {"kind": "date"}),
    (("Date", "Monday"), {"kind": "date"}),
    (("Money", "$5 million"), {"kind": "number"}),
    (("Percent", "12%"), {}),
    (("Address", "john.smith@acme.com"), {"kind": "email"}),
])
def test_entities_with_gate_features(entities, entity, features) -> None:
    assert entity in entities
    got = entities[entity]
    assert {k: got.get(k) for k in features} == features
    assert "rule" in got


def test_only_annies_output_types_are_left(entities) -> None:
    # clean.jape removes ANNIE's working annotations: TempPerson, JobTitle, Title, FirstPerson ...
    assert {t for t, _ in entities} == {"Person", "Organization", "Location", "Date", "Money", "Percent", "Address"}


def test_job_title_makes_a_person_but_is_not_kept(annie) -> None:
    text = "The company appointed a new chief executive, Jim Davies, last week."
    doc = annie(Document(text))
    people = [text[a.start:a.end] for a in doc.annset().with_type("Person")]
    assert people == ["Jim Davies"]
    assert not doc.annset().with_type("JobTitle")


@pytest.mark.parametrize("text, expected", [
    ("He doesn't know.", ["He", "does", "n't", "know", "."]),
    ("It won't, it can't, I cannot.", ["It", "wo", "n't", ",", "it", "ca", "n't", ",", "I", "can", "not", "."]),
    ("John's car", ["John", "'s", "car"]),
    ("Karl-Heinz and Karl- und", ["Karl-", "Heinz", "and", "Karl-", "und"]),
    ("on the 3rd and 21st, not 2st", ["on", "the", "3rd", "and", "21st", ",", "not", "2", "st"]),
])
def test_tokens_as_gate_post_processes_them(annie, text, expected) -> None:
    assert tokens(annie, text) == expected


def test_token_features_as_gate(annie) -> None:
    doc = annie(Document("John's dog doesn't bark.\r\nOK"))
    by_string = {t.features["string"]: t.features for t in doc.annset().with_type("Token")}
    assert by_string["'s"] == {"kind": "word", "orth": "apostrophe", "string": "'s", "length": "2",
                               "category": by_string["'s"]["category"]}
    assert {k: by_string["n't"][k] for k in ("kind", "orth", "length")} == {"kind": "word", "orth": "lowercase",
                                                                             "length": "3"}
    assert {k: by_string["does"][k] for k in ("orth", "length")} == {"orth": "lowercase", "length": "4"}
    assert by_string["John"]["category"] == "NNP" and by_string["OK"]["orth"] == "allCaps"
    spaces = [(s.features["string"], s.features["kind"]) for s in doc.annset().with_type("SpaceToken")]
    assert spaces == [(" ", "space"), (" ", "space"), (" ", "space"), ("\r\n", "control")]


def test_a_single_line_break_does_not_end_a_sentence(annie) -> None:
    text = "The meeting was held\nin London. It ended.\n\nNext"
    doc = annie(Document(text))
    assert [text[a.start:a.end] for a in doc.annset().with_type("Sentence")] == [
        "The meeting was held\nin London.", "It ended.", "Next"]


def test_sentences_and_splits_as_annies_splitter_grammar(annie) -> None:
    # GATE's sentenceSplitter/grammar/find.jape and split.jape: a Split is the full stop alone (a
    # closing quote starts the next sentence), "Sept" is not in its abbreviations.lst ("Sep" is),
    # "..." is one internal Split, two line breaks an external one; tokens after the last Split
    # make a last sentence (GATE's SentenceSplitter PR)
    text = 'He said "It ended." Then he left in Sept. Nobody came... We saw Dr. Lee\n\nThe end'
    doc = annie(Document(text))
    assert [text[a.start:a.end] for a in doc.annset().with_type("Sentence")] == [
        'He said "It ended.', '" Then he left in Sept.', "Nobody came...", "We saw Dr. Lee", "The end"]
    assert [(text[a.start:a.end], a.features["kind"]) for a in doc.annset().with_type("Split")] == [
        (".", "internal"), (".", "internal"), ("...", "internal"), ("\n\n", "external")]
    assert not doc.annset().with_type("Lookup").with_features(majorType="splitter_abbreviation")


def build_script():
    spec = importlib.util.spec_from_file_location("build_annie", REPO / "resources" / "build" / "build_annie.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


WORKING = ("Dr. J. R. Smith, chief executive of Acme Corp, met Prof. Anna Lee at 10:30 am GMT on 12/03/1999.\n"
           "Write to anna.lee@example.org, see http://www.example.org/x or www.acme.com, call +44 114 222 1800 "
           "or 0114 222 1800, host 192.168.0.1, at 12 High Street, Sheffield S1 4DP, UK. #bigday @annalee\n"
           "In 2004 the US Army and the University of Leeds paid 5m dollars; 'It was a B2B deal,' said Mr Brown.")


def dump(doc: Document) -> list[tuple]:
    return sorted((a.id, a.type, a.start, a.end, repr(sorted(a.features.items()))) for a in doc.annset())


@pytest.mark.skipif(not ANNIE.is_dir(), reason="needs ../shared/annie")
def test_clean_in_one_firing_leaves_what_annies_clean_phase_leaves(tmp_path, annie) -> None:
    # the reference: ANNIE's Clean phase as ported (control = all, one firing per working annotation)
    port(ANNIE / "NE" / "main.jape", tmp_path)
    build_script().set_cuts(tmp_path)
    assert "control = all" in (tmp_path / "clean.jape").read_text(encoding="utf-8")
    resources = REPO / "resources"
    xml = (resources / "pipelines" / "annie.xml").read_text(encoding="utf-8").replace("../", f"{resources}/")
    xml = xml.replace(f"{resources}/grammars/annie/hand/main.jape", str(tmp_path / "main.jape"))
    xml = xml.replace(f"{resources}/grammars/annie/hand/ne.py", str(tmp_path / "actions.py"))
    (tmp_path / "annie-plain.xml").write_text(xml, encoding="utf-8")
    plain = Pipeline.load(tmp_path / "annie-plain.xml")
    for text in (TEXT, WORKING):
        ours, theirs = annie(Document(text)), plain(Document(text))
        assert dump(ours) == dump(theirs)
    working = set(re.search(r"^Input:(.*)$", (tmp_path / "clean.jape").read_text(encoding="utf-8"), re.M)[1].split())
    assert not working & ours.annset().types()
    # and the text gives working annotations of many types for Clean to remove
    main = (tmp_path / "main.jape").read_text(encoding="utf-8")
    (tmp_path / "main.jape").write_text(re.sub(r"^clean\s*$", "", main, flags=re.M), encoding="utf-8")
    unclean = Pipeline.load(tmp_path / "annie-plain.xml")(Document(WORKING)).annset().types()
    assert len(working & unclean) >= 8, working & unclean


@pytest.mark.skipif(not ANNIE.is_dir(), reason="needs ../shared/annie")
def test_the_shipped_resources_are_what_the_build_script_makes(tmp_path) -> None:
    # build_annie.py copies ANNIE's lists, runs `jape port`, sets cuts and makes Clean one firing:
    # the same gives the same files
    build = build_script()
    shipped = REPO / "resources" / "grammars" / "annie" / "NE"
    done = port(ANNIE / "NE" / "main.jape", tmp_path)
    build.set_cuts(tmp_path)
    build.set_clean_once(tmp_path)
    assert done.blocks == done.translated == 79
    for name in ["actions.py", "port-report.json", *(p.name for p in tmp_path.glob("*.jape"))]:
        assert (shipped / name).read_text(encoding="utf-8") == (tmp_path / name).read_text(encoding="utf-8"), name
    lists_def = (ANNIE / "gazetteer" / "lists.def").read_text(encoding="utf-8")
    for name in ["lists.def", *(line.split(":")[0] for line in lists_def.splitlines() if line.strip())]:
        ours = REPO / "resources" / "gazetteers" / "annie" / name
        assert ours.read_bytes() == (ANNIE / "gazetteer" / name).read_bytes(), name
    for name in build.HEPTAG_FILES:
        ours = REPO / "resources" / "pos" / "annie-heptag" / name
        assert ours.read_bytes() == (ANNIE / "heptag" / name).read_bytes(), name


@pytest.mark.skipif(not ANNIE.is_dir(), reason="needs ../shared/annie")
def test_the_shipped_splitter_is_what_the_build_script_makes(tmp_path) -> None:
    # ANNIE's sentence splitter: its grammar ported by `jape port` (two of its four Java blocks
    # translated; all four are hand-ported in hand/splitter.py) and its abbreviations copied
    done = port(ANNIE / "sentenceSplitter" / "grammar" / "main.jape", tmp_path)
    assert (done.blocks, done.translated) == (4, 2)
    shipped = REPO / "resources" / "grammars" / "annie" / "sentenceSplitter"
    for name in ["port-report.json", *(p.name for p in tmp_path.glob("*.jape"))]:
        assert (shipped / name).read_text(encoding="utf-8") == (tmp_path / name).read_text(encoding="utf-8"), name
    for name in ("lists.def", "abbreviations.lst"):
        ours = REPO / "resources" / "gazetteers" / "annie-splitter" / name
        assert ours.read_bytes() == (ANNIE / "sentenceSplitter" / "gazetteer" / name).read_bytes(), name


def test_ortho_matcher_groups_names_and_types_an_unknown_surname(annie) -> None:
    text = "Mr. John Smith joined Acme Ltd in May. Later Smith left Acme."
    doc = annie(Document(text))
    people = list(doc.annset().with_type("Person"))
    assert [text[a.start:a.end] for a in people] == ["Mr. John Smith", "Smith"]
    assert people[0].features["matches"] == people[1].features["matches"] == [p.id for p in people]
    orgs = [text[a.start:a.end] for a in doc.annset().with_type("Organization")]
    assert orgs == ["Acme Ltd", "Acme"]


def test_copyright_and_trade_marks_are_not_name_parts(annie) -> None:
    # ANNIE's Upper rule (first.jape) takes an NNP as a name part; the perceptron tagger said NNP for
    # `©` and made `Copyright © Financial` an Organization. HepTag guesses NN for a word its lexicon
    # lacks that does not start with A-Z (and has no inner hyphen, digit or listed ending).
    text = "Copyright © Financial Times Limited 2001. Acme® and Widget™ are marks."
    doc = annie(Document(text))
    tags = {text[t.start:t.end]: t.features["category"] for t in doc.annset().with_type("Token")}
    assert tags["©"] == tags["®"] == tags["™"] == "NN"
    for org in doc.annset().with_type("Organization"):
        assert not {"©", "®", "™"} & set(text[org.start:org.end]), text[org.start:org.end]


def test_a_first_name_before_a_hyphen_is_looked_up_as_gate_does(annie) -> None:
    # GATE's gazetteer matches "Karl" inside the Token "Karl-" (no letter follows it), so ANNIE's
    # PersonFull takes "Karl" and "Ludwig" as first and middle names: the whole name, not "Ludwig Kley".
    text = "Karl-Ludwig Kley, Lufthansa chief financial officer, has been appointed."
    doc = annie(Document(text))
    assert [text[a.start:a.end] for a in doc.annset().with_type("Person")] == ["Karl-Ludwig Kley"]
    assert [text[a.start:a.end] for a in doc.annset().with_type("Lookup") if a.start == 0] == ["Karl"]


def test_pos_tags_are_annies_hepple_tagger(annie) -> None:
    # GATE's ANNIE tags with HepTag: `to` is TO even as a preposition (its lexicon's first tag and no
    # rule here), an unknown all-caps word is NNP (its guesser), so ANNIE's UpperAllCaps takes `SAS`
    text = "He flew to London with SAS on Monday."
    doc = annie(Document(text))
    tags = [(text[t.start:t.end], t.features["category"]) for t in doc.annset().with_type("Token")]
    assert tags == [("He", "PRP"), ("flew", "VBD"), ("to", "TO"), ("London", "NNP"), ("with", "IN"),
                    ("SAS", "NNP"), ("on", "IN"), ("Monday", "NNP"), (".", ".")]
