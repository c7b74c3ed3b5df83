"""Shared fixtures. Tests on the shared corpora skip with a message when ``../shared`` is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("ANNOTATOR_SHARED", REPO.parent / "shared"))
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"shared material not found at {SHARED} (set ANNOTATOR_SHARED)")
    return SHARED


@pytest.fixture(scope="session")
def meddocan_dir(shared_dir: Path) -> Path:
    path = shared_dir / "corpora" / "meddocan"
    if not path.is_dir():
        pytest.skip(f"MEDDOCAN corpus not found at {path}")
    return path


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA
