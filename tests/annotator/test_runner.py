"""The corpus loop's API as a new verb uses it: a per-document transform plugged into run_corpus."""

from __future__ import annotations

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
