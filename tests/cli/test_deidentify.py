"""``annotator deidentify``: modes, the set and language, the key file, --pipeline, fail closed."""

from __future__ import annotations

import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.corpus import read_documents
from annotator.document import Document
from annotator.evaluation.leak import evaluate_leak

DATA = Path(__file__).resolve().parent.parent / "data" / "deid"


def docs(folder: Path) -> dict[str, Document]:
    """Read strictly: the brat reader fails when a surface differs from its text slice."""
    out = {}
    for doc in read_documents(folder, "brat"):
        assert isinstance(doc, Document), doc
        out[doc.name] = doc
    return out


@pytest.mark.parametrize("mode", ["placeholder", "mask", "redact"])
def test_english_and_swedish_notes_come_out_without_their_phi(tmp_path, mode, capsys):
    for language in ("en", "sv"):
        out = tmp_path / language
        assert main(["deidentify", str(DATA / language), "--out", str(out), "--mode", mode]) == 0
        before, after = docs(DATA / language), docs(out)
        assert before.keys() == after.keys()
        result = evaluate_leak(before.values(), after.values())
        assert result.leaked == [] and result.total.mentions > 10
        assert {m.type for m in result.kept} == ({"STATE"} if language == "en" else set())
        for name, doc in after.items():
            assert [a.id for a in doc.annset()] == [a.id for a in before[name].annset()]


def test_surrogate_mode_needs_a_language(tmp_path, capsys):
    assert main(["deidentify", str(DATA / "en"), "--out", str(tmp_path / "o")]) == 2
    assert "E702 surrogate mode needs the language" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_a_key_file_is_made_private_and_never_written_out(tmp_path, capsys):
    key_file = tmp_path / "secret.key"
    args = ["deidentify", str(DATA / "en"), "--mode", "placeholder", "--key-file", str(key_file)]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    key = key_file.read_bytes()
    assert len(key) == 32 and stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert main([*args, "--out", str(tmp_path / "b")]) == 0
    assert key_file.read_bytes() == key  # an existing key is read, not replaced
    for path in (tmp_path / "a").iterdir():
        assert key not in path.read_bytes() and key.hex().encode() not in path.read_bytes()
    key_file.write_bytes(b"too short")
    assert main([*args, "--out", str(tmp_path / "c")]) == 1
    assert "E711 key file holds 9 bytes" in capsys.readouterr().err
    key_file.write_bytes(bytes(40))
    key_file.chmod(0o644)
    assert main([*args, "--out", str(tmp_path / "d")]) == 0
    assert "E712 key file is readable by others (mode 644)" in capsys.readouterr().err


def test_a_document_that_cannot_be_deidentified_is_not_written(tmp_path, capsys):
    corpus = tmp_path / "in"
    shutil.copytree(DATA / "en", corpus)
    with open(corpus / "note-2.ann", "a", encoding="utf-8") as handle:
        handle.write("T99\tBANANA 0 6\tClinic\n")
    out = tmp_path / "out"
    assert main(["deidentify", str(corpus), "--out", str(out), "--mode", "mask", "--keep-going"]) == 1
    err = capsys.readouterr().err
    assert "note-2: E705 type(s) BANANA of set '' have no de-identification policy" in err
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["note-1.ann", "note-1.txt"]


def test_with_a_pipeline_its_output_set_and_language_are_used(tmp_path, capsys):
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "n.txt").write_text("Saw Mrs Abby Hayward today. She lives in Leeds.\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["deidentify", str(plain), "--from", "text", "--to", "brat", "--out", str(out),
                 "--pipeline", "hina", "--mode", "placeholder"]) == 0
    doc = docs(out)["n"]
    assert doc.text == "Saw Mrs [PNAME] today. She lives in [LOCATION].\n"
    assert sorted(a.type for a in doc.annset()) == ["Patient", "Place"]  # the pipeline's output, moved


def test_the_verb_is_listed(capsys):
    with pytest.raises(SystemExit):
        main(["deidentify", "--help"])
    assert "--key-file" in capsys.readouterr().out


def test_plain_text_with_nothing_annotated_is_not_written(tmp_path, capsys):
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "n.txt").write_text("Saw Mrs Abby Hayward today.\n", encoding="utf-8")
    assert main(["deidentify", str(plain), "--from", "text", "--out", str(tmp_path / "out"), "--mode", "mask"]) == 1
    assert "n: E715 no annotation set '' in the document" in capsys.readouterr().err
    assert not (tmp_path / "out" / "n.txt").exists()


