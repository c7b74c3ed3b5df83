"""The bioc-xml and bioc-json formats against the ``bioc`` package's own reading and writing.

The fixtures (tests/data/formats/bioc, made by its ``make_fixtures.py`` with ``bioc``) are read
by us and by ``bioc``, file by file, and must give the same annotations, offsets, infons and
relations; what we write must load in ``bioc`` with the same annotations.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.corpus import Failure, read_documents, write_documents
from annotator.document import Document
from formatshelp import only_documents, snapshot

bioc = pytest.importorskip("bioc")
from bioc import biocjson, biocxml  # noqa: E402 (after the skip)

FORMATS = {"bioc-xml": "collection.xml", "bioc-json": "collection.json"}
LOADERS = {"bioc-xml": biocxml, "bioc-json": biocjson}


@pytest.fixture(scope="module")
def bioc_data(formats_data: Path) -> Path:
    return formats_data / "bioc"


def load(fmt: str, path: Path):
    with open(path, encoding="utf-8") as handle:
        return LOADERS[fmt].load(handle)


def every_annotation(bdoc) -> list:
    """The BioC annotations of a document at every level (document, passage, sentence)."""
    anns = list(bdoc.annotations)
    for passage in bdoc.passages:
        anns += passage.annotations
        for sentence in passage.sentences:
            anns += sentence.annotations
    return anns


def every_relation(bdoc) -> list:
    return list(bdoc.relations) + [r for p in bdoc.passages for r in p.relations] + \
        [r for p in bdoc.passages for s in p.sentences for r in s.relations]


def bioc_spans(bdoc) -> list[tuple]:
    """(type, start, end, other infons, id) of every location, as the bioc library reads them
    (no ``type`` infon: ``annotation``, as the reader's docstring says)."""
    return sorted((a.infons.get("type", "annotation"), loc.offset, loc.end, tuple(sorted((k, v) for k, v in a.infons.items()
                   if k != "type")), a.id) for a in every_annotation(bdoc) for loc in a.locations)


def our_spans(doc: Document) -> list[tuple]:
    return sorted((a.type, a.start, a.end, tuple(sorted((k, v) for k, v in a.features.items() if k not in ("bioc_id", "bioc_text"))),
                   a.features.get("bioc_id", str(a.id))) for a in doc.annset())


def bioc_relations(bdoc) -> list[tuple]:
    return sorted((r.id, r.infons.get("type", "relation"), tuple((n.refid, n.role) for n in r.nodes)) for r in every_relation(bdoc))


def our_relations(doc: Document) -> list[tuple]:
    anns = doc.annset()
    rows = []
    for r in anns.relations.values():
        nodes = [(anns.get(m).features.get("bioc_id", str(m)), role) for m, role in zip(r.members, r.features["roles"])]
        for role, refid, position in r.features.get("relation_nodes", []):
            nodes.insert(position, (refid, role))  # in the order of the file's nodes
        rows.append((r.features["bioc_id"], r.type, tuple(nodes)))
    return sorted(rows)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_reads_as_the_bioc_library_does(bioc_data, fmt):
    path = bioc_data / FORMATS[fmt]
    collection = load(fmt, path)
    docs = only_documents(read_documents(path, fmt))
    assert [d.name for d in docs] == [b.id for b in collection.documents] == ["10001", "10002"]
    for doc, bdoc in zip(docs, collection.documents):
        for passage in bdoc.passages:  # the text is the passages at their offsets
            assert doc.text[passage.offset:passage.offset + len(passage.text)] == passage.text
        assert our_spans(doc) == bioc_spans(bdoc)
        assert our_relations(doc) == bioc_relations(bdoc)
        assert {k: v for k, v in doc.features.items() if not k.startswith("bioc_")} == bdoc.infons
        assert doc.features["bioc_collection"] == {"source": collection.source, "date": collection.date,
                                                   "key": collection.key, "infons": collection.infons}


def test_passage_gap_and_discontinuous_annotation(bioc_data):
    (doc, _) = only_documents(read_documents(bioc_data / "collection.xml", "bioc-xml"))
    assert doc.text == ("Aspirin reduces fever in children.\n"
                        "Aspirin (ASA) was given for fever; no Reye syndrome was seen.")
    reye = [a for a in doc.annset() if a.features.get("bioc_id") == "T5"]
    assert [doc.text[a.start:a.end] for a in reye] == ["Reye", "syndrome"]
    (abbreviation,) = [r for r in doc.annset().relations.values() if r.type == "abbreviation"]
    assert [doc.text[doc.annset().get(m).start:doc.annset().get(m).end] for m in abbreviation.members] == \
        ["Aspirin", "ASA"]


@pytest.mark.parametrize("source", sorted(FORMATS))
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_what_we_write_loads_in_bioc_with_the_same_annotations(bioc_data, tmp_path, source, fmt):
    original = load(source, bioc_data / FORMATS[source])
    docs = only_documents(read_documents(bioc_data / FORMATS[source], source))
    written = write_documents(docs, tmp_path, fmt)
    assert sorted(p.name for p in written) == [f"10001{Path(FORMATS[fmt]).suffix}", f"10002{Path(FORMATS[fmt]).suffix}"]
    for bdoc in original.documents:
        (back,) = load(fmt, tmp_path / f"{bdoc.id}{Path(FORMATS[fmt]).suffix}").documents
        assert back.id == bdoc.id and back.infons == bdoc.infons
        assert [(p.offset, p.text, p.infons) for p in back.passages] == \
            [(p.offset, p.text, p.infons) for p in bdoc.passages]
        assert bioc_spans(back) == bioc_spans(bdoc)
        assert bioc_relations(back) == bioc_relations(bdoc)
        by_id = {a.id: a for a in every_annotation(bdoc)}
        for ann in every_annotation(back):  # discontinuous annotations joined back into one
            assert [(loc.offset, loc.length) for loc in ann.locations] == \
                [(loc.offset, loc.length) for loc in by_id[ann.id].locations]


def test_json_is_written_with_every_key(tmp_path):
    doc = Document("No annotations.", name="plain")
    write_documents([doc], tmp_path, "bioc-json")
    obj = json.loads((tmp_path / "plain.json").read_text(encoding="utf-8"))
    assert set(obj) >= {"source", "date", "key", "infons", "documents"}
    (passage,) = obj["documents"][0]["passages"]
    assert set(passage) >= {"offset", "infons", "text", "sentences", "annotations", "relations"}
    assert set(obj["documents"][0]) >= {"id", "infons", "passages", "annotations", "relations"}
    (back,) = only_documents(read_documents(tmp_path / "plain.json", "bioc-json"))
    assert back.text == doc.text


def test_our_documents_survive_bioc(tmp_path):
    doc = Document("Ana Ruiz \U0001F600 vive en Madrid.", name="ours", features={"source": "test"})
    anns = doc.annset()
    name = anns.add("NAME", 0, 8, {"certain": True})
    city = anns.add("CITY", 20, 26)
    anns.add_relation("lives-in", [name.id, city.id], {"roles": ["person", "place"]})
    for fmt in FORMATS:
        write_documents([doc], tmp_path / fmt, fmt)
        (back,) = only_documents(read_documents(tmp_path / fmt, fmt))
        assert back.text == doc.text
        assert [(a.id, a.type, a.start, a.end) for a in back.annset()] == \
            [(a.id, a.type, a.start, a.end) for a in anns]
        certain = "true" if fmt == "bioc-xml" else True  # XML infons are strings, JSON ones any value
        assert back.annset().get(name.id).features == {"certain": certain}
        (rel,) = back.annset().relations.values()
        assert (rel.type, rel.members, rel.features["roles"]) == ("lives-in", [name.id, city.id], ["person", "place"])


def test_ncbi_doctype_is_accepted_and_never_loaded(bioc_data, tmp_path):
    data = (bioc_data / "collection.xml").read_bytes()
    assert b'<!DOCTYPE collection SYSTEM "BioC.dtd">' in data
    (tmp_path / "BioC.dtd").write_text("<!ENTITY % broken SYSTEM 'nowhere'> this is no DTD", encoding="utf-8")
    (tmp_path / "ncbi.xml").write_bytes(data)  # a DTD beside it that would fail if it were loaded
    assert [d.name for d in only_documents(read_documents(tmp_path / "ncbi.xml", "bioc-xml"))] == ["10001", "10002"]


@pytest.mark.parametrize("doctype", [
    '<!DOCTYPE collection SYSTEM "http://127.0.0.1:9/BioC.dtd">',
    '<!DOCTYPE collection SYSTEM "other.dtd">',
    '<!DOCTYPE collection SYSTEM "BioC.dtd" [<!ENTITY x "expanded">]>',
    '<!DOCTYPE collection SYSTEM "BioC.dtd" [<!ATTLIST collection extra CDATA "1">]>',
    "<!DOCTYPE collection SYSTEM 'BioC.dtd' [<!ENTITY x 'expanded'>]>",
    "<!DOCTYPE collection SYSTEM 'other.dtd'>",
    '<!DOCTYPE collection PUBLIC "-//x//y" "BioC.dtd">',
])
def test_other_doctypes_are_refused(bioc_data, tmp_path, doctype):
    data = (bioc_data / "collection.xml").read_text(encoding="utf-8")
    (tmp_path / "bad.xml").write_text(data.replace('<!DOCTYPE collection SYSTEM "BioC.dtd">', doctype),
                                      encoding="utf-8")
    (failure,) = list(read_documents(tmp_path / "bad.xml", "bioc-xml"))
    assert isinstance(failure, Failure) and failure.error.message.startswith("E107")
    assert failure.error.line == 2


def test_sniffing(bioc_data):
    from annotator import formats

    assert formats.sniff(bioc_data / "collection.xml") == "bioc-xml"
    assert formats.sniff(bioc_data / "collection.json") == "bioc-json"


def bad_json(bioc_data: Path, folder: Path) -> None:
    """A collection whose first document has a location outside its passage; the second is good."""
    obj = json.loads((bioc_data / "collection.json").read_text(encoding="utf-8"))
    obj["documents"][0]["passages"][0]["annotations"][0]["locations"][0]["offset"] = 30  # title has 34 chars
    folder.mkdir()
    (folder / "bad.json").write_text(json.dumps(obj), encoding="utf-8")


def test_offsets_outside_the_passage_are_one_error_and_the_rest_reads(bioc_data, tmp_path):
    bad_json(bioc_data, tmp_path / "in")
    failure, good = read_documents(tmp_path / "in", "bioc-json")
    assert isinstance(failure, Failure) and failure.error.message.startswith("E141")
    assert "'T1'" in failure.error.message and "'10001'" in failure.error.message
    assert good.name == "10002"


def test_xml_errors_name_the_line(bioc_data, tmp_path):
    data = (bioc_data / "collection.xml").read_text(encoding="utf-8")
    (tmp_path / "bad.xml").write_text(data.replace('offset="16" length="5"', 'offset="16" length="50"'),
                                      encoding="utf-8")
    failure, good = read_documents(tmp_path / "bad.xml", "bioc-xml")
    assert failure.error.message.startswith("E141") and good.name == "10002"
    lines = data.splitlines()
    assert 'id="T2"' in lines[failure.error.line - 1]


def test_cli_keeps_going_with_one_line(bioc_data, tmp_path, capsys):
    bad_json(bioc_data, tmp_path / "in")
    status = main(["convert", str(tmp_path / "in"), str(tmp_path / "out"), "--from", "bioc-json", "--to", "brat",
                   "--keep-going"])
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err
    (line,) = [ln for ln in err.splitlines() if "E141" in ln]
    assert re.match(re.escape(str(tmp_path / "in" / "bad.json")) + ": E141 ", line), line
    assert sorted(p.name for p in (tmp_path / "out").glob("[!.]*")) == ["10002.ann", "10002.txt"]


@pytest.mark.parametrize("fmt, content, code", [
    ("bioc-xml", "<collection><document><id>1</id><passage><offset>0</offset>", "E106"),
    ("bioc-xml", "<collection><document><id>1</id><passage><text>x</text></passage></document></collection>",
     "E143"),
    ("bioc-json", '{"source": "", "documents": []', "E119"),
    ("bioc-json", '{"source": "", "date": "", "key": "", "infons": {}}', "E143"),
])
def test_malformed_files(tmp_path, fmt, content, code):
    path = tmp_path / ("bad.xml" if fmt == "bioc-xml" else "bad.json")
    path.write_text(content, encoding="utf-8")
    (failure,) = list(read_documents(path, fmt))
    assert isinstance(failure, Failure) and failure.error.message.startswith(code), str(failure)
    assert Path(failure.error.path) == path


def test_meddocan_dev_through_bioc_json_and_back(meddocan_dir, tmp_path, capsys):
    src = meddocan_dir / "dev" / "brat"
    assert main(["convert", str(src), str(tmp_path / "bioc"), "--to", "bioc-json"]) == 0
    assert main(["convert", str(tmp_path / "bioc"), str(tmp_path / "brat"), "--to", "brat"]) == 0
    originals = only_documents(read_documents(src, "brat"))
    back = {d.name: d for d in only_documents(read_documents(tmp_path / "brat", "brat"))}
    assert len(back) == len(originals) == len(list(src.glob("*.ann")))
    for doc in originals:
        assert back[doc.name].text == doc.text, doc.name
        assert snapshot(back[doc.name]) == snapshot(doc), doc.name
    for ann in src.glob("*.ann"):
        assert sorted((tmp_path / "brat" / ann.name).read_bytes().splitlines()) == sorted(ann.read_bytes().splitlines())


def test_a_node_naming_nothing_is_kept_with_a_warning(bioc_data, tmp_path, caplog):
    """As ``bioc`` reads it (NCBI's own test collection has one): the node is kept, not a member,
    and written back in its place among the nodes; one E114 warning names it."""
    obj = json.loads((bioc_data / "collection.json").read_text(encoding="utf-8"))
    obj["documents"][1]["relations"][0]["nodes"][0]["refid"] = "T9"
    (tmp_path / "in.json").write_text(json.dumps(obj), encoding="utf-8")
    caplog.set_level("WARNING", logger="annotator")
    first, second = only_documents(read_documents(tmp_path / "in.json", "bioc-json"))
    (line,) = [r.getMessage() for r in caplog.records if "E114" in r.getMessage()]
    assert "in.json" in line and "'T9'" in line
    (rel,) = second.annset().relations.values()
    assert [refid for _, refid, _ in rel.features["relation_nodes"]] == ["T9"] and len(rel.members) == 1
    write_documents([second], tmp_path / "out", "bioc-json")
    (back,) = load("bioc-json", tmp_path / "out" / "10002.json").documents
    (original,) = bioc_relations(load("bioc-json", tmp_path / "in.json").documents[1])
    (written,) = bioc_relations(back)  # the node naming nothing keeps its place (the first here)
    assert written == original


@pytest.mark.parametrize("offset, code", [(10, "E142"), ("35", "E117")])
def test_bad_passage_offsets(bioc_data, tmp_path, offset, code):
    obj = json.loads((bioc_data / "collection.json").read_text(encoding="utf-8"))
    obj["documents"][0]["passages"][1]["offset"] = offset  # inside the title, or not a number
    (tmp_path / "bad.json").write_text(json.dumps(obj), encoding="utf-8")
    failure, good = read_documents(tmp_path / "bad.json", "bioc-json")
    assert failure.error.message.startswith(code) and good.name == "10002"


@pytest.mark.parametrize("where, value, message", [
    ("location", -5, "E117 annotation 'T3' of document '10001': location offset -5 is not a valid non-negative integer"),
    ("length", "7", "E117 annotation 'T3' of document '10001': location length '7' is not a valid non-negative integer"),
    ("passage", -1, "E117 document '10001', passage 2: offset -1 is not a valid non-negative integer")])
def test_a_bad_offset_in_json_names_its_document_and_annotation(bioc_data, tmp_path, capsys, where, value, message):
    """BioC JSON has no lines to point at: the line names the document, and the annotation or
    passage, instead; --keep-going writes the other document."""
    obj = json.loads((bioc_data / "collection.json").read_text(encoding="utf-8"))
    passage = obj["documents"][0]["passages"][1]
    if where == "passage":
        passage["offset"] = value
    else:
        passage["annotations"][0]["locations"][0]["offset" if where == "location" else "length"] = value
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "bad.json").write_text(json.dumps(obj), encoding="utf-8")
    assert main(["convert", str(tmp_path / "src"), str(tmp_path / "out"), "--to", "brat", "--keep-going"]) == 1
    (line,) = [x for x in capsys.readouterr().err.splitlines() if "E117" in x]
    assert line == f"{tmp_path / 'src' / 'bad.json'}: {message}"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["10002.ann", "10002.txt"]


