"""``annotator pipelines``: the shipped pipelines with their declarations."""

from __future__ import annotations

from itertools import pairwise

from annotator.cli import main


def test_lists_the_shipped_pipelines_with_language_description_and_output(capsys):
    assert main(["pipelines"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines[0]
    assert header.split("  ")[0] == "name"
    columns = ["name", "language", "description", "output set", "output types"]
    starts = [header.index(column) for column in columns] + [None]
    rows = {cells[0]: dict(zip(columns, cells))
            for cells in ([line[a:b].strip() for a, b in pairwise(starts)] for line in lines[1:])}
    assert list(rows) == ["annie", "deid-en-safe", "deid-en", "hina", "meddocan-crf", "meddocan-features",
                          "meddocan-hybrid", "meddocan-records", "meddocan", "patterns", "records"]
    assert rows["patterns"]["language"] == "mul"  # ISO 639 "multiple languages": es, en and sv at once
    assert (rows["patterns"]["output set"], rows["patterns"]["output types"]) == (
        "Patterns", "Date,Time,Phone,Id,Email,Url,Ip,Postcode")
    assert rows["hina"] == {"name": "hina", "language": "en", "output set": "(default)",
                            "output types": "Patient,Doctor,OtherName,Place",
                            "description": "De-identification of English clinical text (names and places), "
                                           "rule-based after Hina et al. 2020"}
    assert (rows["annie"]["language"], rows["annie"]["output types"]) == (
        "en", "Person,Location,Organization,Date,Money,Percent,Address,Identifier,Unknown,Token,SpaceToken,Sentence,"
              "Split,Lookup")
    meddocan = rows["meddocan"]
    assert (meddocan["language"], meddocan["output set"]) == ("es", "PHI")
    assert meddocan["description"].startswith("De-identification of Spanish clinical case reports (MEDDOCAN)")
    assert meddocan["output types"].startswith("NOMBRE_SUJETO_ASISTENCIA,NOMBRE_PERSONAL_SANITARIO,")
    assert len(meddocan["output types"].split(",")) == 20


def test_a_closed_pipe_ends_the_listing_quietly(tmp_path):
    """``annotator pipelines | head -1``: no traceback when the reader stops early (regression)."""
    import subprocess
    import sys

    run = subprocess.run(f"{sys.executable} -m annotator pipelines | head -c 10", shell=True, capture_output=True,
                         text=True, cwd=tmp_path)
    assert run.stdout == "name      "
    assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr
