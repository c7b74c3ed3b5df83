"""The seed's headline on the MEDDOCAN-derived test corpus (benchmarks/records_corpus.py): the patient
name tokens and every record ID found in notes with misspelt names, no decoy common word or other
person's name (after a word for another person) flagged, few words of the notes themselves; and
the same with a share of the record's dates, IDs and phones mangled as an export has them."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus(meddocan_dir):
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import records_corpus
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    docs, records = records_corpus.build(meddocan_dir, seed=15)
    records_corpus.records_of.update(records)
    return records_corpus, docs, records


def check(result):
    counts = result["counts"]
    assert counts["name tokens found"] >= 0.995 * counts["name tokens"] and counts["name tokens"] > 2000
    assert counts["record IDs found"] == counts["record IDs"] > 1000
    assert counts["decoys common flagged"] == 0 and counts["decoys name flagged"] == 0
    assert counts["decoys note word flagged"] <= 0.05 * counts["decoys note word"]
    assert counts["common words flagged"] == 0
    return counts


def test_every_record_id_and_the_patient_name_tokens_are_found(corpus, tmp_path):
    records_corpus, docs, records = corpus
    records_corpus.write_records(records, tmp_path / "records.jsonl")
    counts = check(records_corpus.measure(docs, tmp_path / "records.jsonl"))
    assert counts["record dates found"] == counts["record dates"] > 700


def test_messy_records_go_through_with_warnings_and_strict_records_refuse_them(corpus, tmp_path, caplog):
    records_corpus, docs, records = corpus
    records_corpus.write_records(records_corpus.messy(records, 15, 0.3), tmp_path / "records.jsonl")
    with caplog.at_level(logging.WARNING, logger="annotator"):
        result = records_corpus.measure(docs, tmp_path / "records.jsonl")
    counts = check(result)
    assert counts["record dates found"] >= 0.99 * counts["record dates"]
    assert counts["warnings (E458)"] > 400 and result["strictRecords=true"].startswith("refused")
