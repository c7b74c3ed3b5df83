"""The worked examples of the plug-in contracts, run as the documentation gives them: the format
of formats/README.md and the metric of annotator/evaluation/README.md, each saved as the module
it says, registered by the entry-point lines it shows, and used through the command line."""

from __future__ import annotations

import json
import re
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from registryhelp import install

from annotator.cli import main
from annotator.corpus import read_documents, write_documents
from annotator.document import Document

ROOT = Path(__file__).resolve().parents[2]
FORMATS_README = ROOT / "formats" / "README.md"
METRICS_README = ROOT / "annotator" / "evaluation" / "README.md"


def worked_example(readme: Path) -> tuple[str, dict]:
    """The Python block and the parsed TOML block of the section "A worked example"."""
    text = readme.read_text(encoding="utf-8")
    section = text.split("A worked example", 1)[1]
    python = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    toml = tomllib.loads(re.search(r"```toml\n(.*?)```", section, re.S).group(1))
    return python, toml


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """Both examples installed: saved as the modules their entry points name, on the path."""
    site = tmp_path / "site"
    points = []
    for readme in (FORMATS_README, METRICS_README):
        code, toml = worked_example(readme)
        ((group, table),) = toml["project"]["entry-points"].items()
        ((name, target),) = table.items()
        module = site.joinpath(*target.split(":")[0].split(".")).with_suffix(".py")
        module.parent.mkdir(parents=True, exist_ok=True)
        module.write_text(code, encoding="utf-8")
        points.append(EntryPoint(name, target, group))
    monkeypatch.syspath_prepend(str(site))
    install(monkeypatch, *points)
    return {p.group: p.name for p in points}


def sample() -> list[Document]:
    one = Document("Ana Ruiz vive en Girona.\nTel. 600 000 000", name="one")
    for type_, start, end in (("NAME", 0, 8), ("CITY", 17, 23), ("PHONE", 30, 41)):
        one.annset().add(type_, start, end)
    two = Document("Sin datos \u2014 \U0001f600 fin.", name="two")
    two.annset().add("OTHER", 12, 13)
    return [one, two]


def spans(docs) -> list[tuple]:
    return sorted((d.name, d.text, sorted((a.type, a.start, a.end) for a in d.annset())) for d in docs)


def test_the_documented_format_converts_both_ways(plugins, tmp_path, capsys):
    name = plugins["annotator.formats"]
    write_documents(sample(), tmp_path / "bdoc", "bdoc")
    assert main(["convert", str(tmp_path / "bdoc"), str(tmp_path / "mine"), "--to", name]) == 0
    assert sorted(p.name for p in (tmp_path / "mine").glob("*.spans")) == ["one.spans", "two.spans"]
    assert main(["convert", str(tmp_path / "mine"), str(tmp_path / "back"), "--to", "bdoc"]) == 0  # sniffed
    assert spans(read_documents(tmp_path / "back", "bdoc")) == spans(sample())


def test_a_bad_line_of_the_documented_format_is_one_line_and_keep_going_goes_on(plugins, tmp_path, capsys):
    name = plugins["annotator.formats"]
    write_documents(sample(), tmp_path / "mine", name)
    bad = tmp_path / "mine" / "one.spans"
    lines = bad.read_text(encoding="utf-8").splitlines()
    bad.write_text("\n".join([*lines[:2], "17\tCITY", *lines[3:]]) + "\n", encoding="utf-8")
    status = main(["convert", str(tmp_path / "mine"), str(tmp_path / "out"), "--from", name, "--to", "bdoc",
                   "--keep-going"])
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err
    (line,) = [x for x in err.splitlines() if "E104" in x]
    assert line.startswith(f"{bad}:3: E104 malformed span line")
    assert [p.name for p in (tmp_path / "out").glob("*.bdocjs")] == ["two.bdocjs"]


def test_the_documented_metric_scores_through_the_command_line(plugins, tmp_path, capsys):
    name = plugins["annotator.metrics"]
    gold = sample()
    system = [Document(d.text, name=d.name) for d in gold]
    system[0].annset().add("NAME", 0, 3)  # overlaps Ana Ruiz
    system[0].annset().add("CITY", 0, 3)  # overlaps no CITY
    system[1].annset().add("OTHER", 12, 13)
    write_documents(gold, tmp_path / "gold", "bdoc")
    write_documents(system, tmp_path / "system", "bdoc")
    status = main(["evaluate", str(tmp_path / "gold"), str(tmp_path / "system"), "--metric", name,
                   "--json", str(tmp_path / "f.json")])
    out = capsys.readouterr().out
    assert status == 0
    assert out.splitlines() == ["type\tP\tR\tF1", "CITY\t0.0000\t0.0000\t0.0000", "NAME\t1.0000\t1.0000\t1.0000",
                                "OTHER\t1.0000\t1.0000\t1.0000", "PHONE\t0.0000\t0.0000\t0.0000"]
    figures = json.loads((tmp_path / "f.json").read_text(encoding="utf-8"))
    assert figures["NAME"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0} and set(figures) == {
        "CITY", "NAME", "OTHER", "PHONE"}
    assert main(["evaluate", str(tmp_path / "gold"), str(tmp_path / "system"), "--metric", name,
                 "--types", "NAME"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["NAME\t1.0000\t1.0000\t1.0000"]
