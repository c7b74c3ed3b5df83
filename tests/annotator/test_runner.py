"""The corpus loop's API as a new verb uses it: a per-document transform plugged into run_corpus."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from annotator.corpus import Failure, read_documents
from annotator.document import Document
from annotator.errors import InputError
from annotator.runner import CorpusJob, run_corpus


class Mask:
    """A transform that returns a new document: every letter of the text becomes 'x', the
    annotations stay; a document whose text says FAIL fails with a coded error."""

    def __call__(self, doc: Document) -> Document:
        if "FAIL" in doc.text:
            raise InputError("E131 cannot mask: told to fail", path=doc.name)
        out = Document("".join("x" if c.isalpha() else c for c in doc.text), name=doc.name)
        out.annset().add_all(doc.annset(), keep_ids=True)
        return out


@pytest.fixture
def source(tmp_path: Path) -> Path:
    src = tmp_path / "in"
    src.mkdir()
    for name, text in [("a", "Ana 12"), ("b", "FAIL"), ("c", "Eva")]:
        (src / f"{name}.txt").write_text(text, encoding="utf-8")
        (src / f"{name}.ann").write_text("T1\tNAME 0 3\t" + text[:3] + "\n", encoding="utf-8")
    return src


@pytest.mark.parametrize("workers", [1, 2])
def test_transform_output_is_written_and_its_failure_reported(source, tmp_path, capsys, workers):
    out = tmp_path / "out"
    job = CorpusJob(source, out, to_format="brat", transform=Mask(), workers=workers, keep_going=True, label="mask")
    assert run_corpus(job) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == ["b: E131 cannot mask: told to fail", "annotator: 1 document(s) failed and were not written"]
    docs = [d for d in read_documents(out) if not isinstance(d, Failure)]
    assert [(d.name, d.text, [(a.type, a.start, a.end) for a in d.annset()]) for d in docs] == [
        ("a", "xxx 12", [("NAME", 0, 3)]), ("c", "xxx", [("NAME", 0, 3)])]


def test_without_keep_going_the_loop_stops_at_the_failure(source, tmp_path, capsys):
    out = tmp_path / "out"
    assert run_corpus(CorpusJob(str(source), str(out), to_format="bdoc", transform=Mask())) == 1
    assert sorted(p.name for p in out.iterdir()) == [".annotator-manifest.jsonl", "a.bdocjs"]


# --------------------------------------------------------------------------- manifest, --resume, --errors
MANIFEST = ".annotator-manifest.jsonl"


class Counting:
    """A transform that counts the documents it sees (workers=1: runs in this process)."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def __call__(self, doc: Document) -> Document:
        self.seen.append(doc.name)
        return doc


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest_lines(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / MANIFEST).read_text(encoding="utf-8").splitlines()]


def run_counted(source: Path, out: Path, resume: bool) -> list[str]:
    counting = Counting()
    assert run_corpus(CorpusJob(source, out, to_format="brat", transform=counting, resume=resume)) == 0
    return counting.seen


@pytest.fixture
def good(source: Path) -> Path:
    (source / "b.txt").write_text("Bea", encoding="utf-8")
    (source / "b.ann").write_text("T1\tNAME 0 3\tBea\n", encoding="utf-8")
    return source


def test_manifest_has_a_line_per_written_document_with_input_and_output_checksums(source, tmp_path):
    out = tmp_path / "out"
    assert run_corpus(CorpusJob(source, out, to_format="brat", transform=Mask(), keep_going=True)) == 1
    lines = manifest_lines(out)
    assert [line["document"] for line in lines] == ["a", "c"]
    for line in lines:
        name = line["document"]
        assert line["inputs"] == {str(source / f"{name}{s}"): digest(source / f"{name}{s}") for s in (".ann", ".txt")}
        assert line["outputs"] == {f"{name}{s}": digest(out / f"{name}{s}") for s in (".ann", ".txt")}


def test_resume_skips_complete_documents_and_reruns_changed_or_damaged_ones(good, tmp_path):
    out = tmp_path / "out"
    assert run_counted(good, out, resume=False) == ["a", "b", "c"]
    first = {p.name: p.read_bytes() for p in out.glob("[!.]*")}
    assert run_counted(good, out, resume=True) == []
    (good / "b.txt").write_text("Bea Bob", encoding="utf-8")  # a changed input
    (out / "c.ann").unlink()  # a missing output
    (out / "a.txt").write_text("damaged", encoding="utf-8")  # a damaged output
    assert run_counted(good, out, resume=True) == ["a", "b", "c"]
    assert run_counted(good, out, resume=True) == []
    assert (out / "a.txt").read_bytes() == first["a.txt"] and (out / "c.ann").read_bytes() == first["c.ann"]
    assert (out / "b.txt").read_text(encoding="utf-8") == "Bea Bob"
    assert run_counted(good, out, resume=False) == ["a", "b", "c"]  # without --resume: afresh
    assert [line["document"] for line in manifest_lines(out)] == ["a", "b", "c"]


