"""PAL058 approx_math_dtype: jnp.exp / jnp.log of a float16 or bfloat16 register array in a
kernel compiled with approx_math=True, whose approximate instructions take float32 only."""

from __future__ import annotations

from collections.abc import Iterator

from ..approx_math import MLIR_NAMES, ApproxMath16, approx_math_16s
from ..model import Finding, Options
from ..program import Program, short_repr
from ..versions import APPROX_EXP_FLOAT32_ONLY
from .base import LoweringError, Rule
from .common import first_refusal_per_launch

RULE = Rule(
    code="PAL058",
    name="approx_math_dtype",
    title="exp or log of a 16-bit float array under approx_math=True",
    jax_message="NotImplementedError: bf16   (f16 for a float16 array)",
    lowering_errors=(
        # NotImplementedError(self.mlir_dtype): the whole message is the MLIR dtype. The
        # sites are FragmentedArray.exp2's approximate branch (exp goes through it) and
        # log2's (the second of its two such raises: the first refuses integer arrays).
        LoweringError(r"\A\s*(\{self\.mlir_dtype\}|b?f16)\s*\Z", exc_type="NotImplementedError",
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.exp2$",
                      when=APPROX_EXP_FLOAT32_ONLY),
        LoweringError(r"\A\s*(\{self\.mlir_dtype\}|b?f16)\s*\Z", exc_type="NotImplementedError",
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.log2$",
                      occurrence=2),
    ),
    what_it_means=(
        "`plgpu.CompilerParams(approx_math=True)` lets Mosaic GPU lower `exp` and `log` of "
        "register arrays with the GPU's approximate instructions (`ex2.approx.ftz.f32`, "
        "`lg2.approx.ftz.f32`), which exist for float32 only. Mosaic GPU does not upcast a "
        "float16 or bfloat16 array for them: it raises NotImplementedError with the array's "
        "MLIR dtype (\"bf16\", \"f16\") as the whole message."
    ),
    when_it_happens=(
        "`jnp.log(x)` / `jax.lax.log(x)` of a float16 or bfloat16 array in a kernel whose "
        "`compiler_params` set `approx_math=True`, on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1; "
        "`jnp.exp(x)` / `jax.lax.exp(x)` from 0.11.2 (0.8.3 and 0.10.2 lower it). Measured "
        "under Lane and Warpgroup semantics on (512,) arrays loaded whole from refs; JAX "
        "blames the op's line. The same kernel without approx_math, or on float32 values, "
        "lowers. Other transcendental functions (sin, cos, sqrt, tanh) are refused too on "
        "some releases, with a message-less NotImplementedError: not judged."
    ),
    how_to_fix=(
        "Compute in float32 and cast back: `jnp.exp(x.astype(jnp.float32)).astype(x.dtype)`; "
        "or drop `approx_math=True` (the exact `exp` / `log` take 16-bit floats)."
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
            f"takes float32 only, so JAX fails with \"NotImplementedError: "
            f"{MLIR_NAMES[found.dtype]}\". Compute in float32 "
            f"({found.function}(x.astype(jnp.float32)).astype(jnp.{found.dtype})) or drop "
            f"approx_math=True.")
