"""XMI in the layouts other tools write (INCEpTION, UIMA Java, WebAnno), written by hand from the
format (tests/data/formats/uima-xmi/handwritten): we read what cassis reads, view by view, and what
we write loads back in cassis the same."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

cassis = pytest.importorskip("cassis")

from formatshelp import only_documents, snapshot  # noqa: E402

from annotator.cli import main  # noqa: E402
from annotator.corpus import read_documents, write_documents  # noqa: E402
from annotator.document import Document  # noqa: E402
from annotator.errors import InputError  # noqa: E402
from annotator.formats.uima_xmi import dkpro_typesystem  # noqa: E402

OTHERS = ["uimaj-emoji/casWithEmojiUnicodeTextAndAnnotations.xmi",
          "uimaj-chinese/casWithTraditionalChineseTextAndAnnotations.xmi",
          "uimaj-sofa-uri/casWithSofaDataURI.xmi",
          "uimaj-no-namespace/cas_has_fs_with_no_namespace.xmi",
          "uimaj-webanno-slots/tsv3-testSimpleSlotFeature.xmi",
          "inception-smileys/cas_with_smileys.xmi",
          "inception-no-declaration/cas_with_empty_array_reference.xmi",
          "dkpro-core/english.xmi"]
HELD_OUT = ["ctakes/note.xmi", "ctakes/relations.xmi", "dkpro/inception-export.xmi", "dkpro/semantic-links.xmi", "dkpro/references.xmi",
            "uima/emoji-sequences.xmi", "uima/two-views.xmi", "uima/sofa-uri.xmi", "uima/word-lists.xmi"]
COREF = ["ctakes-coref/coreference.xmi", "ctakes-coref/not-annotation.xmi", "ctakes-coref/shared/shared-list.xmi",
         "ctakes-coref/fsarray/chains.xmi"]  # written with cassis (tests/data/formats/make_xmi_fixtures.py)
FILES = [f"handwritten/{name}" for name in HELD_OUT] + [f"others/{name}" for name in OTHERS] + COREF
ANNOTATION = "uima.tcas.Annotation"


def typesystem_of(path: Path):
    beside = path.parent / "TypeSystem.xml"
    return cassis.load_typesystem(beside) if beside.is_file() else dkpro_typesystem()


def oracle_value(value, ts):
    """A feature value as the README says we read it, from cassis's objects."""
    if isinstance(value, (str, int, float, bool)):
        return value
    if hasattr(value, "elements"):
        return [oracle_value(v, ts) for v in value.elements]
    if value.type.name in ("uima.cas.NonEmptyFSList", "uima.cas.EmptyFSList"):
        items = []
        while value.type.name == "uima.cas.NonEmptyFSList":
            items.append(oracle_value(value.head, ts))
            value = value.tail
        return items
    if ts.subsumes(ts.get_type(ANNOTATION), value.type):
        return value.xmiID
    return {"type": value.type.name, "features": oracle_features(value, ts)}


def oracle_features(fs, ts) -> dict:
    return {feature.name: oracle_value(fs.get(feature.name), ts) for feature in fs.type.all_features
            if feature.name not in ("begin", "end", "sofa") and fs.get(feature.name) is not None}


def cassis_reads(path: Path, ts) -> dict[str, list[tuple]]:
    """View -> (id, type, begin, end, features) of its annotations, as cassis reads the file."""
    cas = cassis.load_cas_from_xmi(path, typesystem=ts)
    views = {}
    for sofa in cas.sofas:
        view = cas.get_view(sofa.sofaID)
        views["" if sofa.sofaID == "_InitialView" else sofa.sofaID] = sorted(
            (fs.xmiID, fs.type.name, fs.begin, fs.end, oracle_features(fs, ts))
            for fs in view.select_all() if ts.subsumes(ts.get_type(ANNOTATION), fs.type))
    return views


def texts(path: Path, ts) -> dict[str, str]:
    cas = cassis.load_cas_from_xmi(path, typesystem=ts)
    return {("" if s.sofaID == "_InitialView" else s.sofaID): s.sofaString or "" for s in cas.sofas}


def graph(path: Path, ts) -> dict[str, list[tuple]]:
    """View -> its annotations as cassis reads them, without XMI ids (ours are renumbered when
    written): (type, begin, end, features), a reference to an annotation as ``("->", type, begin,
    end)`` of the annotation it refers to, to another feature structure as (type, features), an
    array or a list as a tuple."""
    cas = cassis.load_cas_from_xmi(path, typesystem=ts)
    annotation = ts.get_type(ANNOTATION)

    def value(v):
        if isinstance(v, (str, int, float, bool)):
            return v
        if hasattr(v, "elements"):
            return tuple(value(x) for x in v.elements)
        if v.type.name in ("uima.cas.NonEmptyFSList", "uima.cas.EmptyFSList"):
            items = []
            while v.type.name == "uima.cas.NonEmptyFSList":
                items.append(value(v.head))
                v = v.tail
            return tuple(items)
        if ts.subsumes(annotation, v.type):
            return ("->", v.type.name, v.begin, v.end)
        return (v.type.name, features(v))

    def features(fs):
        return tuple(sorted((f.name, value(fs.get(f.name))) for f in fs.type.all_features
                            if f.name not in ("begin", "end", "sofa") and fs.get(f.name) is not None))

    return {"" if sofa.sofaID == "_InitialView" else sofa.sofaID: sorted(
        (fs.type.name, fs.begin, fs.end, features(fs)) for fs in cas.get_view(sofa.sofaID).select_all()
        if ts.subsumes(annotation, fs.type)) for sofa in cas.sofas}


