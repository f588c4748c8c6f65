"""PAL043 gmem_ref_transforms: a TMA copy of a reshaped or transposed GMEM ref."""

from __future__ import annotations

from collections.abc import Iterator

from ..gmem_ref_transforms import non_indexing_transform
from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..values import Const, RefVal
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL043",
    name="gmem_ref_transforms",
    title="a TMA copy of a reshaped or transposed global-memory ref",
    jax_message="NotImplementedError: Non-indexing transforms on GMEM refs are not implemented.",
    lowering_errors=(
        LoweringError(r"Non-indexing transforms on GMEM refs are not implemented",
                      exc_type="NotImplementedError"),
    ),
    what_it_means=(
        "A TMA copy (`plgpu.copy_gmem_to_smem`, `plgpu.copy_smem_to_gmem`) reads the "
        "global-memory side as the kernel's array, indexed (`x_gmem.at[...]`) and nothing "
        "else: Mosaic GPU builds the TMA descriptor from the array's own shape and strides. A "
        "`.reshape(...)` or a `plgpu.transpose_ref(...)` of a GMEM ref is a transform the copy "
        "cannot carry, whatever the shapes."
    ),
    when_it_happens=(
        "On the copy that takes the reshaped or transposed GMEM ref, while the kernel is "
        "lowered: `plgpu.copy_gmem_to_smem(x_gmem.reshape(64, 128), smem, barrier)`, "
        "`plgpu.copy_smem_to_gmem(smem, o_gmem.reshape(64, 128))`, "
        "`plgpu.copy_gmem_to_smem(plgpu.transpose_ref(x_gmem.at[:, :], (1, 0)), ...)`. "
        "Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1, under Lane and Warpgroup semantics."
    ),
    how_to_fix=(
        "Reshape or transpose the array outside the kernel (`x.reshape(64, 128)` before the "
        "call, so the kernel's ref has that shape), or copy a window of the ref as it is "
        "(`x_gmem.at[i]`) into a shared-memory buffer of that shape. A transposed operand of "
        "`wgmma` is taken with `plgpu.transpose_ref` of the shared-memory buffer, not of the "
        "global one."
    ),
    bad_example='''
plgpu.copy_gmem_to_smem(x_gmem.reshape(64, 128), smem, barrier)
''',
    good_example='''
plgpu.copy_gmem_to_smem(x_gmem.at[0], smem, barrier)
''',
    fixable=False,
)

# The GMEM operand of each TMA copy.
_GMEM_OPERANDS = {"plgpu.copy_gmem_to_smem": "src", "plgpu.copy_smem_to_gmem": "dst"}


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for op in program.ref_ops:
        keyword = _GMEM_OPERANDS.get(op.name)
        ref = op.args.get(keyword) if keyword is not None else None
        made = non_indexing_transform(ref)
        if made is None or id(op.node) in seen or not isinstance(ref, RefVal):
            continue
        seen.add(id(op.node))
        shape = f" of shape {short_repr(ref.shape.value)}" if isinstance(ref.shape, Const) else ""
        what = "reshape" if made == "reshape" else "plgpu.transpose_ref"
        related = (Related(program.span(ref.node), "the global-memory buffer is declared here"),) \
            if ref.node is not None else ()
        yield Finding(
            RULE.code, program.span(op.node),
            f"This TMA copy takes a global-memory ref made by a {what}{shape}: a TMA copy carries "
            f"only indexing (.at[...]) of a GMEM ref, and JAX raises \"NotImplementedError: "
            f"Non-indexing transforms on GMEM refs are not implemented.\" on the copy. "
            f"{'Reshape' if made == 'reshape' else 'Transpose'} the array before the kernel is "
            f"called, or copy a window of the ref as it is into a shared-memory buffer of the "
            f"shape you need.",
            related=related)
