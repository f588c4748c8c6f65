"""PAL055 find_swizzle_no_fit: plgpu.find_swizzle given a minor dimension whose bits no swizzle
of 16, 32, 64 or 128 bytes divides (not a multiple of 128 bits), refused where it is called."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options
from ..program import Program
from ..ref_facts import FIND_SWIZZLE_OP, swizzle_for_bits
from ..values import MISSING, Const
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL055",
    name="find_swizzle_no_fit",
    title="plgpu.find_swizzle is given a minor dimension that is not a multiple of 16 bytes",
    jax_message=(
        "ValueError: No valid out swizzle: minor dimension has 192 bits, which is not a multiple "
        "of 128 (16 bytes)"
    ),
    lowering_errors=(
        # "{what}" and "{minor_dim_bits}" in JAX's template (the raise-site table).
        LoweringError(r"No valid out swizzle.*: minor dimension has (\d+|\{[^}]*\}) bits, which "
                      r"is not a multiple of 128", exc_type="ValueError"),
    ),
    what_it_means=(
        "`plgpu.find_swizzle(minor_dim_bits)` returns the widest swizzle (128, 64, 32 or 16 "
        "bytes) whose rows the minor dimension of a shared-memory buffer fills a whole number "
        "of times. A minor dimension of `cols * bits` bits that is not a multiple of 128 bits "
        "(16 bytes: 8 float16 or 4 float32 values) fits none of them, and neither TMA nor "
        "`wgmma` can use such a buffer with any swizzle."
    ),
    when_it_happens=(
        "Where `find_swizzle` is called, before anything is lowered: measured while a kernel "
        "body is traced (in the body, or in a helper it calls), Lane and Warpgroup, on 0.8.3, "
        "0.10.2, 0.11.2 and 0.12.0.1 with the same words (with `what=\"lhs\"`: \"No valid out "
        "swizzle for lhs: ...\"). Judged where the bits are known; calls outside a kernel body "
        "are not judged."
    ),
    how_to_fix=(
        "Make the block's minor dimension a multiple of 16 bytes (a multiple of 8 float16 or 4 "
        "float32 values; 64 float16 or 32 float32 for the 128-byte swizzle wgmma prefers), "
        "padding the array if needed."
    ),
    bad_example='''
swizzle = plgpu.find_swizzle(12 * jnp.finfo(jnp.float16).bits)  # 192 bits
''',
    good_example='''
swizzle = plgpu.find_swizzle(64 * jnp.finfo(jnp.float16).bits)  # 1024 bits: 128 bytes
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for op in program.ops:
        bits = op.args.get("minor_dim_bits")
        if op.name != FIND_SWIZZLE_OP or id(op.node) in seen or not isinstance(bits, Const) \
                or type(bits.value) is not int or swizzle_for_bits(bits.value) is not None:
            continue
        what = op.args.get("what", MISSING)
        if what is MISSING:
            label = ""
        elif isinstance(what, Const) and isinstance(what.value, str):
            label = f" for {what.value}" if what.value else ""
        else:
            continue  # a label not known: the message is not either
        seen.add(id(op.node))
        yield Finding(
            RULE.code, program.span(op.node),
            f"plgpu.find_swizzle is given {bits.value} bits ({bits.value / 8:g} bytes) for the "
            f"minor dimension: no swizzle of 16, 32, 64 or 128 bytes divides it, and JAX raises "
            f"\"ValueError: No valid out swizzle{label}: minor dimension has {bits.value} bits, "
            f"which is not a multiple of 128 (16 bytes)\" here. Make the minor dimension a "
            f"multiple of 16 bytes (8 float16 or 4 float32 values; 128 bytes for wgmma's widest "
            f"swizzle).")
