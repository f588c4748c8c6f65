"""PAL058 approx_math_dtype: jnp.exp / jnp.log / jnp.sin (and exp2, log2, cos, sqrt, rsqrt,
tanh) of a float16 or bfloat16 register array in a kernel compiled with approx_math=True, whose
approximate instructions take float32 only."""

from __future__ import annotations

from collections.abc import Iterator

from ..approx_math import DTYPE_MESSAGE, MLIR_NAMES, ApproxMath16, approx_math_16s
from ..model import Finding, Options
from ..program import Program, short_repr
from ..versions import APPROX_SQRT_FLOAT32_ONLY, APPROX_TANH_FLOAT32_ONLY
from .base import LoweringError, Rule
from .common import first_refusal_per_launch

# A NotImplementedError with no message (the raise-site template is empty).
_BARE = r"\A\s*(NotImplementedError(\(\))?)?\s*\Z"

RULE = Rule(
    code="PAL058",
    name="approx_math_dtype",
    title="exp, log, sin, sqrt or tanh of a 16-bit float array under approx_math=True",
    jax_message=("NotImplementedError: bf16   (f16 for a float16 array; exp, exp2, log, log2)\n"
                 "NotImplementedError   (no message: sin, cos, sqrt, rsqrt, tanh)"),
    lowering_errors=(
        # NotImplementedError(self.mlir_dtype): the whole message is the MLIR dtype. The
        # sites are FragmentedArray.exp2's approximate branch (jnp.exp2 on every release, exp
        # goes through it from 0.11.2) and log2's (the second of its two such raises: the
        # first refuses integer arrays).
        LoweringError(r"\A\s*(\{self\.mlir_dtype\}|b?f16)\s*\Z", exc_type="NotImplementedError",
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.exp2$"),
        LoweringError(r"\A\s*(\{self\.mlir_dtype\}|b?f16)\s*\Z", exc_type="NotImplementedError",
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.log2$",
                      occurrence=2),
        # A bare NotImplementedError: the second raise of sin, cos and rsqrt (every release),
        # of sqrt (from 0.11.2, the first with a sqrt rule) and of tanh (through 0.10.2), the
        # approx=True branch refusing a dtype other than float32 (the first refuses integer
        # arrays). A message-less error names nothing: the finding on its line says which.
        # The lowering report writes one as "NotImplementedError()".
        LoweringError(_BARE, exc_type="NotImplementedError",
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.(sin|cos|rsqrt)$",
                      occurrence=2),
        LoweringError(_BARE, exc_type="NotImplementedError",
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.sqrt$",
                      occurrence=2, when=APPROX_SQRT_FLOAT32_ONLY),
        LoweringError(_BARE, exc_type="NotImplementedError",
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.tanh$",
                      occurrence=2, when=APPROX_TANH_FLOAT32_ONLY),
    ),
    what_it_means=(
        "`plgpu.CompilerParams(approx_math=True)` lets Mosaic GPU lower `exp`, `exp2`, `log`, "
        "`log2`, `sin`, `cos`, `sqrt`, `rsqrt` and `tanh` of register arrays with the GPU's "
        "approximate instructions (`ex2.approx.ftz.f32`, `lg2.approx.ftz.f32`, "
        "`sin.approx.f32`, `rsqrt.approx.f32`, ...), which exist for float32 only. Mosaic GPU "
        "does not upcast a float16 or bfloat16 array for them: it raises NotImplementedError, "
        "whose whole message is the array's MLIR dtype (\"bf16\", \"f16\") for exp, exp2, log "
        "and log2 and which has no message at all for sin, cos, sqrt, rsqrt and tanh."
    ),
    when_it_happens=(
        "`jnp.log(x)`, `jnp.log2(x)`, `jnp.exp2(x)`, `jnp.sin(x)`, `jnp.cos(x)`, "
        "`jax.lax.rsqrt(x)` (and their `jax.lax` forms) of a float16 or bfloat16 array in a "
        "kernel whose `compiler_params` set `approx_math=True`, on 0.8.3, 0.10.2, 0.11.2 and "
        "0.12.0.1; `jnp.exp(x)` and `jnp.sqrt(x)` from 0.11.2 (0.8.3 and 0.10.2 lower exp, and "
        "have no sqrt rule at all: PAL019); `jnp.tanh(x)` on 0.8.3 and 0.10.2 (0.11.2 added "
        "the 16-bit tanh.approx instructions). Measured under Lane and Warpgroup semantics on "
        "(512,) bfloat16 and float16 arrays loaded whole from refs; JAX blames the op's line. "
        "The same kernel without approx_math, or on float32 values, lowers."
    ),
    how_to_fix=(
        "Compute in float32 and cast back: `jnp.exp(x.astype(jnp.float32)).astype(x.dtype)`; "
        "or drop `approx_math=True` (the exact functions take 16-bit floats)."
    ),
    bad_example='''
def kernel(x_ref, o_ref):  # bfloat16[512], approx_math=True
    o_ref[...] = jnp.log(x_ref[...])
''',
    good_example='''
def kernel(x_ref, o_ref):  # bfloat16[512], approx_math=True
    o_ref[...] = jnp.log(x_ref[...].astype(jnp.float32)).astype(jnp.bfloat16)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    return first_refusal_per_launch(program, RULE.code, approx_math_16s(program),
                                    lambda found: found.op, _message)


def _message(found: ApproxMath16) -> str:
    name = found.function.rsplit(".", 1)[-1]
    return (f"This computes {found.function} of a {short_repr(found.shape)} {found.dtype} array "
            f"in a kernel compiled with approx_math=True: Mosaic GPU's approximate {name} "
            f"takes float32 only, so JAX fails with {_refusal(found)}. Compute in float32 "
            f"({found.function}(x.astype(jnp.float32)).astype(jnp.{found.dtype})) or drop "
            f"approx_math=True.")


def _refusal(found: ApproxMath16) -> str:
    """JAX's words: the MLIR dtype for exp and log, nothing for sin, sqrt, tanh and the like."""
    if found.function.rsplit(".", 1)[-1] in DTYPE_MESSAGE:
        return f"\"NotImplementedError: {MLIR_NAMES[found.dtype]}\""
    return "a NotImplementedError that has no message"
