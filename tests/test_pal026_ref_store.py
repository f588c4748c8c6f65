"""PAL026 ref_store_mismatch on the cases JAX's swap check decides (jax/_src/state/primitives.py,
0.8.3 through 0.12.0.1): silent where JAX casts the value (weak floats, integers) or where
either side is not known; the quick fix casts the value to the ref's dtype."""

from __future__ import annotations

import ast
import time

import pytest
from pallas_lsp.analysis.model import Options
from pallas_lsp.analysis.pipeline import analyze
from pallas_lsp.analysis.program import Program, build_program

HEADER = '''
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

'''


def kernel(body: str, out: str = "jax.ShapeDtypeStruct((128,), jnp.float16)",
           x: str = "jnp.ones((128,), jnp.float32)") -> str:
    return HEADER + f'''
def body(x_ref, o_ref):
    {body}

plgpu.kernel(body, out_type={out})({x})
'''


def program(source: str) -> Program:
    return build_program(ast.parse(source), Options(), time.monotonic() + 60, source)


def pal026(source: str) -> list:
    return [f for f in analyze(source).findings if f.code == "PAL026"]


def test_a_float32_value_into_a_float16_ref_is_found_with_its_cast() -> None:
    source = kernel("o_ref[...] = x_ref[...] * 2")
    [finding] = pal026(source)
    assert finding.span.line == 9
    assert finding.message.startswith("o_ref is float16 [128] and the stored value is float32 [128]")
    [fix] = finding.fixes
    assert [edit.new_text for edit in fix.edits] == ["(x_ref[...] * 2).astype(o_ref.dtype)"]


def test_two_dtypes_promote_as_jax_promotes_them() -> None:
    """float32 + float16 is float32 (x64 off, JAX's lattice): a bfloat16 ref refuses it
    ("Invalid dtype for `swap`. Ref dtype: bfloat16. Value dtype: float32.", 0.10.2 and
    0.12.0.1 measured)."""
    source = kernel("o_ref[...] = x_ref[...] + x_ref[...].astype(jnp.float16)",
                    out="jax.ShapeDtypeStruct((128,), jnp.bfloat16)", x="jnp.ones((128,), jnp.float32)")
    [finding] = pal026(source)
    assert finding.message.startswith("o_ref is bfloat16 [128] and the stored value is float32 [128]")


def test_a_value_wider_than_the_slice_is_found_without_a_fix() -> None:
    source = kernel("o_ref[:, :32] = x_ref[...]", out="jax.ShapeDtypeStruct((128, 64), jnp.float32)",
                    x="jnp.ones((128, 64), jnp.float32)")
    [finding] = pal026(source)
    assert "o_ref is float32 [128, 32] and the stored value is float32 [128, 64]" in finding.message
    assert finding.fixes == ()


@pytest.mark.parametrize("body, out, x", [
    # A weakly typed float is cast to a float ref's dtype by ref_swap.
    ("o_ref[...] = jnp.full((128,), 2.0)", "jax.ShapeDtypeStruct((128,), jnp.float16)",
     "jnp.ones((128,), jnp.float32)"),
    # Python scalars keep the array's dtype.
    ("o_ref[...] = x_ref[...] * 2.0 + 1", "jax.ShapeDtypeStruct((128,), jnp.float16)",
     "jnp.ones((128,), jnp.float16)"),
    # Any integer value is cast to an integer ref's dtype (_maybe_implicit_cast's `or`).
    ("o_ref[...] = x_ref[...]", "jax.ShapeDtypeStruct((128,), jnp.int16)",
     "jnp.ones((128,), jnp.int32)"),
    ("o_ref[...] = x_ref[...].astype(o_ref.dtype)", "jax.ShapeDtypeStruct((128,), jnp.float16)",
     "jnp.ones((128,), jnp.float32)"),
    # Different dtypes with x64 on: the promotion table is x64 off's, not followed.
    ("jax.config.update('jax_enable_x64', True)\n"
     "    o_ref[...] = x_ref[...] + x_ref[...].astype(jnp.float16)",
     "jax.ShapeDtypeStruct((128,), jnp.bfloat16)", "jnp.ones((128,), jnp.float32)"),
    # An index the analysis cannot read.
    ("o_ref[pl.program_id(0)] = x_ref[...]", "jax.ShapeDtypeStruct((4, 128), jnp.float32)",
     "jnp.ones((128,), jnp.float32)"),
])
def test_silent_where_jax_casts_or_a_side_is_unknown(body: str, out: str, x: str) -> None:
    assert pal026(kernel(body, out, x)) == []


def test_a_pallas_call_block_has_no_known_shape() -> None:
    source = HEADER + '''
def body(x_ref, o_ref):
    o_ref[...] = x_ref[...]

pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct((256,), jnp.float32), grid=(2,),
               in_specs=[pl.BlockSpec((128,), lambda i: (i,))],
               out_specs=pl.BlockSpec((128,), lambda i: (i,)),
               compiler_params=plgpu.CompilerParams())(jnp.ones((256,), jnp.float32))
'''
    assert pal026(source) == []


def test_only_the_first_fault_of_a_kernel_is_reported() -> None:
    source = kernel("o_ref[...] = x_ref[...]\n    o_ref[...] = x_ref[...] + 1")
    assert [f.span.line for f in pal026(source)] == [9]


def test_a_store_under_a_branch_the_run_cannot_decide_is_not_judged() -> None:
    # JAX traces one branch of a Python `if`; which one is not known here.
    source = "import random\n" + kernel("if random.random() > 0.5:\n        o_ref[...] = x_ref[...]")
    assert [access.sure for access in program(source).ref_accesses if access.kind == "store"] == [False]
    assert pal026(source) == []


def test_a_0d_value_is_told_to_broadcast() -> None:
    [finding] = pal026(kernel("o_ref[...] = jnp.float32(0)",
                              out="jax.ShapeDtypeStruct((128,), jnp.float32)"))
    assert "stored value is float32 []" in finding.message
    assert "jnp.broadcast_to(value, (128,))" in finding.message
