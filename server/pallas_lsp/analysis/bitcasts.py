"""``lax.bitcast_convert_type`` of a register array between dtypes of different widths.

lax accepts such a bitcast (float32[128] -> int16 is int16[128, 2]; int16[128, 2] -> float32
is float32[128]), but Mosaic GPU's rule for ``bitcast_convert_type_p``
(``_bitcast_convert_type_lowering_rule``, jax/_src/pallas/mosaic_gpu/lowering.py; one rule
for Lane and Warpgroup) refuses it: "Cannot bitcast from float32 to int16 because they have
different widths" (NotImplementedError). Measured on JAX 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1
under both semantics, float32 <-> int16 both ways; a same-width bitcast lowers.

Judged where the operand is an array of known dtype and the target names a dtype, neither
64 bits wide (x64 may be off: JAX would make it 32-bit) nor bool. A widening bitcast whose
array's last dimension is not the ratio of the widths is refused by lax itself while tracing,
before the lowering (``WidthBitcast.lax_refused``: "ValueError: Attempting to convert array of
shape (16, 8) from float16 of size 16 bits to float32 of size 32, bits but 8 * 16 != 32",
measured on 0.8.3 - 0.12.0.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from .arrays import dtype_like, dtype_of
from .dtypes import DTYPE_BITS
from .ops import BITCAST_OP
from .program import Program
from .trace import Op
from .values import ArrayVal, Const, DtypeVal


@dataclass(frozen=True)
class WidthBitcast:
    op: Op
    source: str
    target: str
    source_bits: int
    target_bits: int
    # A widening bitcast whose last dimension is not the ratio of the widths: lax's shape rule
    # refuses it while tracing (its ValueError), before Mosaic GPU sees it; the shape then.
    lax_refused: tuple[int, ...] | None = None


def width_bitcast(op: Op) -> WidthBitcast | None:
    x, target = op.args.get("x"), dtype_of(op.args.get("new_dtype"))
    # lax reads anything with a dtype (a ShapeDtypeStruct): judged so for lax's own refusal
    # only, which comes first, while tracing.
    like = dtype_like(op.args.get("new_dtype"))
    if not isinstance(x, ArrayVal) or not isinstance(x.dtype, DtypeVal) or like is None:
        return None
    refused = _lax_refused(x, like)
    if refused is not None:  # lax's shape rule, the same under every lowering path
        return WidthBitcast(op, x.dtype.name, like.name, DTYPE_BITS[x.dtype.name],
                            DTYPE_BITS[like.name], refused)
    if target is None or op.names_open or op.scope_names:
        return None  # not known, or warp-level code (another lowering path)
    source_bits, target_bits = DTYPE_BITS.get(x.dtype.name), DTYPE_BITS.get(target.name)
    if source_bits is None or target_bits is None or 64 in (source_bits, target_bits) \
            or source_bits == target_bits:
        return None
    if source_bits < target_bits:
        shape = x.shape.value if isinstance(x.shape, Const) else None
        if not isinstance(shape, tuple) or not shape or shape[-1] != target_bits // source_bits:
            return None  # the shape is not known
    return WidthBitcast(op, x.dtype.name, target.name, source_bits, target_bits)


def _lax_refused(x: ArrayVal, target: DtypeVal) -> tuple[int, ...] | None:
    """The shape of a widening bitcast lax's _bitcast_convert_type_shape_rule refuses while
    tracing, the same on 0.8.3 - 0.12.0.1 ("Attempting to convert array of shape (16, 8) ...
    but 8 * 16 != 32": the last dimension, 1 for a scalar, times the source width must be the
    target width); None where it does not, or where that is not known."""
    source_bits, target_bits = DTYPE_BITS.get(x.dtype.name), DTYPE_BITS.get(target.name)  # type: ignore[union-attr]
    shape = x.shape.value if isinstance(x.shape, Const) else None
    if source_bits is None or target_bits is None or 64 in (source_bits, target_bits) \
            or "bool" in (x.dtype.name, target.name) or source_bits >= target_bits \
            or not isinstance(shape, tuple) or not all(type(d) is int for d in shape):  # type: ignore[union-attr]
        return None
    return shape if (shape[-1] if shape else 1) * source_bits != target_bits else None


def width_bitcasts(program: Program) -> list[WidthBitcast]:
    found = []
    for ops in program.ops_named(BITCAST_OP).values():
        for op in ops:
            bitcast = width_bitcast(op)
            if bitcast is not None and program.semantics(op.launch.kernel).name is not None:
                found.append(bitcast)
    return found