def test_a_passage_of_sentences_reads_them_at_their_offsets(tmp_path):
    passage = bioc.BioCPassage()
    passage.offset = 0
    for offset, text in [(0, "One."), (6, "Two.")]:
        sentence = bioc.BioCSentence()
        sentence.offset, sentence.text = offset, text
        passage.add_sentence(sentence)
    passage.sentences[1].add_annotation(bioc_annotation("A", "NUM", 6, "Two"))
    bdoc = bioc.BioCDocument()
    bdoc.id = "s"
    bdoc.add_passage(passage)
    collection = bioc.BioCCollection()
    collection.add_document(bdoc)
    (tmp_path / "s.xml").write_text(biocxml.dumps(collection), encoding="utf-8")
    (doc,) = only_documents(read_documents(tmp_path / "s.xml", "bioc-xml"))
    assert doc.text == "One.\n\nTwo."
    assert [(a.type, doc.text[a.start:a.end]) for a in doc.annset()] == [("NUM", "Two")]


def bioc_annotation(id, type, offset, text):
    ann = bioc.BioCAnnotation()
    ann.id, ann.text, ann.infons = id, text, {"type": type}
    ann.add_location(bioc.BioCLocation(offset, len(text)))
    return ann


HELD_OUT = {"handwritten/notes.xml": ("bioc-xml", ["visit-1", "visit-2"]),
            "handwritten/notes.json": ("bioc-json", ["visit-1", "visit-2"]),
            "handwritten/pubtator.xml": ("bioc-xml", ["90000001", "90000002"]),
            "others/ncbi-bioc-json/everything.xml": ("bioc-xml", ["1"]),
            "others/ncbi-bioc-json/everything-sentence.xml": ("bioc-xml", ["1"]),
            "others/ncbi-bioc-json/everything.json": ("bioc-json", ["1"]),
            "others/negbio/1.neg.xml": ("bioc-xml", ["00019248", "00000086"]),
            "others/bioc-python/everything.xml": ("bioc-xml", ["1", "2"]),
            "others/bioc-python/everything.json": ("bioc-json", ["1", "2"])}


