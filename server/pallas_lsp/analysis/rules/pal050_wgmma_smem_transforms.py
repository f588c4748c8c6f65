"""PAL050 wgmma_smem_transforms: under Lane semantics plgpu.wgmma reads SMEM operands through
their tiling and swizzle transforms; an lhs allocated without them, an rhs tiled but not
swizzled, tiles of other than 8 rows, or lhs and rhs of different swizzles, cannot be
lowered."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Finding, Options
from ..program import Program
from ..smem_transforms import allocated_smem as _allocated
from ..smem_transforms import minor_fits as _minor_fits
from ..smem_transforms import swizzle_of as _swizzle
from ..smem_transforms import tile_rows as _rows
from ..smem_transforms import transform_kinds as _kinds
from ..trace import Op
from ..values import RefVal
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
        "NotImplementedError: WGMMA rhs swizzle must match lhs swizzle\n"
        "NotImplementedError: WGMMA lhs tiling does not fit swizzle. Got tiling=(16, 64), "
        "expected (8, 64)\n"
        "NotImplementedError: WGMMA rhs tiling does not fit swizzle\n"
        "ValueError: WGMMA rhs has unsupported transforms: [UntilingTransform(tiling=(8, 64))]."
    ),
    lowering_errors=(
        LoweringError(r"When WGMMA lhs is passed in as a ref, it must be transformed by "
                      r"swizzling and tiling", "ValueError"),
        LoweringError(r"WGMMA lhs has unsupported transforms: ", "ValueError"),
        LoweringError(r"WGMMA rhs swizzle must match lhs swizzle", "NotImplementedError"),
        LoweringError(r"WGMMA lhs tiling does not fit swizzle", "NotImplementedError"),
        LoweringError(r"WGMMA rhs tiling does not fit swizzle", "NotImplementedError"),
        # Judged under Lane only: Warpgroup's rule raises the same words for other reasons.
        LoweringError(r"WGMMA rhs has unsupported transforms: ", "ValueError",
                      sites=r":_wgmma_lowering$"),
    ),
    what_it_means=(
        "`plgpu.wgmma(acc, a, b)` reads an operand in shared memory (SMEM) the way the tensor "
        "cores want it: in tiles of (8, swizzle // itemsize) elements, swizzled by 32, 64 or "
        "128 bytes. The SMEM buffer must be allocated with those transforms "
        "(`plgpu.SMEM(shape, dtype, transforms=(plgpu.TilingTransform((8, 64)), "
        "plgpu.SwizzleTransform(128)))` for 16-bit dtypes), and `a` and `b` must use the same "
        "swizzle. A buffer allocated without transforms, or with a tiling alone, is laid out "
        "row by row, which wgmma cannot read; tiles of 16 or 64 rows are a layout the copies "
        "take but wgmma's descriptors do not."
    ),
    when_it_happens=(
        "Under Lane semantics (the default through 0.10.2, or `plgpu.CompilerParams("
        "lowering_semantics=plgpu.LoweringSemantics.Lane)`), on the `plgpu.wgmma` line, every "
        "release 0.8.3 to 0.12.0.1: an `a` ref allocated without transforms (\"When WGMMA lhs is "
        "passed in as a ref, it must be transformed by swizzling and tiling appropriately.\"), "
        "with a tiling and no swizzle (\"WGMMA lhs has unsupported transforms: "
        "[UntilingTransform(...)]\"), tiles of other than 8 rows such as (16, 64) (\"WGMMA lhs "
        "tiling does not fit swizzle. Got tiling=(16, 64), expected (8, 64)\"), a `b` tiled and "
        "not swizzled (\"WGMMA rhs has unsupported transforms: [UntilingTransform(...)].\"), "
        "`a` and `b` with different swizzles (\"WGMMA rhs swizzle must match lhs swizzle\"), a "
        "`b` in tiles of other than 8 rows (\"WGMMA rhs tiling does not fit swizzle\"), in "
        "that order. Not judged: a `b` ref without transforms (0.12.0.1 says \"WGMMA "
        "rhs has unsupported transforms: [].\", earlier releases raise a bare AssertionError), "
        "and Warpgroup semantics (the default from 0.11), which infers transforms, so a buffer "
        "without them lowers; there different swizzles and tiles of other than 8 rows fail "
        "layout inference, blamed on "
        "different lines by different releases. The analysis "
        "judges SMEM buffers it sees allocated (scratch types, `pl.run_scoped`); a tiling whose "
        "minor dimension does not fit its swizzle is PAL012's (the allocation refuses it)."
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


_TILE_ROWS = 8  # wgmma reads (8, swizzle // itemsize) tiles


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
    # A misfit tiling's minor dimension is PAL012's (the allocation refuses it); a register
    # lhs skips the swizzle checks.
    if a is None or not _minor_fits(a):
        return None
    if _rows(a) != _TILE_ROWS:
        return Misfit(_rows_words("a", a), "WGMMA lhs tiling does not fit swizzle")
    b_kinds = _kinds(b)
    # An rhs without transforms is not judged: before 0.12 it fails with a bare
    # AssertionError (from 0.11.2 the class of PAL008 / PAL020's), 0.12.0.1 says "WGMMA rhs
    # has unsupported transforms: []."
    if b_kinds == ("tiling",):
        return Misfit("b is an SMEM buffer tiled but not swizzled; wgmma reads it in swizzled "
                      "tiles", "WGMMA rhs has unsupported transforms")
    if b is None or not _minor_fits(b):
        return None
    a_swizzle, b_swizzle = _swizzle(a), _swizzle(b)
    if a_swizzle != b_swizzle:
        return Misfit(f"a is swizzled by {a_swizzle} bytes and b by {b_swizzle}; wgmma takes "
                      f"one swizzle", "WGMMA rhs swizzle must match lhs swizzle")
    if _rows(b) != _TILE_ROWS:
        return Misfit(_rows_words("b", b), "WGMMA rhs tiling does not fit swizzle")
    return None


def _rows_words(role: str, ref: RefVal) -> str:
    rows, minor = next(t.value for t in ref.transforms if t.kind == "tiling")  # type: ignore[union-attr,misc]
    return (f"{role} is tiled in ({rows}, {minor}) tiles; wgmma reads tiles of {_TILE_ROWS} "
            f"rows, ({_TILE_ROWS}, {minor}) for this swizzle and dtype")
