"""PAL082 multimem_store_operands: a ``plgpu.multimem_store`` whose value's dtype or shape is
not the destination ref's: its abstract evaluation refuses it while the kernel is traced
(``_multimem_store_abstract_eval``, the same check on 0.8.3 - 0.12.0.1), before the mesh, the
axes or the layout are looked at."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..multimem_operands import store_operand_fault
from ..program import Program
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL082",
    name="multimem_store_operands",
    title="multimem_store of a value whose dtype or shape is not the ref's",
    jax_message=(
        "ValueError: Value dtype float32 does not match ref dtype int32\n"
        "ValueError: Value shape (64, 128) does not match ref shape (128, 128)"
    ),
    lowering_errors=(
        LoweringError(r"\AValue (dtype \S+ does not match ref dtype|shape .+ does not match ref shape)",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "`plgpu.multimem_store(value, ref, axes)` writes the register value into `ref` on every "
        "device of the mesh: the value must have the ref's dtype and shape (the shape of the "
        "`.at[...]` view when one is stored into). JAX converts nothing, unlike a plain "
        "`ref[...] = value` store."
    ),
    when_it_happens=(
        "A value of another dtype (a `jnp.full(..., jnp.float32)` stored into an int32 output, "
        "a float32 result into a bfloat16 ref) or another shape, when the kernel is traced: "
        "the error is raised on the multimem_store line, on every release 0.8.3 - 0.12.0.1 and "
        "under both lowering semantics, before the mesh or collective axes are checked."
    ),
    how_to_fix=(
        "Cast the value (`value.astype(ref.dtype)`), declare the output with the value's "
        "dtype, or store into a view of the value's shape (`ref.at[pl.ds(0, 64)]`)."
    ),
    bad_example='''
tile = jnp.full((128, 128), 5, jnp.float32)
plgpu.multimem_store(tile, y_ref, "x")        # y_ref is int32[128, 128]
''',
    good_example='''
tile = jnp.full((128, 128), 5, jnp.int32)
plgpu.multimem_store(tile, y_ref, "x")
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in program.ops_named("plgpu.multimem_store").items():
        faults = [(op, fault) for op in ops if (fault := store_operand_fault(op)) is not None]
        if not faults:
            continue
        op, (what, jax_words) = faults[0]
        related = (Related(program.span(op.launch.kernel.node), "the kernel is created here"),)
        yield Finding(
            RULE.code, program.span(node),
            f"multimem_store stores {what}. JAX raises \"ValueError: {jax_words}\" while the "
            f"kernel is traced. Store a value of the ref's dtype and shape: cast it with "
            f"`.astype(...)`, or store into a view of its shape.",
            related=related)
