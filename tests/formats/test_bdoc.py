"""python-gatenlp bdoc JSON: Java offsets converted, per-set ids made unique, round trip."""

from __future__ import annotations

import json
import logging

from annotator.corpus import read_documents, write_documents
from formatshelp import only_documents, relations, snapshot


def test_java_offsets_and_clashing_ids(formats_data, caplog):
    with caplog.at_level(logging.WARNING, logger="annotator"):
        (doc,) = only_documents(read_documents(formats_data / "bdoc" / "smile.bdocjs"))
    assert [doc.text[a.start:a.end] for a in doc.annset()] == ["Ana Ruiz", "She"]
    assert doc.annset().get(0).features == {"gender": "female", "score": [1, 2]}
    (age,) = doc.annset("Key")
    assert doc.text[age.start:age.end] == "34" and age.id not in (0, 1)  # id 0 was taken by the default set
    assert any("E130" in r.getMessage() for r in caplog.records)
    assert doc.features == {"source": "gatenlp"}


def test_written_layout_and_round_trip(formats_data, tmp_path):
    (doc,) = only_documents(read_documents(formats_data / "bdoc"))
    doc.annset().add_relation("coref", [0, 1], {"by": "test"})
    (path,) = write_documents([doc], tmp_path, "bdoc")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["offset_type"] == "p" and set(data) >= {"annotation_sets", "text", "features", "name"}
    default = data["annotation_sets"][""]
    assert default["name"] == "" and default["next_annid"] == 2 and default["annotations"][0]["start"] == 11
    (back,) = only_documents(read_documents(path))
    assert back.text == doc.text
    for name in ("", "Key"):
        assert snapshot(back, name) == snapshot(doc, name)
    assert relations(back) == relations(doc)