def structures(path: Path, ts) -> Counter:
    """Type -> how many feature structures that are no annotations (nor arrays or lists) the
    annotations of the file refer to, each counted once however many features refer to it."""
    cas = cassis.load_cas_from_xmi(path, typesystem=ts)
    annotation = ts.get_type(ANNOTATION)
    found: dict[int, str] = {}

    def walk(v):
        if isinstance(v, (str, int, float, bool)) or v is None:
            return
        if hasattr(v, "elements"):
            for x in v.elements:
                walk(x)
        elif v.type.name in ("uima.cas.NonEmptyFSList", "uima.cas.EmptyFSList"):
            while v.type.name == "uima.cas.NonEmptyFSList":
                walk(v.head)
                v = v.tail
        elif not ts.subsumes(annotation, v.type) and v.xmiID not in found:
            found[v.xmiID] = v.type.name
            for f in v.type.all_features:
                walk(v.get(f.name))

    for sofa in cas.sofas:
        for fs in cas.get_view(sofa.sofaID).select_all():
            if ts.subsumes(annotation, fs.type):
                for f in fs.type.all_features:
                    if f.name != "sofa":
                        walk(fs.get(f.name))
    return Counter(found.values())


@pytest.mark.parametrize("name", FILES)
def test_held_out_files_read_as_cassis_reads_them(formats_data, name):
    path = formats_data / "uima-xmi" / name
    ts = typesystem_of(path)
    (doc,) = only_documents(read_documents(path, "uima-xmi"))
    oracle = cassis_reads(path, ts)
    assert {name: snapshot(doc, name) for name in oracle} == oracle
    assert set(doc.annset_names()) <= set(oracle)
    assert doc.text == texts(path, ts)[""]


@pytest.mark.parametrize("name", FILES)
def test_what_we_write_loads_back_in_cassis(formats_data, tmp_path, name):
    path = formats_data / "uima-xmi" / name
    (doc,) = only_documents(read_documents(path, "uima-xmi"))
    write_documents([doc], tmp_path, "uima-xmi")
    written = tmp_path / path.name
    ts_written = cassis.load_typesystem(tmp_path / "TypeSystem.xml")
    assert texts(written, ts_written) == texts(path, typesystem_of(path))
    assert graph(written, ts_written) == graph(path, typesystem_of(path))
    assert structures(written, ts_written) == structures(path, typesystem_of(path))  # a shared one written once
    (back,) = only_documents(read_documents(tmp_path, "uima-xmi"))
    names = {"", *doc.annset_names(), *back.annset_names()}
    assert {n: snapshot(back, n) for n in names} == {n: snapshot(doc, n) for n in names}


def test_what_the_held_out_files_hold(formats_data):
    """The cases these files are here for, spelled out."""
    base = formats_data / "uima-xmi" / "handwritten"
    dkpro = "de.tudarmstadt.ukp.dkpro.core.api."
    (export,) = only_documents(read_documents(base / "dkpro" / "inception-export.xmi", "uima-xmi"))
    (ada,) = export.annset().with_type(dkpro + "ner.type.NamedEntity")
    assert export.text[ada.start:ada.end] == "Ada Byrne" and (ada.start, ada.end) == (8, 17)  # UTF-16: 9-18
    assert ada.features == {"value": "PER", "identifier": "staff-0042"}
    (meta,) = export.annset().with_type(dkpro + "metadata.type.DocumentMetaData")
    assert meta.features["isLastSegment"] is True and meta.features["documentId"] == "ada.txt"
    (verb,) = [a for a in export.annset().with_type(dkpro + "lexmorph.type.pos.POS") if a.start == 18]
    assert verb.features == {"PosValue": "VBD", "coarseValue": "VERB"}
    (links,) = only_documents(read_documents(base / "dkpro" / "semantic-links.xmi", "uima-xmi"))
    (pred,) = links.annset().with_type(dkpro + "semantics.type.SemPred")
    link = dkpro + "semantics.type.SemArgLink"
    assert pred.features["arguments"] == [{"type": link, "features": {"role": role, "target": target}}
                                          for role, target in [("Agent", 21), ("Theme", 22), ("Goal", 23)]]
    assert [links.text[links.annset().get(i).start:links.annset().get(i).end] for i in (21, 22, 23)] == [
        "Dr. Okafor", "the patient", "cardiology"]
    (emoji,) = only_documents(read_documents(base / "uima" / "emoji-sequences.xmi", "uima-xmi"))
    words = emoji.annset().with_type("org.example.note.Word")
    assert [emoji.text[a.start:a.end] for a in words] == [
        "\U0001f469\U0001f3fd\u200d\u2695\ufe0f", "met", "\U0001f468\U0001f3ff\u200d\U0001f9b0", "and",
        "\U0001f9d1\U0001f3fc\u200d\U0001f91d\u200d\U0001f9d1\U0001f3fe", "today", "\u2714"]
    assert [a.features["codePoints"] for a in words] == [a.end - a.start for a in words]
    assert [a.features["joined"] for a in words] == [True, False, True, False, True, False, False]
    (two,) = only_documents(read_documents(base / "uima" / "two-views.xmi", "uima-xmi"))
    assert [len(two.annset(n)) for n in ("", "reviewer")] == [3, 2]
    (signed,) = two.annset("reviewer").with_type("org.example.note.Word")
    assert two.text[signed.start:signed.end] == "signed"
    (uri,) = only_documents(read_documents(base / "uima" / "sofa-uri.xmi", "uima-xmi"))
    assert (uri.text, len(uri.annset())) == ("", 0)


