"""A small synthetic corpus a tagger must learn perfectly, and the feature pipeline for it."""

from __future__ import annotations

import pytest
from learninghelp import synthetic

from annotator.document import Document
from annotator.pipeline import Pipeline
from annotator.processing.tokenizer import Tokenizer


@pytest.fixture(scope="session")
def feature_pipeline() -> Pipeline:
    return Pipeline([Tokenizer()])


@pytest.fixture(scope="session")
def train_docs() -> list[Document]:
    return synthetic(30, seed=1)


@pytest.fixture(scope="session")
def test_docs() -> list[Document]:
    return synthetic(10, seed=2)
