"""The de-identification policy tables (corpora_schemas/deid/) and their documentation."""

from __future__ import annotations

import sys

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from annotator import schemas
from annotator.deid import policy
from annotator.deid.kinship import kinship
from annotator.errors import DeidError
from annotator.paths import SCHEMAS

README = (SCHEMAS / "deid" / "README.md").read_text(encoding="utf-8")  # in the repository, not in the wheel


@pytest.mark.parametrize("tag_set", policy.tag_sets())
def test_every_row_is_documented_in_the_readme(tag_set):
    for p in policy.table(tag_set).values():
        row = f"| `{p.type}` | {p.action} | {p.kind or '-'} | {p.role or '-'} | `[{p.placeholder}]` | {p.why}"
        assert row in README, row


@pytest.mark.parametrize("tag_set", ["meddocan", "i2b2-2014", "i2b2-2006"])
def test_each_tag_set_has_a_row_for_every_type(tag_set):
    assert set(policy.table(tag_set)) == schemas.tag_set(tag_set)


def test_hina_rows_are_the_pipeline_output_types():
    from annotator.pipeline import Pipeline

    assert set(policy.table("hina")) == set(Pipeline.load("hina").output_types)


def test_types_shared_by_i2b2_2006_and_2014_are_treated_the_same():
    old, new = policy.table("i2b2-2006"), policy.table("i2b2-2014")
    for type in old.keys() & new.keys():
        assert (old[type].action, old[type].kind, old[type].role, old[type].placeholder) == \
               (new[type].action, new[type].kind, new[type].role, new[type].placeholder), type


def test_what_the_issue_keeps_is_kept():
    med = policy.table("meddocan")
    assert med["SEXO_SUJETO_ASISTENCIA"].action == "keep"
    assert med["FAMILIARES_SUJETO_ASISTENCIA"].keep_kinship
    assert {p.action for t, p in med.items() if t.startswith(("NOMBRE", "ID_", "NUMERO"))} == {"replace"}
    assert med["FECHAS"].action == med["EDAD_SUJETO_ASISTENCIA"].action == "shift"


def test_the_table_is_picked_by_the_types_or_named():
    assert policy.table_for({"PATIENT", "LOCATION"}, "") is policy.table("i2b2-2006")
    assert policy.table_for({"PATIENT", "ZIP"}, "") is policy.table("i2b2-2014")
    assert policy.table_for({"Patient"}, "") is policy.table("hina")
    with pytest.raises(DeidError, match="E705 type.s. Nope of set 'S'"):
        policy.table_for({"Nope", "Patient"}, "S")


def test_a_bad_policy_file_is_reported(tmp_path, monkeypatch):
    rows = {"A": {"action": "replace", "kind": "name", "role": "king", "placeholder": "X", "why": "w"}}
    (tmp_path / "hina.yaml").write_text(yaml.safe_dump({"tag_set": "hina", "types": rows}))
    monkeypatch.setattr(policy, "policy_file", lambda tag_set: tmp_path / f"{tag_set}.yaml")
    policy.table.cache_clear()
    try:
        with pytest.raises(DeidError, match="E713 policy file .*hina.yaml: A: role 'king'"):
            policy.table("hina")
    finally:
        policy.table.cache_clear()


@pytest.mark.parametrize("tag_set", policy.tag_sets())
def test_the_shipped_files_are_read_without_pyyaml_as_pyyaml_reads_them(tag_set, monkeypatch):
    text = policy.policy_file(tag_set).read_text(encoding="utf-8")
    expected = policy.parse(text, reference=True)
    assert expected == yaml.safe_load(text) and expected["types"]
    monkeypatch.setitem(sys.modules, "yaml", None)  # ``import yaml`` fails from here on
    assert policy.parse(text) == expected


_LINES = ["# a comment", "", "tag_set: hina", "tag_set: Yes", "types:", "types: ", "  # indented comment",
          "  Patient: {action: replace, kind: name, why: \"a, b: c # d\"}", "  Doctor: {keep_kinship: true, why: x}",
          "  On: {action: keep}", "  Place: {action: True, why: off}", "  Place: {why: two words}",
          "  Place: {why: 'single'}", "  Place: {why: \"esc\\\"aped\"}", "  Place: {why: x} # trailing",
          "  Place: {why: null}", "  Place: {why: ~}", "  Place: {why: 12}", "  Place: {why: x, why: y}",
          "  Place: {}", "\tPlace: {why: x}", "Place: {why: x}", "  Place: {why: FALSE}", "  Place: {why: True}",
          "  Place: [x]"]


@settings(max_examples=300, deadline=None)
@given(st.booleans(), st.lists(st.sampled_from(_LINES), max_size=8))
def test_any_other_text_is_left_to_pyyaml(headed, lines):
    # ``headed``: after the two lines every policy file begins with, so that the rows are read
    text = "\n".join((["tag_set: hina", "types:"] if headed else []) + lines)
    try:
        expected = yaml.safe_load(text)
    except yaml.YAMLError:
        expected = "an error"
    try:
        found = policy.parse(text)
    except yaml.YAMLError:
        found = "an error"
    assert found == expected


@pytest.mark.parametrize("surface, language, what", [
    ("madre", "es", "keep"), ("dos hermanos", "es", "keep"), ("Tía materna", "es", "keep"), ("30 años", "es", "age"),
    ("hija de 50 años", "es", "age"), ("años", "es", ""), ("Carmen", "es", ""), ("hermana María José", "es", ""),
    ("her husband", "en", "keep"), ("her son, 12 years old", "en", "age"), ("Mr Smith", "en", ""),
    ("hans bror", "sv", "keep"), ("Föräldrarna Olsson", "sv", ""), ("", "es", ""), ("Juan 30 años", "es", ""),
])
def test_kinship_only_spans_name_no_one_and_kinship_with_an_age_is_an_age(surface, language, what):
    assert kinship(surface, language) == what
