"""``annotator run --engine dask / --scheduler`` and ``annotator.corpus.run``: output byte-identical
to one process; failures, --errors, --resume and --keep-going as with local processes; a worker
killed on a document: its batch runs again, lost twice it is reported (E317) and the rest goes on;
usage errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from pipeline_test_prs import KillOnce, pipeline_and_corpus  # (importing it registers the test-* PRs)

from annotator import Pipeline, corpus
from annotator.cli import main
from annotator.runner import CorpusJob, run_corpus

distributed = pytest.importorskip("distributed")
NOHTTP = {"dashboard_address": ":0"}  # the scheduler's HTTP server on a free port (not 8787)

PIPELINE = """<pipeline name="dask-test">
  <pr type="test-words"/>
  <pr type="test-fail"/>
  <pr type="test-count"/>
</pipeline>
"""
TOKENS = '<pipeline name="tokens"><pr type="tokenizer"/></pipeline>\n'  # built-in PRs: for spawned workers


@pytest.fixture(scope="module")
def scheduler():
    """An in-process cluster (threads) reached by its TCP address, as a remote one would be."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None,
                                  scheduler_kwargs=NOHTTP, scheduler_port=0, protocol="tcp") as cluster:
        yield cluster.scheduler_address


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Path, Path]:
    return pipeline_and_corpus(tmp_path, PIPELINE, lambda i: f"Doc {i}: {'w ' * i}{'BOOM' if i == 4 else ''}.\n")


def outputs(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_scheduler_output_is_identical_to_one_process(setup, tmp_path, scheduler):
    pipeline, src = setup
    (src / "d04.txt").write_text("no trouble\n", encoding="utf-8")
    base = ["run", str(pipeline), str(src), "--to", "bdoc"]
    assert main(base + ["--out", str(tmp_path / "one")]) == 0
    assert main(base + ["--out", str(tmp_path / "dask"), "--scheduler", scheduler]) == 0
    assert outputs(tmp_path / "dask") == outputs(tmp_path / "one")  # the manifest too
    assert len(outputs(tmp_path / "one")) == 13


def test_scheduler_failures_errors_and_resume(setup, tmp_path, scheduler, capsys):
    pipeline, src = setup
    out, errors = tmp_path / "out", tmp_path / "errors.jsonl"
    args = ["run", str(pipeline), str(src), "--to", "brat", "--out", str(out), "--scheduler", scheduler]
    assert main(args + ["--keep-going", "--errors", str(errors)]) == 1
    err = capsys.readouterr().err
    assert "d04: test-fail: ValueError: found BOOM" in err.splitlines() and "Traceback" not in err
    assert {p.stem for p in out.glob("*.ann")} == {f"d{i:02}" for i in range(12)} - {"d04"}
    assert '"code": "ValueError"' in errors.read_text(encoding="utf-8")
    (src / "d04.txt").write_text("fixed\n", encoding="utf-8")
    before = {p.name: p.stat().st_mtime_ns for p in out.glob("d*")}
    assert main(args + ["--resume"]) == 0
    after = {p.name: p.stat().st_mtime_ns for p in out.glob("d*")}
    assert {name for name in after if before.get(name) != after[name]} == {"d04.ann", "d04.txt"}


def test_one_file_output_through_dask(setup, tmp_path, scheduler):
    pipeline, src = setup
    args = ["run", str(pipeline), str(src), "--to", "i2b2-2006", "--types", "Word", "--keep-going"]
    assert main(args + ["--out", str(tmp_path / "one.xml")]) == 1
    assert main(args + ["--out", str(tmp_path / "dask.xml"), "--scheduler", scheduler]) == 1
    assert (tmp_path / "dask.xml").read_bytes() == (tmp_path / "one.xml").read_bytes()


@pytest.mark.parametrize("extra, code", [(["--workers", "2"], "E162"), (["--engine", "processes"], "E165")])
def test_scheduler_with_workers_or_processes_is_a_usage_error(setup, tmp_path, capsys, extra, code):
    pipeline, src = setup
    with pytest.raises(SystemExit) as info:
        main(["run", str(pipeline), str(src), "--out", str(tmp_path / "o"), "--scheduler", "tcp://h:8786"] + extra)
    assert info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].startswith(f"annotator run: error: {code} ")
    assert not (tmp_path / "o").exists()