def test_what_the_ctakes_file_holds(formats_data):
    """cTAKES's mentions with their UMLS concepts (feature structures that are no annotations) and
    the references record that writes them back as references."""
    (doc,) = only_documents(read_documents(formats_data / "uima-xmi" / "handwritten" / "ctakes" / "note.xmi", "uima-xmi"))
    textsem = "org.apache.ctakes.typesystem.type.textsem."
    umls = "org.apache.ctakes.typesystem.type.refsem.UmlsConcept"
    (pain,) = doc.annset().with_type(textsem + "SignSymptomMention").within(0, 27)
    assert doc.text[pain.start:pain.end] == "chest pain" and pain.features["polarity"] == 1
    assert [(c["type"], c["features"]["codingScheme"], c["features"]["cui"]) for c in pain.features["ontologyConceptArr"]] == [
        (umls, "SNOMEDCT_US", "C9000001"), (umls, "ICD10CM", "C9000001")]
    fevers = [a for a in doc.annset().within(35, 40) if a.type.startswith(textsem)]
    assert sorted(a.type for a in fevers) == [textsem + "DiseaseDisorderMention", textsem + "SignSymptomMention"]
    assert {a.features["polarity"] for a in fevers} == {-1}
    assert all(a.features["ontologyConceptArr"][0]["features"]["preferredText"] == "Fever" for a in fevers)
    assert doc.features["uima.references"][textsem + "MedicationMention"] == {
        "ontologyConceptArr": "uima.cas.FSArray<org.apache.ctakes.typesystem.type.refsem.OntologyConcept>"}


def test_a_type_system_missing_or_not_matching_is_one_line_with_the_place(formats_data, tmp_path, capsys):
    """cTAKES's XMI without its type system (DKPro's is taken), or with one lacking a feature: one
    E154 line naming the file and the line of the first element it does not fit; --keep-going
    goes on to the next file."""
    ctakes = formats_data / "uima-xmi" / "handwritten" / "ctakes"
    good = formats_data / "uima-xmi" / "handwritten" / "dkpro" / "references.xmi"
    for folder, typesystem in [("missing", None), ("mismatch", "historyOf")]:
        src = tmp_path / folder
        src.mkdir()
        if not typesystem:  # --typesystem is for every file: DKPro's a.xmi only beside the missing one
            (src / "a.xmi").write_bytes(good.read_bytes())
        (src / "b.xmi").write_bytes((ctakes / "note.xmi").read_bytes())
        args = []
        if typesystem:
            ts = (ctakes / "TypeSystem.xml").read_text(encoding="utf-8")
            (tmp_path / "ts.xml").write_text(ts.replace(f"<name>{typesystem}</name>", "<name>other</name>"), encoding="utf-8")
            args = ["--typesystem", str(tmp_path / "ts.xml")]
        status = main(["convert", str(src), str(tmp_path / f"out-{folder}"), "--to", "bdoc", "--keep-going", *args])
        err = capsys.readouterr().err
        (line,) = [x for x in err.splitlines() if "E154" in x]
        lines = (ctakes / "note.xmi").read_text(encoding="utf-8").splitlines()
        number = int(line.split(str(src / "b.xmi") + ":", 1)[1].split(":", 1)[0])
        assert status == 1
        if typesystem:
            assert f"'{typesystem}'" in line and f'{typesystem}="' in lines[number - 1]
        else:
            assert "textspan.Segment" in line and "<textspan:Segment" in lines[number - 1]
    assert [p.name for p in (tmp_path / "out-missing").glob("*.bdocjs")] == ["a.bdocjs"]


SIGN = "org.apache.ctakes.typesystem.type.textsem.SignSymptomMention"


@pytest.mark.parametrize("old, new, line, reason", [
    ('ontologyConceptArr="60 61" typeID="3"', 'ontologyConceptArr="60 61" typeID="abc"', 29,
     f"feature 'typeID' of {SIGN} is a uima.cas.Integer, not 'abc'"),
    ('begin="16" end="26" id="1"', 'begin="16" end="2 6" id="1"', 29, f"feature 'end' of {SIGN} is a uima.cas.Integer, not '2 6'"),
    ('ontologyConceptArr="60 61"', 'ontologyConceptArr="60 999"', 29,
     f"feature 'ontologyConceptArr' of {SIGN} refers to xmi:id 999, which no element of the file has"),
    ('members="8 9 10', 'members="8 999 10', 40, "the view of sofa 1 lists xmi:id 999, which no element of the file has")])
