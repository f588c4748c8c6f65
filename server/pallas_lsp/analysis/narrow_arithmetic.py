"""Arithmetic (``+``, ``-``, ``*``, unary ``-``) on 8-bit register arrays, which Mosaic GPU refuses.

``FragmentedArray._pointwise`` (jax/experimental/mosaic/gpu/fragmented_array.py) raises
"Pointwise operations on 8-bit types are unsupported (except bitwise operations). Upcast to a
16- or 32-bit type before performing the operation." (NotImplementedError) for an int8, uint8
or float8 operation other than a bitwise one. Measured on JAX 0.10.2, 0.11.2 and 0.12.0.1
(0.8.3 lowers them) under Lane and Warpgroup semantics: int8 / uint8 / float8_e4m3fn adds,
int8 subtractions, products and negations of (512,) arrays loaded from refs, and with a
Python int.
Comparisons and jnp.maximum of int8 arrays fail under Lane only, bitwise ops lower: neither is
judged here.

Judged where every array operand was loaded whole from a ref with no transforms (the
WG-strided layout, so the load itself lowers) or is a Python scalar's splat, and both share
one 8-bit dtype (an operand of another dtype promotes the operation out of 8 bits).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

from .dtypes import DTYPE_BITS
from .layouts import RegisterLayout, strided_vec_size
from .load_sizes import whole
from .ops import ARITH_OP
from .program import Program
from .smem_transforms import swizzled_tiled_fits
from .trace import Op
from .values import NUMPY_SCALAR_ORIGINS, ArrayVal, Const, DtypeVal, plain
from .versions import NARROW_POINTWISE_REFUSED, holds

SYMBOLS = {"Add": "+", "Sub": "-", "Mult": "*", "USub": "unary -"}


@dataclass(frozen=True)
class NarrowArithmetic:
    op: Op
    symbol: str
    dtype: str
    shape: tuple[int, ...]


def _operand(value: object, tiled_load: bool = False) -> tuple[str, tuple[int, ...]] | bool | None:
    """(dtype, shape) of an array operand the load lowers; True for a Python number; None
    for anything else. ``tiled_load``: the operand is written as a whole load of a tiled,
    swizzled buffer whose shape the WGMMA layout's tiles fit (its load lowers in that
    layout, and the arithmetic meets the same refusal: famheld10, every release)."""
    value = plain(value)
    if isinstance(value, Const):
        # (A NumPy scalar is strongly typed: the array is promoted to its dtype first.)
        python_number = type(value.value) in (int, float) and value.origins is not NUMPY_SCALAR_ORIGINS
        return True if python_number else None
    if not isinstance(value, ArrayVal) or not isinstance(value.dtype, DtypeVal):
        return None
    if tiled_load and value.layout is RegisterLayout.LOADED:
        shape = value.shape.value if isinstance(value.shape, Const) else None
        return (value.dtype.name, shape) if isinstance(shape, tuple) and shape else None
    if value.layout is not RegisterLayout.STRIDED:
        return None
    shape = value.shape.value if isinstance(value.shape, Const) else None
    if not isinstance(shape, tuple) or not shape or strided_vec_size(shape, value.dtype) is None:
        return None
    return value.dtype.name, shape


def narrow_arithmetic(op: Op,
                      tiled_loads: Callable[[], frozenset[int]] | None = None) -> NarrowArithmetic | None:
    operator = op.args.get("operator")
    symbol = SYMBOLS.get(operator.value) if isinstance(operator, Const) else None
    keys = ("left",) if symbol == "unary -" else ("left", "right")
    sides = [_operand(op.args.get(key)) for key in keys]
    if None in sides and tiled_loads is not None and symbol is not None and any(
            _loaded_8_bit(op.args.get(key)) for key in keys):
        # (Asked only where an 8-bit loaded operand is there: the loads are looked up once.)
        tiled = tiled_loads()
        sides = [_operand(op.args.get(key), id(_side_node(op, key)) in tiled) for key in keys]
    arrays = [side for side in sides if isinstance(side, tuple)]
    if symbol is None or None in sides or not arrays or len(set(arrays)) != 1 \
            or op.names_open or op.scope_names:
        return None
    dtype, shape = arrays[0]
    if DTYPE_BITS.get(dtype) != 8:
        return None
    if True in sides and dtype.startswith("float8"):
        return None  # a Python scalar with a float8 array: not measured
    return NarrowArithmetic(op, symbol, dtype, shape)


def _loaded_8_bit(value: object) -> bool:
    value = plain(value)
    return isinstance(value, ArrayVal) and value.layout is RegisterLayout.LOADED \
        and isinstance(value.dtype, DtypeVal) and DTYPE_BITS.get(value.dtype.name) == 8


def _side_node(op: Op, key: str) -> object:
    """The expression of one operand: the BinOp's (or UnaryOp's) own side."""
    node = op.node
    if isinstance(node, ast.BinOp):
        return node.left if key == "left" else node.right
    if isinstance(node, ast.UnaryOp):
        return node.operand
    return None


def _tiled_loads(program: Program) -> frozenset[int]:
    """The load expressions (ids) of whole tiled, swizzled 8-bit buffers the WGMMA layout's
    tiles fit: their loads lower."""
    return frozenset(
        id(access.node) for access in program.ref_accesses
        if access.kind == "load" and swizzled_tiled_fits(access.ref) and whole(access.ref, access.index))


def narrow_arithmetics(program: Program) -> list[NarrowArithmetic]:
    if not holds(NARROW_POINTWISE_REFUSED, program.version):
        return []
    found = []
    cache: list[frozenset[int]] = []

    def tiled() -> frozenset[int]:
        if not cache:
            cache.append(_tiled_loads(program))
        return cache[0]

    for ops in program.ops_named(ARITH_OP).values():
        for op in ops:
            judged = narrow_arithmetic(op, tiled)
            if judged is not None and program.semantics(op.launch.kernel).name is not None:
                found.append(judged)
    return found
