"""``annotator run/convert --resume`` and ``--errors``: a killed run resumed gives the output of
an uninterrupted one; failed documents recorded in a JSONL file; --resume refused for i2b2-2006."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pipeline_test_prs import pipeline_and_corpus  # (importing it registers the test-* PRs)

from annotator.cli import main

TESTS = Path(__file__).resolve().parents[1]
PIPELINE = """<pipeline name="resume-test">
  <pr type="test-words"/>
  <pr type="test-fail"><param name="hard">true</param><param name="trigger">KILL</param></pr>
  <pr type="test-count"/>
</pipeline>
"""


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Path, Path]:
    """A pipeline that ends the process on a document saying KILL, and 12 documents; d07 says it."""
    return pipeline_and_corpus(tmp_path, PIPELINE, lambda i: f"Doc {i}: {'KILL' if i == 7 else 'w' * i} end.\n")


def run_cli(*args: str) -> subprocess.CompletedProcess:
    """``annotator ARGS`` in a new process that knows the test PRs."""
    code = f"import sys; sys.path.insert(0, {str(TESTS)!r}); import pipeline_test_prs; " \
           f"from annotator.cli import main; sys.exit(main({list(args)!r}))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


def outputs(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_killed_run_resumed_equals_an_uninterrupted_run(setup, tmp_path):
    pipeline, src = setup
    base = ["run", str(pipeline), str(src), "--to", "bdoc"]
    never = ["-p", "test-fail.trigger=NEVER"]
    whole, out = tmp_path / "whole", tmp_path / "out"
    assert run_cli(*base, "--out", str(whole), *never).returncode == 0
    killed = run_cli(*base, "--out", str(out))
    assert killed.returncode == 3  # os._exit in the middle of d07
    assert sorted(p.name for p in out.glob("[!.]*")) == [f"d{i:02}.bdocjs" for i in range(7)]
    resumed = run_cli(*base, "--out", str(out), *never, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert outputs(out) == outputs(whole)  # every output and the manifest itself, byte for byte


def test_resume_after_a_torn_manifest_and_a_lost_output(setup, tmp_path):
    pipeline, src = setup
    args = ["run", str(pipeline), str(src), "--to", "bdoc", "-p", "test-fail.trigger=NEVER"]
    whole, out = tmp_path / "whole", tmp_path / "out"
    assert main(args + ["--out", str(whole)]) == 0
    assert main(args + ["--out", str(out)]) == 0
    manifest = out / ".annotator-manifest.jsonl"
    manifest.write_bytes(manifest.read_bytes()[:-30])  # the last line torn
    (out / "d03.bdocjs").unlink()
    assert main(args + ["--out", str(out), "--resume"]) == 0
    done, expected = outputs(out), outputs(whole)
    assert done.pop(manifest.name) != expected.pop(manifest.name)  # d03 and d11 appended again, at the end
    assert done == expected
    lines = [json.loads(line) for line in manifest.read_text(encoding="utf-8").splitlines()]
    assert [line["document"] for line in lines][-2:] == ["d03", "d11"]


def test_errors_file_gives_the_exception_type_of_a_failing_pr(setup, tmp_path, capsys):
    pipeline, src = setup
    errors = tmp_path / "errors.jsonl"
    args = ["run", str(pipeline), str(src), "--out", str(tmp_path / "out"), "--to", "bdoc",
            "-p", "test-fail.hard=false", "--keep-going", "--errors", str(errors)]
    assert main(args) == 1
    assert capsys.readouterr().err.splitlines()[0] == "d07: test-fail: ValueError: found KILL"
    assert [json.loads(line) for line in errors.read_text(encoding="utf-8").splitlines()] == [
        {"document": "d07", "path": str(src / "d07.txt"), "code": "ValueError",
         "message": "test-fail: ValueError: found KILL"}]


def test_convert_records_unreadable_documents(tmp_path, capsys):
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.txt").write_text("Ana", encoding="utf-8")
    (src / "a.ann").write_text("T1\tNAME 0 3\tAna\n", encoding="utf-8")
    (src / "b.txt").write_text("Bea", encoding="utf-8")
    (src / "b.ann").write_text("T1\tNAME 0 3\tnope\n", encoding="utf-8")
    errors = tmp_path / "errors.jsonl"
    assert main(["convert", str(src), str(tmp_path / "out"), "--to", "bdoc", "--keep-going", "--errors", str(errors)]) == 1
    (line,) = [json.loads(line) for line in errors.read_text(encoding="utf-8").splitlines()]
    assert line["document"] == "b" and line["path"] == str(src / "b.ann") and line["code"] == "E103"
    assert line["message"].startswith("E103 ")


def test_resume_is_refused_for_i2b2_2006(tmp_path, capsys):
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.txt").write_text("Ana", encoding="utf-8")
    status = main(["convert", str(src), str(tmp_path / "all.xml"), "--to", "i2b2-2006", "--resume"])
    assert status == 1 and not (tmp_path / "all.xml").exists()
    assert capsys.readouterr().err.startswith("annotator: error: E160 --resume needs per-document")
