"""Surrogate-mode tests run on the real generators only: they skip, naming the missing kinds,
until every generator module (people, places, dates, numbers) is there."""

from __future__ import annotations

from importlib import import_module

import pytest

from annotator.deid.surrogates import KINDS, _MODULES


def missing_kinds() -> list[str]:
    missing = []
    for kind in KINDS:
        try:
            factories = import_module(f"annotator.deid.surrogates.{_MODULES[kind]}").FACTORIES
        except (ImportError, AttributeError):
            factories = {}
        if kind not in factories:
            missing.append(kind)
    return missing


@pytest.fixture(scope="session")
def generators() -> None:
    missing = missing_kinds()
    if missing:
        pytest.skip(f"surrogate generators not there yet for: {', '.join(missing)}")