def test_a_value_the_type_system_does_not_fit_is_one_line_with_the_place(formats_data, tmp_path, capsys, old, new, line,
                                                                          reason):
    """A value that is not of its feature's range, or an xmi:id no element has: the E154 line names
    the file, the line of the element and what does not fit; --keep-going reads the next file."""
    ctakes = formats_data / "uima-xmi" / "handwritten" / "ctakes"
    src = tmp_path / "src"
    src.mkdir()
    (src / "TypeSystem.xml").write_bytes((ctakes / "TypeSystem.xml").read_bytes())
    text = (ctakes / "note.xmi").read_text(encoding="utf-8")
    assert text.count(old) == 1
    (src / "bad.xmi").write_text(text.replace(old, new), encoding="utf-8")
    (src / "good.xmi").write_text(text, encoding="utf-8")
    assert main(["convert", str(src), str(tmp_path / "out"), "--to", "bdoc", "--keep-going"]) == 1
    (got,) = [x for x in capsys.readouterr().err.splitlines() if "E154" in x]
    assert got.startswith(f"{src / 'bad.xmi'}:{line}: E154 ") and got.endswith(": " + reason)
    assert [p.name for p in (tmp_path / "out").glob("*.bdocjs")] == ["good.bdocjs"]


@pytest.mark.parametrize("tag", ["supertypeName", "rangeTypeName"])
def test_a_type_system_naming_an_undescribed_type_is_one_line_with_the_place(formats_data, tmp_path, capsys, tag):
    ctakes = formats_data / "uima-xmi" / "handwritten" / "ctakes"
    src = tmp_path / "src"
    src.mkdir()
    lines = (ctakes / "TypeSystem.xml").read_text(encoding="utf-8").splitlines()
    number = next(n for n, x in enumerate(lines, 1) if f"<{tag}>" in x)
    lines[number - 1] = f"<{tag}>org.example.Nowhere</{tag}>"
    (src / "TypeSystem.xml").write_text("\n".join(lines), encoding="utf-8")
    (src / "note.xmi").write_bytes((ctakes / "note.xmi").read_bytes())
    assert main(["convert", str(src), str(tmp_path / "out"), "--to", "bdoc", "--keep-going"]) == 1
    (got,) = [x for x in capsys.readouterr().err.splitlines() if "E151" in x]
    assert got == (f"{src / 'TypeSystem.xml'}:{number}: E151 cannot read the UIMA type system: "
                   "type org.example.Nowhere is neither described in it nor built into UIMA")


@pytest.mark.parametrize("name", HELD_OUT)
def test_what_is_not_read_is_one_warning(formats_data, caplog, name):
    """An indexed feature structure that is no annotation and that no annotation refers to
    (DKPro's CoreferenceChain) is not read: one warning line says so; one an annotation refers to
    (the SemArgLinks WebAnno indexes) is read where it is referred to, without a warning."""
    caplog.set_level("WARNING", logger="annotator")
    only_documents(read_documents(formats_data / "uima-xmi" / "handwritten" / name, "uima-xmi"))
    lines = [r.getMessage() for r in caplog.records if "E158" in r.getMessage()]
    if name == "dkpro/references.xmi":
        (line,) = lines
        assert "references.xmi" in line and "1 feature structure(s) of view '_InitialView'" in line
        assert line.endswith("de.tudarmstadt.ukp.dkpro.core.api.coref.type.CoreferenceChain (1)")
    elif name == "ctakes/relations.xmi":  # the relation without arg2, and its one argument
        (line,) = lines
        assert line.endswith("relation.BinaryTextRelation (1), org.apache.ctakes.typesystem.type.relation.RelationArgument (1)")
    else:
        assert lines == []


def test_a_view_without_a_sofa_is_one_line(formats_data, tmp_path, capsys):
    """UIMA writes a CAS without text with a ``cas:View`` that has no sofa; cassis cannot load
    it (the oracle refuses it too): one E159 line with the view's line, and --keep-going goes on."""
    floats = formats_data / "uima-xmi" / "others" / "uimaj-special-floats"
    with pytest.raises(KeyError):
        cassis.load_cas_from_xmi(floats / "casWithFloatingPointSpecialValues.xmi",
                                 typesystem=cassis.load_typesystem(floats / "TypeSystem.xml"))
    src = tmp_path / "in"
    src.mkdir()
    for path in [*floats.iterdir(), formats_data / "uima-xmi" / "others" / "uimaj-chinese" /
                 "casWithTraditionalChineseTextAndAnnotations.xmi"]:
        (src / path.name).write_bytes(path.read_bytes())
    status = main(["convert", str(src), str(tmp_path / "out"), "--to", "bdoc", "--keep-going"])
    (line,) = [x for x in capsys.readouterr().err.splitlines() if "E159" in x]
    lines = (floats / "casWithFloatingPointSpecialValues.xmi").read_text(encoding="utf-8").splitlines()
    number = int(line.split("casWithFloatingPointSpecialValues.xmi:", 1)[1].split(":", 1)[0])
    assert status == 1 and lines[number - 1].strip() == '<cas:View members="1 2 3"/>'
    assert [p.name for p in (tmp_path / "out").glob("*.bdocjs")] == ["casWithTraditionalChineseTextAndAnnotations.bdocjs"]


