"""The faces import each other only one way (docs/design.md, "Layers").

core (``analysis``) <- ``project`` <- faces (``cli``+``output``, ``lsp``, ``lowering``).
Read from the source (every import statement, in functions and under TYPE_CHECKING
too), so a lazy import cannot hide a wrong dependency. The analysis core's own
internal rules are tests/test_layering.py's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from support import SERVER_DIR

PACKAGE = SERVER_DIR / "pallas_lsp"
FACES = ("pallas_lsp.cli", "pallas_lsp.output", "pallas_lsp.lsp", "pallas_lsp.lowering",
         "pallas_lsp.project", "pallas_lsp.jaxenv", "pallas_lsp.runtime", "pallas_lsp.docs_gen")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SERVER_DIR).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[str, bool]]:
    """(imported pallas_lsp module, whether the import is at module level) of one file."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    for node in tree.body:  # `if TYPE_CHECKING:` blocks count as module level
        if isinstance(node, ast.If):
            top.update(id(child) for child in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from . import x` names a submodule x when there is one.
            targets = [f"{module}.{alias.name}" if _exists(f"{module}.{alias.name}") else module
                       for alias in node.names]
        else:
            continue
        found.extend((t, id(node) in top) for t in targets if t.startswith("pallas_lsp"))
    return found


def _exists(module: str) -> bool:
    path = SERVER_DIR / Path(*module.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


MODULES = {_module_name(p): _imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


def _in(module: str, *layers: str) -> bool:
    return any(module == layer or module.startswith(layer + ".") for layer in layers)


def _violations(importers: tuple[str, ...], forbidden: tuple[str, ...],
                allowed: frozenset[tuple[str, str]] = frozenset()) -> list[str]:
    return [f"{module} imports {target}" for module, imports in MODULES.items() if _in(module, *importers)
            for target, _top in imports if _in(target, *forbidden) and (module, target) not in allowed]


def test_the_modules_were_read() -> None:
    assert {"pallas_lsp.cli", "pallas_lsp.project.index", "pallas_lsp.lsp.server"} <= set(MODULES)
    assert ("pallas_lsp.project.files", True) in MODULES["pallas_lsp.project.index"]


def test_the_core_imports_no_face() -> None:
    assert _violations(("pallas_lsp.analysis",), FACES) == []


def test_project_imports_only_the_core() -> None:
    faces = tuple(f for f in FACES if f != "pallas_lsp.project")
    assert _violations(("pallas_lsp.project",), faces) == []


def test_lowering_imports_neither_the_server_nor_the_cli() -> None:
    faces = ("pallas_lsp.lsp", "pallas_lsp.cli", "pallas_lsp.output")
    assert _violations(("pallas_lsp.lowering",), faces) == []


def test_the_cli_imports_the_server_only_to_serve() -> None:
    """`pallas-lsp serve` starts it (a lazy import in _serve, through lsp/launch.py, which
    answers `initialize` first); nothing else of lsp/ is used."""
    wrong = _violations(("pallas_lsp.cli", "pallas_lsp.output"), ("pallas_lsp.lsp",),
                        allowed=frozenset({("pallas_lsp.cli", "pallas_lsp.lsp.launch")}))
    assert wrong == []
    assert ("pallas_lsp.lsp.server", True) not in MODULES["pallas_lsp.cli"]


def test_the_server_features_import_no_cli() -> None:
    assert _violations(("pallas_lsp.lsp",), ("pallas_lsp.cli", "pallas_lsp.output")) == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _in(m, "pallas_lsp.lsp")
                                          and m not in ("pallas_lsp.lsp.server", "pallas_lsp.lsp.__main__",
                                                        "pallas_lsp.lsp.launch")))
def test_no_lsp_module_imports_the_server(module: str) -> None:
    """Collaborators get what they need through typed protocols (IndexHost, LoweringHost)."""
    assert not [t for t, _ in MODULES[module] if t == "pallas_lsp.lsp.server"]


def test_no_import_cycles_among_the_faces() -> None:
    graph = {m: {t for t, _ in imports if t in MODULES and t != m and not _in(t, "pallas_lsp.analysis")}
             for m, imports in MODULES.items() if not _in(m, "pallas_lsp.analysis")}
    # A package's __init__ re-exporting its modules is no cycle: drop edges to ancestors.
    for module, targets in graph.items():
        targets -= {t for t in targets if module.startswith(t + ".")}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(module: str, stack: list[str]) -> None:
        state[module] = 1
        for nxt in sorted(graph.get(module, ())):
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt, [*stack, nxt])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert cycles == []
