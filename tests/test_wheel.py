"""The wheel, as a new user gets it: built from the repository, installed (not editable) into a fresh
venv, and run from an empty folder -- the shipped resources and schemas must come with it.

Building and installing takes about 20 s (the dependencies come from the registry or pip's cache);
the test skips with a message only when a venv or the registry cannot be used at all.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "resources" / "samples" / "meddocan"
# pip's messages when it is absent or the registry cannot be reached (offline machine): skip, not fail
OFFLINE = re.compile(r"No module named pip|NewConnectionError|Failed to establish a new connection|"
                     r"Temporary failure in name resolution|Network is unreachable|"
                     r"No matching distribution found for (?!annotator)")
# Files of resources/ that are not read at run time: build scripts and notes
NOT_SHIPPED = re.compile(r"(^build/|\.sh$|\.md$|__pycache__)")
LICENCE_NOTES = {"LICENSES.md", "gazetteers/en/SOURCES.md", "gazetteers/es/SOURCES.md"}


def _skip_if_offline(done: subprocess.CompletedProcess, what: str) -> None:
    """Skip, quoting pip's line, when ``done`` failed because pip or the registry is out of reach."""
    found = OFFLINE.search(done.stdout + done.stderr) if done.returncode else None
    if found:
        line = next(line for line in (done.stdout + done.stderr).splitlines() if found.group(0) in line)
        pytest.skip(f"{what}: {line.strip()}")


def _run(argv: list, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built by pip from a copy of the source tree (a build in the checkout would leave
    ``build/`` there, whose stale files setuptools would reuse)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(REPO, src, ignore=shutil.ignore_patterns(
        ".*", "build", "dist", "*.egg-info", "__pycache__", "tests", "benchmarks"))
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", tmp / "dist", src], cwd=tmp)
    _skip_if_offline(built, "pip cannot build the wheel here")
    assert built.returncode == 0, built.stdout + built.stderr
    (path,) = (tmp / "dist").glob("annotator-*.whl")
    return path


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a fresh venv with the wheel installed (not editable)."""
    tmp = tmp_path_factory.mktemp("venv")
    made = _run([sys.executable, "-m", "venv", tmp / "venv"], cwd=tmp)
    if made.returncode:
        pytest.skip(f"python -m venv does not work here: {made.stderr.strip()[-300:]}")
    bin_dir = tmp / "venv" / "bin"
    installed = _run([bin_dir / "python", "-m", "pip", "install", "--quiet", wheel], cwd=tmp)
    _skip_if_offline(installed, "pip cannot install the dependencies here")
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return bin_dir


@pytest.fixture
def empty(tmp_path: Path) -> Path:
    folder = tmp_path / "empty"
    folder.mkdir()
    return folder


def test_only_annotator_is_installed_at_top_level(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/WHEEL"))
        top_level = archive.read(f"{dist_info}/top_level.txt").decode().split()
    assert top_level == ["annotator"]
    assert {name.split("/")[0] for name in names} == {"annotator", dist_info}


def test_wheel_has_every_module_and_run_time_resource(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())

    def shipped(folder: str, package: str) -> set[str]:
        files = {p.relative_to(REPO / folder).as_posix() for p in (REPO / folder).rglob("*") if p.is_file()}
        return {f"annotator/{package}{name}" for name in files if not NOT_SHIPPED.search(name)}

    modules = {f"annotator/{p.relative_to(REPO / 'annotator').as_posix()}"
               for p in (REPO / "annotator").rglob("*.py")}
    expected = (modules | shipped("formats", "formats/") | shipped("corpora_schemas", "corpora_schemas/")
                | shipped("resources", "resources/") | {f"annotator/resources/{n}" for n in LICENCE_NOTES}
                | {"annotator/processing/munging_rules.yaml"})
    assert expected - names == set()
    assert not {n for n in names if "/build/" in n or n.endswith((".sh", ".pyc"))}


def test_version_from_an_empty_folder(venv: Path, empty: Path) -> None:
    with open(REPO / "pyproject.toml", "rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    done = _run([venv / "annotator", "--version"], cwd=empty)
    assert (done.returncode, done.stdout.strip()) == (0, f"annotator {version}")


def test_demo_runs_from_an_empty_folder_on_the_installed_resources(venv: Path, empty: Path) -> None:
    done = _run([venv / "annotator", "demo"], cwd=empty)
    assert done.returncode == 0, done.stderr
    commands = [line for line in done.stdout.splitlines() if line.startswith("$ annotator ")]
    assert [c.split()[2] for c in commands] == ["convert", "run", "evaluate", "deidentify"]
    samples = commands[0].split()[3]  # convert's input: the samples inside the venv
    assert samples.startswith(f"{venv.parent}/lib/") and samples.endswith("/annotator/resources/samples/meddocan")
    assert str(REPO) not in done.stdout
    assert "SubTrack 1 [NER]" in done.stdout and "Total (3 docs)" in done.stdout
    lines = done.stdout.splitlines()
    before = [line[2:] for line in lines if line.startswith("- ")]
    after = [line[2:] for line in lines if line.startswith("+ ")]
    sample = min(SAMPLES.glob("*.txt")).read_text(encoding="utf-8").splitlines()  # the one the demo shows
    assert len(before) == len(after) > 0 and all(b in sample and b != a for b, a in zip(before, after))
    html = Path(next(line for line in lines if line.startswith("Side by side")).split(": ", 1)[1])
    out = Path(lines[-1].removeprefix("All outputs: "))
    try:
        assert html.is_file() and html.parent.parent == out and "<html" in html.read_text(encoding="utf-8").lower()
        assert sorted(p.name for p in (out / "deidentified").glob("*.txt")) == sorted(p.name for p in SAMPLES.glob("*.txt"))
    finally:
        shutil.rmtree(out)
    assert list(empty.iterdir()) == []


def test_convert_map_and_evaluate_from_an_empty_folder(venv: Path, empty: Path) -> None:
    shutil.copytree(SAMPLES, empty / "samples", ignore=shutil.ignore_patterns("*.md"))
    annotator = venv / "annotator"
    converted = _run([annotator, "convert", "samples", "gold", "--from", "brat", "--to", "meddocan-xml"], empty)
    assert converted.returncode == 0, converted.stderr
    assert len(list((empty / "gold").glob("*.xml"))) == 3
    scored = _run([annotator, "evaluate", "gold", "gold", "--metric", "meddocan"], empty)
    assert scored.returncode == 0, scored.stderr
    assert re.search(r"F1\s+1\.0\b", scored.stdout), scored.stdout
    mapped = _run([annotator, "convert", "samples", "i2b2", "--from", "brat", "--to", "i2b2-2014",
                   "--map", "meddocan-i2b2-2014"], empty)
    assert (mapped.returncode, mapped.stderr) == (0, "")  # no E140 "not in the tag set" warning
    assert 'TYPE="AGE"' in "".join(p.read_text(encoding="utf-8") for p in (empty / "i2b2").glob("*.xml"))


def test_the_installed_wheel_registers_every_plug_in_group(venv: Path, empty: Path) -> None:
    with open(REPO / "pyproject.toml", "rb") as handle:
        shipped = tomllib.load(handle)["project"]["entry-points"]
    groups = sorted(g for g in shipped if g.startswith("annotator."))
    assert len(groups) == 5
    probe = ("import json, sys\nfrom annotator import registry\n"
             "print(json.dumps({g: {n: p.value for n, p in registry.entry_points(g).items()} for g in sys.argv[1:]}))")
    done = _run([venv / "python", "-c", probe, *groups], cwd=empty)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {g: shipped[g] for g in groups}