def test_a_type_without_a_namespace_is_found_in_the_type_system(formats_data, tmp_path):
    """UIMA writes a type without a namespace under ``noNamespace``: the E154 line is that of the
    element that does not fit (here the DocumentAnnotation after it), not that type's."""
    folder = formats_data / "uima-xmi" / "others" / "uimaj-no-namespace"
    data = (folder / "cas_has_fs_with_no_namespace.xmi").read_text(encoding="utf-8")
    (tmp_path / "TypeSystem.xml").write_bytes((folder / "TypeSystem.xml").read_bytes())
    (tmp_path / "bad.xmi").write_text(data.replace('language="x-unspecified"', 'language="x-unspecified" mood="odd"'),
                                      encoding="utf-8")
    (failure,) = list(read_documents(tmp_path / "bad.xmi", "uima-xmi"))
    assert failure.error.message.startswith("E154")
    assert "<tcas:DocumentAnnotation" in data.splitlines()[failure.error.line - 1]


RELATION = "org.apache.ctakes.typesystem.type.relation."


def cassis_text_relations(path: Path, ts) -> list[tuple]:
    """cTAKES's binary text relations between two annotations, as cassis reads them: (category,
    type, the two arguments' (type, begin, end), their roles, the other features)."""
    cas = cassis.load_cas_from_xmi(path, typesystem=ts)
    binary = ts.get_type(RELATION + "BinaryTextRelation")
    out = []
    for fs in cas.select_all_fs():
        if not ts.subsumes(binary, fs.type) or fs.get("arg1") is None or fs.get("arg2") is None:
            continue
        args = [fs.get("arg1").get("argument"), fs.get("arg2").get("argument")]
        features = {f.name: fs.get(f.name) for f in fs.type.all_features
                    if f.name not in ("arg1", "arg2", "category") and fs.get(f.name) is not None}
        out.append((fs.get("category"), fs.type.name, tuple((a.type.name, a.begin, a.end) for a in args),
                    (fs.get("arg1").get("role"), fs.get("arg2").get("role")), features))
    return sorted(out, key=repr)


def our_text_relations(doc) -> list[tuple]:
    anns = doc.annset()
    return sorted(((r.type, r.features["uima.type"], tuple((anns.get(m).type, anns.get(m).start, anns.get(m).end)
                                                           for m in r.members),
                    tuple(r.features["roles"]), {k: v for k, v in r.features.items() if k not in ("uima.type", "roles")})
                   for r in anns.relations.values()), key=repr)


def test_ctakes_relations_read_as_cassis_reads_them_and_write_back(formats_data, tmp_path):
    """cTAKES's BinaryTextRelation (and subtypes): arg1 and arg2 are RelationArguments whose
    ``argument`` is a mention: a relation between the two, its category as type (the UIMA type
    when it has none), the UIMA type, the roles and the other features as features. Written back
    as the same structures (cassis reads the same relations, a missing category missing again),
    and read back the same."""
    path = formats_data / "uima-xmi" / "handwritten" / "ctakes" / "relations.xmi"
    ts = typesystem_of(path)
    oracle = cassis_text_relations(path, ts)
    assert sorted((kind.rsplit(".", 1)[1], category) for category, kind, *_ in oracle) == [
        ("BinaryTextRelation", None), ("DegreeOfTextRelation", "degree_of"), ("LocationOfTextRelation", "location_of")]
    (doc,) = only_documents(read_documents(path, "uima-xmi"))
    assert our_text_relations(doc) == sorted(((category or kind, kind, *rest) for category, kind, *rest in oracle), key=repr)
    write_documents([doc], tmp_path, "uima-xmi")
    written = cassis_text_relations(tmp_path / path.name, cassis.load_typesystem(tmp_path / "TypeSystem.xml"))
    assert written == oracle
    (back,) = only_documents(read_documents(tmp_path, "uima-xmi"))
    assert our_text_relations(back) == our_text_relations(doc)


def test_our_relations_with_a_uima_type_are_ctakes_relations(tmp_path):
    """A relation of ours between two annotations with the feature ``uima.type`` is written as
    that cTAKES relation (its supertypes declared in the TypeSystem.xml), others as ours; both
    read back the same, through brat too."""
    doc = Document("Pain in the left arm.", name="ours")
    anns = doc.annset()
    pain, arm = anns.add("Finding", 0, 4), anns.add("Site", 12, 20)
    anns.add_relation("location_of", [pain.id, arm.id], {"uima.type": RELATION + "LocationOfTextRelation",
                                                         "roles": ["Argument", "Related_to"], "confidence": 0.5})
    anns.add_relation("near", [arm.id, pain.id], {"note": "ours"})
    write_documents([doc], tmp_path / "xmi", "uima-xmi")
    ts = cassis.load_typesystem(tmp_path / "xmi" / "TypeSystem.xml")
    location = ts.get_type(RELATION + "LocationOfTextRelation")
    assert ts.subsumes(ts.get_type(RELATION + "BinaryTextRelation"), location)
    assert ts.subsumes(ts.get_type(RELATION + "Relation"), location)
    (rel,) = cassis_text_relations(tmp_path / "xmi" / "ours.xmi", ts)
    assert rel == ("location_of", RELATION + "LocationOfTextRelation", (("Finding", 0, 4), ("Site", 12, 20)),
                   ("Argument", "Related_to"), {"confidence": 0.5})
    (back,) = only_documents(read_documents(tmp_path / "xmi", "uima-xmi"))
    assert sorted((r.type, r.members, r.features) for r in back.annset().relations.values()) == \
        sorted((r.type, r.members, r.features) for r in anns.relations.values())


