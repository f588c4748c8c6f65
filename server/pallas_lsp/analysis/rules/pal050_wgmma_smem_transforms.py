"""PAL050 wgmma_smem_transforms: under Lane semantics plgpu.wgmma reads SMEM operands through
their tiling and swizzle transforms; an lhs allocated without them, or lhs and rhs of
different swizzles, cannot be lowered."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Finding, Options
from ..program import Program
from ..smem_transforms import itemsize
from ..trace import Op
from ..values import RefVal, TransformVal
from .base import LoweringError, Rule
from .common import dedupe, kernel_related, ref_ops_named
from .pal014_wgmma_operands import operand_faults

RULE = Rule(
    code="PAL050",
    name="wgmma_smem_transforms",
    title="wgmma's SMEM operands need tiling and swizzle transforms, one swizzle for both",
    jax_message=(
        "ValueError: When WGMMA lhs is passed in as a ref, it must be transformed by swizzling "
        "and tiling appropriately.\n"
        "NotImplementedError: WGMMA rhs swizzle must match lhs swizzle"
    ),
    lowering_errors=(
        LoweringError(r"When WGMMA lhs is passed in as a ref, it must be transformed by "
                      r"swizzling and tiling", "ValueError"),
        # The rhs's message is the same words; this rule judges only the lhs's (an rhs without
        # transforms fails with a bare AssertionError before 0.12, which no rule here names).
        LoweringError(r"WGMMA lhs has unsupported transforms: ", "ValueError"),
        LoweringError(r"WGMMA rhs swizzle must match lhs swizzle", "NotImplementedError"),
    ),
    what_it_means=(
        "`plgpu.wgmma(acc, a, b)` reads an operand in shared memory (SMEM) the way the tensor "
        "cores want it: in tiles of (8, swizzle // itemsize) elements, swizzled by 32, 64 or "
        "128 bytes. The SMEM buffer must be allocated with those transforms "
        "(`plgpu.SMEM(shape, dtype, transforms=(plgpu.TilingTransform((8, 64)), "
        "plgpu.SwizzleTransform(128)))` for 16-bit dtypes), and `a` and `b` must use the same "
        "swizzle. A buffer allocated without transforms, or with a tiling alone, is laid out "
        "row by row, which wgmma cannot read."
    ),
    when_it_happens=(
        "Under Lane semantics (the default through 0.10.2, or `plgpu.CompilerParams("
        "lowering_semantics=plgpu.LoweringSemantics.Lane)`), on the `plgpu.wgmma` line, every "
        "release 0.8.3 to 0.12.0.1: an `a` ref allocated without transforms (\"When WGMMA lhs is "
        "passed in as a ref, it must be transformed by swizzling and tiling appropriately.\"), "
        "with a tiling and no swizzle (\"WGMMA lhs has unsupported transforms: "
        "[UntilingTransform(...)]\"), `a` and `b` with different swizzles (\"WGMMA rhs swizzle "
        "must match lhs swizzle\"). Not judged: a `b` ref without transforms (0.12.0.1 says \"WGMMA "
        "rhs has unsupported transforms: [].\", earlier releases raise a bare AssertionError), "
        "and Warpgroup semantics (the default from 0.11), which infers transforms, so a buffer "
        "without them lowers; there different swizzles fail layout inference, blamed on "
        "different lines by different releases. The analysis "
        "judges SMEM buffers it sees allocated (scratch types, `pl.run_scoped`); a tiling that "
        "does not fit its swizzle is PAL012's."
    ),
    how_to_fix=(
        "Allocate both operands with `transforms=(plgpu.TilingTransform((8, swizzle // "
        "itemsize)), plgpu.SwizzleTransform(swizzle))` and the same swizzle (128 bytes: "
        "(8, 64) tiles for float16 / bfloat16, (8, 32) for float32), and copy into them with "
        "TMA (`plgpu.copy_gmem_to_smem`), which applies the transforms."
    ),
    bad_example='''
scratch_types=[plgpu.SMEM((64, 128), jnp.float16),   # no transforms
               plgpu.SMEM((128, 128), jnp.float16, transforms=TRANSFORMS)]
''',
    good_example='''
TRANSFORMS = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))
scratch_types=[plgpu.SMEM((64, 128), jnp.float16, transforms=TRANSFORMS),
               plgpu.SMEM((128, 128), jnp.float16, transforms=TRANSFORMS)]
''',
    fixable=False,
)


@dataclass(frozen=True)
class Misfit:
    what: str  # plain words
    jax_words: str  # JAX's text, as it begins


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in ref_ops_named(program, "plgpu.wgmma").items():
        for op in ops:
            misfit = misfit_of(program, op)
            if misfit is None:
                continue
            related = kernel_related(program, op.launch)
            yield Finding(RULE.code, program.span(node),
                          f"plgpu.wgmma: {misfit.what}. JAX fails with \"{misfit.jax_words}\". "
                          f"To fix: allocate a and b with transforms=(plgpu.TilingTransform((8, "
                          f"swizzle // itemsize)), plgpu.SwizzleTransform(swizzle)), one swizzle "
                          f"for both.", related=dedupe(related))
            break  # one finding per call: the first launch that fails there


def misfit_of(program: Program, op: Op) -> Misfit | None:
    """What of the operands' transforms Lane's wgmma rule refuses, in the order it checks."""
    if operand_faults(op) or program.semantics(op.launch.kernel).name != "Lane":
        return None  # a shape, dtype or accumulator fault stops tracing first (PAL014)
    a, b = _allocated(op.args.get("a")), _allocated(op.args.get("b"))
    a_kinds = _kinds(a)
    if a_kinds == ():
        return Misfit("a is an SMEM buffer allocated without transforms; wgmma reads it in "
                      "swizzled tiles", "When WGMMA lhs is passed in as a ref, it must be "
                      "transformed by swizzling and tiling appropriately.")
    if a_kinds == ("tiling",):
        return Misfit("a is an SMEM buffer tiled but not swizzled; wgmma reads it in swizzled "
                      "tiles", "WGMMA lhs has unsupported transforms")
    # A misfit tiling is PAL012's; a register lhs skips the swizzle checks.
    if a is None or b is None or not _fits(a) or not _fits(b):
        return None
    a_swizzle, b_swizzle = _swizzle(a), _swizzle(b)
    if a_swizzle == b_swizzle:
        return None
    return Misfit(f"a is swizzled by {a_swizzle} bytes and b by {b_swizzle}; wgmma takes one "
                  f"swizzle", "WGMMA rhs swizzle must match lhs swizzle")


def _allocated(value: object) -> RefVal | None:
    """An SMEM ref whose allocation the analysis saw (its transforms are the ones written)."""
    if not isinstance(value, RefVal) or value.space != "SMEM":
        return None
    if (value.root or value).node is None or not isinstance(value.transforms, tuple):
        return None
    if not all(isinstance(t, TransformVal) for t in value.transforms):
        return None
    return value


def _kinds(ref: RefVal | None) -> tuple[str, ...] | None:
    return None if ref is None else tuple(t.kind for t in ref.transforms)  # type: ignore[union-attr]


def _swizzle(ref: RefVal) -> int:
    return next(t.value for t in ref.transforms if t.kind == "swizzle")  # type: ignore[union-attr,return-value]


def _fits(ref: RefVal | None) -> bool:
    """(tiling (8, swizzle // itemsize), swizzle) with known numbers: what wgmma reads."""
    if ref is None or _kinds(ref) != ("tiling", "swizzle"):
        return False
    tiling, swizzle = (t.value for t in ref.transforms)  # type: ignore[union-attr]
    size = itemsize(ref.dtype)
    return type(swizzle) is int and swizzle in (32, 64, 128) and size is not None \
        and isinstance(tiling, tuple) and tiling == (8, swizzle // size)
