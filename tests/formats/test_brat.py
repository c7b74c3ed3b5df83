"""BRAT standoff: every line kind, fragments, annotation.conf, writing back in document order."""

from __future__ import annotations

import logging

import pytest
from formatshelp import only_documents, snapshot, t_lines_in_document_order

from annotator import formats
from annotator.corpus import read_documents, write_documents
from annotator.errors import InputError


def read_one(path, **kw):
    return next(formats.get("brat").read(path, **kw))


def test_meddocan_excerpt_reads_t_lines_with_ids(formats_data):
    doc = read_one(formats_data / "brat" / "S0004-06142005000500011-1.ann")
    lines = (formats_data / "brat" / "S0004-06142005000500011-1.ann").read_text(encoding="utf-8").splitlines()
    assert len(doc.annset()) == len(lines)
    for line in lines:
        brat_id, middle, surface = line.split("\t")
        type, start, end = middle.split()
        ann = doc.annset().get(int(brat_id[1:]))
        assert (ann.type, ann.start, ann.end, ann.features) == (type, int(start), int(end), {})
        assert doc.text[ann.start:ann.end] == surface


def test_bom_counts_in_offsets(formats_data):
    doc = read_one(formats_data / "brat" / "S0004-06142006000600015-1.ann")
    assert doc.text[0] == "\ufeff"
    marc = doc.annset().get(22)
    assert (marc.start, marc.end, doc.text[marc.start:marc.end]) == (9, 13, "Marc")


def test_full_brat_lines(formats_data):
    doc = read_one(formats_data / "brat-full" / "visit.ann")
    anns = doc.annset()
    relative = anns.get(5)
    assert (relative.start, relative.end, relative.features["fragments"]) == (58, 70, "58 65;66 70")
    assert relative.features["Certainty"] == "High"
    assert anns.get(2).features == {"AnnotatorNotes": "patient of record\nsecond note", "normalizations": [
        {"type": "Reference", "db": "MRN", "id": "12345", "text": "John Smith"}]}
    by_kind = {r.features.get("brat_id", "*"): r for r in anns.relations.values()}
    assert by_kind["E1"].type == "Visit" and by_kind["E1"].members == [6, 1, 2]
    assert by_kind["E1"].features["Confirmed"] is True
    assert by_kind["R1"].members == [5, 2] and by_kind["R1"].features["AnnotatorNotes"] == "from the family history"
    assert by_kind["R2"].members == [6, 3]  # an event argument is represented by its trigger
    assert by_kind["R2"].features["args"] == [["Arg1", "E1"], ["Arg2", "T3"]]
    assert by_kind["*"].type == "Equiv" and by_kind["*"].members == [1, 7]
    assert anns.get(4).features == {"Negated": True, "normalizations": [
        {"type": "Reference", "db": "UMLS", "id": "C0015967", "text": "Fever"}]}
    assert by_kind["E1"].features["normalizations"] == [{"type": "Reference", "db": "Local", "id": "visit-7", "text": ""}]


@pytest.mark.parametrize("folder", ["brat", "brat-full"])
def test_writing_back_gives_the_same_lines_in_document_order(formats_data, tmp_path, folder):
    docs = only_documents(read_documents(formats_data / folder, "brat"))
    written = write_documents(docs, tmp_path, "brat")
    assert len(written) == 2 * len(docs)
    for path in written:
        source = (formats_data / folder / path.name).read_bytes()
        if path.suffix == ".txt":
            assert path.read_bytes() == source, path.name
        else:
            assert sorted(path.read_bytes().splitlines()) == sorted(source.splitlines()), path.name
            assert t_lines_in_document_order(path.read_text(encoding="utf-8")), path.name
            assert not t_lines_in_document_order(source.decode("utf-8")), path.name  # the test shows the reorder


def test_annotations_are_written_in_document_order_with_their_ids(tmp_path):
    from annotator.document import Document

    doc = Document("Ana Ruiz, 3 de mayo", name="order")
    doc.annset().add("FECHAS", 10, 19, id=1)
    doc.annset().add("NOMBRE", 4, 8, id=7)
    doc.annset().add("NOMBRE", 0, 8, id=9)
    doc.annset().add("EDAD", 10, 11, id=2)
    write_documents([doc], tmp_path, "brat")
    assert (tmp_path / "order.ann").read_text(encoding="utf-8") == (
        "T9\tNOMBRE 0 8\tAna Ruiz\nT7\tNOMBRE 4 8\tRuiz\nT1\tFECHAS 10 19\t3 de mayo\nT2\tEDAD 10 11\t3\n")


