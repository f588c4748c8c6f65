"""The import layering of server/pallas_lsp, read from the source with ``ast``.

Data flows one way (docs/design.md): the analysis core imports nothing from
the faces (the CLI, the language server, the lowering check, the project
model), and no module imports itself back through others. Imports under
``if TYPE_CHECKING:`` are for type checkers only and are not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "server" / "pallas_lsp"
CORE = "pallas_lsp.analysis"
FACES = ("pallas_lsp.lsp", "pallas_lsp.cli", "pallas_lsp.lowering", "pallas_lsp.project",
         "pallas_lsp.output", "pallas_lsp.jaxenv", "pallas_lsp.runtime")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            pending.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        pending.extend(ast.iter_child_nodes(node))
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` imports at run time (a package import names its
    ``__init__``; ``from pkg import sub`` names the submodule when it is one)."""
    is_package = path.name == "__init__.py"
    targets: set[str] = set()
    for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            bases = [alias.name for alias in node.names]
            for base in bases:
                targets.add(base)
            continue
        if node.level:
            anchor = name.split(".") if is_package else name.split(".")[:-1]
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, *([node.module] if node.module else [])])
        else:
            base = node.module or ""
        submodules = {f"{base}.{alias.name}" for alias in node.names} & known
        if len(submodules) < len(node.names):
            targets.add(base)  # names defined in the module itself (or its __init__)
        targets.update(submodules)
    return {target for target in targets if target in known and target != name}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def test_the_walk_sees_the_package() -> None:
    graph = _graph()
    assert f"{CORE}.pipeline" in graph
    # (The interpreter's calls live in python/interp/calling.py since design.md change 44.)
    assert f"{CORE}.jax_calls" in graph[f"{CORE}.python.interp.calling"]


def test_the_core_imports_no_face() -> None:
    graph = _graph()
    wrong = sorted((module, target) for module, targets in graph.items() if _within(module, CORE)
                   for target in targets if any(_within(target, face) for face in FACES))
    assert wrong == []


def _cycles() -> list[list[str]]:
    graph = _graph()
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                cycles.append([*stack[stack.index(target):], target])
            elif target not in state:
                visit(target)
        stack.pop()
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return cycles


def test_no_import_cycles_in_the_core() -> None:
    assert [cycle for cycle in _cycles() if any(_within(m, CORE) for m in cycle)] == []


def test_no_import_cycles() -> None:
    assert _cycles() == []


def test_a_cycle_is_seen(tmp_path: Path) -> None:
    """The walker is not blind: two modules importing each other are an edge each way."""
    (tmp_path / "a.py").write_text("from . import b\n")
    (tmp_path / "b.py").write_text("from .a import x\n")
    known = {"pallas_lsp.analysis.a", "pallas_lsp.analysis.b"}
    assert _imports("pallas_lsp.analysis.a", tmp_path / "a.py", known) == {"pallas_lsp.analysis.b"}
    assert _imports("pallas_lsp.analysis.b", tmp_path / "b.py", known) == {"pallas_lsp.analysis.a"}