def test_evaluate_leak_reports_what_is_left(tmp_path, capsys):
    import json

    out = tmp_path / "out"
    assert main(["deidentify", str(DATA / "en"), "--out", str(out), "--mode", "placeholder"]) == 0
    leaky = tmp_path / "leaky"
    shutil.copytree(out, leaky)
    text = (leaky / "note-2.txt").read_text(encoding="utf-8")
    (leaky / "note-2.txt").write_text(text.replace("[LOCATION]", "Boston    "), encoding="utf-8")  # same length
    capsys.readouterr()
    assert main(["evaluate", str(DATA / "en"), str(out), "--metric", "leak", "--json", str(tmp_path / "a.json")]) == 0
    clean = json.loads((tmp_path / "a.json").read_text())
    assert (clean["documents"], clean["leaked_long"], clean["fraction_left"]) == (2, 0, 0.0)
    assert [m["surface"] for m in clean["kept"]] == ["CA", "CA"]
    capsys.readouterr()
    assert main(["evaluate", str(DATA / "en"), str(leaky), "--metric", "leak", "--json", str(tmp_path / "b.json")]) == 0
    assert "Leaked (document, type, surface): 1\n  note-2\tCITY\t'Boston'" in capsys.readouterr().out
    assert [m["surface"] for m in json.loads((tmp_path / "b.json").read_text())["leaked"]] == ["Boston"]


def test_a_dask_run_and_a_resumed_run_write_what_one_process_writes(tmp_path, capsys):
    pytest.importorskip("distributed")
    key_file = tmp_path / "secret.key"
    samples = Path(__file__).resolve().parents[2] / "resources" / "samples" / "meddocan"
    args = ["deidentify", str(samples), "--language", "es", "--key-file", str(key_file)]
    assert main([*args, "--out", str(tmp_path / "one")]) == 0
    assert main([*args, "--out", str(tmp_path / "dask"), "--engine", "dask", "--workers", "2"]) == 0
    assert main([*args, "--out", str(tmp_path / "one"), "--resume"]) == 0
    written = sorted(p.name for p in (tmp_path / "one").iterdir() if not p.name.startswith("."))
    assert written and written == sorted(p.name for p in (tmp_path / "dask").iterdir() if not p.name.startswith("."))
    for name in written:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "dask" / name).read_bytes()


def test_a_scheduler_with_workers_is_a_usage_error(tmp_path, capsys):
    args = ["deidentify", str(DATA / "en"), "--out", str(tmp_path / "o"), "--mode", "mask"]
    with pytest.raises(SystemExit) as exit_:
        main([*args, "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"])
    assert exit_.value.code == 2 and "E162" in capsys.readouterr().err


def test_a_run_loads_only_what_it_uses(tmp_path):
    """Every start compiles the modules it imports (no .pyc where PYTHONDONTWRITEBYTECODE is set):
    a surrogate run on brat, its stderr no terminal, imports no other verb, no other format's
    adapter (nor their XML parser), no progress bar, no pipeline (nor its processing resources),
    no process pool (one worker) and no YAML parser (the policy tables are read without it)."""
    code = ("import runpy, sys\n"
            f"sys.argv = ['annotator', 'deidentify', {str(DATA / 'en')!r}, '--out', {str(tmp_path / 'o')!r},"
            " '--language', 'en']\n"
            "try:\n    runpy.run_module('annotator', run_name='__main__', alter_sys=True)\n"
            "except SystemExit as exc:\n    assert not exc.code, exc.code\n"
            "print(*sorted(sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    modules = set(done.stdout.split())
    assert {"annotator.cli.deidentify", "annotator.formats.brat", "annotator.deid.surrogates.people"} <= modules
    assert sorted(m for m in modules if m.startswith("annotator.cli.")) == ["annotator.cli.corpus_options",
                                                                            "annotator.cli.deidentify"]
    assert sorted(m for m in modules if m.startswith("annotator.formats.")) == ["annotator.formats.base",
                                                                                "annotator.formats.brat"]
    assert not {m.partition(".")[0] for m in modules} & {"lxml", "tqdm", "yaml"}
    assert not modules & {"annotator.pipeline", "annotator.processing", "multiprocessing", "concurrent.futures"}
    assert len(list((tmp_path / "o").glob("*.txt"))) == 2
