"""The shipped pipelines with the record matcher: meddocan-records keeps the MEDDOCAN rules' output
and adds what only the record finds."""

from __future__ import annotations

import json

from annotator import Document, Pipeline
from annotator.paths import RESOURCES

SAMPLE = RESOURCES / "samples" / "meddocan" / "S1130-05582008000400007-2.txt"


def test_meddocan_records_keeps_the_rules_phi_and_adds_the_records(tmp_path):
    text = SAMPLE.read_text(encoding="utf-8") + "\nLa Sra. Glorya Cruz acude con su NHC 36908274."
    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps({"document": "sample", "name": "Gloria Cruz Castro", "id": "3690827485"}) + "\n",
                       encoding="utf-8")
    rules, both = Document(text, name="sample"), Document(text, name="sample")
    Pipeline.load("meddocan")(rules)
    Pipeline.load("meddocan-records", {"record-matcher.records": str(records)})(both)
    before = {(a.type, a.start, a.end) for a in rules.annset("PHI")}
    after = {(a.type, a.start, a.end) for a in both.annset("PHI")}
    # every rule annotation is kept or inside a longer one of the same type
    assert all(any(t == u and s <= a and b <= e for u, s, e in after) for t, a, b in before)
    added = sorted((text[s:e], t) for t, s, e in after - before)
    assert ("Glorya Cruz", "NOMBRE_SUJETO_ASISTENCIA") in added
    assert ("36908274", "ID_SUJETO_ASISTENCIA") in added  # a partial ID (8 of 10 digits)
    assert len(after) == len({(s, e) for _, s, e in after})  # nothing added twice


def test_records_holds_the_pattern_library(tmp_path):
    """records.xml runs the neutral pattern library between the tokenizer and the record matcher:
    dates, IDs, e-mails of anyone in the set Patterns, the record's own PHI in the set PHI."""
    text = "Paciente: Ignasio Rico. NHC: 5208756. Ingreso el 12/03/2019; contacto lbman@urologiabusto.com."
    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps({"document": "note", "name": "Ignacio Rico Pedroza", "id": "5208756"}) + "\n",
                       encoding="utf-8")
    doc = Pipeline.load("records", {"record-matcher.records": str(records)})(Document(text, name="note"))
    patterns = sorted((a.type, text[a.start:a.end]) for a in doc.annset("Patterns"))
    assert patterns == [("Date", "12/03/2019"), ("Email", "lbman@urologiabusto.com"), ("Id", "5208756")]
    assert sorted(text[a.start:a.end] for a in doc.annset("PHI")) == ["5208756", "Ignasio Rico"]