def test_other_features_survive_as_json_notes(tmp_path):
    from annotator.document import Document

    doc = Document("Ana tiene 3 años.", name="x")
    doc.annset().add("EDAD", 10, 16, {"value": 3, "exact": False, "words": ["3", "años"], "note": "two words"}, id=4)
    doc.annset().add("NOMBRE", 0, 3, {"checked": True, "source": "gazetteer"}, id=1)
    write_documents([doc], tmp_path, "brat")
    ann_text = (tmp_path / "x.ann").read_text(encoding="utf-8")
    assert "A1\tchecked T1\n" in ann_text and "A2\tsource T1 gazetteer\n" in ann_text
    back = only_documents(read_documents(tmp_path / "x.ann", "brat"))[0]
    assert snapshot(back) == snapshot(doc)


def test_relations_from_other_formats_become_r_lines(tmp_path):
    from annotator.document import Document

    doc = Document("Ana y Eva.", name="r")
    a = doc.annset().add("P", 0, 3, id=1)
    b = doc.annset().add("P", 6, 9, id=2)
    doc.annset().add_relation("sister", [a.id, b.id], {"source": "gate"})
    write_documents([doc], tmp_path, "brat")
    assert "R1\tsister Arg1:T1 Arg2:T2\n" in (tmp_path / "r.ann").read_text(encoding="utf-8")
    back = only_documents(read_documents(tmp_path, "brat"))[0]
    (rel,) = back.annset().relations.values()
    assert (rel.type, rel.members, rel.features["source"]) == ("sister", [1, 2], "gate")


def test_undeclared_type_warns_with_annotation_conf(tmp_path, formats_data, caplog):
    for name in ("visit.txt", "annotation.conf"):
        (tmp_path / name).write_bytes((formats_data / "brat-full" / name).read_bytes())
    (tmp_path / "visit.ann").write_text("T1\tHOSPITAL 0 3\tDr.\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="annotator"):
        read_one(tmp_path / "visit.ann")
    assert any("E125" in r.getMessage() and "HOSPITAL" in r.getMessage() for r in caplog.records)


def test_txt_without_ann_is_a_document_without_annotations(tmp_path):
    (tmp_path / "lonely.txt").write_text("nothing here", encoding="utf-8")
    (doc,) = only_documents(read_documents(tmp_path, "brat"))
    assert doc.name == "lonely" and len(doc.annset()) == 0


def test_newline_shown_as_space_is_accepted(tmp_path):
    (tmp_path / "n.txt").write_bytes(b"Calle\nMayor 3")
    (tmp_path / "n.ann").write_bytes(b"T1\tCALLE 0 11\tCalle Mayor\n")
    doc = read_one(tmp_path / "n.ann")
    assert doc.text[0:11] == "Calle\nMayor"


@pytest.mark.parametrize(
    "line, code",
    [
        ("T1\tX 0 3;2\tabc", "E117"),
        ("T1\tX 0 3", "E104"),
        ("R1\tRel Arg1:T1 Arg2:T9", "E114"),
        ("A1\tNeg T7", "E114"),
        ("Q1\tX 0 1\ta", "E104"),
        ("T1\tX 0 1\ta\nT1\tX 1 2\tb", "E115"),
        ("N1\tReference T1 UMLS-C0015967\tabc", "E104"),
        ("N1\tReference T9 UMLS:C0015967\tabc", "E114"),
    ],
)
def test_malformed_lines_name_file_and_line(tmp_path, line, code):
    (tmp_path / "m.txt").write_text("abcdef", encoding="utf-8")
    (tmp_path / "m.ann").write_text("T1\tX 0 3\tabc\n" + line + "\n" if not line.startswith("T1") else line + "\n",
                                    encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_one(tmp_path / "m.ann")
    assert info.value.message.startswith(code)
    assert info.value.path.endswith("m.ann") and info.value.line is not None


def test_writer_refuses_types_with_spaces(tmp_path):
    from annotator.document import Document

    doc = Document("abc", name="s")
    doc.annset().add("two words", 0, 1)
    with pytest.raises(InputError, match="E120"):
        write_documents([doc], tmp_path, "brat")
    assert not list(tmp_path.iterdir())


def test_writer_refuses_relations_without_members(tmp_path):
    """Regression: a relation read from BioC without nodes was written as ``R1\tType `` (our own
    reader then refused it, E104); now the writer refuses it with one line."""
    from annotator.document import Document

    doc = Document("abc", name="s")
    doc.annset().add_relation("Association", [], {})
    with pytest.raises(InputError, match="E120 cannot write relation without members 'Association'"):
        write_documents([doc], tmp_path, "brat")
    assert not list(tmp_path.glob("*.ann"))


def test_normalisations_that_cannot_be_n_lines_survive_as_json_notes(tmp_path):
    from annotator.document import Document

    doc = Document("fever", name="n")
    odd = [{"type": "Reference", "db": "UMLS", "id": "C0015967"}]  # no text: not the N-line shape
    doc.annset().add("Symptom", 0, 5, {"normalizations": odd})
    write_documents([doc], tmp_path, "brat")
    assert "N1" not in (tmp_path / "n.ann").read_text(encoding="utf-8")
    assert [a.features for a in read_one(tmp_path / "n.ann").annset()] == [{"normalizations": odd}]
