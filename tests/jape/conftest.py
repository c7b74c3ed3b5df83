"""Fixtures of the JAPE tests: grammars written to a temporary folder and compiled."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from annotator.jape import compile_grammar


@pytest.fixture
def write(tmp_path: Path) -> Callable:
    """``write(name, text)`` writes a file in the test's temporary folder and returns its path."""

    def put(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return put


@pytest.fixture
def grammar(write: Callable) -> Callable:
    """``grammar(text, name="g.jape")`` writes a grammar file and compiles it."""

    def build(text: str, name: str = "g.jape"):
        return compile_grammar(write(name, text))

    return build
