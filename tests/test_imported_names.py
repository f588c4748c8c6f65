"""``imported_names`` reads statement lists only (issue 22): the same names as a walk of
every node, on every real file at hand and on imports nested in each statement kind."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from pallas_lsp.analysis import imported_names
from pallas_lsp.analysis.pipeline import _import_module_name

REPO = Path(__file__).resolve().parents[1]
PYTHON = f"python{sys.version_info[0]}.{sys.version_info[1]}"
JAX = REPO / ".venv-jax010" / "lib" / PYTHON / "site-packages" / "jax"

NESTED = '''
import a, b.c as d
from . import e
from ..f import g
def h():
    import i
    class J:
        from k import l
        async def m(self):
            async with n:
                import o
            async for p in q:
                import r
            else:
                import s
try:
    import t
except ImportError:
    import u
else:
    import v
finally:
    import w
while x:
    import y
else:
    import z
if aa:
    import bb
elif cc:
    import dd
else:
    import ee
with ff:
    import gg
match hh:
    case 1:
        import ii
    case _:
        from jj import kk
for ll in mm:
    import nn
f = lambda: __import__("not_an_import_statement")
'''


def walked(tree: ast.Module) -> set[str]:
    """The reference: every node visited."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            found.add(base)
            found.update(alias.name if not base else f"{base}{alias.name}" if base.endswith(".")
                         else f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.stmt) and isinstance(getattr(node, "value", None), ast.Call):
            # importlib.import_module("name") as a statement's own value (wip-datamodel)
            named = _import_module_name(node.value)  # type: ignore[attr-defined]
            if named is not None:
                found.add(named)
    return found


def test_imports_nested_in_every_statement_kind() -> None:
    tree = ast.parse(NESTED)
    assert imported_names(tree) == walked(tree)
    wanted = {".e", "..f.g", "i", "k.l", "o", "r", "s", "u", "w", "z", "ee", "ii", "jj.kk", "nn"}
    assert wanted <= imported_names(tree)


def _real_files() -> list[Path]:
    roots = [REPO / "server", REPO / "tests" / "fixtures", REPO.parent / "shared" / "examples"]
    files = [p for root in roots for p in sorted(root.rglob("*.py"))]
    if JAX.exists():
        files += sorted((JAX / "_src" / "pallas").rglob("*.py"))
    return files


@pytest.mark.parametrize("path", _real_files(), ids=lambda p: str(p.relative_to(p.parents[2])))
def test_same_names_as_a_walk_of_every_node(path: Path) -> None:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except SyntaxError:
        pytest.skip("newer syntax than this interpreter reads")
    assert imported_names(tree) == walked(tree)
