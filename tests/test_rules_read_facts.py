"""Rules read the facts the run recorded (calls by name, launches, meshes, ops, spans), never
the syntax tree: a walk of the whole tree per rule was half of the analysis of JAX's own
5,000-line modules (issue 22). Read from the rule modules' source with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[1] / "server" / "pallas_lsp" / "analysis" / "rules"
# Everything of the ast module that visits a tree node by node.
TRAVERSALS = {"walk", "NodeVisitor", "NodeTransformer", "iter_child_nodes", "iter_fields"}


def traversals_used(source: str) -> list[str]:
    """'line N: ast.walk' for each traversal of the ast module the source names."""
    tree = ast.parse(source)
    modules = {"ast"}
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {alias.asname or alias.name for alias in node.names if alias.name == "ast"}
        elif isinstance(node, ast.ImportFrom) and node.module == "ast":
            found += [f"line {node.lineno}: from ast import {alias.name}"
                      for alias in node.names if alias.name in TRAVERSALS or alias.name == "*"]
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr in TRAVERSALS
                and isinstance(node.value, ast.Name) and node.value.id in modules):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", sorted(RULES.glob("*.py")), ids=lambda p: p.name)
def test_rule_module_walks_no_tree(path: Path) -> None:
    used = traversals_used(path.read_text(encoding="utf-8"))
    assert not used, (f"{path.name} traverses the syntax tree ({', '.join(used)}): read the "
                      "facts the Program records instead (Program.calls_named, ops_named, "
                      "launches, parent, names_in_file) or record a new one there")


@pytest.mark.parametrize("source, expected", [
    ("import ast\nfor n in ast.walk(t): pass\n", ["line 2: ast.walk"]),
    ("import ast as syntax\nclass V(syntax.NodeVisitor): pass\n", ["line 2: syntax.NodeVisitor"]),
    ("from ast import iter_child_nodes\n", ["line 1: from ast import iter_child_nodes"]),
    ("import ast\nx = ast.Call\n", []),
])
def test_the_scan_sees_each_spelling(source: str, expected: list[str]) -> None:
    assert traversals_used(source) == expected
