"""The one plug-in mechanism (annotator.registry): every kind of plug-in is an entry-point group,
the shipped plug-ins are entry points of the package like a third party's, and each kind's
lookup goes through a :class:`Registry` of its group. Each kind's own tests check that a third
party's entry point is found and used by name (tests/processing/test_base.py,
tests/jape/test_jape_rhs.py, tests/formats/test_registry.py, tests/cli/test_metrics.py,
tests/annotator/test_schemas.py)."""

from __future__ import annotations

import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from registryhelp import install

from annotator import formats, registry, schemas
from annotator.cli import metrics
from annotator.errors import GrammarError
from annotator.jape import actions, compile_grammar
from annotator.processing import base

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
REGISTRIES = {base.ENTRY_POINT_GROUP: base.REGISTRY, actions.ENTRY_POINT_GROUP: actions.REGISTRY,
              formats.GROUP: formats.REGISTRY, metrics.GROUP: metrics.REGISTRY, schemas.GROUP: schemas.REGISTRY}


def shipped(group: str) -> dict[str, str]:
    with open(PYPROJECT, "rb") as handle:
        return tomllib.load(handle)["project"]["entry-points"][group]


def test_the_five_kinds_are_the_five_groups_of_the_issue():
    assert set(REGISTRIES) == {"annotator.processing_resources", "annotator.jape_actions", "annotator.formats",
                               "annotator.metrics", "annotator.tag_sets"}
    assert all(isinstance(r, registry.Registry) and r.group == g for g, r in REGISTRIES.items())


@pytest.mark.parametrize("group", sorted(REGISTRIES))
def test_the_installed_package_registers_what_pyproject_ships(group):
    # fails when the install is stale (pip install -e . again after editing the entry points)
    table = shipped(group)
    assert table
    assert {name: point.value for name, point in REGISTRIES[group].entry_points().items()} == table


@pytest.mark.parametrize("group", sorted(REGISTRIES))
def test_a_third_party_entry_point_joins_every_group_the_same_way(group, monkeypatch):
    target = next(iter(shipped(group).values()))  # any loadable object stands in for the plug-in
    install(monkeypatch, EntryPoint("third-party-x", target, group))
    found = REGISTRIES[group]
    assert "third-party-x" in found and "third-party-x" in found.names()
    assert found.load("third-party-x") is EntryPoint("x", target, group).load()


def test_the_built_in_actions_are_entry_points_only(monkeypatch, tmp_path):
    assert set(shipped(actions.ENTRY_POINT_GROUP)) == {"remove_bound", "remove_contained", "remove_overlaps",
                                                       "set_feature"}
    assert actions.get_action("remove_overlaps") is actions.remove_overlaps
    assert actions.get_action("remove_overlaps").changes_input is False  # the marker travels with the function
    grammar = tmp_path / "g.jape"
    grammar.write_text('Phase: P\nInput: Token\nRule: R ({Token}):t --> :t { action: "set_feature", name = "a" }\n',
                       encoding="utf-8")
    compile_grammar(grammar)
    # with the package's entry points replaced by a third party's, no built-in is left: no second table
    install(monkeypatch, EntryPoint("tests.other", "annotator.jape.actions:set_feature", actions.ENTRY_POINT_GROUP),
            only=True)
    assert actions.get_action("set_feature") is None
    names = actions.action_names()  # (with any decorated in this process, as other test files do)
    assert "tests.other" in names and not set(names) & set(shipped(actions.ENTRY_POINT_GROUP))
    with pytest.raises(GrammarError, match=r"E505 unknown action 'set_feature' \(registered: [^;]*tests\.other"):
        compile_grammar(grammar)