CHAIN = RELATION + "CollectionTextRelation"


def cassis_chains(path: Path, ts) -> list[tuple]:
    """cTAKES's collection relations whose members are all annotations (given directly or as the
    argument of a RelationArgument), as cassis reads them: (category, type, the members' (type,
    begin, end) in order, their roles (None: given directly), the members' range or None when
    the relation has none, the other features)."""
    cas = cassis.load_cas_from_xmi(path, typesystem=ts)
    chain, annotation = ts.get_type(CHAIN), ts.get_type(ANNOTATION)
    argument = ts.get_type(RELATION + "RelationArgument") if ts.contains_type(RELATION + "RelationArgument") else None
    out = []
    for fs in cas.select_all_fs():
        if not ts.subsumes(chain, fs.type):
            continue
        value = fs.get("members")
        members = list(value.elements) if hasattr(value, "elements") else []
        node = value
        while node is not None and node.type.name == "uima.cas.NonEmptyFSList":
            members.append(node.head)
            node = node.tail
        roles = [None] * len(members)
        for i, m in enumerate(members):
            if argument is not None and ts.subsumes(argument, m.type):
                members[i], roles[i] = m.get("argument"), m.get("role") or ""
        if not all(ts.subsumes(annotation, m.type) for m in members):
            continue
        features = {f.name: fs.get(f.name) for f in fs.type.all_features
                    if f.name not in ("members", "category") and fs.get(f.name) is not None}
        out.append((fs.get("category"), fs.type.name, tuple((m.type.name, m.begin, m.end) for m in members),
                    tuple(roles), None if value is None else fs.type.get_feature("members").rangeType.name, features))
    return sorted(out, key=repr)


def our_chains(doc) -> list[tuple]:
    anns = doc.annset()
    return sorted(((r.type, r.features["uima.type"], tuple((anns.get(m).type, anns.get(m).start, anns.get(m).end)
                                                           for m in r.members),
                    tuple(r.features.get("roles", [None] * len(r.members))), r.features["uima.members"] or None,
                    {k: v for k, v in r.features.items() if k not in ("uima.type", "uima.members", "roles")})
                   for r in anns.relations.values()), key=repr)


def relations(doc) -> list[tuple]:
    return [(r.id, r.type, r.members, r.features) for r in doc.annset().relations.values()]


@pytest.mark.parametrize("name", COREF)
def test_ctakes_chains_read_as_cassis_reads_them_and_write_back(formats_data, tmp_path, name):
    """cTAKES's CollectionTextRelation (coreference chains): a relation whose members are the
    annotations of its ``members`` list (or array), in list order; its category as type (the
    UIMA type without one), ``uima.type``, ``uima.members`` (the range, "" when it has no
    members) and its other features. Written back, cassis reads the same relations (categories,
    members in order, ranges, features); read back, the same relations, ids included."""
    path = formats_data / "uima-xmi" / name
    oracle = cassis_chains(path, typesystem_of(path))
    (doc,) = only_documents(read_documents(path, "uima-xmi"))
    assert our_chains(doc) == sorted(((category or kind, kind, *rest) for category, kind, *rest in oracle), key=repr)
    write_documents([doc], tmp_path, "uima-xmi")
    assert cassis_chains(tmp_path / path.name, cassis.load_typesystem(tmp_path / "TypeSystem.xml")) == oracle
    (back,) = only_documents(read_documents(tmp_path, "uima-xmi"))
    assert relations(back) == relations(doc)


def test_what_the_chain_files_hold(formats_data):
    """The cases, spelled out: list order is not text order, an empty list and no list."""
    (doc,) = only_documents(read_documents(formats_data / "uima-xmi" / "ctakes-coref" / "coreference.xmi", "uima-xmi"))
    text = doc.text
    got = [(r.type.rsplit(".", 1)[-1], [text[doc.annset().get(m).start:doc.annset().get(m).end] for m in r.members],
            r.features["uima.members"]) for r in doc.annset().relations.values()]
    assert got == [("Identity", ["Mrs. Alvarez", "She", "her"], "uima.cas.FSList"),
                   ("CollectionTextRelation", ["the pain", "chest pain"], "uima.cas.FSList"),
                   ("Identity", ["Her daughter", "the daughter"], "uima.cas.FSList"),
                   ("Identity", [], "uima.cas.FSList"), ("Identity", [], ""),
                   ("Identity", ["She", "Mrs. Alvarez"], "uima.cas.FSList")]
    assert list(doc.annset().relations.values())[-1].features["roles"] == ["anaphor", ""]


