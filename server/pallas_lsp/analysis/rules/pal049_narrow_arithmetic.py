"""PAL049 narrow_arithmetic: +, - or * on 8-bit register arrays (int8, uint8, float8), which
Mosaic GPU does not lower."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options
from ..narrow_arithmetic import NarrowArithmetic, narrow_arithmetics
from ..program import Program, short_repr
from .base import LoweringError, Rule
from .common import first_refusal_per_launch

RULE = Rule(
    code="PAL049",
    name="narrow_arithmetic",
    title="arithmetic on 8-bit register arrays (int8, uint8, float8)",
    jax_message=(
        "NotImplementedError: Pointwise operations on 8-bit types are unsupported (except "
        "bitwise operations). Upcast to a 16- or 32-bit type before performing the operation."
    ),
    lowering_errors=(
        LoweringError(r"Pointwise operations on (8|\{[^}]*\})-bit types are unsupported",
                      exc_type="NotImplementedError"),
    ),
    what_it_means=(
        "Mosaic GPU computes on register arrays with the GPU's 16- and 32-bit arithmetic: an "
        "add, subtraction or product of int8, uint8 or float8 arrays has no lowering (bitwise "
        "operations do). JAX itself computes int8 arithmetic in int8, so `x_ref[...] + 1` of an "
        "int8 ref stays int8 and reaches that refusal."
    ),
    when_it_happens=(
        "In a `plgpu.kernel` (or Mosaic GPU `pl.pallas_call`) body, `a + b`, `a - b`, `a * b`, "
        "`-a` "
        "where the operands are 8-bit arrays loaded from refs (or one is a Python int), under "
        "Lane and Warpgroup semantics, from JAX 0.10.2 (measured on 0.10.2, 0.11.2 and "
        "0.12.0.1; 0.8.3 lowers them). Comparisons and `jnp.maximum` of 8-bit arrays fail "
        "under Lane semantics only and are not judged; neither are values built otherwise."
    ),
    how_to_fix=(
        "Upcast before computing and cast the result back: `(x.astype(jnp.int32) + 1)"
        ".astype(jnp.int8)` (int16 for a 16-bit computation), or float16 / float32 for float8 "
        "values."
    ),
    bad_example='''
def kernel(x_ref, o_ref):  # int8[512]
    o_ref[...] = x_ref[...] + x_ref[...]
''',
    good_example='''
def kernel(x_ref, o_ref):  # int8[512]
    x = x_ref[...].astype(jnp.int32)
    o_ref[...] = (x + x).astype(jnp.int8)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    return first_refusal_per_launch(program, RULE.code, narrow_arithmetics(program),
                                    lambda found: found.op, _message)


def _message(found: NarrowArithmetic) -> str:
    wide = "float32" if found.dtype.startswith("float8") else "int32"
    shape = short_repr(found.shape)
    what = (f"negates a {shape} {found.dtype} array" if found.symbol == "unary -"
            else f"computes `{found.symbol}` on {shape} {found.dtype} arrays")
    return (f"This {what}: "
            f"Mosaic GPU has no 8-bit arithmetic on register arrays (only bitwise operations), "
            f"so JAX fails with \"NotImplementedError: Pointwise operations on 8-bit types are "
            f"unsupported (except bitwise operations)\". Upcast first (.astype(jnp.{wide})) and "
            f"cast the result back to {found.dtype}.")
