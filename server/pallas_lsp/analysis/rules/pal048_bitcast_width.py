"""PAL048 bitcast_width: lax.bitcast_convert_type of a register array between dtypes of
different widths, which Mosaic GPU does not lower."""

from __future__ import annotations

from collections.abc import Iterator

from ..bitcasts import WidthBitcast, width_bitcasts
from ..model import Finding, Options, Related
from ..program import Program
from .base import LoweringError, Rule
from .pal026_ref_store_mismatch import failing_stores

RULE = Rule(
    code="PAL048",
    name="bitcast_width",
    title="lax.bitcast_convert_type between dtypes of different widths in a kernel",
    jax_message=(
        "NotImplementedError: Cannot bitcast from float32 to int16 because they have different "
        "widths\n"
        "ValueError: Attempting to convert array of shape (16, 8) from float16 of size 16 bits to "
        "float32 of size 32, bits but 8 * 16 != 32   (lax, while tracing: a widening bitcast "
        "whose last dimension is not the ratio of the widths)"
    ),
    lowering_errors=(
        LoweringError(r"Cannot bitcast from \S+ to \S+ because they\s+have different widths",
                      exc_type="NotImplementedError"),
        # lax's own shape rule, while tracing: a widening bitcast whose last dimension is not
        # the ratio of the widths.
        LoweringError(r"\AAttempting to convert array of shape \([^)]*\) from \w+ of size \d+ "
                      r"bits to \w+ of size \d+, bits but \d+ \* \d+ != \d+", exc_type="ValueError"),
    ),
    what_it_means=(
        "`lax.bitcast_convert_type(x, new_dtype)` reinterprets the bits of each element. Outside "
        "a kernel, a bitcast to a narrower dtype splits each element (float32[128] to int16 is "
        "int16[128, 2]) and one to a wider dtype joins the last dimension. Mosaic GPU's lowering "
        "of a register array reinterprets each element in place only: both dtypes must have "
        "the same number of bits."
    ),
    when_it_happens=(
        "In a `plgpu.kernel` (or Mosaic GPU `pl.pallas_call`) body, on an array of known dtype "
        "bitcast to a dtype of another width (8, 16 or 32 bits), under Lane and Warpgroup "
        "semantics alike: measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (float32 to int16 and "
        "int16 to float32), JAX blaming the bitcast's line. A same-width bitcast (float32 to "
        "int32, bfloat16 to int16) lowers. A widening bitcast whose array's last dimension is "
        "not the ratio of the widths (float16[16, 8] to float32: 8, not 2) fails earlier, while "
        "the kernel is traced, with lax's own ValueError on the same line (measured on every "
        "release 0.8.3 to 0.12.0.1)."
    ),
    how_to_fix=(
        "Bitcast between dtypes of the same width (`lax.bitcast_convert_type(x, jnp.int32)` of "
        "a float32 array), then split or join the bits with shifts and masks "
        "(`(bits >> 16).astype(jnp.int16)`), or bitcast outside the kernel."
    ),
    bad_example='''
def kernel(x_ref, o_ref):  # x_ref: float32[128], o_ref: int16[128, 2]
    o_ref[...] = lax.bitcast_convert_type(x_ref[...], jnp.int16)
''',
    good_example='''
def kernel(x_ref, o_ref):  # x_ref: float32[128], o_ref: int32[128]
    o_ref[...] = lax.bitcast_convert_type(x_ref[...], jnp.int32)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    # Mosaic GPU refuses the bitcast while lowering: a launch whose trace stopped at a store
    # (PAL026's: the bitcast's own value, of the widened shape, stored whole) never gets there.
    traced_fails = {id(access.launch) for access, _fault in failing_stores(program)}
    for bitcast in width_bitcasts(program):
        op = bitcast.op
        if program.api_removed(op.launch.kernel) or id(op.node) in seen:
            continue
        if bitcast.lax_refused is None and id(op.launch) in traced_fails:
            continue
        seen.add(id(op.node))
        yield Finding(RULE.code, program.span(op.node), _message(bitcast),
                      related=(Related(program.span(op.launch.kernel.node),
                                       "the kernel is created here"),))


def _message(found: WidthBitcast) -> str:
    if found.lax_refused is not None:
        shape = found.lax_refused
        last = shape[-1] if shape else 1
        ratio = found.target_bits // found.source_bits
        return (f"This bitcasts a {found.source} array of shape {shape} to {found.target}: a "
                f"bitcast to a wider dtype joins the last dimension, which must then be "
                f"{ratio} ({found.target_bits} / {found.source_bits} bits), not {last}, so lax "
                f"raises while tracing \"ValueError: Attempting to convert array of shape "
                f"{shape} from {found.source} of size {found.source_bits} bits to "
                f"{found.target} of size {found.target_bits}, bits but {last} * "
                f"{found.source_bits} != {found.target_bits}\". Bitcast to a "
                f"{found.source_bits}-bit dtype (Mosaic GPU bitcasts register arrays element "
                f"by element only), or bitcast outside the kernel.")
    ratio = max(found.source_bits, found.target_bits) // min(found.source_bits, found.target_bits)
    how = (f"split each {found.source_bits}-bit element into {ratio}"
           if found.source_bits > found.target_bits else f"join {ratio} elements into one")
    article = "an" if found.source[0] in "aeiou" else "a"
    return (f"This bitcasts {article} {found.source} array ({found.source_bits} bits an element) to "
            f"{found.target} ({found.target_bits} bits), which would {how}: Mosaic GPU "
            f"reinterprets register arrays element by element only, so JAX fails with "
            f"\"NotImplementedError: Cannot bitcast from {found.source} to {found.target} because "
            f"they have different widths\". Bitcast to a {found.source_bits}-bit dtype and split "
            f"the bits with shifts and masks, or bitcast outside the kernel.")
