"""annotator: standoff document annotation for clinical text, in the spirit of GATE and UIMA.

The public names are imported on first use (module ``__getattr__``), so that ``import annotator``
and the command line's ``--help`` stay fast: ``Pipeline`` brings in every processing resource.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from annotator.document import Annotation, AnnotationSet, AnnotationView, Document, Relation
    from annotator.errors import AnnotatorError
    from annotator.pipeline import Pipeline

# public name -> module defining it
_EXPORTS = {
    "Annotation": "annotator.document",
    "AnnotationSet": "annotator.document",
    "AnnotationView": "annotator.document",
    "Document": "annotator.document",
    "Relation": "annotator.document",
    "AnnotatorError": "annotator.errors",
    "Pipeline": "annotator.pipeline",
}

__all__ = sorted(_EXPORTS)


def version() -> str:
    """The distribution's version (pyproject.toml's, the one place it is written): from the installed
    metadata, else from the source tree's pyproject.toml, else ``"unknown"``."""
    from importlib import metadata

    try:
        return metadata.version("annotator")
    except metadata.PackageNotFoundError:
        import tomllib
        from pathlib import Path

        try:
            with open(Path(__file__).resolve().parent.parent / "pyproject.toml", "rb") as handle:
                return str(tomllib.load(handle)["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return version()
    if name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
        globals()[name] = value  # later look-ups skip this function
        return value
    raise AttributeError(f"module 'annotator' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS, "__version__"])
