"""PAL059 register_cast_unsupported: ``x.astype(dtype)`` of a register array between bfloat16 and
float8, or from an integer type to float8: conversions Mosaic GPU has no instructions for."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options
from ..program import Program, short_repr
from ..register_casts import FLOAT8, INTEGERS, RefusedCast, refused_casts
from ..versions import FLOAT8_CASTS_REFUSED, LANE_FLOAT8_TO_FLOAT8_REFUSED
from .base import LoweringError, Rule
from .common import first_refusal_per_launch

RULE = Rule(
    code="PAL059",
    name="register_cast_unsupported",
    title="astype between bfloat16 and float8, from an integer type to float8, between float8 "
          "types, or of a 16-/32-bit array to bool",
    jax_message=(
        "NotImplementedError: Hardware has no support for converting from bf16 to f8E4M3FN "
        "(only cast from bf16 to f16 is supported). Cast to f32 first and then to the target "
        "type (expensive, but sufficient).\n"
        "NotImplementedError: Unsupported conversion involving narrow float types: i32 to "
        "f8E4M3FN\n"
        "NotImplementedError: Conversion between float types of width other than 16 not "
        "supported   (float8_e4m3fn <-> float8_e5m2)"
    ),
    lowering_errors=(
        # A cast to bool of an array of 16 or 32 bits: its registers make 1-4 bits.
        LoweringError(r"\ARegister bitwidth in target type must be divisible by 8, got \d+\Z",
                      exc_type="ValueError"),
        LoweringError(r"\AHardware has no support for converting from \S+ to \S+ \(only cast "
                      r"from", exc_type="NotImplementedError", when=FLOAT8_CASTS_REFUSED),
        LoweringError(r"\AUnsupported conversion involving narrow float types: \S+ to \S+",
                      exc_type="NotImplementedError", when=FLOAT8_CASTS_REFUSED),
        # float8 -> float8: Warpgroup's convert_element_type rule on every release, Lane's
        # FragmentedArray.astype on 0.8.3 (from 0.10.2 Lane converts them).
        LoweringError(r"\AConversion between float types of width other than 16 not supported",
                      exc_type="NotImplementedError",
                      sites=r"pallas/mosaic_gpu/lowering\.py:_convert_element_type_lowering_rule_wg$"),
        LoweringError(r"\AConversion between float types of width other than 16 not supported",
                      exc_type="NotImplementedError", when=LANE_FLOAT8_TO_FLOAT8_REFUSED,
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.astype$"),
    ),
    what_it_means=(
        "Mosaic GPU converts register arrays with the GPU's conversion instructions. There is "
        "none between bfloat16 and the float8 types (float8_e4m3fn, float8_e5m2), in either "
        "direction, none from an integer type to float8, and none between two float types of "
        "one width but 16 (float8_e4m3fn <-> float8_e5m2): Mosaic GPU refuses them instead "
        "of going through float32 for you."
    ),
    when_it_happens=(
        "`x.astype(jnp.float8_e4m3fn)` of a bfloat16 or integer (int8 ... uint32) array, or "
        "`x.astype(jnp.bfloat16)` of a float8 array, in a Mosaic GPU kernel body, from JAX "
        "0.10.2 (measured on 0.10.2, 0.11.2 and 0.12.0.1 under Lane and Warpgroup semantics, "
        "on arrays loaded whole from refs; 0.8.3 lowers them but bfloat16 -> float8_e4m3fn, "
        "which fails there with another error). float8_e4m3fn <-> float8_e5m2 is refused under "
        "Warpgroup semantics on every release (0.8.3 to 0.12.0.1) and under Lane semantics on "
        "0.8.3 only. JAX raises on the astype's line. float32 and float16 convert to and from "
        "float8."
    ),
    how_to_fix=(
        "Go through float32: `x.astype(jnp.float32).astype(jnp.float8_e4m3fn)` for a bfloat16 "
        "array, `x.astype(jnp.float32).astype(jnp.bfloat16)` for a float8 one, "
        "`x.astype(jnp.float16).astype(jnp.float8_e5m2)` between float8 types. For an integer "
        "array put `jax.lax.optimization_barrier` between the two casts "
        "(`lax.optimization_barrier(x.astype(jnp.float32)).astype(jnp.float8_e4m3fn)`): from "
        "0.11.2 Mosaic GPU folds the two conversions of a plain chain back into the refused "
        "integer -> float8 one (measured on 0.11.2 and 0.12.0.1; the barrier lowers on every "
        "release)."
    ),
    bad_example='''
def kernel(x_ref, o_ref):  # x_ref: bfloat16[512], o_ref: float8_e4m3fn[512]
    o_ref[...] = x_ref[...].astype(jnp.float8_e4m3fn)
''',
    good_example='''
def kernel(x_ref, o_ref):  # x_ref: bfloat16[512], o_ref: float8_e4m3fn[512]
    o_ref[...] = x_ref[...].astype(jnp.float32).astype(jnp.float8_e4m3fn)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    return first_refusal_per_launch(program, RULE.code, refused_casts(program),
                                    lambda found: found.op, _message)


def _message(found: RefusedCast) -> str:
    if found.target == "bool":
        return (f"This casts a {short_repr(found.shape)} {found.source} array to bool: Mosaic GPU "
                f"converts each register of a few {found.source} elements into one of as many "
                f"1-bit elements, which is no whole number of bytes, so JAX fails with "
                f"\"ValueError: {found.message}\". Compare instead (x != 0, x > 0.5), which "
                f"makes a mask without a conversion, or cast an 8-bit array.")
    target = f"jnp.{found.target}"
    fix = (f"Cast through float32 with a barrier between the casts "
           f"(lax.optimization_barrier(x.astype(jnp.float32)).astype({target})): from 0.11.2 "
           f"a plain chain is folded back into this conversion"
           if found.source in INTEGERS else
           f"Cast through float32 first (.astype(jnp.float32).astype({target}))"
           if found.source not in FLOAT8 or found.target not in FLOAT8 else
           f"Cast through float16 first (.astype(jnp.float16).astype({target}))")
    return (f"This casts a {short_repr(found.shape)} {found.source} array to {found.target}: "
            f"Mosaic GPU has no conversion between these types, so JAX fails with "
            f"\"NotImplementedError: {found.message}\". {fix}.")
