"""Math functions of 16-bit float register arrays in a kernel compiled with approx_math=True.

``plgpu.CompilerParams(approx_math=True)`` lowers ``jnp.exp`` / ``jnp.log`` / ``jnp.sin`` and
their kin (and their ``lax`` forms) of a register array through Mosaic GPU's approximate
instructions (``FragmentedArray.exp2`` / ``log2`` / ``sin`` / ``cos`` / ``rsqrt`` / ``sqrt`` /
``tanh`` with ``approx=True``, jax/experimental/mosaic/gpu/fragmented_array.py), which take
float32 only: a float16 or bfloat16 array raises ``NotImplementedError`` on the op's line,
whose whole message is the MLIR dtype ("bf16", "f16") for exp, exp2, log and log2 and empty
for the others. Measured under Lane and Warpgroup semantics on (512,) arrays loaded whole from
GMEM refs, bfloat16 and float16 alike: log, log2, exp2, sin, cos and rsqrt on 0.8.3, 0.10.2,
0.11.2 and 0.12.0.1; exp and sqrt on 0.11.2 and 0.12.0.1 (0.8.3 and 0.10.2 lower exp and have
no sqrt rule at all); tanh on 0.8.3 and 0.10.2 (0.11.2 added 16-bit tanh.approx). The same
functions of float32 arrays lower (the upcast is the fix).
"""

from __future__ import annotations

from dataclasses import dataclass

from .layouts import RegisterLayout, strided_vec_size
from .ops import APPROX_OP
from .program import Program
from .trace import Op
from .values import ArrayVal, CompilerParamsVal, Const, DtypeVal, plain
from .versions import (
    APPROX_EXP_FLOAT32_ONLY,
    APPROX_SQRT_FLOAT32_ONLY,
    APPROX_TANH_FLOAT32_ONLY,
    Fact,
    holds,
)

# The 16-bit float dtypes measured, with the MLIR name JAX's message is.
MLIR_NAMES = {"bfloat16": "bf16", "float16": "f16"}


@dataclass(frozen=True)
class ApproxMath16:
    op: Op
    function: str  # jnp.exp, lax.log, ...
    dtype: str  # bfloat16 or float16
    shape: tuple[int, ...]


def approx_math_on(params: CompilerParamsVal | None) -> bool:
    """The kernel's compiler_params surely set approx_math=True."""
    if params is None or params.given is None:
        return False
    return dict(params.given).get("approx_math") == Const(True)


# The functions refused on some releases only, with the fact that says which.
_REFUSED_WHEN: dict[str, Fact] = {"exp": APPROX_EXP_FLOAT32_ONLY, "sqrt": APPROX_SQRT_FLOAT32_ONLY,
                                  "tanh": APPROX_TANH_FLOAT32_ONLY}
# The functions refused on every measured release.
_REFUSED_ALWAYS = frozenset({"log", "log2", "exp2", "sin", "cos", "rsqrt"})
# The functions whose refusal names the dtype ("NotImplementedError: bf16"); the others'
# NotImplementedError has no message.
DTYPE_MESSAGE = frozenset({"exp", "exp2", "log", "log2"})


def _refused(function: str, program: Program) -> bool:
    name = function.rsplit(".", 1)[-1]
    fact = _REFUSED_WHEN.get(name)
    return name in _REFUSED_ALWAYS or (fact is not None and holds(fact, program.version))


def approx_math_16(op: Op, program: Program) -> ApproxMath16 | None:
    function, x = op.args.get("function"), plain(op.args.get("x"))
    if not isinstance(function, Const) or not isinstance(function.value, str) \
            or not isinstance(x, ArrayVal) or not isinstance(x.dtype, DtypeVal) \
            or x.dtype.name not in MLIR_NAMES or x.layout is not RegisterLayout.STRIDED:
        return None
    shape = x.shape.value if isinstance(x.shape, Const) else None
    if not isinstance(shape, tuple) or not shape or strided_vec_size(shape, x.dtype) is None:
        return None  # no strided layout for it: the load fails first (PAL027)
    if not approx_math_on(op.launch.kernel.compiler_params) or not _refused(function.value, program):
        return None
    return ApproxMath16(op, function.value, x.dtype.name, shape)


def approx_math_16s(program: Program) -> list[ApproxMath16]:
    found = []
    for ops in program.ops_named(APPROX_OP).values():
        for op in ops:
            judged = approx_math_16(op, program)
            if judged is not None and program.semantics(op.launch.kernel).name is not None:
                found.append(judged)
    return found
