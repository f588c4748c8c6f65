"""erf and atan2 of register arrays under Warpgroup semantics, which layout inference cannot
place.

Under Warpgroup semantics Mosaic GPU lowers ``lax.erf`` / ``lax.atan2`` to ``math.erf`` /
``math.atan2`` and then infers a register layout for every op
(jax/experimental/mosaic/gpu/layout_inference.py); it has no rule for these two, and
raises "NotImplementedError: No layout inference rule defined for %36 = math.erf %35 :
vector<512xf32>", blamed on the op's line. Measured on (512,) float32, float16 and bfloat16
arrays loaded whole from GMEM refs: under Warpgroup asked for on 0.10.2, and by default on
0.11.2 and 0.12.0.1 (``lax.erf``, ``jax.scipy.special.erf``, ``lax.atan2``, ``jnp.arctan2``).
Lane semantics lower both from 0.10.2; 0.8.3 has no rule for either primitive (PAL019).
"""

from __future__ import annotations

from dataclasses import dataclass

from .dtypes import FLOATS
from .ops import NO_LAYOUT_RULE_OP
from .program import Program
from .trace import Op
from .values import ArrayVal, Const, DtypeVal, plain
from .versions import WARPGROUP_ERF_ATAN2_NO_LAYOUT, holds

# The MLIR op each function lowers to, as JAX's message names it.
MLIR_OPS = {"lax.erf": "math.erf", "jax.scipy.special.erf": "math.erf",
            "lax.atan2": "math.atan2", "jnp.arctan2": "math.atan2"}


@dataclass(frozen=True)
class LayoutRuleMissing:
    op: Op
    function: str
    mlir_op: str
    semantics_reason: str


def layout_rule_missing(op: Op, program: Program) -> LayoutRuleMissing | None:
    function, x = op.args.get("function"), plain(op.args.get("x"))
    if not isinstance(function, Const) or function.value not in MLIR_OPS \
            or not isinstance(x, ArrayVal) or not isinstance(x.dtype, DtypeVal) \
            or x.dtype.name not in FLOATS or not isinstance(x.shape, Const) \
            or not isinstance(x.shape.value, tuple) or not x.shape.value:
        return None  # a scalar, or an operand not known to be a float array
    semantics = program.semantics(op.launch.kernel)
    if semantics.name != "Warpgroup":
        return None
    return LayoutRuleMissing(op, function.value, MLIR_OPS[function.value], semantics.reason)


def layout_rules_missing(program: Program) -> list[LayoutRuleMissing]:
    if not holds(WARPGROUP_ERF_ATAN2_NO_LAYOUT, program.version):
        return []
    found = []
    for ops in program.ops_named(NO_LAYOUT_RULE_OP).values():
        for op in ops:
            judged = layout_rule_missing(op, program)
            if judged is not None:
                found.append(judged)
    return found
