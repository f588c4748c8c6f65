"""``x.astype(dtype)`` of a register array between dtypes Mosaic GPU cannot convert.

``FragmentedArray.astype`` (jax/experimental/mosaic/gpu/fragmented_array.py) has no
conversion between bfloat16 and float8 ("Hardware has no support for converting from bf16
to f8E4M3FN (only cast from bf16 to f16 is supported). Cast to f32 first ...") and none
from an integer type to float8 ("Unsupported conversion involving narrow float types: i32
to f8E4M3FN"), both NotImplementedError on the astype's line. Measured under Lane and
Warpgroup semantics on 0.10.2, 0.11.2 and 0.12.0.1 for (512,) arrays loaded whole from
GMEM refs: bfloat16 to and from float8_e4m3fn / float8_e5m2; int8, int16, int32, uint8,
uint16, uint32 to both float8 types. float32 and float16 convert to and from float8, and
0.8.3 lowered all of these but bfloat16 -> float8_e4m3fn (which failed otherwise): not
judged. float8_e4m3fn <-> float8_e5m2 (no instruction between float types of one width
but 16: "Conversion between float types of width other than 16 not supported") is refused
under Warpgroup semantics on every release and under Lane on 0.8.3 only. float8 to integer
is left out (PAL049's refusal from 0.11.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from .arrays import dtype_of
from .layouts import RegisterLayout, strided_vec_size
from .ops import ASTYPE_OP
from .program import Program
from .trace import Op
from .values import ArrayVal, Const, DtypeVal, plain
from .versions import FLOAT8_CASTS_REFUSED, LANE_FLOAT8_TO_FLOAT8_REFUSED, holds

FLOAT8 = frozenset({"float8_e4m3fn", "float8_e5m2"})
INTEGERS = frozenset({"int8", "int16", "int32", "uint8", "uint16", "uint32"})
# JAX's MLIR spelling of each dtype, as its messages print them (signedness is not kept).
MLIR_NAMES = {"bfloat16": "bf16", "float8_e4m3fn": "f8E4M3FN", "float8_e5m2": "f8E5M2",
              "int8": "i8", "int16": "i16", "int32": "i32", "uint8": "i8", "uint16": "i16",
              "uint32": "i32"}


@dataclass(frozen=True)
class RefusedCast:
    op: Op
    source: str
    target: str
    shape: tuple[int, ...]

    @property
    def message(self) -> str:
        """The start of JAX's message (its advice and the cast it offers follow)."""
        if self.target == "bool":
            return "Register bitwidth in target type must be divisible by 8"
        cur, new = MLIR_NAMES[self.source], MLIR_NAMES[self.target]
        if self.source in FLOAT8 and self.target in FLOAT8:
            return "Conversion between float types of width other than 16 not supported"
        if self.source in INTEGERS:
            return f"Unsupported conversion involving narrow float types: {cur} to {new}"
        return f"Hardware has no support for converting from {cur} to {new}"


def refused_pair(source: str, target: str, semantics: str | None, program: Program) -> bool:
    if source in FLOAT8 and target in FLOAT8:
        return source != target and (semantics == "Warpgroup" or (
            semantics == "Lane" and holds(LANE_FLOAT8_TO_FLOAT8_REFUSED, program.version)))
    if not holds(FLOAT8_CASTS_REFUSED, program.version):
        return False
    if target in FLOAT8:
        return source == "bfloat16" or source in INTEGERS
    return source in FLOAT8 and target == "bfloat16"


# Sources whose registers hold at most 4 elements in every Mosaic GPU layout (a WG-strided
# vector of 64 bits at most, the tiled layouts' pairs, a splat's scalar): a bool register of
# them is 1 to 4 bits, and FragmentedArray.astype refuses one not a multiple of 8 ("Register
# bitwidth in target type must be divisible by 8, got 2"), on the astype's line. Measured for
# float32 under Lane on 0.8.3 - 0.12.0.1 and Warpgroup on 0.10.2 - 0.12.0.1 (0.8.3's Warpgroup
# fails on the select after it: pal059/astype_bool_*.py); an 8-bit array converts.
WIDE_FOR_BOOL = frozenset({"float32", "int32", "uint32", "float16", "bfloat16", "int16", "uint16"})


def refused_cast(op: Op, program: Program) -> RefusedCast | None:
    x = plain(op.args.get("x"))
    target = dtype_of(op.args.get("new_dtype"))
    if target is not None and id(op.launch) in program.trace_refused_launches():
        return None  # refused while traced (a store of the cast value, PAL026): never lowered
    if target is not None and target.name == "bool" and isinstance(x, ArrayVal) \
            and isinstance(x.dtype, DtypeVal) and x.dtype.name in WIDE_FOR_BOOL and not op.names_open \
            and (program.semantics(op.launch.kernel).name == "Lane" or tuple(program.version[:2]) >= (0, 10)):
        shape = x.shape.value if isinstance(x.shape, Const) else None
        if isinstance(shape, tuple) and shape and all(type(d) is int for d in shape):
            return RefusedCast(op, x.dtype.name, "bool", shape)
        return None
    if not isinstance(x, ArrayVal) or not isinstance(x.dtype, DtypeVal) or target is None \
            or x.layout is not RegisterLayout.STRIDED or op.names_open:
        return None
    shape = x.shape.value if isinstance(x.shape, Const) else None
    if not isinstance(shape, tuple) or not shape or strided_vec_size(shape, x.dtype) is None:
        return None  # no strided layout for it: the load fails first (PAL027)
    semantics = program.semantics(op.launch.kernel).name
    if not refused_pair(x.dtype.name, target.name, semantics, program):
        return None
    return RefusedCast(op, x.dtype.name, target.name, shape)


def refused_casts(program: Program) -> list[RefusedCast]:
    found = []
    for ops in program.ops_named(ASTYPE_OP).values():
        for op in ops:
            judged = refused_cast(op, program)
            if judged is not None:
                found.append(judged)
    return found