def test_corpus_run_is_the_corpus_loop():
    from annotator import runner

    assert corpus.run is runner.run


# --------------------------------------------------------------------------- killed workers
@pytest.fixture
def tokens(tmp_path: Path) -> tuple[Path, Path]:
    return pipeline_and_corpus(tmp_path, TOKENS, lambda i: f"Documento {i}: el Dr. Pérez vio {i} pacientes.\n")


@pytest.mark.parametrize("engine", ["processes", "dask"])
def test_a_killed_worker_loses_only_its_batch_which_runs_again(tokens, tmp_path, engine):
    """Real worker processes (a LocalCluster of 2 for Dask); d05 kills its worker the first time."""
    pipeline, src = tokens
    assert corpus.run(pipeline, src, tmp_path / "one", to_format="bdoc") == 0
    marker = tmp_path / "died"
    status = corpus.run(pipeline, src, tmp_path / "two", to_format="bdoc", engine=engine, workers=2,
                        transform=KillOnce("d05", marker))
    assert status == 0 and marker.exists()
    assert outputs(tmp_path / "two") == outputs(tmp_path / "one")


@pytest.mark.parametrize("engine", ["processes", "dask"])
def test_a_batch_lost_twice_is_reported_and_the_rest_goes_through(tokens, tmp_path, capsys, engine):
    pipeline, src = tokens
    errors = tmp_path / "errors.jsonl"
    job = CorpusJob(src, tmp_path / "out", to_format="bdoc", transform=KillOnce("d05", tmp_path / "died", always=True),
                    pipeline=Pipeline.load(pipeline),
                    engine=engine, workers=2, keep_going=True, errors=errors)
    assert run_corpus(job) == 1
    lines = capsys.readouterr().err.splitlines()
    lost = [line for line in lines if "E317" in line]
    assert lost and all(": E317 the worker process running" in line for line in lost)
    names = {line.split(":")[0] for line in lost}
    assert "d05" in names and len(names) <= 8  # its batch only
    written = {p.name.split(".")[0] for p in (tmp_path / "out").glob("d*")}
    assert written == {f"d{i:02}" for i in range(12)} - names
    assert errors.read_text(encoding="utf-8").count('"code": "E317"') == len(names)


def test_a_regex_that_would_hang_fails_its_document_on_a_dask_worker_thread(tmp_path, scheduler, capsys):
    """Dask runs a task outside its worker's main thread: the regex gazetteer's timeout still
    fails the document (E435 naming the entry) and, with --keep-going, the others go through."""
    (tmp_path / "lists.def").write_text("bad.lst:y::::regex\n", encoding="utf-8")
    (tmp_path / "bad.lst").write_text("b+\n(a|aa)+$\n", encoding="utf-8")
    xml = (f'<pipeline name="hang"><pr type="regex-gazetteer"><param name="listsURL">{tmp_path / "lists.def"}'
           '</param><param name="timeout">0.2</param></pr></pipeline>\n')
    pipeline, src = pipeline_and_corpus(tmp_path, xml, lambda i: "a" * 40 + "!" if i == 4 else f"b{i} bb\n")
    out = tmp_path / "out"
    args = ["run", str(pipeline), str(src), "--to", "bdoc", "--out", str(out), "--keep-going", "--scheduler", scheduler]
    assert main(args) == 1
    failed = [line for line in capsys.readouterr().err.splitlines() if "E435" in line]
    assert len(failed) == 1 and failed[0].startswith("d04: ") and f"{tmp_path / 'bad.lst'}:2: E435" in failed[0]
    assert {p.stem for p in out.glob("d*.bdocjs")} == {f"d{i:02}" for i in range(12)} - {"d04"}
