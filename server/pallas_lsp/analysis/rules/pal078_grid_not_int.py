"""PAL078 grid_not_int: a kernel grid entry that is a float (``n / 128``), which JAX refuses:
pl.pallas_call's GridSpec with a ValueError at the call, plgpu.kernel's launch with a bare
AssertionError while it is traced."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..kernel_mesh import mesh_fault
from ..model import Finding, Fix, Related
from ..program import Program
from ..values import KernelInfo
from .base import LoweringError, Rule
from .common import replace_node

RULE = Rule(
    code="PAL078",
    name="grid_not_int",
    title="a kernel's grid has an entry that is a float, not an int",
    jax_message=(
        "ValueError: Grid must be a tuple of integers or jax.Array, got (2.0,)\n"
        "AssertionError (plgpu.kernel: jax/_src/pallas/core.py, tracing_grid_env)"
    ),
    lowering_errors=(
        LoweringError(r"Grid must be a tuple of integers or jax\.Array", exc_type="ValueError"),
        # plgpu.kernel's launch: `assert all(... isinstance(i, int) for i in grid)`.
        LoweringError(r"\A\s*(AssertionError(\(\))?)?\s*\Z", exc_type="AssertionError",
                      sites=r"pallas/core\.py:tracing_grid_env$"),
    ),
    what_it_means=(
        "Each grid entry is a number of program instances, and JAX takes an `int` there (or, "
        "for `pl.pallas_call`, a traced array). Python's `/` is true division: "
        "`x.shape[0] / 128` is `2.0`, a float, even when the division is exact."
    ),
    when_it_happens=(
        "`pl.pallas_call(..., grid=(n / 128,))` fails when `pl.pallas_call` is called, with "
        "\"ValueError: Grid must be a tuple of integers or jax.Array, got (2.0,)\". "
        "`plgpu.kernel(..., grid=(n / 128,))` is accepted, and its launch fails while it is "
        "traced with a bare `AssertionError` inside JAX (`tracing_grid_env`), before the kernel "
        "body is traced; JAX blames the launch. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1."
    ),
    how_to_fix=(
        "Use integer division, `x.shape[0] // 128` (or `pl.cdiv(n, block)` to round up), or "
        "`int(...)` around a value that is a whole number."
    ),
    bad_example='''
call = plgpu.kernel(body, out_type=out_type, grid=(x.shape[0] / 128,), grid_names=("blocks",))
''',
    good_example='''
call = plgpu.kernel(body, out_type=out_type, grid=(x.shape[0] // 128,), grid_names=("blocks",))
''',
    fixable=True,
)


def check(program: Program, options: object) -> Iterator[Finding]:
    for kernel in program.kernels:
        found = kernel.grid_not_int
        if found is None or kernel.api != "pallas_call" or not isinstance(kernel.node, ast.Call):
            continue
        index, shown, kind = found
        yield Finding(
            RULE.code, program.span(kernel.node),
            f"{_what(index, shown, kind)}: pl.pallas_call refuses it when called, with \"ValueError: "
            f"Grid must be a tuple of integers or jax.Array, got {shown or '...'}\". {_TODO}",
            related=_related(program, kernel, index), fixes=_fixes(program, kernel, index))
    reported: set[int] = set()
    for launch in program.launches:
        kernel = launch.kernel
        found = kernel.grid_not_int
        if found is None or kernel.api != "kernel" or mesh_fault(kernel) is not None \
                or id(launch.site) in reported:
            continue
        reported.add(id(launch.site))
        index, shown, kind = found
        yield Finding(
            RULE.code, program.span(launch.site),
            f"{_what(index, shown, kind)}: plgpu.kernel takes it, and this launch fails while it is "
            f"traced, before the kernel body, with a bare AssertionError inside JAX (every grid "
            f"entry must be an int). {_TODO}",
            related=_related(program, kernel, index), fixes=_fixes(program, kernel, index))


_TODO = "Use integer division (`//`, or `pl.cdiv` to round up) or int(...)."


def _what(index: int, shown: str, kind: str) -> str:
    grid = f"grid={shown}" if shown else "the grid"
    if kind == "numpy int":
        return (f"Entry {index} of {grid} is a NumPy integer, not a Python int (NumPy arithmetic "
                f"keeps NumPy types: int(...) makes it one)")
    return f"Entry {index} of {grid} is a float (`/` is true division, even when exact)"


def _entry(kernel: KernelInfo, index: int) -> ast.expr | None:
    """The grid entry's expression where the call spells the grid out, else None."""
    if not isinstance(kernel.node, ast.Call):
        return None
    for keyword in kernel.node.keywords:
        if keyword.arg == "grid" and isinstance(keyword.value, (ast.Tuple, ast.List)):
            entries = keyword.value.elts
            if len(entries) > index and not any(isinstance(e, ast.Starred) for e in entries):
                return entries[index]
    return None


def _related(program: Program, kernel: KernelInfo, index: int) -> tuple[Related, ...]:
    entry = _entry(kernel, index)
    if entry is not None:
        return (Related(program.span(entry), "this grid entry is a float"),)
    if isinstance(kernel.node, ast.Call):
        return (Related(program.span(kernel.node), "the grid is given here"),)
    return ()


def _fixes(program: Program, kernel: KernelInfo, index: int) -> tuple[Fix, ...]:
    """``a / b`` spelled in the grid: ``a // b`` (a floor: not safe, a remainder is dropped)."""
    entry = _entry(kernel, index)
    if not isinstance(entry, ast.BinOp) or not isinstance(entry.op, ast.Div):
        return ()
    whole, left = program.text(entry), program.text(entry.left)
    after = whole.find(left) + len(left)  # the operator follows the left operand (and its parens)
    if after < len(left) or "/" not in whole[after:]:
        return ()
    text = whole[:after] + whole[after:].replace("/", "//", 1)
    return (Fix(f"Use integer division: {text}", (replace_node(program, entry, text),), safe=False),)
