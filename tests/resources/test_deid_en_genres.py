"""The English material of other genres (tests/data/deid_en_genres/, issue 28): every file parses,
uses only i2b2 2014 types, has the size the issue asks for, and loads as the parts genres-dev and
genres-heldout of benchmarks/deid_en_material.py, which also writes it as i2b2-2014 XML."""

from __future__ import annotations

from pathlib import Path

import annotator.formats
from annotator.schemas import i2b2_2014_types

REPO = Path(__file__).resolve().parents[2]


def _items(material) -> list[str]:
    """Every item of the genre files: one a line, without blank and ``#`` comment lines (README.md there)."""
    return [line for genre in material.GENRES
            for line in (material.GENRES_DATA / f"{genre}.txt").read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def test_every_file_parses_with_i2b2_2014_types_and_clean_span_edges(material):
    types = set(i2b2_2014_types())
    for line in _items(material):
        assert line.count("[") == line.count("]"), line
        for policy in material.POLICIES:
            text, spans = material.parse(line, policy)  # raises on a bracket outside the markup
            for type_, start, end in spans:
                value = text[start:end]
                assert type_ in types, (type_, line)
                assert value == value.strip() and value[0] not in ",;:." and value[-1] not in ",;:(", (value, line)


def test_size_and_hard_negatives(material):
    items = _items(material)
    free = [line for line in items if not material.parse(line, "i2b2-2014")[1]]  # no span under either policy
    assert len(items) >= 320
    assert len(free) >= 70


def test_the_parts_split_every_item_once(material):
    assert {"genres-dev", "genres-heldout"} <= set(material.PARTS)
    dev = material.load("genres-dev")
    held = material.load("genres-heldout")
    names = [d.name for d in dev + held]
    assert len(names) == len(set(names)) == len(_items(material))
    assert 0.25 < len(held) / len(names) < 0.35
    assert all(d.name.split("-")[0] in material.GENRES for d in dev + held)


def test_policies_differ_only_by_the_conditional_values(material):
    for part in ("genres-dev", "genres-heldout"):
        hipaa = material.load(part, "hipaa")
        i2b2 = material.load(part, "i2b2-2014")
        pairs = list(zip(hipaa, i2b2))
        assert all(h.text == i.text for h, i in pairs)
        assert all({(a.type, a.start, a.end) for a in h.annset("PHI")} <= {(a.type, a.start, a.end) for a in i.annset("PHI")}
                   for h, i in pairs)
        assert sum(len(i.annset("PHI")) - len(h.annset("PHI")) for h, i in pairs) > 0


def test_written_as_i2b2_2014_xml_it_reads_back_the_same(material, tmp_path):
    material.main(str(tmp_path))
    reader = annotator.formats.get("i2b2-2014")
    for policy in material.POLICIES:
        for part in ("genres-dev", "genres-heldout"):
            gold = material.load(part, policy, set_name="")
            files = sorted((tmp_path / policy / part).glob("*.xml"))
            assert [f.stem for f in files] == sorted(d.name for d in gold)
            back = {f.stem: next(iter(reader.read(f))) for f in files}
            for doc in gold:
                read = back[doc.name]
                assert read.text == doc.text
                assert sorted((a.type, a.start, a.end) for a in read.annset("")) == \
                    sorted((a.type, a.start, a.end) for a in doc.annset(""))
