"""The seed's headline on the MEDDOCAN-derived test corpus (benchmarks/records_corpus.py): every
patient name token and record ID found in notes with misspelt names, and no decoy common word or
other person's name (after a word for another person) flagged."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_every_patient_name_token_and_record_id_is_found(meddocan_dir, tmp_path):
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import records_corpus
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    docs, records = records_corpus.build(meddocan_dir, seed=15)
    records_corpus.records_of.update(records)
    records_corpus.write_records(records, tmp_path / "records.jsonl")
    result = records_corpus.measure(docs, tmp_path / "records.jsonl")
    counts = result["counts"]
    assert result["missed"] == []
    assert counts["name tokens found"] == counts["name tokens"] > 2000
    assert counts["record IDs found"] == counts["record IDs"] > 1000
    assert counts["decoys common flagged"] == 0 and counts["decoys name flagged"] == 0
    assert counts["common words flagged"] == 0
