"""No verb that writes (run, convert) ever changes a byte or a mode of its input: an output path
that is an input file or a companion of one (the .ann beside a .txt, ...) is refused before
anything is written, whatever --from, --to, --set, --types, --workers or output path
(same folder, a symbolic link to it, a path with '..', an input file itself)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from pipeline_test_prs import Words  # noqa: F401  (registers the test-* PRs)

from annotator.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples" / "meddocan"
ONE = "S1130-05582008000400007-2"
PIPELINE = """<pipeline name="guard-test">
  <pr type="test-words"/>
  <pr type="test-words" name="long"><param name="minLength">8</param><param name="outputASName">Long</param></pr>
</pipeline>
"""


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """tmp/a: the brat samples (mode 755, as in the report), tmp/link -> a, tmp/p.xml."""
    src = tmp_path / "a"
    src.mkdir()
    for path in sorted(SAMPLES.glob("*.ann")) + sorted(SAMPLES.glob("*.txt")):
        shutil.copyfile(path, src / path.name)
        (src / path.name).chmod(0o755)
    (tmp_path / "link").symlink_to(src, target_is_directory=True)
    (tmp_path / "p.xml").write_text(PIPELINE, encoding="utf-8")
    return tmp_path


def state(root: Path) -> dict[str, tuple[bytes | str, int]]:
    """Every path under ``root`` (symbolic links not followed): its bytes (or link target) and mode."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            info = path.lstat()
            content = os.readlink(path) if path.is_symlink() else path.read_bytes() if path.is_file() else ""
            found[str(path.relative_to(root))] = (content, info.st_mode)
    return found


def command(root: Path, verb: str, source: str, out: str, to: str, options: str) -> list[str]:
    source_path, out_path = str(root / source.replace("ONE", ONE)), str(root / out.replace("ONE", ONE))
    head = ["run", str(root / "p.xml"), source_path, "--out", out_path] if verb == "run" else \
        ["convert", source_path, out_path]
    return head + ["--to", to] + options.split()


# (verb, input, --out, --to, other options, refusal code or None when allowed)
CASES = [
    # the report: one .txt read as text, brat written into its folder: the gold .ann is its companion
    ("run", "a/ONE.txt", "a", "brat", "--from text --set Long", "E132"),
    ("run", "a/ONE.txt", "link", "brat", "--from text --types Word", "E132"),
    ("run", "a/ONE.txt", "a", "text", "--from text --workers 2", "E111"),
    ("run", "a/ONE.txt", "a", "brat", "--set Long", "E111"),  # sniffed: brat, reads .ann and .txt
    ("run", "a/ONE.ann", "a/../a", "brat", "--types Word", "E111"),
    ("run", "a", "a", "brat", "--set Long", "E129"),
    ("run", "a", "link", "text", "--types Word", "E129"),
    ("run", "a", "link", "brat", "--set Long --workers 2", "E129"),
    ("run", "a", "a/../a", "brat", "", "E129"),
    ("run", "a", "a/ONE.ann", "i2b2-2006", "--set Long", "E129"),
    ("run", "a/ONE.txt", "a/ONE.ann", "i2b2-2006", "--from text", "E129"),
    ("run", "a", "link/ONE.txt", "bdoc", "", "E129"),
    ("convert", "a", "a", "brat", "", "E129"),
    ("convert", "a", "link", "text", "", "E129"),
    ("convert", "a/ONE.ann", "a", "text", "", "E111"),
    ("convert", "a/ONE.txt", "link", "brat", "--from text", "E132"),
    ("convert", "a/ONE.txt", "a", "brat", "--from text --map meddocan-i2b2-2014", "E132"),
    ("convert", "a", "a/ONE.txt", "i2b2-2006", "", "E129"),
    ("convert", "a/ONE.ann", "a/ONE.ann", "gate-xml", "", "E129"),
    # no output name is an input or a companion: allowed, also into the input folder
    ("run", "a", "a", "meddocan-xml", "--set Long", None),
    ("run", "a", "link", "bdoc", "--types Word --workers 2", None),
    ("run", "a/ONE.txt", "a", "gate-xml", "--from text", None),
    ("run", "a", "a/all.xml", "i2b2-2006", "--set Long", None),
    ("run", "a", "b", "brat", "--set Long", None),
    ("convert", "a", "a", "meddocan-xml", "", None),
    ("convert", "a/ONE.ann", "link", "bdoc", "", None),
    ("convert", "a", "link/all.xml", "i2b2-2006", "", None),
    ("convert", "a", "b", "text", "", None),
]


@pytest.mark.parametrize("verb, source, out, to, options, code", CASES)
def test_input_is_never_written(corpus, capsys, verb, source, out, to, options, code):
    inputs = state(corpus / "a")
    before = state(corpus)
    status = main(command(corpus, verb, source, out, to, options))
    err = capsys.readouterr().err
    after = state(corpus / "a")
    assert {name: after.get(name) for name in inputs} == inputs, "an input file changed"
    if code is None:
        assert status == 0, err
        assert len(state(corpus)) > len(before)
    else:
        assert status == 1
        (line,) = err.strip().splitlines()
        assert line.startswith("annotator: error: ") and f" {code} " in line
        assert state(corpus) == before, "something was written"


