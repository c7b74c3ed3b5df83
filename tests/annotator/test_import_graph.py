"""The import graph keeps the architecture: formats depend on the core only, nothing imports a
top-level ``formats`` package (it is installed as ``annotator.formats``), no circle of imports, no
import up the layers. Imports inside functions count; imports only for type checkers
(``if TYPE_CHECKING:``) do not, and ``importlib.import_module("annotator.x")`` with a literal name does."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORE = {"annotator.document", "annotator.errors", "annotator.offsets", "annotator.atomic", "annotator.schemas",
        "annotator.index", "annotator.gc_pause", "annotator.paths", "annotator.registry"}


def module_name(path: Path) -> str:
    """Dotted name of a source file as installed (``formats/brat.py`` -> ``annotator.formats.brat``)."""
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[0] == "formats":
        parts.insert(0, "annotator")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(tree: ast.AST) -> set[ast.AST]:
    """The nodes inside ``if TYPE_CHECKING:`` blocks (imports a type checker reads, not the program)."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ((isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
                                         or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")):
            for child in node.body:
                inside |= set(ast.walk(child))
    return inside


def imports(path: Path) -> set[str]:
    """Every module a file imports when it runs, at any depth of its code (``from a import b``
    counts ``a`` and ``a.b``; ``import_module("a.b")`` with a literal name counts ``a.b``)."""
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    for node in ast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.add(node.args[0].value)
    return found


def in_core(name: str) -> bool:
    return any(name == core or name.startswith(core + ".") for core in CORE)


@lru_cache(maxsize=1)
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


def test_no_test_uses_a_modules_underscore_names():
    # tests check behaviour through public names, so that they survive a rewrite of the internals
    for path in [*(REPO / "tests").rglob("*.py")]:
        uses = private_uses(path)
        assert not uses, f"{path.relative_to(REPO)}: {'; '.join(uses)}"


def test_private_uses_sees_reads_and_imports_of_underscore_names(tmp_path):
    path = tmp_path / "t.py"
    path.write_text("from annotator.x import _a, b\nimport annotator.y as y\nfrom lxml import etree\n"
                    "def _own(): pass\ny._b; getattr(y, '_c'); etree._Element; self._d; y.__doc__; _own\n")
    assert sorted(private_uses(path)) == ["line 1: from annotator.x import _a", "line 5: ._b", "line 5: ._c"]


def test_no_circle_of_imports():
    # the package ``annotator`` itself is left out: ``from annotator import formats`` names the
    # module annotator.formats, and the package's __init__ imports nothing when it runs
    modules = graph()
    edges = {m: {t for t in targets if t in modules and t not in (m, "annotator")} for m, targets in modules.items()}
    circles = [sorted(c) for c in strongly_connected(edges) if len(c) > 1]
    assert not circles, f"import circles: {circles}"


def strongly_connected(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of a graph (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    found.append(component)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_strongly_connected_finds_a_circle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert sorted(map(sorted, strongly_connected(edges))) == [["a", "b", "c"], ["d"]]


#: the layers, lowest first: a module may import its own layer's and lower layers' modules only
LAYERS = (
    ("annotator.errors", "annotator.offsets", "annotator.atomic", "annotator.paths", "annotator.gc_pause",
     "annotator.regexes", "annotator.index", "annotator.document", "annotator.document_tuples", "annotator.registry",
     "annotator.lang"),
    ("annotator.schemas",),
    ("annotator.formats", "annotator.jape", "annotator.processing", "annotator.deid", "annotator.evaluation",
     "annotator.learning", "annotator.interop", "annotator.view"),
    ("annotator.pipeline", "annotator.pipeline_steps", "annotator.pipeline_xml", "annotator.pools"),
    ("annotator.corpus", "annotator.corpus_files", "annotator.engines", "annotator.runner"),
    ("annotator.cli", "annotator.__main__"),
)


def layer_of(module: str) -> int | None:
    """The layer of a module (by its longest listed prefix); None for the package ``annotator``."""
    best = None
    for i, layer in enumerate(LAYERS):
        for prefix in layer:
            if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[1]):
                best = (i, len(prefix))
    return None if best is None else best[0]


def test_every_module_has_a_layer():
    assert not [m for m in graph() if m != "annotator" and layer_of(m) is None]


def upward_imports(modules: dict[str, set[str]]) -> list[str]:
    """``module -> target`` for each import of ``modules`` into a higher layer."""
    upward = []
    for module, targets in sorted(modules.items()):
        here = layer_of(module)
        for target in sorted(t for t in targets if t in modules and t != "annotator"):
            there = layer_of(target)
            if here is not None and there is not None and there > here:
                upward.append(f"{module} -> {target}")
    return upward


def test_no_import_goes_up_the_layers():
    upward = upward_imports(graph())
    assert not upward, f"imports up the layers: {upward}"


def test_an_import_inside_a_function_that_goes_up_is_seen(tmp_path):
    # the document model showing itself in Jupyter through the view: the circle item 6 of issue 30 broke
    path = tmp_path / "document.py"
    path.write_text("def _repr_html_(self):\n    from annotator.view import render\n    return render(self)\n")
    modules = {"annotator.document": imports(path), "annotator.view": set(), "annotator.view.render": set(),
               "annotator.cli": {"annotator.document"}, "annotator.schemas": {"annotator.document"}}
    assert upward_imports(modules) == ["annotator.document -> annotator.view", "annotator.document -> annotator.view.render"]
