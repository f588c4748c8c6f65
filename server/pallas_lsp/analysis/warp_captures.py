"""Register arrays a warp-level body closes over (PAL065).

The body of ``pl.core_map(plgpu.WarpMesh(...))`` (and of ``plgpu.warp_map``) runs once per
warp; JAX traces it as a function of its own, and a register array of the enclosing kernel
body that it reads becomes a captured constant, which warp-level code cannot take (it has no
per-warp view of a warpgroup's array). Measured with ``arr = x_ref[...]`` in the kernel body
and ``arr[0]`` in a WarpMesh core_map body, blamed on the core_map's line: 0.8.3 and 0.10.2
raise "LoweringError: Can only close over scalars and Refs when using core_map with WarpMesh.
Found array of shape float32[128]." while lowering (``_core_map_lowering_rule``); 0.11.2 and
0.12.0.1 raise "ValueError: The kernel function in mpmd_map ... captures non-scalar array
constants [f32[128]]. You can only close over scalars and Refs ..." while tracing
(``mpmd._error_if_non_ref_consts``). Scalars (shape ``()``) and refs are fine.

What the body captures is read from its syntax when it is entered: a name it loads and never
binds, whose value in the enclosing function's scope is a register array of known non-empty
shape. A name read only for ``.shape`` / ``.dtype`` / ``.ndim`` / ``.size`` captures nothing
(those are static), and a name bound anywhere in the body (or its nested functions) is not
judged.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .trace import Launch
from .values import ArrayVal, Const, FuncVal, plain

_STATIC_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size"})


@dataclass(frozen=True)
class WarpCapture:
    """A warp-level body entered in a kernel, and the register arrays it closes over."""

    node: ast.AST  # the core_map / warp_map expression JAX blames
    launch: Launch
    captured: tuple[tuple[str, ArrayVal], ...]


def _bound_names(function: ast.AST) -> set[str]:
    bound: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                and node is not function:
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound.update(node.names)  # its stores reach another scope: not followed
    return bound


def _loads(function: ast.AST) -> dict[str, bool]:
    """Each name the function loads, and whether some load of it is more than a static
    attribute read (``x.shape``)."""
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(function):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    uses: dict[str, bool] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            parent = parents.get(id(node))
            static = isinstance(parent, ast.Attribute) and parent.attr in _STATIC_ATTRIBUTES
            uses[node.id] = uses.get(node.id, False) or not static
    return uses


def captured_arrays(func: object) -> tuple[tuple[str, ArrayVal], ...]:
    """The register arrays of known non-empty shape ``func`` reads from the function scope it
    is defined in (not the module's), as that scope holds them now."""
    if not isinstance(func, FuncVal) or func.closure.parent is None:
        return ()  # defined at module level: no kernel-body value to capture
    function = func.node
    bound = _bound_names(function)
    found: list[tuple[str, ArrayVal]] = []
    for name, traced in _loads(function).items():
        if not traced or name in bound or name not in func.closure.names:
            continue
        value = plain(func.closure.names[name])
        if isinstance(value, ArrayVal) and isinstance(value.shape, Const) \
                and isinstance(value.shape.value, tuple) and value.shape.value:
            found.append((name, value))
    return tuple(found)
