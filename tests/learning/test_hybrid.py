"""The shipped MEDDOCAN stacked hybrid (meddocan-hybrid.xml): it loads, and tags the sample documents."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from xml.etree import ElementTree

import pytest

from annotator import formats
from annotator.learning.tagger import CrfTagger
from annotator.pipeline import Pipeline

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "resources" / "samples" / "meddocan"


def _script():
    """resources/build/train_meddocan_hybrid.py as a module (a script, not a package module)."""
    path = REPO / "resources" / "build" / "train_meddocan_hybrid.py"
    spec = importlib.util.spec_from_file_location("train_meddocan_hybrid", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


@pytest.fixture(scope="module")
def hybrid() -> Pipeline:
    pytest.importorskip("pycrfsuite", reason="the crf-tagger needs the learn extra")
    return Pipeline.load("meddocan-hybrid")


def test_the_hybrid_s_crf_reads_the_rules_output_and_its_output_set_is_phi(hybrid):
    crf = next(step.pr for step in hybrid.steps if isinstance(step.pr, CrfTagger))
    config = crf.info.features
    assert "annotations" in config.classes and config.stack_set == "PHI"
    assert hybrid.output_set == "PHI"
    assert crf.info.corpus["documents"] == 500, "trained on MEDDOCAN train only"


@pytest.mark.parametrize("txt", sorted(SAMPLES.glob("*.txt")), ids=lambda p: p.stem)
def test_the_hybrid_tags_a_sample_close_to_its_gold(hybrid, txt):
    gold = next(iter(formats.get("brat").read(txt)))
    doc = hybrid(type(gold)(gold.text, name=gold.name))
    wanted = {(a.type, a.start, a.end) for a in gold.annset()}
    found = {(a.type, a.start, a.end) for a in doc.annset("PHI")}
    assert doc.annset("CRF"), "the CRF's own spans stay in their set"
    assert 2 * len(wanted & found) / (len(wanted) + len(found)) >= 0.9


def test_the_build_script_reads_the_shipped_merge_of_every_output_type(hybrid):
    """train_meddocan_hybrid.py --cv prints the shipped merge beside the one it chooses: it must read
    meddocan-hybrid.xml's span-precedence into one of its four merges per type, none left out."""
    script = _script()
    choice = script.shipped_choice()
    assert set(choice.values()) <= set(script.MERGES)
    assert set(choice) == {"CALLE", "CENTRO_SALUD", "CORREO_ELECTRONICO", "EDAD_SUJETO_ASISTENCIA",
                           "FAMILIARES_SUJETO_ASISTENCIA", "FECHAS", "HOSPITAL", "ID_ASEGURAMIENTO",
                           "ID_CONTACTO_ASISTENCIAL", "ID_SUJETO_ASISTENCIA", "ID_TITULACION_PERSONAL_SANITARIO",
                           "INSTITUCION", "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA", "NUMERO_FAX",
                           "NUMERO_TELEFONO", "OTROS_SUJETO_ASISTENCIA", "PAIS", "PROFESION",
                           "SEXO_SUJETO_ASISTENCIA", "TERRITORIO"}
    assert choice["TERRITORIO"] == "crf-only" and choice["PAIS"] == "rules-first"


def test_the_shipped_merges_file_is_as_the_build_script_writes_it(tmp_path):
    """meddocan-hybrid.xml takes its merges from the file train_meddocan_hybrid.py --cv writes (none
    inline): the file is byte for byte what the script writes for the merges it holds."""
    script = _script()
    pr = ElementTree.parse(REPO / "resources" / "pipelines" / "meddocan-hybrid.xml").getroot().find(
        "pr[@type='span-precedence']")
    assert {p.get("name") for p in pr.iterfind("param")} == {"sources", "merges", "outputASName"}
    shipped = REPO / "resources" / "models" / "meddocan-hybrid-merges.tsv"
    written = tmp_path / "merges.tsv"
    script.write_choice(written, script.shipped_choice(), 5, 60)
    assert written.read_bytes() == shipped.read_bytes()
