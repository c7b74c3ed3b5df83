"""Helpers of the shipped resources' tests: the benchmark modules that read the test material, what
the deid-en tests read off a pipeline's output, and UD English EWT dev's text by paragraph."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

from annotator import Document, Pipeline

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
EWT = Path(__file__).resolve().parents[3] / "shared" / "resources-data" / "treebanks" / "en_ewt"


def benchmark_module(name: str) -> ModuleType:
    """A module of ``benchmarks/`` (``deid_en_material``, ``eval_hina``), imported without leaving the
    folder on ``sys.path``."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCHMARKS))


def phi(pipeline: Pipeline, text: str) -> list[tuple[str, str]]:
    """``(type, covered text)`` of each PHI annotation the pipeline makes on ``text``, in document order."""
    doc = pipeline(Document(text, name="t"))
    return [(a.type, text[a.start:a.end]) for a in doc.annset("PHI")]


def covered(pipeline: Pipeline, text: str, value: str) -> bool:
    """Whether every letter and digit of ``value`` (its first place in ``text``) lies inside a PHI
    annotation the pipeline makes on ``text``."""
    doc = pipeline(Document(text, name="t"))
    inside = set()
    for a in doc.annset("PHI"):
        inside.update(range(a.start, a.end))
    start = text.index(value)
    return all(start + i in inside for i, c in enumerate(value) if c.isalnum())


def ewt_paragraphs() -> list[str]:
    """UD English EWT dev's text, each paragraph of the treebank one string (its sentences joined by
    a space); the caller skips when :data:`EWT` is absent."""
    paragraphs, current = [], []
    for line in (EWT / "en_ewt-ud-dev.conllu").read_text(encoding="utf-8").splitlines():
        if line.startswith("# newpar") and current:
            paragraphs.append(" ".join(current))
            current = []
        if line.startswith("# text = "):
            current.append(line[len("# text = "):])
    paragraphs.append(" ".join(current))
    return paragraphs
