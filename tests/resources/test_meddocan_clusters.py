"""The MEDDOCAN word-cluster build (resources/build/build_meddocan_clusters.py) on a tiny corpus, and the
shipped table."""

from __future__ import annotations

import gzip
import importlib.util
import random
from pathlib import Path

import pytest

pytest.importorskip("sklearn")

REPO = Path(__file__).resolve().parents[2]


def _build_script():
    spec = importlib.util.spec_from_file_location("build_meddocan_clusters", REPO / "resources/build/build_meddocan_clusters.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _texts() -> list[str]:
    """Sentences where city names and body parts fill the same slots."""
    rng = random.Random(1)
    cities, parts = ["Madrid", "Sevilla", "Bilbao", "Lugo"], ["rodilla", "hombro", "codo", "cadera"]
    return [f"Vive en {rng.choice(cities)} desde 2019. Dolor en la {rng.choice(parts)} derecha, "
            f"ingresa en {rng.choice(cities)}." for _ in range(200)]


def test_the_build_gives_the_same_bytes_twice(tmp_path):
    build = _build_script()
    for name in ("a.tsv.gz", "b.tsv.gz"):
        build.write(build.clusters(_texts(), dims=5, sizes=(2, 4)), tmp_path / name, sizes=(2, 4))
    assert (tmp_path / "a.tsv.gz").read_bytes() == (tmp_path / "b.tsv.gz").read_bytes()
    lines = gzip.decompress((tmp_path / "a.tsv.gz").read_bytes()).decode().splitlines()
    assert lines[0] == "#word\tk2\tk4"
    assert [line.split("\t")[0] for line in lines[1:]] == sorted(line.split("\t")[0] for line in lines[1:])


def test_words_in_the_same_slots_share_a_cluster():
    table = _build_script().clusters(_texts(), dims=5, sizes=(2, 4))
    assert len({table[w][1] for w in ("madrid", "sevilla", "bilbao", "lugo")}) == 1
    assert table["madrid"][1] != table["rodilla"][1]
    assert "0000" not in table and "2019" not in table  # digits are read as 0 and have no letter


def test_the_shipped_table_is_small_and_sorted():
    path = REPO / "resources" / "models" / "meddocan-clusters.tsv.gz"
    assert path.stat().st_size < 5_000_000
    lines = gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()
    assert lines[0].startswith("#word\tk64\tk256\tk1024\t")
    words = [line.split("\t")[0] for line in lines[1:]]
    assert words == sorted(words) and len(words) > 10_000