@pytest.mark.parametrize("name", sorted(HELD_OUT))
def test_held_out_files_read_and_write_as_bioc_does(bioc_data, tmp_path, name):
    """Collections written by hand (tests/data/README.md): from the BioC DTD, infons at every level,
    relations in passages, sentences and documents, a passage of sentences, non-ASCII text; in
    PubTator's layout, title and abstract passages, ``identifier`` infons, relations without nodes."""
    fmt, ids = HELD_OUT[name]
    path = bioc_data / name
    collection = load(fmt, path)
    docs = only_documents(read_documents(path, fmt))
    assert [d.name for d in docs] == [b.id for b in collection.documents] == ids
    for doc, bdoc in zip(docs, collection.documents):
        for piece in [s for p in bdoc.passages for s in ([p] if p.text else p.sentences)]:
            assert doc.text[piece.offset:piece.offset + len(piece.text)] == piece.text
        assert our_spans(doc) == bioc_spans(bdoc)
        assert our_relations(doc) == bioc_relations(bdoc)
        assert {k: v for k, v in doc.features.items() if not k.startswith("bioc_")} == bdoc.infons
    write_documents(docs, tmp_path, fmt)
    for bdoc in collection.documents:
        (back,) = load(fmt, tmp_path / f"{bdoc.id}{path.suffix}").documents
        assert (back.id, back.infons) == (bdoc.id, bdoc.infons)
        assert bioc_spans(back) == bioc_spans(bdoc) and bioc_relations(back) == bioc_relations(bdoc)
        assert sorted((a.id, a.text) for a in every_annotation(back)) == sorted((a.id, a.text) for a in every_annotation(bdoc))


