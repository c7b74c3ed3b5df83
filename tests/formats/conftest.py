"""Fixtures of the format tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def formats_data(data_dir: Path) -> Path:
    """The shipped format fixtures (tests/data/formats)."""
    return data_dir / "formats"
