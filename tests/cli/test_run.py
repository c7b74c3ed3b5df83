"""``annotator run``: output, --set/--types, -p, --workers, fail-closed behaviour, errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pipeline_test_prs import pipeline_and_corpus  # (importing it registers the test-* PRs)

from annotator.cli import main

PIPELINE = """<pipeline name="cli-test">
  <pr type="test-words"/>
  <pr type="test-fail"/>
  <pr type="test-words" name="long"><param name="minLength">5</param><param name="outputASName">Long</param></pr>
  <pr type="test-count"/>
</pipeline>
"""


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Path, Path]:
    """A pipeline file and an input folder of plain-text documents d00 .. d11."""
    def text(i: int) -> str:
        return f"Doc {i}: {' '.join('w' + 'x' * (j % 6) for j in range(i + 2))}.\n"

    return pipeline_and_corpus(tmp_path, PIPELINE, text)


def ann_lines(out: Path, name: str) -> list[str]:
    return (out / f"{name}.ann").read_text(encoding="utf-8").splitlines()


def outputs(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_writes_selected_types(setup, tmp_path, capsys):
    pipeline, src = setup
    out = tmp_path / "out"
    code = main(["run", str(pipeline), str(src), "--out", str(out), "--to", "brat", "--types", "Word"])
    assert code == 0, capsys.readouterr().err
    assert len(list(out.glob("*.ann"))) == 12
    lines = ann_lines(out, "d03")
    text = (out / "d03.txt").read_text(encoding="utf-8")
    assert text == (src / "d03.txt").read_text(encoding="utf-8")
    spans = [line.split("\t") for line in lines if line.startswith("T")]
    assert [s[1].split()[0] for s in spans] == ["Word"] * len(spans)
    assert [s[2] for s in spans] == ["Doc", "3", "w", "wx", "wxx", "wxxx", "wxxxx"]
    for _, type_span, surface in spans:
        _, start, end = type_span.split()
        assert text[int(start):int(end)] == surface


def test_set_selects_an_annotation_set(setup, tmp_path):
    pipeline, src = setup
    out = tmp_path / "out"
    assert main(["run", str(pipeline), str(src), "--out", str(out), "--to", "brat", "--set", "Long"]) == 0
    surfaces = [line.split("\t")[2] for line in ann_lines(out, "d05") if line.startswith("T")]
    assert surfaces == ["wxxxx", "wxxxxx"]


def test_parameter_override_by_instance_name(setup, tmp_path):
    pipeline, src = setup
    out = tmp_path / "out"
    args = ["run", str(pipeline), str(src), "--out", str(out), "--to", "brat", "--set", "Long"]
    assert main(args + ["-p", "long.minLength=6"]) == 0
    surfaces = [line.split("\t")[2] for line in ann_lines(out, "d05") if line.startswith("T")]
    assert surfaces == ["wxxxxx"]


def test_two_workers_write_the_same_files_as_one(setup, tmp_path):
    pipeline, src = setup
    written = {}
    for workers in ("1", "2"):
        out = tmp_path / f"out{workers}"
        assert main(["run", str(pipeline), str(src), "--out", str(out), "--to", "bdoc", "--workers", workers]) == 0
        written[workers] = outputs(out)
    assert len(written["1"]) == 13 and ".annotator-manifest.jsonl" in written["1"]
    assert written["2"] == written["1"]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_failing_document_is_reported_and_not_written(setup, tmp_path, capsys, workers):
    pipeline, src = setup
    (src / "d04.txt").write_text("this one goes BOOM\n", encoding="utf-8")
    out = tmp_path / "out"
    base = ["run", str(pipeline), str(src), "--out", str(out), "--to", "brat", "--workers", workers]
    assert main(base) == 1
    err = capsys.readouterr().err
    assert "d04: test-fail: ValueError: found BOOM" in err.splitlines()
    assert "Traceback" not in err
    names = {p.stem for p in out.glob("*.ann")}
    assert "d04" not in names and {"d00", "d01", "d02", "d03"} <= names
    if workers == "1":
        assert "d11" not in names  # stopped at the failure (workers may have written later ones)

    out2 = tmp_path / "out2"
    assert main(base[:4] + [str(out2)] + base[5:] + ["--keep-going"]) == 1
    err = capsys.readouterr().err
    assert err.count("found BOOM") == 1 and "1 document(s) failed" in err
    assert {p.stem for p in out2.glob("*.ann")} == {f"d{i:02}" for i in range(12)} - {"d04"}


def test_debug_shows_the_traceback(setup, tmp_path, capsys):
    pipeline, src = setup
    (src / "d01.txt").write_text("BOOM\n", encoding="utf-8")
    assert main(["run", str(pipeline), str(src), "--out", str(tmp_path / "o"), "--to", "brat", "--debug"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" in err and "raise ValueError" in err


def test_invalid_pipeline_is_one_line_with_file_and_line(setup, tmp_path, capsys):
    _, src = setup
    bad = tmp_path / "bad.xml"
    bad.write_text('<pipeline>\n  <pr type="test-words">\n    <param name="nope">1</param>\n  </pr>\n</pipeline>\n')
    assert main(["run", str(bad), str(src), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"annotator: error: {bad}:3: E308 test-words: unknown parameter 'nope' "
                   "(known: inputASName, minLength, outputASName, pattern)"]
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("override", ["minLength=3", "garbage", "long.=3", ".x=1"])
def test_malformed_override_is_a_usage_error(setup, tmp_path, capsys, override):
    pipeline, src = setup
    with pytest.raises(SystemExit) as info:
        main(["run", str(pipeline), str(src), "--out", str(tmp_path / "o"), "-p", override])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith("usage: annotator run ")
    assert err[-1] == f"annotator run: error: argument -p: E313 -p {override}: expected NAME.param=value"
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("override, message", [
    ("nobody.minLength=3", "no PR named 'nobody'"),
    ("long.minLength=x", "E331 -p long: parameter minLength: expected an integer, got 'x'"),
])
def test_bad_override(setup, tmp_path, capsys, override, message):
    pipeline, src = setup
    assert main(["run", str(pipeline), str(src), "--out", str(tmp_path / "o"), "-p", override]) == 1
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_output_must_not_be_the_input(setup, capsys):
    pipeline, src = setup
    assert main(["run", str(pipeline), str(src), "--out", str(src), "--to", "text"]) == 1
    assert "the output is the input" in capsys.readouterr().err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_one_file_output_format_leaves_out_failed_documents(setup, tmp_path, workers):
    pipeline, src = setup
    (src / "d02.txt").write_text("BOOM\n", encoding="utf-8")
    out = tmp_path / "all.xml"
    args = ["run", str(pipeline), str(src), "--out", str(out), "--to", "i2b2-2006", "--types", "Word",
            "--keep-going", "--workers", workers]
    assert main(args) == 1
    written = out.read_text(encoding="utf-8")
    assert written.count("<RECORD ") == 11 and 'ID="d02"' not in written
    assert '<PHI TYPE="Word">wxxx</PHI>' in written


def test_verb_modules_leave_the_loop_to_the_run():
    """Building the parser (``annotator --help``) loads neither the corpus loop nor the progress bar."""
    code = ("import sys, annotator.cli.run, annotator.cli.convert; "
            "print(sorted({'annotator.runner', 'tqdm'} & set(sys.modules)))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert found.strip() == "[]"


# --------------------------------------------------------------------------- declared output, names
REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "resources" / "samples" / "meddocan"


def ann_types(out: Path) -> dict[str, int]:
    """Annotation types of every .ann file in ``out``, with their counts."""
    found: dict[str, int] = {}
    for ann in out.glob("*.ann"):
        for line in ann.read_text(encoding="utf-8").splitlines():
            if line.startswith("T"):
                type_name = line.split("\t")[1].split()[0]
                found[type_name] = found.get(type_name, 0) + 1
    return found


@pytest.mark.parametrize("output, chosen, written", [
    ('<output set="Long"/>', [], {"Word": 2}),                          # the declared set
    ('<output types="Count"/>', [], {"Count": 1}),                      # the default set, of those types
    ('<output set="Long"/>', ["--types", "Word"], {"Word": 2}),         # given types: of the declared set
    ('<output set="Long"/>', ["--types", "Count"], {}),                 # (the declared set has no Count)
    ('<output set="Long"/>', ["--set", "", "--types", "Count"], {"Count": 1}),  # both given
    ('<output set="Long"/>', ["--set", ""], {"Word": 9, "Count": 1}),  # given: the default set, all of it
])
def test_the_declared_output_is_the_default_of_set_and_types(setup, tmp_path, output, chosen, written):
    pipeline, src = setup
    pipeline.write_text(PIPELINE.replace('<pipeline name="cli-test">', f'<pipeline name="cli-test">{output}'))
    out = tmp_path / "out"
    assert main(["run", str(pipeline), str(src / "d05.txt"), "--out", str(out), "--to", "brat"] + chosen) == 0
    assert ann_types(out) == written


def test_a_shipped_pipeline_by_name_writes_its_phi_from_any_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["run", "meddocan", str(SAMPLES), "--from", "text", "--to", "brat", "--out", "out"]) == 0, \
        capsys.readouterr().err
    written = ann_types(tmp_path / "out")
    tag_set = (REPO / "corpora_schemas" / "meddocan.yaml").read_text(encoding="utf-8")
    assert len(list((tmp_path / "out").glob("*.ann"))) == 3
    assert sum(written.values()) > 50 and {"FECHAS", "NOMBRE_SUJETO_ASISTENCIA"} <= set(written)
    assert all(f"\n  {t}:" in tag_set for t in written), written           # PHI only: no Token, no Lookup
    assert main(["run", "meddocan", str(SAMPLES), "--from", "text", "--to", "brat", "--out", "tokens",
                 "--set", "", "--types", "Token"]) == 0
    assert list(ann_types(tmp_path / "tokens")) == ["Token"]                  # given set and types win
    assert main(["run", "meddocan", str(SAMPLES), "--from", "text", "--to", "brat", "--out", "dates",
                 "--types", "FECHAS"]) == 0
    assert list(ann_types(tmp_path / "dates")) == ["FECHAS"]                  # --types alone: of the PHI


def test_an_unknown_pipeline_name_is_one_line(setup, tmp_path, monkeypatch, capsys):
    _, src = setup
    monkeypatch.chdir(tmp_path)
    assert main(["run", "medocan", str(src), "--out", "o"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "annotator: error: E351 unknown pipeline 'medocan' (shipped: annie, deid-en-safe, deid-en, hina, "
        "meddocan-crf, meddocan-features, meddocan-hybrid, meddocan-records, meddocan, patterns, records; "
        "a pipeline file is given by its path)"]
    assert not (tmp_path / "o").exists()