def test_what_the_pubtator_file_holds(bioc_data):
    """PubTator's concepts: ``type`` is the annotation's type, ``identifier`` a feature; its
    relations name concepts in role infons, not nodes: they are relations without members."""
    first, second = only_documents(read_documents(bioc_data / "handwritten" / "pubtator.xml", "bioc-xml"))
    assert first.text.startswith("Valdorine induces") and first.text[53:57] == "Mice"
    diseases = first.annset().with_type("Disease")
    assert [(first.text[a.start:a.end], a.features["identifier"]) for a in diseases][:2] == [
        ("liver injury", "MESH:D900002"), ("seizures", "MESH:D900003")]
    (positive,) = [r for r in first.annset().relations.values() if r.type == "Positive_Correlation"]
    assert positive.members == [] and positive.features["role1"] == "Chemical|MESH:C900001"
    (negative,) = second.annset().relations.values()
    assert [second.text[second.annset().get(m).start:second.annset().get(m).end] for m in negative.members] == [
        "Tarnomab", "rash"]
    assert negative.features["roles"] == ["Chemical", "Disease"] and second.features["pmcid"] == "PMC9000002"


def test_pubtator_offsets_outside_a_passage_are_one_line_and_keep_going(bioc_data, tmp_path, capsys):
    data = (bioc_data / "handwritten" / "pubtator.xml").read_text(encoding="utf-8")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "pubtator.xml").write_text(data.replace('offset="35" length="8"', 'offset="35" length="80"'),
                                                  encoding="utf-8")
    status = main(["convert", str(tmp_path / "in"), str(tmp_path / "out"), "--from", "bioc-xml", "--to", "brat",
                   "--keep-going"])
    err = capsys.readouterr().err
    (line,) = [ln for ln in err.splitlines() if "E141" in ln]
    number = int(line.split("pubtator.xml:", 1)[1].split(":", 1)[0])
    assert status == 1 and "'3'" in line and "'90000001'" in line and "35-115" in line and "(0-52)" in line
    assert '<annotation id="3">' in data.splitlines()[number - 1]
    assert sorted(p.name for p in (tmp_path / "out").glob("[!.]*")) == ["90000002.ann", "90000002.txt"]


