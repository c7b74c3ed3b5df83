"""Metrics as plug-ins: ``--metric NAME`` finds a metric registered in the entry-point group
``annotator.metrics`` by another package, and the shipped ones are registered in pyproject.toml."""

from __future__ import annotations

import json
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

from registryhelp import install

from annotator.cli import main, metrics
from annotator.corpus import write_documents
from annotator.document import Document

PLUGIN = '''
from annotator.cli.metrics import MetricRun


def count_spans(args, gold, system):
    figures = {"gold": sum(len(d.annset()) for d in gold), "system": sum(len(d.annset()) for d in system)}
    return MetricRun(0, f"gold {figures['gold']} system {figures['system']}\\n", figures)
'''


def test_a_third_party_metric_is_usable_by_name(tmp_path, monkeypatch, capsys):
    (tmp_path / "their_metric.py").write_text(PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    install(monkeypatch, EntryPoint("count-spans", "their_metric:count_spans", metrics.GROUP))
    assert "count-spans" in metrics.names() and "spans" in metrics.names()
    doc = Document("a b", name="d")
    doc.annset().add("X", 0, 1)
    write_documents([doc], tmp_path / "gold", "bdoc")
    write_documents([Document("a b", name="d")], tmp_path / "system", "bdoc")
    status = main(["evaluate", str(tmp_path / "gold"), str(tmp_path / "system"), "--metric", "count-spans",
                   "--json", str(tmp_path / "f.json")])
    assert status == 0 and capsys.readouterr().out == "gold 1 system 0\n"
    assert json.loads((tmp_path / "f.json").read_text(encoding="utf-8")) == {"gold": 1, "system": 0}


def test_a_broken_registration_is_one_coded_error(monkeypatch, capsys, tmp_path):
    install(monkeypatch, EntryPoint("broken", "no_such_module_here:metric", metrics.GROUP), only=True)
    write_documents([Document("a", name="d")], tmp_path / "g", "bdoc")
    assert main(["evaluate", str(tmp_path / "g"), str(tmp_path / "g"), "--metric", "broken"]) != 0
    err = capsys.readouterr().err
    assert "E237" in err and "Traceback" not in err


def test_the_shipped_metrics_are_entry_points_of_the_installed_package():
    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = pyproject["project"]["entry-points"][metrics.GROUP]
    assert set(shipped) == {"meddocan", "i2b2-2014", "diff", "leak", "phi-values", "spans", "conlleval"}
    assert {name: metrics.REGISTRY.entry_points()[name].value for name in shipped} == shipped
    for name in shipped:
        assert callable(metrics.get(name))
