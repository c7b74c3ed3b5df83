"""Where the project's data folders are: ``resources/`` and ``corpora_schemas/`` at the repository root."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
SCHEMAS = ROOT / "corpora_schemas"