def test_collision_on_a_later_document_writes_none_of_the_earlier_ones(corpus, capsys):
    """The whole plan is checked first: only the last document's name collides."""
    src = corpus / "a"
    last = max(src.glob("*.txt")).stem
    out = corpus / "out"
    out.mkdir()
    (out / f"{last}.ann").symlink_to(src / f"{last}.ann")  # out/LAST.ann is the input LAST.ann
    before = state(corpus)
    assert main(command(corpus, "convert", "a", "out", "brat", "")) == 1
    assert f"{out / last}.ann: E111 " in capsys.readouterr().err
    assert state(corpus) == before


def test_same_stem_file_of_another_format_is_a_companion(corpus, capsys):
    """A gold .xml beside the brat pair belongs to the input too, whatever --from says."""
    gold = corpus / "a" / f"{ONE}.xml"
    gold.write_bytes(b"<MEDDOCAN/>")
    before = state(corpus)
    assert main(command(corpus, "convert", "a/ONE.ann", "a", "meddocan-xml", "")) == 1
    assert f"{gold}: E132 refusing to overwrite a companion of the input file " in capsys.readouterr().err
    assert state(corpus) == before


def test_the_reported_meddocan_run_is_refused(corpus, capsys):
    """The report's command line, with the shipped pipeline."""
    pipeline = Path(__file__).resolve().parents[2] / "resources" / "pipelines" / "meddocan.xml"
    before = state(corpus)
    argv = ["run", str(pipeline), str(corpus / "a" / f"{ONE}.txt"), "--from", "text", "--to", "brat",
            "--set", "PHI", "--out", str(corpus / "a")]
    assert main(argv) == 1
    assert "E132" in capsys.readouterr().err
    assert state(corpus) == before


@pytest.mark.parametrize("verb", ["run", "convert"])
def test_names_inside_a_one_file_input_are_planned_too(corpus, capsys, verb):
    """i2b2-2006 input: document names come from its records; the second record is named like
    the input file, so nothing is written for the first either."""
    records = corpus / "c" / "r.xml"
    records.parent.mkdir()
    records.write_text('<ROOT>\n<RECORD ID="q">\n<TEXT>Ana</TEXT>\n</RECORD>\n'
                       '<RECORD ID="r">\n<TEXT>Eva</TEXT>\n</RECORD>\n</ROOT>\n', encoding="utf-8")
    before = state(corpus)
    assert main(command(corpus, verb, "c/r.xml", "c", "gate-xml", "")) == 1
    assert f"{records}: E111 " in capsys.readouterr().err
    assert state(corpus) == before
    assert main(command(corpus, verb, "c/r.xml", "c", "brat", "")) == 0
    assert sorted(p.name for p in records.parent.iterdir()) == ["q.ann", "q.txt", "r.ann", "r.txt", "r.xml"]
    assert state(corpus / "c")["r.xml"] == before["c/r.xml"]


@pytest.mark.parametrize("out, code", [("a", "E111"), ("links", "E129"), ("b", None)])
def test_input_files_that_are_links(corpus, capsys, out, code):
    """tmp/links/NAME -> tmp/a/NAME: neither the links nor the files they point at are written."""
    links = corpus / "links"
    links.mkdir()
    for path in (corpus / "a").iterdir():
        (links / path.name).symlink_to(path)
    before = state(corpus)
    status = main(command(corpus, "convert", "links", out, "brat", ""))
    after = state(corpus)
    assert {name: after.get(name) for name in before if name.startswith(("a/", "links/"))} == \
        {name: value for name, value in before.items() if name.startswith(("a/", "links/"))}
    if code is None:
        assert status == 0 and len(list((corpus / "b").glob("[!.]*"))) == 6
    else:
        assert status == 1 and f" {code} " in capsys.readouterr().err
        assert after == before


@pytest.mark.parametrize("verb", ["run", "convert"])
@pytest.mark.parametrize("out, to, found", [("outdir", "i2b2-2006", "a folder"), ("outfile", "brat", "a file")])
def test_an_output_of_the_wrong_kind_is_refused_before_any_document_is_read(corpus, capsys, verb, out, to, found):
    """A one-file format onto a folder, a per-document format onto a file: one E116 line, and
    no document is read (a broken input document would otherwise be reported first)."""
    (corpus / "outdir").mkdir()
    (corpus / "outfile").write_bytes(b"x")
    (corpus / "a" / f"{ONE}.ann").write_text("T1\tbroken line\n", encoding="utf-8")
    before = state(corpus)
    assert main(command(corpus, verb, "a", out, to, "")) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "E116" in err[0] and found in err[0], err
    assert state(corpus) == before