@pytest.mark.parametrize("name, code, expected", [
    ("not-annotation.xmi", "E137", "xmi:id 10 (org.apache.ctakes.typesystem.type.relation.CollectionTextRelation) of view "
     "'_InitialView' is not read: member 2 (xmi:id 11) is no annotation but a org.apache.ctakes.typesystem.type.refsem.UmlsConcept"),
    ("shared/shared-list.xmi", "E138", "xmi:id 9 and 10 of view '_InitialView' share one members list"),
    ("coreference.xmi", None, None), ("fsarray/chains.xmi", None, None)])
def test_a_chain_that_cannot_be_read_as_it_is_is_one_line(formats_data, tmp_path, capsys, caplog, name, code, expected):
    """A member that is no annotation: the chain is not read, one E137 line with the file and the
    chain's xmi:id (no E158 besides); one list shared by two chains: both read, one E138 line.
    Through the CLI: no traceback, the document is written, exit 0."""
    path = formats_data / "uima-xmi" / "ctakes-coref" / name
    src = tmp_path / "in"
    src.mkdir()
    for file in (path, path.parent / "TypeSystem.xml"):
        (src / file.name).write_bytes(file.read_bytes())
    caplog.set_level("WARNING", logger="annotator")
    status = main(["convert", str(src), str(tmp_path / "out"), "--to", "uima-xmi"])
    err = capsys.readouterr().err
    assert status == 0 and "Traceback" not in err and (tmp_path / "out" / path.name).is_file()
    lines = [r.getMessage() for r in caplog.records if " E1" in r.getMessage()]
    if code is None:
        assert lines == []
    else:
        (line,) = lines
        assert line.startswith(f"{src / path.name}: {code} ") and expected in line


@pytest.mark.parametrize("change, reason", [
    ('<cas:NonEmptyFSList xmi:id="16" head="7" tail="12"/>', "its members list does not end"),
    ('<cas:NonEmptyFSList xmi:id="16" head="7"/>', "its members list has a node without a tail")])
def test_a_list_that_does_not_end_is_one_line(formats_data, tmp_path, caplog, change, reason):
    """A members list whose last node points back into it, or has no tail: the chain is not read
    (one E137 line), the other chains are."""
    folder = formats_data / "uima-xmi" / "ctakes-coref" / "shared"
    (tmp_path / "TypeSystem.xml").write_bytes((folder / "TypeSystem.xml").read_bytes())
    data = (folder / "shared-list.xmi").read_text(encoding="utf-8")
    node = '<cas:NonEmptyFSList xmi:id="16" head="7" tail="18"/>'
    assert node in data
    (tmp_path / "bad.xmi").write_text(data.replace(node, change), encoding="utf-8")
    caplog.set_level("WARNING", logger="annotator")
    (doc,) = only_documents(read_documents(tmp_path / "bad.xmi", "uima-xmi"))
    lines = [r.getMessage() for r in caplog.records if "E137" in r.getMessage()]
    assert len(lines) == 2 and all(reason in line for line in lines)  # the two chains sharing it
    assert [r.type for r in doc.annset().relations.values()] == ["Identity"]


def test_a_chain_type_without_members_is_one_line(formats_data, tmp_path, caplog):
    """A type system whose CollectionTextRelation has no ``members`` feature (here named
    otherwise): each chain is one E137 line, not a traceback; the markables are read."""
    folder = formats_data / "uima-xmi" / "ctakes-coref"
    ts = (folder / "TypeSystem.xml").read_text(encoding="utf-8")
    assert ts.count("<name>members</name>") == 1
    (tmp_path / "TypeSystem.xml").write_text(ts.replace("<name>members</name>", "<name>mentions</name>"),
                                             encoding="utf-8")
    data = (folder / "coreference.xmi").read_text(encoding="utf-8")
    renamed = "\n".join(line.replace(" members=", " mentions=") if "CollectionTextRelation" in line else line
                        for line in data.splitlines())
    (tmp_path / "c.xmi").write_text(renamed, encoding="utf-8")
    caplog.set_level("WARNING", logger="annotator")
    (doc,) = only_documents(read_documents(tmp_path / "c.xmi", "uima-xmi"))
    lines = [r.getMessage() for r in caplog.records if " E1" in r.getMessage()]
    assert len(lines) == 6 and all("E137" in line and "declares no members feature" in line for line in lines)
    assert len(doc.annset()) == 7 and not doc.annset().relations


def test_indexed_relation_arguments_of_a_chain_are_read_with_it(formats_data, tmp_path, caplog):
    """RelationArguments a chain holds that the view indexes too (as cTAKES indexes those of its
    binary relations) are read with the chain: no E158 line counts them."""
    folder = formats_data / "uima-xmi" / "ctakes-coref"
    (tmp_path / "TypeSystem.xml").write_bytes((folder / "TypeSystem.xml").read_bytes())
    data = (folder / "coreference.xmi").read_text(encoding="utf-8")
    view = '<cas:View sofa="1" members="2 3 4 5 6 7 8 9 10 11 12 13 14"/>'
    assert view in data and '<relation:RelationArgument xmi:id="15"' in data
    (tmp_path / "c.xmi").write_text(data.replace(view, view.replace(' 14"', ' 14 15 16"')), encoding="utf-8")
    caplog.set_level("WARNING", logger="annotator")
    (doc,) = only_documents(read_documents(tmp_path / "c.xmi", "uima-xmi"))
    assert [r.getMessage() for r in caplog.records if " E1" in r.getMessage()] == []
    assert list(doc.annset().relations.values())[-1].features["roles"] == ["anaphor", ""]


