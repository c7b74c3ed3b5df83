"""``import annotator`` and ``import annotator.interop`` import none of the optional libraries."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_package_imports_no_optional_library():
    code = ("import sys, annotator, annotator.interop\n"
            "print(sorted(m for m in sys.modules if m.partition('.')[0] in ('spacy', 'gatenlp', 'pandas', 'thinc')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
