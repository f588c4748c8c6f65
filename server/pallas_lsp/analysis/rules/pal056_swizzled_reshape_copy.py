"""PAL056 swizzled_reshape_copy: a TMA copy of a reshape of a shared-memory buffer swizzled but
not tiled, the reshape changing the minor dimension the swizzle's rows need (Lane)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..swizzled_reshapes import SwizzledReshape, swizzled_reshape
from ..versions import TILED_REF_RESHAPES_FOLD, holds
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL056",
    name="swizzled_reshape_copy",
    title="a TMA copy of a reshaped swizzled buffer whose minor dimension no longer fills a "
          "swizzled row",
    jax_message=(
        "ValueError: Async copies with swizzle=128 require the last dimension of the slice to be "
        "exactly 128 bytes i.e.  64 elements, but got 32 elements.\n"
        "ValueError: Reshape shape (64, 2, 32) is not divisible by swizzle elements 64"
    ),
    lowering_errors=(
        # "{swizzle}" in JAX's template (the raise-site table); 0.12.0.1 prints a SwizzlingMode.
        LoweringError(r"Async copies with swizzle=.* require the last dimension of the slice to "
                      r"be exactly", exc_type="ValueError"),
        # Measured where the reshape is undone (0.8.3); from 0.10.2 the commuting rule of the
        # same check is not reached by a copy (the TMA check above raises).
        LoweringError(r"Reshape shape (\(|\{).* is not divisible by swizzle elements",
                      exc_type="ValueError", sites=r":UnswizzleRef\.untransform_reshape$"),
    ),
    what_it_means=(
        "`plgpu.SwizzleTransform(S)` permutes each row of S bytes of a shared-memory buffer as "
        "a whole, so the buffer's minor dimension is one row: S / itemsize elements (64 float16 "
        "for 128 bytes). `smem.reshape(...)` that splits or changes that dimension (a (64, 64) "
        "float16 buffer seen as (64, 2, 32)) describes rows the swizzle does not have, and the "
        "TMA unit cannot copy through it."
    ),
    when_it_happens=(
        "While the kernel is lowered, on the `plgpu.copy_gmem_to_smem` / `copy_smem_to_gmem` "
        "line, Lane semantics: from 0.10.2 (measured on 0.10.2, 0.11.2 and 0.12.0.1) the TMA "
        "check \"Async copies with swizzle=128 require the last dimension of the slice to be "
        "exactly 128 bytes ...\" (0.12.0.1 writes the swizzle as `<SwizzlingMode."
        "k128ByteSwizzle: 128>`), on 0.8.3 \"Reshape shape (64, 2, 32) is not divisible by "
        "swizzle elements 64\". Under Warpgroup the releases fail differently (layout inference, "
        "\"Unsupported transforms\"): not judged; nor are register loads of such a reshape (0.10.2 "
        "and 0.11.2 lower them). Judged for one reshape of the whole buffer copied to or from a "
        "plain GMEM window of its shape and dtype with rows of a multiple of 16 bytes."
    ),
    how_to_fix=(
        "Keep the swizzled dimension whole in the reshape (merge or split only the leading "
        "dimensions: `(2, 64, 64)` seen as `(128, 64)`), declare the buffer in the shape it is "
        "copied in (with the swizzle its minor dimension fills), or tile it too and reshape as "
        "the tiling allows."
    ),
    bad_example='''
smem = plgpu.SMEM((64, 64), jnp.float16, transforms=(plgpu.SwizzleTransform(128),))
plgpu.copy_gmem_to_smem(x_gmem, smem.reshape(64, 2, 32), barrier)
''',
    good_example='''
smem = plgpu.SMEM((2, 64, 64), jnp.float16, transforms=(plgpu.SwizzleTransform(128),))
plgpu.copy_gmem_to_smem(x_gmem, smem.reshape(128, 64), barrier)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    commutes = holds(TILED_REF_RESHAPES_FOLD, program.version)
    seen: set[int] = set()
    for op in program.ref_ops:
        if id(op.node) in seen or program.semantics(op.launch.kernel).name != "Lane":
            continue
        found = swizzled_reshape(op)
        if found is None:
            continue
        seen.add(id(op.node))
        related = [Related(program.span(found.swizzle.node), "the swizzle is built here")] \
            if found.swizzle.node is not None else []
        if found.smem.node is not None:
            related.append(Related(program.span(found.smem.node),
                                   "the shared-memory buffer is declared here"))
        yield Finding(RULE.code, program.span(op.node), _message(op.name, found, commutes, program),
                      related=tuple(related))


def _message(name: str, found: SwizzledReshape, commutes: bool, program: Program) -> str:
    swizzle = found.swizzle.value
    head = (f"{name.rsplit('.', 1)[-1]} moves a reshape {short_repr(found.before)} -> "
            f"{short_repr(found.after)} of a shared-memory buffer swizzled {swizzle} bytes (not "
            f"tiled): each swizzled row is {found.elems} elements, but the reshape's minor "
            f"dimension is {found.after[-1]}, rows the swizzle does not have.")
    if commutes:
        shown = (f"<SwizzlingMode.k{swizzle}ByteSwizzle: {swizzle}>"
                 if program.version >= (0, 12) else str(swizzle))
        raised = (f"\"ValueError: Async copies with swizzle={shown} require the last dimension "
                  f"of the slice to be exactly ... {found.elems} elements, but got "
                  f"{found.after[-1]} elements.\"")
    else:
        raised = (f"\"ValueError: Reshape shape {short_repr(found.after)} is not divisible by "
                  f"swizzle elements {found.elems}\"")
    return (f"{head} JAX raises {raised} while the kernel is lowered. Keep the minor dimension "
            f"whole ({found.elems}) and reshape only the leading ones, or declare the buffer in "
            f"the copied shape.")
