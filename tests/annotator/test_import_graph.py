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


def reaches(graph: dict[str, set[str]], sources: set[str], targets: set[str]) -> bool:
    """Whether a chain of imports leads from one of ``sources`` to one of ``targets`` (importing a
    module also runs its packages' ``__init__``)."""
    seen, todo = set(sources), list(sources)
    while todo:
        module = todo.pop()
        parts = module.split(".")
        for target in graph.get(module, set()) | {".".join(parts[:i]) for i in range(2, len(parts))}:
            if target in targets:
                return True
            if target in graph and target not in seen:
                seen.add(target)
                todo.append(target)
    return False


def test_processing_and_jape_do_not_import_each_other():
    # one direction may depend on the other (the JAPE PR runs grammars), never both, even
    # through other modules; what both need lives below them (annotator.regexes)
    modules = graph()
    processing = {m for m in modules if m.startswith("annotator.processing")}
    jape = {m for m in modules if m.startswith("annotator.jape")}
    assert not (reaches(modules, processing, jape) and reaches(modules, jape, processing))
    assert not reaches(modules, {m for m in modules if m.startswith("annotator.regexes")}, processing | jape)


def own_names(tree: ast.AST) -> set[str]:
    """The underscore names a file defines: its functions, classes and module or class variables,
    attributes it sets on ``self``/``cls`` and its ``__slots__``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            names |= {c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return {n for n in names if n.startswith("_")}


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def outside_modules(tree: ast.AST) -> set[str]:
    """Names a file binds to modules and names of other packages (``from lxml import etree``)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names if not a.name.startswith("annotator")}
        elif isinstance(node, ast.ImportFrom) and not node.level and not (node.module or "").startswith("annotator"):
            names |= {a.asname or a.name for a in node.names}
    return names


def private_uses(path: Path) -> list[str]:
    """Where a file uses another module's underscore names: ``from annotator.x import _name``,
    ``obj._name`` and ``getattr(obj, "_name")`` where ``obj`` is not ``self``/``cls`` and the file
    does not define ``_name`` itself (an instance of one of its own classes may be read). The
    standard library's and other packages' names (``etree._Element``) are their business."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = own_names(tree)
    outside = outside_modules(tree)
    found = []
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("annotator")):
            found += [f"line {node.lineno}: from {node.module} import {a.name}" for a in node.names if is_private(a.name)]
        elif isinstance(node, ast.Attribute) and not (isinstance(node.value, ast.Name)
                                                      and node.value.id in ("self", "cls", *outside)):
            name = node.attr
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
              and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            name = node.args[1].value
        if name is not None and is_private(name) and name not in own:
            found.append(f"line {node.lineno}: .{name}")
    return found


def test_no_module_uses_another_modules_underscore_names():
    for path in [*(REPO / "annotator").rglob("*.py"), *(REPO / "formats").rglob("*.py")]:
        uses = private_uses(path)
        assert not uses, f"{path.relative_to(REPO)}: {'; '.join(uses)}"