def test_resume_ignores_a_torn_last_line_and_appends_whole_lines(good, tmp_path):
    out = tmp_path / "out"
    run_counted(good, out, resume=False)
    data = (out / MANIFEST).read_bytes()
    (out / MANIFEST).write_bytes(data[: len(data) - 20])  # the line of c torn mid-write
    assert run_counted(good, out, resume=True) == ["c"]
    assert [line["document"] for line in manifest_lines(out)] == ["a", "b", "c"]


def test_errors_file_records_every_failed_document(source, tmp_path):
    errors = tmp_path / "errors.jsonl"
    job = CorpusJob(source, tmp_path / "out", to_format="brat", transform=Mask(), keep_going=True, errors=errors)
    assert run_corpus(job) == 1
    lines = [json.loads(line) for line in errors.read_text(encoding="utf-8").splitlines()]
    assert lines == [{"document": "b", "path": str(source / "b.ann"), "code": "E131",
                      "message": "E131 cannot mask: told to fail"}]


def test_errors_file_is_empty_when_nothing_failed(good, tmp_path):
    errors = tmp_path / "errors.jsonl"
    assert run_corpus(CorpusJob(good, tmp_path / "out", to_format="brat", errors=errors)) == 0
    assert errors.read_bytes() == b""


def test_resume_is_refused_for_a_one_file_format(good, tmp_path):
    with pytest.raises(InputError, match="^E160 "):
        run_corpus(CorpusJob(good, tmp_path / "all.xml", to_format="i2b2-2006", resume=True))
    assert not (tmp_path / "all.xml").exists()


def test_an_output_folder_with_its_manifest_reads_as_a_corpus(good, tmp_path):
    out, again = tmp_path / "out", tmp_path / "again"
    run_counted(good, out, resume=False)
    assert (out / MANIFEST).is_file()
    assert run_counted(out, again, resume=False) == ["a", "b", "c"]
    assert sorted(p.name for p in again.iterdir()) == [MANIFEST] + sorted(p.name for p in out.glob("[!.]*"))


def test_resume_takes_the_last_line_of_a_document(good, tmp_path):
    """A manifest line of a document that was later written again (so its checksums are stale)
    does not count: the document's last line does."""
    out = tmp_path / "out"
    run_counted(good, out, resume=False)
    lines = (out / MANIFEST).read_text(encoding="utf-8").splitlines(keepends=True)
    stale = json.loads(lines[0])
    stale["outputs"] = {name: "0" * 64 for name in stale["outputs"]}
    (out / MANIFEST).write_text(json.dumps(stale) + "\n" + "".join(lines), encoding="utf-8")
    assert run_counted(good, out, resume=True) == []
    (out / MANIFEST).write_text("".join(lines) + json.dumps(stale) + "\n", encoding="utf-8")
    assert run_counted(good, out, resume=True) == [stale["document"]]


@pytest.mark.parametrize("workers", [1, 2])
def test_the_client_keeps_nothing_per_document(tmp_path, workers):
    """The memory a run takes in this process (traced: the peak over the run) grows with the corpus
    by far less than a Path per document (several hundred bytes): 800 more documents cost under 200
    bytes each (the names being sorted, once)."""
    import tracemalloc

    def peak(docs: int) -> int:
        src = tmp_path / f"in-{docs}"
        src.mkdir()
        for i in range(docs):
            (src / f"d{i:05}.txt").write_text("Ana", encoding="utf-8")
        peaks = []
        for run in range(2):  # the lower of two runs: a worker's timing can add a passing buffer
            tracemalloc.start()
            try:
                assert run_corpus(CorpusJob(src, tmp_path / f"out-{docs}-{run}", to_format="brat", workers=workers)) == 0
                peaks.append(tracemalloc.get_traced_memory()[1])
            finally:
                tracemalloc.stop()
        return min(peaks)

    peak(10)  # the first run imports and caches what every run uses
    assert (peak(1000) - peak(200)) / 800 < 200
