"""Listing a corpus (annotator.corpus.units) and the input guard (InputFiles): in name order,
and nothing held per document, so that a corpus of millions of files lists in little memory."""

from __future__ import annotations

import pickle
from pathlib import Path

from annotator.corpus import InputFiles, units


def test_units_come_in_name_order_whatever_order_they_were_made_in(tmp_path):
    names = ["b.txt", "a10.txt", "a2.txt", "A.txt", "c.txt"]
    for name in names:
        (tmp_path / name).write_text("x", encoding="utf-8")
    (tmp_path / "notes.md").write_text("x", encoding="utf-8")
    (tmp_path / "sub.txt").mkdir()  # a folder is not a unit, whatever its name
    fmt, listed = units(tmp_path, "text")
    assert fmt == "text" and len(listed) == 5
    assert list(listed) == [tmp_path / name for name in sorted(names)]
    assert list(listed) == list(listed)  # iterated again, the same


def test_brat_units_are_the_ann_files_and_the_txt_files_without_one(tmp_path):
    for name in ["b.ann", "b.txt", "a.txt", "c.ann"]:
        (tmp_path / name).write_text("", encoding="utf-8")
    _, listed = units(tmp_path, "brat")
    assert [p.name for p in listed] == ["a.txt", "b.ann", "c.ann"]


def test_a_file_is_its_own_only_unit(tmp_path):
    (tmp_path / "a.txt").write_text("x", encoding="utf-8")
    (tmp_path / "b.txt").write_text("x", encoding="utf-8")
    _, listed = units(tmp_path / "a.txt", "text")
    assert list(listed) == [tmp_path / "a.txt"]


def test_the_input_guard_holds_nothing_per_document(tmp_path):
    """Pickled for the workers, it is as small for 2,000 documents as for 2."""
    sizes = []
    for docs in (2, 2000):
        src = tmp_path / f"in-{docs}"
        src.mkdir()
        for i in range(docs):
            (src / f"d{i:05}.txt").write_text("x", encoding="utf-8")
            (src / f"d{i:05}.ann").write_text("", encoding="utf-8")
        guard = InputFiles(src, "text")
        assert src / "d00001.txt" in guard and src / "d00001.ann" in guard  # read, companion
        assert src / "d00001.xml" not in guard and tmp_path / "d00001.txt" not in guard
        sizes.append(len(pickle.dumps(guard)))
    assert sizes[1] - sizes[0] < 50


def test_an_unpickled_input_guard_still_refuses_the_input(tmp_path):
    (tmp_path / "a.ann").write_text("", encoding="utf-8")
    (tmp_path / "a.txt").write_text("x", encoding="utf-8")
    guard = pickle.loads(pickle.dumps(InputFiles(tmp_path / "a.ann", "brat")))
    assert guard.is_read(tmp_path / "a.txt") and guard.is_read(Path(tmp_path, "..", tmp_path.name, "a.ann"))
    assert tmp_path / "b.txt" not in guard


def test_a_corpus_of_links_pickles_small_and_still_guards_what_they_point_at(tmp_path):
    """links/NAME -> a/NAME: the files pointed at are inputs too, also for an unpickled guard
    (which lists the links itself), and the links are not carried with it."""
    (tmp_path / "a").mkdir()
    (tmp_path / "links").mkdir()
    for i in range(300):
        (tmp_path / "a" / f"d{i:03}.txt").write_text("x", encoding="utf-8")
        (tmp_path / "links" / f"d{i:03}.txt").symlink_to(tmp_path / "a" / f"d{i:03}.txt")
    guard = InputFiles(tmp_path / "links", "text")
    assert len(pickle.dumps(guard)) < 1000
    assert tmp_path / "a" / "d007.txt" in pickle.loads(pickle.dumps(guard))
    assert tmp_path / "a" / "d007.ann" not in guard


def test_write_digested_gives_the_checksum_of_each_file_written(tmp_path):
    import hashlib

    from annotator import Document
    from annotator.corpus import write_digested

    doc = Document("Ana vive en Madrid.", name="d1")
    doc.annset().add("NOMBRE", 0, 3)
    written = write_digested([doc], tmp_path, "brat")
    assert sorted(path.name for path in written) == ["d1.ann", "d1.txt"]
    for path, digest in written.items():
        assert digest == hashlib.sha256(path.read_bytes()).hexdigest()