def test_an_annotation_text_that_is_not_the_covered_text_is_kept(bioc_data, tmp_path):
    """NegBio writes "Mild cardiomegaly." for the text "mild cardiomegaly.": the feature
    ``bioc_text``, written back as the annotation's text; a text that is the covered one is not kept."""
    first, second = only_documents(read_documents(bioc_data / "others" / "negbio" / "1.neg.xml", "bioc-xml"))
    (mild,) = [a for a in first.annset() if a.id == 24]
    assert first.text[mild.start:mild.end] == "mild cardiomegaly." and mild.features["bioc_text"] == "Mild cardiomegaly."
    assert all("bioc_text" not in a.features for a in second.annset())
    write_documents([first], tmp_path, "bioc-json")
    (back,) = load("bioc-json", tmp_path / "00019248.json").documents
    assert {a.id: a.text for a in every_annotation(back)}["24"] == "Mild cardiomegaly."
    assert "bioc_text" not in {k for a in every_annotation(back) for k in a.infons}


def test_json_infons_that_are_not_strings_stay_what_they_are(tmp_path):
    """PubTator's BioC JSON has Boolean, null and list infons (``valid``, ``normalized``); bioc
    keeps them, and so do we, in JSON; in XML they are their JSON text. Written in PubTator's
    layout for this test, the names and identifiers invented."""
    infons = {"identifier": "MESH:D900001", "type": "Disease", "valid": True, "normalized": ["D900001"],
              "database": None}
    obj = {"source": "PubTator", "date": "", "key": "BioC.key", "infons": {}, "documents": [{
        "id": "9000001", "infons": {"journal": "Invented J"}, "relations": [], "annotations": [], "passages": [{
            "offset": 0, "infons": {"type": "title"}, "text": "Fever after surgery.", "sentences": [], "relations": [],
            "annotations": [{"id": "1", "infons": infons, "text": "Fever", "locations": [{"offset": 0, "length": 5}]}]}]}]}
    (tmp_path / "in.json").write_text(json.dumps(obj), encoding="utf-8")
    (doc,) = only_documents(read_documents(tmp_path / "in.json", "bioc-json"))
    (fever,) = doc.annset()
    assert fever.type == "Disease" and fever.features == {k: v for k, v in infons.items() if k != "type"}
    write_documents([doc], tmp_path / "json", "bioc-json")
    write_documents([doc], tmp_path / "xml", "bioc-xml")
    (back,) = every_annotation(load("bioc-json", tmp_path / "json" / "9000001.json").documents[0])
    assert back.infons == every_annotation(load("bioc-json", tmp_path / "in.json").documents[0])[0].infons == infons
    (as_xml,) = every_annotation(load("bioc-xml", tmp_path / "xml" / "9000001.xml").documents[0])
    assert as_xml.infons == {k: v if isinstance(v, str) else json.dumps(v) for k, v in infons.items()}


