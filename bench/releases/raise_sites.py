"""Every ``raise`` of one installed JAX's Pallas Mosaic GPU frontend, read with ``ast``.

    python bench/releases/raise_sites.py /path/to/site-packages/jax > extract.json

Scope: ``jax/_src/pallas/*.py``, ``jax/_src/pallas/mosaic_gpu/**`` and
``jax/experimental/mosaic/gpu/**`` — the files a Mosaic GPU lowering runs. The other
backends' folders under ``jax/_src/pallas`` (``mosaic/`` for TPU, ``triton/``) and the
``fuser/`` transform are left out: lowering for Mosaic GPU never reaches them.
``assert`` statements are not raise sites (JAX's bare ``AssertionError`` of
``pl.pallas_call`` on 0.11.2+ is PAL008's, matched by its empty message).

Standard library only: the sources are parsed, never imported, so one interpreter reads
every release. ``bench/releases/generate.py`` runs it for each supported release.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

SCOPE = ("_src/pallas/*.py", "_src/pallas/mosaic_gpu/**/*.py", "experimental/mosaic/gpu/**/*.py")


def template(node: ast.expr | None) -> str:
    """The message a raise builds, with each interpolated value as ``{expr}``."""
    if node is None:
        return ""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue):
                parts.append("{" + ast.unparse(value.value) + "}")
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return template(node.left) + template(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return template(node.left)  # "... %s ..." % args: the %s stay as written
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"):
        return template(node.func.value)
    return "{" + ast.unparse(node) + "}"


def exception_of(exc: ast.expr | None) -> tuple[str, str]:
    """(exception name, message template) of ``raise exc``."""
    if exc is None:
        return "re-raise", ""
    if isinstance(exc, ast.Call):
        name = ast.unparse(exc.func).rsplit(".", 1)[-1]
        first = exc.args[0] if exc.args else None
        return name, template(first)
    return ast.unparse(exc).rsplit(".", 1)[-1], ""


class _Sites(ast.NodeVisitor):
    def __init__(self, file: str) -> None:
        self.file = file
        self.scope: list[str] = []
        self.found: list[dict[str, object]] = []

    def _scoped(self, node: ast.AST, name: str) -> None:
        self.scope.append(name)
        self.generic_visit(node)
        self.scope.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._scoped(node, node.name)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._scoped(node, node.name)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._scoped(node, node.name)

    def visit_Raise(self, node: ast.Raise) -> None:
        exception, message = exception_of(node.exc)
        self.found.append({"file": self.file, "line": node.lineno,
                           "function": ".".join(self.scope) or "<module>",
                           "exception": exception, "message": message})
        self.generic_visit(node)


def extract(jax_root: Path) -> list[dict[str, object]]:
    files = sorted({path for pattern in SCOPE for path in jax_root.glob(pattern)})
    sites: list[dict[str, object]] = []
    for path in files:
        relative = "jax/" + path.relative_to(jax_root).as_posix()
        visitor = _Sites(relative)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        sites.extend(visitor.found)
    return sites


def main(argv: list[str]) -> None:
    root = Path(argv[0])
    version = argv[1] if len(argv) > 1 else ""
    json.dump({"jax_version": version, "sites": extract(root)}, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
