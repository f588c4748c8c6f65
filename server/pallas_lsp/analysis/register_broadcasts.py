"""Implicit broadcasts in binary ops of register arrays (``x + b`` of a (4, 128) and a (128,)
array), and whether Mosaic GPU refuses them.

jnp promotes the ranks (a (128,) operand becomes (1, 128)), then the op's lowering rule
broadcasts each operand whose shape is not the result's (``_bcast`` / ``_bcast_wg``,
jax/_src/pallas/mosaic_gpu/lowering.py). Under Lane semantics an array loaded whole from an
untransformed ref is WG-strided (``WGStridedFragLayout``: the array flattened, ``vec_size``
consecutive elements per thread-vector, from its own element count and dtype):

* through 0.8.3, ``FragmentedArray.broadcast`` takes splats only: any strided operand to
  broadcast raises ``NotImplementedError(self.layout)``, the layout's repr as the message;
* from 0.10.2 it broadcasts along leading dims only (``is_supported_strided_layout_broadcast``):
  a size-1 dim expanded after a dim of size > 1 ((128, 1) -> (128, 128)) raises
  "Unsupported broadcast for WGStridedFragLayout"; else the result keeps the operand's
  vec_size, and when that is not the other operand's the elementwise op raises "Incompatible
  FragmentedArray layouts" ((4, 128) float32 has vec_size 2, a (128,) one 1; (4, 256) + (256,)
  lowers, both 2).

Under Warpgroup semantics 0.8.3's ``_bcast_wg`` refuses any operand whose shape is not the
result's ("Unsupported broadcast", its first raise for the left operand, its second for the
right); from 0.10.2 a leading-dims broadcast lowers and the expansion of a size-1 dim after a
dim of size > 1 makes layout inference fail ("Failed to infer a possible set of layouts"),
blamed on the jitted call. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 for +, - and * (and
jnp.add) of float32 and bfloat16 arrays loaded whole from GMEM refs: (4, 128) + (128,),
(8, 128) * (1, 128), (64, 128) + (128,) and bfloat16 (4, 128) + (128,) refused by vec_size;
(4, 256) + (256,), (2, 256) - (1, 256), (64, 256) + (256,), (2, 4, 128) + (4, 128),
(2, 2, 128) + (2, 128) lowering; (128, 128) + (128, 1) and (1, 256) + (256, 1) refused as
unsupported broadcasts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dtypes import DTYPE_BITS
from .layouts import RegisterLayout, strided_vec_size
from .ops import ARITH_OP
from .program import Program
from .trace import Op
from .values import ArrayVal, Const, DtypeVal, plain
from .versions import IMPLICIT_BROADCAST_REFUSED, holds

# What JAX refuses, by release and semantics (the module docstring).
SPLATS_ONLY = "splats only"  # Lane through 0.8.3
LEADING_ONLY = "leading dims only"  # Lane from 0.10.2: a size-1 dim expanded after a kept one
VEC_SIZES = "vec sizes"  # Lane from 0.10.2: the broadcast keeps a vec_size the other lacks
WARPGROUP_ANY = "warpgroup any"  # Warpgroup through 0.8.3
WARPGROUP_LEADING_ONLY = "warpgroup leading dims only"  # Warpgroup from 0.10.2: inference fails


@dataclass(frozen=True)
class RefusedBroadcast:
    op: Op
    shapes: tuple[tuple[int, ...], tuple[int, ...]]  # the operands', as written (left, right)
    result: tuple[int, ...]
    dtype: str
    refusal: str  # one of the constants above
    operand: int  # 0: the left operand is the one JAX refuses; 1: the right
    vec_sizes: tuple[int, int]  # each operand's WG-strided vec_size (0 where not judged)


def broadcast_shape(left: tuple[int, ...], right: tuple[int, ...]) -> tuple[int, ...] | None:
    """NumPy's broadcast of two shapes; None when they do not broadcast (jnp refuses it)."""
    rank = max(len(left), len(right))
    padded = [(1,) * (rank - len(shape)) + shape for shape in (left, right)]
    out = []
    for a, b in zip(*padded, strict=True):
        if a != b and 1 not in (a, b):
            return None
        out.append(max(a, b))
    return tuple(out)


def _leading_only(shape: tuple[int, ...], result: tuple[int, ...]) -> bool:
    """Every size-1 dim the broadcast expands comes before every dim of size > 1."""
    padded = (1,) * (len(result) - len(shape)) + shape
    expanded = [d for d, (a, b) in enumerate(zip(padded, result, strict=True)) if a == 1 and b > 1]
    kept = [d for d, a in enumerate(padded) if a > 1]
    return not (expanded and kept and max(expanded) >= min(kept))


def _shape(value: ArrayVal) -> tuple[int, ...] | None:
    shape = value.shape.value if isinstance(value.shape, Const) else None
    return shape if isinstance(shape, tuple) and shape \
        and all(type(dim) is int and dim > 0 for dim in shape) else None


def refused_broadcast(op: Op, program: Program) -> RefusedBroadcast | None:
    """The binary op, where it surely broadcasts a register array operand that JAX refuses
    (under the kernel's semantics, on the program's release); None otherwise."""
    left, right = (plain(op.args.get(side)) for side in ("left", "right"))
    if not isinstance(left, ArrayVal) or not isinstance(right, ArrayVal):
        return None
    shapes = (_shape(left), _shape(right))
    if shapes[0] is None or shapes[1] is None or shapes[0] == shapes[1] \
            or not isinstance(left.dtype, DtypeVal) or left.dtype != right.dtype \
            or DTYPE_BITS.get(left.dtype.name) not in (16, 32):
        return None
    pair = (shapes[0], shapes[1])
    result = broadcast_shape(*pair)
    if result is None:
        return None
    rank = len(result)
    # The operands JAX broadcasts: those whose rank-promoted shape is not the result's.
    broadcast = [(1,) * (rank - len(shape)) + shape != result for shape in pair]
    semantics = program.semantics(op.launch.kernel).name
    old = holds(IMPLICIT_BROADCAST_REFUSED, program.version)
    strided = all(side.layout is RegisterLayout.STRIDED for side in (left, right))
    vecs = tuple(strided_vec_size(shape, left.dtype) or 0 for shape in pair)
    dtype = left.dtype.name

    def found(refusal: str, operand: int) -> RefusedBroadcast:
        return RefusedBroadcast(op, pair, result, dtype, refusal, operand,
                                (vecs[0], vecs[1]))

    if not strided or 0 in vecs:
        return None  # another layout, or no strided one (the load fails first: PAL027)
    if semantics == "Warpgroup" and old:
        return found(WARPGROUP_ANY, broadcast.index(True))
    unsupported = [i for i, shape in enumerate(pair) if broadcast[i] and not _leading_only(shape, result)]
    if semantics == "Warpgroup":
        return found(WARPGROUP_LEADING_ONLY, unsupported[0]) if unsupported else None
    if semantics != "Lane":
        return None
    if old:
        return found(SPLATS_ONLY, broadcast.index(True))
    if unsupported:
        return found(LEADING_ONLY, unsupported[0])
    if vecs[0] != vecs[1]:
        return found(VEC_SIZES, broadcast.index(True))
    return None


def refused_broadcasts(program: Program) -> list[RefusedBroadcast]:
    found = []
    for ops in program.ops_named(ARITH_OP).values():
        for op in ops:
            judged = refused_broadcast(op, program)
            if judged is not None:
                found.append(judged)
    return found