def null_infons_collection() -> dict:
    """BioC JSON (written for this test) with ``"infons": null`` at every level, as a tool writing
    a null for an empty mapping gives; ``bioc`` loads it."""
    return {"source": "s", "date": "", "key": "", "infons": None, "documents": [
        {"id": "a", "infons": None, "annotations": [], "passages": [
            {"offset": 0, "infons": None, "text": "Ana vive.", "sentences": [], "annotations": [
                {"id": "1", "infons": None, "text": "Ana", "locations": [{"offset": 0, "length": 3}]},
                {"id": "2", "infons": {"type": "VERB"}, "text": "vive", "locations": [{"offset": 4, "length": 4}]}],
             "relations": [{"id": "R1", "infons": None, "nodes": [{"refid": "1", "role": "a"}, {"refid": "2", "role": "b"}]}]}],
         "relations": []},
        {"id": "b", "infons": {}, "relations": [], "annotations": [], "passages": [
            {"offset": 0, "infons": {}, "text": "Luis.", "sentences": [], "relations": [], "annotations": [
                {"id": "1", "infons": {"type": "PER"}, "text": "Luis", "locations": [{"offset": 0, "length": 4}]}]}]}]}


def test_json_null_infons_read_as_bioc_reads_them(tmp_path):
    obj = null_infons_collection()
    (tmp_path / "in.json").write_text(json.dumps(obj), encoding="utf-8")
    collection = load("bioc-json", tmp_path / "in.json")
    docs = only_documents(read_documents(tmp_path / "in.json", "bioc-json"))
    assert [d.name for d in docs] == ["a", "b"]
    assert collection.infons is None and collection.documents[0].passages[0].annotations[0].infons is None
    for doc, bdoc in zip(docs, collection.documents):
        for item in [bdoc, *bdoc.passages, *every_annotation(bdoc), *every_relation(bdoc)]:
            item.infons = item.infons or {}  # bioc keeps the null: no infons
        assert our_spans(doc) == bioc_spans(bdoc) and our_relations(doc) == bioc_relations(bdoc)
        assert {k: v for k, v in doc.features.items() if not k.startswith("bioc_")} == bdoc.infons
    assert [(a.type, a.features) for a in docs[0].annset()] == [("annotation", {}), ("VERB", {})]
    write_documents(docs, tmp_path / "out", "bioc-json")
    back = load("bioc-json", tmp_path / "out" / "a.json").documents[0]
    assert bioc_spans(back) == bioc_spans(collection.documents[0])


@pytest.mark.parametrize("level", ["collection", "document", "passage", "annotation", "relation"])
def test_json_infons_that_are_no_object_are_one_line(tmp_path, capsys, level):
    obj = null_infons_collection()
    passage = obj["documents"][0]["passages"][0]
    holder = {"collection": obj, "document": obj["documents"][0], "passage": passage,
              "annotation": passage["annotations"][0], "relation": passage["relations"][0]}[level]
    holder["infons"] = ["not", "an", "object"]
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "c.json").write_text(json.dumps(obj), encoding="utf-8")
    status = main(["convert", str(tmp_path / "src"), str(tmp_path / "out"), "--to", "brat", "--keep-going"])
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err
    (line,) = [x for x in err.splitlines() if "E116" in x]
    assert line.startswith(f"{tmp_path / 'src' / 'c.json'}: E116 expected infons of ") and "['not', 'an', 'object']" in line
    written = sorted(p.name for p in (tmp_path / "out").glob("*.ann")) if (tmp_path / "out").exists() else []
    assert written == ([] if level == "collection" else ["b.ann"])  # the collection's infons are every document's
