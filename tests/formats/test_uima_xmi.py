"""UIMA CAS XMI on dkpro-cassis: reading as cassis reads, writing what cassis loads, our round trip."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import regex

cassis = pytest.importorskip("cassis")

from formatshelp import only_documents, relations, snapshot  # noqa: E402
from pipeline_test_prs import pipeline_and_corpus  # noqa: E402

from annotator.cli import main  # noqa: E402
from annotator.corpus import Failure, read_documents, run, write_documents  # noqa: E402
from annotator.document import Document  # noqa: E402
from annotator.formats.uima_xmi import ESCAPED, REFERENCES, dkpro_typesystem, uima_type  # noqa: E402

FIXTURES = ["dkpro/note-1.xmi", "emoji/emoji.xmi"]


def cassis_view(path: Path) -> list[tuple]:
    """The oracle: what cassis itself reads, as (id, type, begin, end, primitive features)."""
    beside = path.parent / "TypeSystem.xml"
    ts = cassis.load_typesystem(beside) if beside.is_file() else dkpro_typesystem()
    cas = cassis.load_cas_from_xmi(path, typesystem=ts)
    rows = []
    for fs in cas.select_all_annotations():
        feats = {}
        for f in fs.type.all_features:
            value = fs.get(f.name)
            if f.name in ("begin", "end", "sofa") or value is None:
                continue
            feats[f.name] = value.xmiID if hasattr(value, "begin") else \
                list(value.elements) if hasattr(value, "elements") else value
        rows.append((fs.xmiID, fs.type.name, fs.begin, fs.end, feats))
    return sorted(rows, key=lambda r: r[0])


@pytest.mark.parametrize("name", FIXTURES)
def test_fixtures_read_as_cassis_reads_them(formats_data, name):
    path = formats_data / "uima-xmi" / name
    (doc,) = only_documents(read_documents(path, "uima-xmi"))
    assert snapshot(doc) == cassis_view(path)
    beside = path.parent / "TypeSystem.xml"
    ts = cassis.load_typesystem(beside) if beside.is_file() else dkpro_typesystem()
    assert doc.text == cassis.load_cas_from_xmi(path, typesystem=ts).sofa_string


def test_dkpro_note_needs_no_configuration(formats_data):
    (doc,) = only_documents(read_documents(formats_data / "uima-xmi" / "dkpro", "uima-xmi"))
    ner = [(doc.text[a.start:a.end], a.features["value"]) for a in doc.annset().with_type(
        "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity")]
    assert ner == [("Ana Ruiz", "PER"), ("Hospital del Mar", "ORG"), ("3 May 2019", "DATE"), ("Girona", "LOC"),
                   ("Pau", "PER")]
    (meta,) = doc.annset().with_type("de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData")
    assert (meta.start, meta.end, meta.features["documentId"]) == (0, len(doc.text), "note-1")
    token = doc.annset().with_type("de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token").first()
    pos = doc.annset().get(token.features["pos"])  # a reference reads as the annotation's id
    assert (pos.type, pos.span, pos.features["PosValue"]) == ("de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS",
                                                              token.span, "NNP")
    assert len(doc.annset().with_type("de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Sentence")) == 2


def test_emoji_offsets_are_code_points_and_features_typed(formats_data):
    (doc,) = only_documents(read_documents(formats_data / "uima-xmi" / "emoji", "uima-xmi"))
    phi = list(doc.annset().with_type("org.example.deid.Phi"))
    assert [doc.text[a.start:a.end] for a in phi] == ["Pau", "Núñez", "Girona", "2019-05-03"]
    first = phi[0].features
    assert first == {"kind": "NAME", "confidence": 0.25, "certain": True, "rank": 1, "aliases": ["pau", "NAME"]}
    assert type(first["rank"]) is int and type(first["certain"]) is bool and type(first["confidence"]) is float


def rich_document() -> Document:
    doc = Document("😀 Ana López 👨‍👩‍👧 vive en Girona.\r\nTel 555.", name="rich",
                   features={"source": {"corpus": "x", "ids": [1, None]}, "n": 2})
    s = doc.annset()
    name = s.add("NAME", 2, 11, {"rule": "names", "score": 0.75, "n": 3, "ok": True, "tags": ["a", "b"],
                                 "nested": {"k": [1, {"x": None}]}, "rule-name": "x", "empty": [], "none": None,
                                 "begin": 9, "type": "t", "ann_json_x": "trap", "big": 2**70, "mixed": [1, "a"]})
    city = s.add("LOCATION-OTHER", 28, 34, {"ints": [1, 2], "floats": [0.5], "flags": [True]})
    s.add("ZERO", 12, 12)
    s.add("uima.tcas.Annotation", 0, 1)
    s.add_relation("lives-in", [name.id, city.id], {"w": 1})
    other = doc.annset("Key Set")
    other.add("Token", 2, 5, {"pos": "NNP"})
    other.add_relation("self", [name.id])
    return doc


def dump(doc: Document) -> tuple:
    return (doc.name, doc.text, doc.features, {n: (snapshot(doc, n), relations(doc, n),
                                                   sorted(r.id for r in doc.annset(n).relations.values()))
                                               for n in doc.annset_names()})


def test_our_round_trip_is_lossless(tmp_path):
    doc = rich_document()
    write_documents([doc], tmp_path, "uima-xmi")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["TypeSystem.xml", "rich.xmi"]
    (back,) = only_documents(read_documents(tmp_path, "uima-xmi"))
    assert dump(back) == dump(doc)


def test_written_files_load_in_cassis_with_the_same_annotations(tmp_path):
    doc = rich_document()
    write_documents([doc], tmp_path, "uima-xmi")
    ts = cassis.load_typesystem(tmp_path / "TypeSystem.xml")
    cas = cassis.load_cas_from_xmi(tmp_path / "rich.xmi", typesystem=ts)
    assert cas.sofa_string == doc.text
    got = sorted((a.type.name, a.begin, a.end) for a in cas.select_all_annotations())
    assert got == sorted((uima_type(a.type), a.start, a.end) for a in doc.annset())
    assert uima_type("LOCATION-OTHER") == ESCAPED + "LOCATION_2D_OTHER"
    (name,) = cas.select("NAME")
    assert (name.rule, name.score, name.n, name.ok, list(name.tags.elements)) == ("names", 0.75, 3, True, ["a", "b"])
    assert json.loads(name.ann_json_nested) == {"k": [1, {"x": None}]}
    assert [(t.begin, t.end, t.pos) for t in cas.get_view("Key Set").select("Token")] == [(2, 5, "NNP")]


def test_fixtures_survive_our_writer(formats_data, tmp_path):
    for name in FIXTURES:
        (doc,) = only_documents(read_documents(formats_data / "uima-xmi" / name, "uima-xmi"))
        out = tmp_path / Path(name).parent
        write_documents([doc], out, "uima-xmi")
        (back,) = only_documents(read_documents(out, "uima-xmi"))
        assert dump(back) == dump(doc), name


def referring_document(name: str = "refs") -> Document:
    """Tokens whose ``pos`` refers to a POS annotation, a dependency between tokens, a phrase
    whose ``children`` list tokens and whose ``concepts`` hold feature structures that are no
    annotations (one referring to a token): the :data:`REFERENCES` record says which are references."""
    dkpro = "de.tudarmstadt.ukp.dkpro.core.api."
    token, pos, dep = dkpro + "segmentation.type.Token", dkpro + "lexmorph.type.pos.POS", dkpro + "syntax.type.dependency.Dependency"
    doc = Document("Ada slept well", name=name)
    s = doc.annset()
    tags = [s.add(pos, a, b, {"PosValue": v}) for a, b, v in [(0, 3, "NNP"), (4, 9, "VBD"), (10, 14, "RB")]]
    toks = [s.add(token, t.start, t.end, {"pos": t.id}) for t in tags]
    s.add(dep, 0, 3, {"Governor": toks[1].id, "Dependent": toks[0].id, "DependencyType": "nsubj"})
    s.add("Phrase", 4, 14, {"children": [toks[1].id, toks[2].id], "label": "VP",
                            "concepts": [{"type": "org.example.Concept", "features": {"code": "C1", "anchor": toks[1].id}}]})
    doc.features[REFERENCES] = {token: {"pos": pos}, dep: {"Governor": token, "Dependent": token},
                                "Phrase": {"children": "uima.cas.FSArray<" + token + ">",
                                           "concepts": "uima.cas.FSArray<org.example.Concept>"},
                                "org.example.Concept": {"anchor": "uima.tcas.Annotation"}}
    return doc


def test_references_are_written_as_references_and_read_back(tmp_path):
    doc = referring_document()
    write_documents([doc], tmp_path, "uima-xmi")
    ts = cassis.load_typesystem(tmp_path / "TypeSystem.xml")
    cas = cassis.load_cas_from_xmi(tmp_path / "refs.xmi", typesystem=ts)
    dkpro = "de.tudarmstadt.ukp.dkpro.core.api."
    tokens = cas.select(dkpro + "segmentation.type.Token")
    assert [(t.pos.type.name, t.pos.begin, t.pos.PosValue) for t in tokens] == [
        (dkpro + "lexmorph.type.pos.POS", 0, "NNP"), (dkpro + "lexmorph.type.pos.POS", 4, "VBD"),
        (dkpro + "lexmorph.type.pos.POS", 10, "RB")]
    (dep,) = cas.select(dkpro + "syntax.type.dependency.Dependency")
    assert (dep.Governor, dep.Dependent) == (tokens[1], tokens[0])
    (phrase,) = cas.select("Phrase")
    assert list(phrase.children.elements) == tokens[1:]
    (concept,) = phrase.concepts.elements
    assert (concept.type.name, concept.code, concept.anchor) == ("org.example.Concept", "C1", tokens[1])
    assert ts.get_type("org.example.Concept").supertype.name == "uima.cas.TOP"
    assert ts.get_type(dkpro + "segmentation.type.Token").get_feature("pos").rangeType.name == dkpro + "lexmorph.type.pos.POS"
    (back,) = only_documents(read_documents(tmp_path, "uima-xmi"))
    assert dump(back) == dump(doc)


def test_references_survive_resume(tmp_path):
    """The folder's TypeSystem.xml read back on --resume keeps the ranges of references (an
    FSArray's element type included) and the supertype of feature structures that are no
    annotations: the documents written after it load with it as the first ones did."""
    src = tmp_path / "src"
    write_documents([referring_document("a"), referring_document("b")], src, "bdoc")
    out = tmp_path / "out"
    assert main(["convert", str(src), str(out), "--to", "uima-xmi"]) == 0
    before = (out / "TypeSystem.xml").read_bytes()
    (out / "b.xmi").unlink()
    assert main(["convert", str(src), str(out), "--to", "uima-xmi", "--resume"]) == 0
    assert (out / "TypeSystem.xml").read_bytes() == before
    back = {d.name: d for d in only_documents(read_documents(out, "uima-xmi"))}
    assert dump(back["b"])[1:] == dump(referring_document("b"))[1:]


def test_a_bad_reference_is_one_line_and_keep_going_goes_on(tmp_path, capsys):
    good, dangling, wrong, bad_record = (referring_document(n) for n in ("good", "dangling", "wrong", "record"))
    (tok,) = [a for a in dangling.annset() if a.type.endswith("Token") and a.start == 0]
    tok.features["pos"] = 99
    (tok,) = [a for a in wrong.annset() if a.type.endswith("Token") and a.start == 0]
    tok.features["pos"] = "NNP"
    bad_record.features[REFERENCES] = {"Phrase": ["children"]}
    write_documents([good, dangling, wrong, bad_record], tmp_path / "src", "bdoc")
    out = tmp_path / "out"
    assert main(["convert", str(tmp_path / "src"), str(out), "--to", "uima-xmi", "--keep-going"]) == 1
    err = [x for x in capsys.readouterr().err.splitlines() if regex.search("E15[67]", x)]
    assert len(err) == 3
    (line,) = [x for x in err if "dangling" in x]
    assert "E156" in line and "'pos'" in line and "99 is not the id of an annotation of this document" in line
    (line,) = [x for x in err if "wrong" in x]
    assert "E156" in line and "'NNP'" in line
    (line,) = [x for x in err if "record" in x]
    assert "E157" in line
    assert sorted(p.name for p in out.glob("*.xmi")) == ["good.xmi"]


def test_type_systems_merge_across_documents_and_resume(tmp_path):
    a = Document("one two", name="a")
    a.annset().add("Word", 0, 3, {"n": 1})
    b = Document("three", name="b")
    b.annset().add("Word", 0, 5, {"lemma": "3"})
    b.annset().add("PER-X", 0, 5)
    src = tmp_path / "src"
    write_documents([a, b], src, "uima-xmi")
    assert main(["convert", str(src), str(tmp_path / "out"), "--to", "uima-xmi"]) == 0
    ts = cassis.load_typesystem(tmp_path / "out" / "TypeSystem.xml")
    assert {f.name for f in ts.get_type("Word").features} == {"n", "lemma"}
    assert ts.contains_type(uima_type("PER-X"))
    (tmp_path / "out" / "b.xmi").unlink()
    assert main(["convert", str(src), str(tmp_path / "out"), "--to", "uima-xmi", "--resume"]) == 0
    ts = cassis.load_typesystem(tmp_path / "out" / "TypeSystem.xml")
    assert {f.name for f in ts.get_type("Word").features} == {"n", "lemma"}
    back = {d.name: d for d in only_documents(read_documents(tmp_path / "out", "uima-xmi"))}
    assert dump(back["a"]) == dump(a) and dump(back["b"]) == dump(b)


def test_a_growing_type_system_writes_what_a_fresh_one_writes(tmp_path):
    """Documents bringing new types (added to the type system in use), a new feature of a type
    already used and a feature of UIMA's DocumentAnnotation (both: a new type system) give the
    bytes each gives when written alone by a fresh process."""
    docs = [Document("one two", name=n) for n in "abcd"]
    docs[0].annset().add("A", 0, 3)
    docs[1].annset().add("A", 0, 3)
    docs[1].annset().add("B-X", 4, 7, {"k": "v"})
    docs[2].annset().add("A", 0, 3, {"n": 2})
    docs[3].annset().add("uima.tcas.DocumentAnnotation", 0, 7, {"language": "en"})
    docs[3].annset("other").add("C", 0, 3)
    write_documents(docs, tmp_path / "xmi", "uima-xmi")
    for doc in docs:
        alone = tmp_path / f"alone-{doc.name}"
        write_documents([doc], alone / "src", "bdoc")
        subprocess.run([sys.executable, "-m", "annotator", "convert", str(alone / "src"), str(alone / "out"),
                        "--to", "uima-xmi"], check=True)
        assert (alone / "out" / f"{doc.name}.xmi").read_bytes() == (tmp_path / "xmi" / f"{doc.name}.xmi").read_bytes()


def test_conflicting_feature_kinds_are_one_error(tmp_path):
    a = Document("x", name="a")
    a.annset().add("W", 0, 1, {"v": 1})
    b = Document("x", name="b")
    b.annset().add("W", 0, 1, {"v": "1"})
    with pytest.raises(Exception, match="E153.*'v'.*'W'"):
        write_documents([a, b], tmp_path, "uima-xmi")


def test_a_conflicting_document_is_one_line_and_the_folder_stays_readable(tmp_path, capsys):
    docs = []
    for name, value in [("a", 1), ("b", "1"), ("c", 2), ("d", "x")]:
        doc = Document("one", name=name)
        doc.annset().add("W", 0, 3, {"v": value})
        docs.append(doc)
    write_documents(docs, tmp_path / "src", "bdoc")
    out = tmp_path / "out"
    assert main(["convert", str(tmp_path / "src"), str(out), "--to", "uima-xmi", "--keep-going"]) == 1
    lines = [x for x in capsys.readouterr().err.splitlines() if "E153" in x]  # one per document left out
    (b,) = [x for x in lines if "b.xmi" in x]
    assert "'v'" in b and "'W'" in b and "uima.cas.String here but uima.cas.Long in a.xmi" in b
    assert any("d.xmi" in x for x in lines) and len(lines) == 2
    assert sorted(p.name for p in out.glob("*.xmi")) == ["a.xmi", "c.xmi"]
    ts = cassis.load_typesystem(out / "TypeSystem.xml")
    assert [cassis.load_cas_from_xmi(out / f"{n}.xmi", typesystem=ts).select("W")[0].get("v") for n in "ac"] == [1, 2]


def three_documents_conflicting_in_the_second(folder: Path) -> Path:
    """A bdoc corpus of a, b, c whose feature ``v`` of ``W`` is an integer but in b (a string)."""
    docs = []
    for name, value in [("a", 1), ("b", "1"), ("c", 2)]:
        doc = Document("one", name=name)
        doc.annset().add("W", 0, 3, {"v": value})
        docs.append(doc)
    write_documents(docs, folder, "bdoc")
    return folder


@pytest.mark.parametrize("workers", [1, 2])
def test_a_conflict_fails_its_document_as_it_is_written(tmp_path, capsys, workers):
    """The client merges each document's types as its record arrives: b fails there and then
    (one E153 line, counted, in --errors, out of the manifest), a and c are written with a
    TypeSystem.xml both load with; the same when workers write them."""
    src = three_documents_conflicting_in_the_second(tmp_path / "src")
    out, errors = tmp_path / "out", tmp_path / "errors.jsonl"
    if workers == 1:
        status = main(["convert", str(src), str(out), "--to", "uima-xmi", "--keep-going", "--errors", str(errors)])
    else:
        status = run(None, src, out, to_format="uima-xmi", workers=workers, keep_going=True, errors=errors)
    assert status == 1
    err = capsys.readouterr().err
    (line,) = [x for x in err.splitlines() if "E153" in x]
    assert "b.xmi" in line and "uima.cas.String here but uima.cas.Long in a.xmi" in line
    assert "1 document(s) failed" in err
    (record,) = [json.loads(x) for x in errors.read_text(encoding="utf-8").splitlines()]
    assert (record["document"], record["code"], record["path"]) == ("b", "E153", str(src / "b.bdocjs"))
    assert sorted(p.name for p in out.glob("*.xmi")) == ["a.xmi", "c.xmi"]
    manifest = [json.loads(x)["document"] for x in (out / ".annotator-manifest.jsonl").read_text().splitlines()]
    assert sorted(manifest) == ["a", "c"]
    ts = cassis.load_typesystem(out / "TypeSystem.xml")
    assert [cassis.load_cas_from_xmi(out / f"{n}.xmi", typesystem=ts).select("W")[0].get("v") for n in "ac"] == [1, 2]


def test_the_errors_file_is_written_when_the_folder_files_fail(tmp_path, capsys):
    """Without --keep-going the run stops at b; the TypeSystem.xml cannot be written (a folder is
    in its place), and the --errors file still lists b."""
    src = three_documents_conflicting_in_the_second(tmp_path / "src")
    out, errors = tmp_path / "out", tmp_path / "errors.jsonl"
    (out / "TypeSystem.xml").mkdir(parents=True)
    with pytest.raises(OSError):
        main(["convert", str(src), str(out), "--to", "uima-xmi", "--errors", str(errors)])
    assert [json.loads(x)["document"] for x in errors.read_text(encoding="utf-8").splitlines()] == ["b"]


def test_a_sofa_without_a_string_reads_as_empty_text(tmp_path):
    (tmp_path / "uri.xmi").write_text(
        '<?xml version="1.0" encoding="UTF-8"?><xmi:XMI xmlns:xmi="http://www.omg.org/XMI" '
        'xmlns:cas="http:///uima/cas.ecore" xmi:version="2.0"><cas:NULL xmi:id="0"/>'
        '<cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" mimeType="text/plain" sofaURI="file:/x.txt"/>'
        '<cas:View sofa="1" members=""/></xmi:XMI>', encoding="utf-8")
    (doc,) = only_documents(read_documents(tmp_path, "uima-xmi"))
    assert (doc.name, doc.text, len(doc.annset())) == ("uri", "", 0)


def errors_of(path: Path, **options) -> list[str]:
    return [str(item) for item in read_documents(path, "uima-xmi", options=options) if isinstance(item, Failure)]


def test_bad_inputs_are_one_line_with_the_file(formats_data, tmp_path):
    src = formats_data / "uima-xmi" / "emoji" / "emoji.xmi"
    (tmp_path / "notype").mkdir()
    (tmp_path / "notype" / "e.xmi").write_bytes(src.read_bytes())  # no type system: DKPro's lacks Phi
    (line,) = errors_of(tmp_path / "notype")
    assert "e.xmi" in line and "E154" in line and "org.example.deid.Phi" in line and "\n" not in line
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "b.xmi").write_bytes(src.read_bytes()[:-40])
    (line,) = errors_of(tmp_path / "broken", typesystem=src.parent / "TypeSystem.xml")
    assert "b.xmi" in line and "E106" in line
    (tmp_path / "entity").mkdir()
    (tmp_path / "entity" / "x.xmi").write_bytes(
        b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]>\n' + src.read_bytes().split(b"?>", 1)[1])
    (line,) = errors_of(tmp_path / "entity", typesystem=src.parent / "TypeSystem.xml")
    assert "x.xmi:2" in line and "E107" in line
    (tmp_path / "badts.xml").write_text("<typeSystemDescription><types><typeDescription>"
                                        "<name>a.B</name><supertypeName>no.Such</supertypeName>"
                                        "</typeDescription></types></typeSystemDescription>")
    (line,) = errors_of(tmp_path / "notype", typesystem=tmp_path / "badts.xml")
    assert "badts.xml" in line and "E151" in line
    (tmp_path / "split").mkdir()  # begin="1": inside the surrogate pair of the first emoji
    (tmp_path / "split" / "s.xmi").write_bytes(src.read_bytes().replace(b'begin="3" end="6"', b'begin="1" end="6"'))
    (line,) = errors_of(tmp_path / "split", typesystem=src.parent / "TypeSystem.xml")
    assert "s.xmi" in line and "E155" in line and "offset 1 " in line
    (line,) = errors_of(tmp_path / "notype", typesystem=tmp_path / "missing.xml")
    assert "missing.xml" in line and "E128" in line


def test_convert_takes_typesystem_and_keeps_going(formats_data, tmp_path, capsys):
    emoji = formats_data / "uima-xmi" / "emoji"
    src = tmp_path / "in"
    src.mkdir()
    (src / "good.xmi").write_bytes((emoji / "emoji.xmi").read_bytes())
    (src / "bad.xmi").write_bytes(b"<xmi:XMI")
    out = tmp_path / "out"
    status = main(["convert", str(src), str(out), "--to", "bdoc", "--typesystem", str(emoji / "TypeSystem.xml"),
                   "--keep-going"])
    err = capsys.readouterr().err
    assert status == 1 and "bad.xmi" in err and "E106" in err
    assert [p.name for p in out.glob("*.bdocjs")] == ["good.bdocjs"]
    status = main(["convert", str(src / "good.xmi"), str(tmp_path / "o2"), "--to", "bdoc"])
    assert status == 1 and "E154" in capsys.readouterr().err


PIPELINE = """<pipeline name="xmi-test"><pr type="test-words"/></pipeline>"""


def test_run_takes_typesystem(formats_data, tmp_path, capsys):
    pipeline, _ = pipeline_and_corpus(tmp_path, PIPELINE, lambda i: "")
    emoji = formats_data / "uima-xmi" / "emoji"
    src = tmp_path / "xmi"
    src.mkdir()
    (src / "e.xmi").write_bytes((emoji / "emoji.xmi").read_bytes())
    out = tmp_path / "out"
    status = main(["run", str(pipeline), str(src), "--out", str(out), "--to", "uima-xmi",
                   "--typesystem", str(emoji / "TypeSystem.xml"), "--workers", "2"])
    assert status == 0, capsys.readouterr().err
    (doc,) = only_documents(read_documents(out, "uima-xmi"))
    words = [doc.text[a.start:a.end] for a in doc.annset().with_type("Word")]
    assert words == [m.group() for m in regex.finditer(r"\w+", doc.text)] and "Núñez" in words
    assert {"org.example.deid.Phi"} == doc.annset().types() - {"Word"}
    ts = cassis.load_typesystem(out / "TypeSystem.xml")  # merged by the client from the workers' documents
    cas = cassis.load_cas_from_xmi(out / "e.xmi", typesystem=ts)
    assert [cas.get_covered_text(w) for w in cas.select("Word")] == words


def test_meddocan_dev_brat_to_xmi_and_back(meddocan_dir, tmp_path, capsys):
    src = meddocan_dir / "dev" / "brat"
    assert main(["convert", str(src), str(tmp_path / "xmi"), "--to", "uima-xmi"]) == 0
    assert main(["convert", str(tmp_path / "xmi"), str(tmp_path / "brat"), "--to", "brat"]) == 0
    before = only_documents(read_documents(src, "brat"))
    after = {d.name: d for d in only_documents(read_documents(tmp_path / "brat", "brat"))}
    assert len(before) == len(after) == len(list(src.glob("*.ann")))
    for doc in before:
        assert after[doc.name].text == doc.text and dump(after[doc.name]) == dump(doc), doc.name
    for ann in src.glob("*.ann"):
        assert sorted((tmp_path / "brat" / ann.name).read_bytes().splitlines()) == sorted(ann.read_bytes().splitlines())


def test_meddocan_dev_from_brat_through_xmi_and_bioc_json_and_back(meddocan_dir, tmp_path):
    """brat -> uima-xmi -> bioc-json -> uima-xmi -> brat by ``convert``: the same .txt bytes and
    .ann lines for every document (XMI and BioC JSON read from each other, not only from brat)."""
    pytest.importorskip("bioc")
    src, steps = meddocan_dir / "dev" / "brat", [("xmi", "uima-xmi"), ("bioc", "bioc-json"), ("xmi2", "uima-xmi"),
                                                 ("brat", "brat")]
    folder = src
    for name, fmt in steps:
        assert main(["convert", str(folder), str(tmp_path / name), "--to", fmt]) == 0
        folder = tmp_path / name
    anns = sorted(src.glob("*.ann"))
    assert len(anns) == len(list(folder.glob("*.ann"))) > 0
    for ann in anns:
        assert (folder / ann.name).with_suffix(".txt").read_bytes() == ann.with_suffix(".txt").read_bytes(), ann.name
        assert sorted((folder / ann.name).read_bytes().splitlines()) == sorted(ann.read_bytes().splitlines()), ann.name


def test_cassis_missing_is_one_error(monkeypatch, tmp_path, formats_data):
    import builtins

    real = builtins.__import__

    def no_cassis(name, *args, **kwargs):
        if name == "cassis":
            raise ImportError(name)
        return real(name, *args, **kwargs)

    from annotator.formats import uima_xmi  # noqa: F401  (loaded before importing cassis fails)

    monkeypatch.setattr(builtins, "__import__", no_cassis)
    (line,) = errors_of(formats_data / "uima-xmi" / "dkpro")
    assert "E150" in line and "annotator[uima]" in line


def test_ctakes_relation_ids_survive_our_round_trip(tmp_path):
    """Regression: a relation written as cTAKES's BinaryTextRelation came back with a fresh id."""
    doc = Document("Pain in the left knee since May.", name="ids")
    s = doc.annset()
    pain, knee, may = s.add("Sign", 0, 4), s.add("Site", 12, 21), s.add("Date", 28, 31)
    s.add_relation("LOCATION_OF", [knee.id, pain.id], {"uima.type": "org.apache.ctakes.typesystem.type.relation."
                                                       "LocationOfTextRelation", "roles": ["Argument", "Related_to"]},
                   id=40)
    s.add_relation("plain", [pain.id, may.id], {}, id=20)
    s.add_relation("TEMP", [pain.id, may.id], {"uima.type": "org.apache.ctakes.typesystem.type.relation."
                                               "BinaryTextRelation"}, id=9)
    write_documents([doc], tmp_path, "uima-xmi")
    (back,) = only_documents(read_documents(tmp_path, "uima-xmi"))
    assert dump(back) == dump(doc)
    assert sorted((r.id, r.type) for r in back.annset().relations.values()) == [(9, "TEMP"), (20, "plain"),
                                                                                  (40, "LOCATION_OF")]
