"""Start-up: ``annotator --help``/``--version``, ``import annotator`` and the format names import no
heavy module (parser libraries, numpy, PRs, JAPE, format adapters). A module-list check in a fresh
``python -X importtime`` (whose own list misses modules loaded by ``importlib.import_module``, so
the check reads ``sys.modules`` at the end); the timings are benchmarks/bench_startup.py's."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

import pytest

from annotator.cli import COMMANDS

HEAVY = ("lxml", "regex", "numpy", "yaml", "tqdm", "annotator.processing", "annotator.jape", "annotator.pipeline")
FORMATS = "annotator.formats"  # the registry; every module below it is an adapter (or their helpers)

_MODULES = "\nimport sys\nprint('modules:', *sorted(sys.modules))"


def imported(code: str) -> tuple[set[str], str]:
    """Modules a fresh ``python -X importtime -c CODE`` has imported at its end, and what it printed."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code + _MODULES],
                          capture_output=True, text=True, check=True)
    out, modules = done.stdout.rsplit("modules: ", 1)
    return set(modules.split()), out


def command(*argv: str) -> str:
    """Code running ``annotator ARGV`` as ``python -m annotator ARGV`` does, going on after its exit."""
    return ("import runpy, sys\n"
            f"sys.argv = ['annotator', *{list(argv)!r}]\n"
            "try:\n    runpy.run_module('annotator', run_name='__main__', alter_sys=True)\n"
            "except SystemExit:\n    pass")


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules
                  if m.startswith(f"{FORMATS}.") or any(m == h or m.startswith(f"{h}.") for h in HEAVY))


def test_the_check_sees_heavy_modules():
    modules, _ = imported("import annotator.formats.brat")
    assert {"regex", "annotator.formats.brat"} <= set(heavy(modules))


@pytest.mark.parametrize("module", COMMANDS)
def test_registering_a_verb_imports_nothing_heavy(module):
    modules, _ = imported("import argparse, importlib\n"
                          f"importlib.import_module({module!r}).add_parser(argparse.ArgumentParser().add_subparsers())")
    assert module in modules
    assert heavy(modules) == []


@pytest.mark.parametrize("code, printed", [
    ("import annotator.cli; annotator.cli.build_parser()", ""),
    (command("--help"), "usage: annotator [-h] [--version] VERB ..."),
    (command("--version"), f"annotator {metadata.version('annotator')}\n"),
])
def test_help_and_version_import_nothing_heavy(code, printed):
    modules, out = imported(code)
    assert out.startswith(printed)
    assert "annotator.cli" in modules
    assert heavy(modules) == []


def test_version_is_the_distribution_version():
    done = subprocess.run([sys.executable, "-m", "annotator", "--version"], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, f"annotator {metadata.version('annotator')}\n")
    import annotator

    assert annotator.__version__ == metadata.version("annotator")


def test_the_package_and_the_format_names_import_nothing_heavy():
    modules, out = imported("import annotator\nfrom annotator import Document, formats\n"
                            "print(formats.names(), Document('x').text)")
    assert out == ("['bdoc', 'bioc-json', 'bioc-xml', 'brat', 'conll', 'gate-xml', 'i2b2-2006', 'i2b2-2014', "
                   "'meddocan-xml', 'text', 'uima-xmi'] x\n")
    assert heavy(modules) == []


def test_public_names_are_there_when_asked_for():
    modules, out = imported("from annotator import Pipeline, AnnotatorError\n"
                            "from annotator import formats\n"
                            "print(Pipeline.__name__, AnnotatorError.__name__, formats.get('brat').name)")
    assert out == "Pipeline AnnotatorError brat\n"
    assert {"annotator.pipeline", "annotator.formats.brat"} <= modules


@pytest.mark.parametrize("package", ["annotator.jape", "annotator.processing", "annotator.pipeline", "annotator.formats",
                                     "annotator.evaluation", "annotator.corpus", "annotator.cli"])
def test_each_package_imports_first_in_a_fresh_interpreter(package):
    # ``import annotator`` no longer loads everything in one order, so no package may rely on another
    # having been loaded first
    modules, _ = imported(f"import {package}")
    assert package in modules


def test_train_knows_the_tag_columns_of_the_conllu_reader():
    from annotator.cli.train import TAG_COLUMNS
    from annotator.processing.conllu import COLUMNS

    assert sorted(TAG_COLUMNS) == sorted(COLUMNS)
