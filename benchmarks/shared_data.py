"""Where the benchmarks find the shared corpora and resources: ``$ANNOTATOR_SHARED``, else ``shared``
beside the repository, as the tests look for them (so a script also runs from a git worktree with
``ANNOTATOR_SHARED`` set)."""

from __future__ import annotations

import os
from pathlib import Path

SHARED = Path(os.environ.get("ANNOTATOR_SHARED", Path(__file__).resolve().parents[2] / "shared"))
