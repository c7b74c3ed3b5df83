"""The import graph keeps the architecture: formats depend on the core only, nothing imports a
top-level ``formats`` package (it is installed as ``annotator.formats``)."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORE = {"annotator.document", "annotator.errors", "annotator.offsets", "annotator.atomic", "annotator.schemas",
        "annotator.index", "annotator.gc_pause", "annotator.paths"}


def module_name(path: Path) -> str:
    """Dotted name of a source file as installed (``formats/brat.py`` -> ``annotator.formats.brat``)."""
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[0] == "formats":
        parts.insert(0, "annotator")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every module a file imports, at any depth of its code (``from a import b`` counts ``a`` and ``a.b``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def in_core(name: str) -> bool:
    return any(name == core or name.startswith(core + ".") for core in CORE)


def graph() -> dict[str, set[str]]:
    files = [*(REPO / "annotator").rglob("*.py"), *(REPO / "formats").rglob("*.py")]
    return {module_name(f): imports(f) for f in files}


def test_formats_depend_on_the_core_only():
    for module, targets in graph().items():
        if module.startswith("annotator.formats"):
            outside = {t for t in targets if t.startswith("annotator.") and not in_core(t)
                       and not t.startswith("annotator.formats")}
            assert not outside, f"{module} imports {sorted(outside)}"


def test_core_does_not_import_formats():
    for module in CORE:
        assert not {t for t in graph()[module] if t.startswith("annotator.formats")}, module


def test_nothing_imports_a_top_level_formats_package():
    sources = [*REPO.glob("annotator/**/*.py"), *REPO.glob("formats/*.py"), *REPO.glob("tests/**/*.py"),
               *REPO.glob("benchmarks/*.py"), *REPO.glob("resources/**/*.py")]
    for path in sources:
        bad = {t for t in imports(path) if t == "formats" or t.startswith("formats.")}
        assert not bad, f"{path.relative_to(REPO)} imports {sorted(bad)}"