def test_our_chains_are_ctakes_chains(tmp_path):
    """A relation of ours with ``uima.type`` and ``uima.members`` is written as that collection
    relation (a subtype declared under CollectionTextRelation), whatever its number of members
    (two is no binary relation), a member with a role in ``roles`` as a RelationArgument; ours ->
    XMI -> ours is lossless; a range that is no list or array is one E120 line."""
    doc = Document("Ann saw Bo. She waved; he did not.", name="chains")
    s = doc.annset()
    ann, bo, she, he = s.add("Mention", 0, 3), s.add("Mention", 8, 10), s.add("Mention", 12, 15), s.add("Mention", 23, 25)
    s.add_relation("Identity", [she.id, ann.id], {"uima.type": CHAIN, "uima.members": "uima.cas.FSList", "score": 2},
                   id=30)
    s.add_relation("org.example.Chain", [bo.id, he.id], {"uima.type": "org.example.Chain",
                                                         "uima.members": "uima.cas.FSList"}, id=7)
    s.add_relation("Identity", [], {"uima.type": CHAIN, "uima.members": ""}, id=8)
    s.add_relation("Identity", [he.id, bo.id, ann.id], {"uima.type": CHAIN, "uima.members": "uima.cas.FSList",
                                                         "roles": ["anaphor", None, ""]}, id=9)
    write_documents([doc], tmp_path / "xmi", "uima-xmi")
    ts = cassis.load_typesystem(tmp_path / "xmi" / "TypeSystem.xml")
    assert ts.subsumes(ts.get_type(CHAIN), ts.get_type("org.example.Chain"))
    assert cassis_chains(tmp_path / "xmi" / "chains.xmi", ts) == sorted([
        (None, "org.example.Chain", (("Mention", 8, 10), ("Mention", 23, 25)), (None, None), "uima.cas.FSList", {}),
        ("Identity", CHAIN, (), (), None, {}),
        ("Identity", CHAIN, (("Mention", 23, 25), ("Mention", 8, 10), ("Mention", 0, 3)), ("anaphor", None, ""),
         "uima.cas.FSList", {}),
        ("Identity", CHAIN, (("Mention", 12, 15), ("Mention", 0, 3)), (None, None), "uima.cas.FSList", {"score": 2})],
        key=repr)
    (back,) = only_documents(read_documents(tmp_path / "xmi", "uima-xmi"))
    assert sorted(relations(back)) == sorted(relations(doc))
    for given, message in [
        ([{"uima.members": "uima.cas.IntegerList"}], "relation 11's feature 'uima.members' 'uima.cas.IntegerList'"),
        ([{"uima.members": "uima.cas.FSList"}, {"uima.members": "uima.cas.FSArray"}],
         "relation 12's feature 'uima.members' 'uima.cas.FSArray' as uima-xmi beside another relation's uima.cas.FSList"),
        ([{"uima.members": "uima.cas.FSList", "roles": ["anaphor"]}], "relation 11's feature 'roles' ['anaphor']"),
        ([{"uima.members": ""}], "relation 11's feature 'uima.members' ''"),  # its members would be lost
        ([{"uima.members": None}], "relation 11's feature 'uima.members' None"),
        ([{"uima.members": 3}], "relation 11's feature 'uima.members' 3")]:
        bad = Document("Ann and Bo.", name="bad")
        a, b = bad.annset().add("Mention", 0, 3), bad.annset().add("Mention", 8, 10)
        for number, features in enumerate(given, 1):
            bad.annset().add_relation("Identity", [a.id, b.id], {"uima.type": CHAIN, **features}, id=10 + number)
        with pytest.raises(InputError, match="E120 cannot write " + re.escape(message)):
            write_documents([bad], tmp_path / "bad", "uima-xmi")


@pytest.mark.parametrize("via", ["bioc-xml", "bioc-json"])
def test_chains_survive_bioc(formats_data, tmp_path, capsys, via):
    """cTAKES chains through BioC and back to XMI: cassis reads the same chains, members in
    order (BioC nodes always have a role, so a member given directly comes back inside a
    RelationArgument without one: the same annotations); a chain without members stays one."""
    folder = formats_data / "uima-xmi" / "ctakes-coref"
    src = tmp_path / "in"
    src.mkdir()
    for name in ("coreference.xmi", "TypeSystem.xml"):
        (src / name).write_bytes((folder / name).read_bytes())
    assert main(["convert", str(src), str(tmp_path / "bioc"), "--to", via]) == 0
    assert main(["convert", str(tmp_path / "bioc"), str(tmp_path / "back"), "--to", "uima-xmi"]) == 0
    assert "E1" not in capsys.readouterr().err

    def chains(path, ts):
        return sorted(((category, kind, members, rng) for category, kind, members, _, rng, _ in cassis_chains(path, ts)),
                      key=repr)

    assert chains(tmp_path / "back" / "coreference.xmi", cassis.load_typesystem(tmp_path / "back" / "TypeSystem.xml")) == \
        chains(folder / "coreference.xmi", typesystem_of(folder / "coreference.xmi"))
