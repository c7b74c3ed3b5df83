"""Tag schemas and mappings (corpora_schemas/)."""

from __future__ import annotations

import re
from importlib.metadata import EntryPoint

import pytest
import yaml
from registryhelp import install

from annotator import schemas
from annotator.deid import policy
from annotator.document import Document
from annotator.errors import InputError
from annotator.paths import SCHEMAS
from annotator.processing.record_matcher import tagsets


def test_meddocan_has_29_types_and_matches_the_corpus_xml(meddocan_dir):
    types = schemas.meddocan_types()
    assert len(types) == 29
    pairs = set()
    for path in meddocan_dir.glob("*/xml/*.xml"):
        pairs |= set(re.findall(r'<([A-Z]+) id="[^"]*" start="\d+" end="\d+" text="[^"]*" TYPE="([A-Z_]+)"',
                                path.read_text(encoding="utf-8")))
    assert pairs and all(types[t] == cat for cat, t in pairs)
    observed = {t for t, spec in schemas.load("meddocan")["types"].items() if spec["observed"]}
    assert observed == {t for _, t in pairs}


def test_i2b2_schemas():
    types = schemas.i2b2_2014_types()
    assert types["PATIENT"] == "NAME" and types["LOCATION-OTHER"] == "LOCATION" and len(types) == 31
    assert schemas.i2b2_2006_types() == ["PATIENT", "DOCTOR", "HOSPITAL", "LOCATION", "DATE", "ID", "PHONE", "AGE"]


def test_hipaa_subset_as_the_scorer_applies_it():
    assert schemas.is_hipaa("NAME", "PATIENT") and not schemas.is_hipaa("NAME", "DOCTOR")
    assert schemas.is_hipaa("date", "anything")  # DATE/* and case-insensitive
    assert not schemas.is_hipaa("ID", "IDNUM")  # the scorer's "IDNUM " bug
    assert schemas.is_hipaa("ID", "IDNUM", official=False)
    assert "IDNUM" not in schemas.hipaa_subset()["ID"] and "IDNUM" in schemas.hipaa_subset(official=False)["ID"]


@pytest.mark.parametrize("name", schemas.mapping_names())
def test_mappings_cover_their_source_and_land_in_their_target(name):
    spec = yaml.safe_load((SCHEMAS / "mappings" / f"{name}.yaml").read_text(encoding="utf-8"))
    source = {"meddocan": set(schemas.meddocan_types()), "i2b2-2014": set(schemas.i2b2_2014_types()),
              "i2b2-2006": set(schemas.i2b2_2006_types())}
    assert set(spec["types"]) == source[spec["from"]] == schemas.tag_set(spec["from"])
    assert {t for t in spec["types"].values() if t is not None} <= source[spec["to"]]
    assert schemas.mapping_between(spec["from"], spec["to"]) == name


def test_the_tag_sets_a_set_of_types_fits():
    assert schemas.fitting_tag_sets(["PATIENT", "DATE"]) == ["i2b2-2014", "i2b2-2006"]
    assert schemas.fitting_tag_sets(["PATIENT", "CITY"]) == ["i2b2-2014"]
    assert schemas.fitting_tag_sets(["FECHAS", "PATIENT"]) == []
    assert schemas.mapping_between("i2b2-2006", "meddocan") is None


def test_meddocan_to_2006_is_the_composition():
    direct = schemas.load_mapping("meddocan-i2b2-2006")
    first, second = schemas.load_mapping("meddocan-i2b2-2014"), schemas.load_mapping("i2b2-2014-i2b2-2006")
    assert direct == {k: second[v] for k, v in first.items()}


def test_apply_mapping_keeps_ids_and_drops_category():
    doc = Document("Ana, hermana", name="m")
    doc.annset().add("NOMBRE_SUJETO_ASISTENCIA", 0, 3, {"category": "OTHER", "comment": "x"}, id=7)
    doc.annset().add("FAMILIARES_SUJETO_ASISTENCIA", 5, 12, id=8)
    doc.annset().add("Token", 0, 3, id=9)
    unknown = schemas.apply_mapping(doc, schemas.load_mapping("meddocan-i2b2-2006"))
    assert unknown == {"Token"}
    assert [(a.id, a.type, a.features) for a in doc.annset()] == [(7, "PATIENT", {"comment": "x"}), (9, "Token", {})]


def test_unknown_mapping():
    with pytest.raises(InputError, match="E121.*meddocan-i2b2-2014"):
        schemas.load_mapping("nope")


def test_an_unknown_tag_set_is_coded():
    with pytest.raises(InputError, match=r"E133 unknown tag set 'nope' \(known: .*i2b2-2014"):
        schemas.tag_set("nope")


def test_a_third_party_tag_set_is_found_through_its_entry_point(tmp_path, monkeypatch):
    package = tmp_path / "their_tags"
    (package / "deid").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "mytags.yaml").write_text(
        'name: mytags\ntypes: [Person, Town]\nrecord_fields: {name: Person, city: Town, "(other)": Person}\n',
        encoding="utf-8")
    (package / "deid" / "mytags.yaml").write_text(
        "tag_set: mytags\ntypes:\n"
        '  Person: {action: replace, kind: name, role: patient, placeholder: PNAME, why: "a name"}\n'
        '  Town: {action: replace, kind: place, placeholder: LOCATION, why: "a place"}\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    install(monkeypatch, EntryPoint("mytags", "their_tags", schemas.GROUP))
    assert schemas.tag_set_names()[-1] == "mytags"  # after the shipped ones
    assert schemas.fitting_tag_sets(["Town"]) == ["mytags"]
    assert "mytags" in tagsets.tag_sets()
    assert (tagsets.type_of("mytags", "city"), tagsets.type_of("mytags", "phone")) == ("Town", "Person")
    assert policy.tag_sets()[-1] == "mytags"
    assert policy.table_for({"Person", "Town"}, "") is policy.table("mytags")
    assert policy.table("mytags")["Town"].kind == "place"
