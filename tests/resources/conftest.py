"""Fixtures of the shipped resources' tests: the deid-en pipeline under both policies and the English
test material's reader (benchmarks/deid_en_material.py), each made once a session."""

from __future__ import annotations

from types import ModuleType

import pytest
from resourcehelp import benchmark_module

from annotator import Pipeline


@pytest.fixture(scope="session")
def hipaa() -> Pipeline:
    return Pipeline.load("deid-en")


@pytest.fixture(scope="session")
def i2b2() -> Pipeline:
    return Pipeline.load("deid-en", overrides={"policy.policy": "i2b2-2014"})


@pytest.fixture(scope="session")
def material() -> ModuleType:
    return benchmark_module("deid_en_material")
