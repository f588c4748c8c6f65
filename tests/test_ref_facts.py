"""The ref facts (issue 27 item 4, analysis/ref_facts.py): every ref's memory space, shape,
dtype, transforms and views, and every data-movement op's operands, recorded by the analysis
on the value model (no rule reads the tree for them). Each case is a kernel a rule of the
TMA or transform families reads; the facts that cannot be known must stay UNKNOWN."""

from __future__ import annotations

import ast
import time

from pallas_lsp.analysis import Options, parse_jax_version
from pallas_lsp.analysis.program import Program, build_program
from pallas_lsp.analysis.values import (
    UNKNOWN,
    BarrierRefVal,
    Const,
    DimIndex,
    DtypeVal,
    RefVal,
    TransformVal,
)

HEADER = '''
import functools
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
'''


def program(body: str) -> Program:
    source = HEADER + body
    return build_program(ast.parse(source), Options(jax_version=parse_jax_version("0.12.0.1")),
                         time.monotonic() + 30, source)


def operand(prog: Program, name: str, keyword: str) -> object:
    ops = [op for op in prog.ref_ops if op.name == name]
    assert len(ops) == 1, [op.name for op in prog.ref_ops]
    return ops[0].args[keyword]


TMA = '''
@functools.partial(
    plgpu.kernel, out_type=jax.ShapeDtypeStruct((64, 128), jnp.float16),
    scratch_types=[plgpu.SMEM((64, 128), jnp.float16,
                              transforms=(plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))),
                   plgpu.Barrier(num_arrivals=1)])
def kernel(x_gmem, o_gmem, smem, barrier):
    plgpu.copy_gmem_to_smem(x_gmem, smem, barrier)
    plgpu.barrier_wait(barrier)
    plgpu.copy_smem_to_gmem(smem.at[pl.ds(8, 16), :], o_gmem.at[8:24])
    plgpu.wait_smem_to_gmem(0)

jax.jit(kernel)(jnp.ones((64, 128), jnp.float16))
'''


def test_scratch_ref_has_space_shape_dtype_and_transforms() -> None:
    prog = program(TMA)
    dst = operand(prog, "plgpu.copy_gmem_to_smem", "dst")
    assert isinstance(dst, RefVal)
    assert (dst.space, dst.shape, dst.dtype) == ("SMEM", Const((64, 128)), DtypeVal("float16"))
    assert dst.transforms == (TransformVal("tiling", (8, 64)), TransformVal("swizzle", 128))
    src = operand(prog, "plgpu.copy_gmem_to_smem", "src")
    assert isinstance(src, RefVal) and src.space == "GMEM" and src.transforms == ()
    # A Barrier scratch type gives the body its whole array (values.BarrierRefVal; PAL015).
    barrier = operand(prog, "plgpu.copy_gmem_to_smem", "barrier")
    assert isinstance(barrier, BarrierRefVal) and barrier.barrier.kind == "Barrier"


def test_views_follow_the_index() -> None:
    prog = program(TMA)
    src = operand(prog, "plgpu.copy_smem_to_gmem", "src")
    dst = operand(prog, "plgpu.copy_smem_to_gmem", "dst")
    assert isinstance(src, RefVal) and isinstance(dst, RefVal)
    assert src.shape == Const((16, 128)) and dst.shape == Const((16, 128))
    assert src.views == ((DimIndex("slice", 8, 16), DimIndex("slice", 0, 128)),)
    assert src.root is not None and src.root.shape == Const((64, 128))
    assert src.transforms == src.root.transforms
    assert operand(prog, "plgpu.wait_smem_to_gmem", "n") == Const(0)


def test_pallas_call_without_specs_copies_whole_arrays_into_smem() -> None:
    prog = program('''
def add_vectors_kernel(x_ref, y_ref, o_ref):
    x, y = x_ref[...], y_ref[...]
    o_ref[...] = x + y

x = jnp.arange(8)
pl.pallas_call(add_vectors_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
               compiler_params=plgpu.CompilerParams())(x, x)
''')
    loads = [a for a in prog.ref_accesses if a.kind == "load"]
    stores = [a for a in prog.ref_accesses if a.kind == "store"]
    assert len(loads) == 2 and len(stores) == 1
    for access in (*loads, *stores):
        assert isinstance(access.ref, RefVal)
        assert (access.ref.space, access.ref.shape, access.ref.dtype) == \
            ("SMEM", Const((8,)), DtypeVal("int32"))


def test_block_specs_leave_the_space_unknown() -> None:
    prog = program('''
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.ones((256,), jnp.float32)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
               in_specs=[pl.BlockSpec(memory_space=plgpu.GMEM)],
               compiler_params=plgpu.CompilerParams())(x)
''')
    assert prog.ref_accesses and all(a.ref.space is UNKNOWN for a in prog.ref_accesses)  # type: ignore[attr-defined]


def test_run_scoped_gives_refs_of_its_types() -> None:
    prog = program('''
@functools.partial(plgpu.kernel, out_type=jax.ShapeDtypeStruct((256,), jnp.float32))
def kernel(x_gmem, o_gmem):
    def scoped(smem, barrier):
        plgpu.copy_gmem_to_smem(x_gmem, smem, barrier)
    pl.run_scoped(scoped, plgpu.SMEM((128,), jnp.float32), plgpu.Barrier(num_arrivals=1))

jax.jit(kernel)(jnp.ones((256,), jnp.float32))
''')
    dst = operand(prog, "plgpu.copy_gmem_to_smem", "dst")
    assert isinstance(dst, RefVal) and (dst.space, dst.shape) == ("SMEM", Const((128,)))


def test_unknown_index_leaves_the_view_unknown() -> None:
    prog = program('''
import random
@functools.partial(plgpu.kernel, out_type=jax.ShapeDtypeStruct((2, 256), jnp.float32),
                   scratch_types=[plgpu.SMEM((256,), jnp.float32), plgpu.Barrier(num_arrivals=1)])
def kernel(x_gmem, o_gmem, smem, barrier):
    i = random.choice(["a", 1])
    plgpu.copy_gmem_to_smem(x_gmem.at[i], smem, barrier)

jax.jit(kernel)(jnp.ones((2, 256), jnp.float32))
''')
    src = operand(prog, "plgpu.copy_gmem_to_smem", "src")
    assert isinstance(src, RefVal) and src.shape is UNKNOWN and src.views is UNKNOWN
    assert src.dtype == DtypeVal("float32") and src.space == "GMEM"


def test_an_axis_index_indexes_one_row() -> None:
    # lax.axis_index is an int32 scalar in a kernel body: indexing with it drops the dimension.
    prog = program('''
@functools.partial(plgpu.kernel, out_type=jax.ShapeDtypeStruct((2, 256), jnp.float32),
                   scratch_types=[plgpu.SMEM((256,), jnp.float32), plgpu.Barrier(num_arrivals=1)])
def kernel(x_gmem, o_gmem, smem, barrier):
    i = jax.lax.axis_index("x")
    plgpu.copy_gmem_to_smem(x_gmem.at[i], smem, barrier)

jax.jit(kernel)(jnp.ones((2, 256), jnp.float32))
''')
    src = operand(prog, "plgpu.copy_gmem_to_smem", "src")
    assert isinstance(src, RefVal) and src.shape == Const((256,)) and src.space == "GMEM"


def test_hover_shows_each_copy_operand_as_the_facts_know_it() -> None:
    facts = {fact.op: dict(fact.facts) for fact in program(TMA).op_facts()}
    assert facts["copy_gmem_to_smem"]["dst"] == "SMEM (64, 128) float16, tiling (8, 64), swizzle 128"
    assert facts["copy_gmem_to_smem"]["src"] == "GMEM (64, 128) float16"
    assert facts["copy_smem_to_gmem"]["src"] == \
        "SMEM (16, 128) float16, tiling (8, 64), swizzle 128, a view of 64x128"
    assert facts["wait_smem_to_gmem"]["n"] == "0"


def test_a_negative_dimension_leaves_the_index_unknown() -> None:
    """Found by the analysis fuzzer: a ref of shape (64, -1) sliced along its second axis made
    `slice.indices` raise inside the analysis. JAX refuses such a shape before any index, so
    the index is not followed (and nothing raises)."""
    from pallas_lsp.analysis.ref_facts import index_dims
    from pallas_lsp.analysis.values import DSliceVal

    whole = DSliceVal(start=None, size=None, stride=None, stop=None, is_ds=False)
    assert index_dims(Const((64, -1)), (whole, whole)) is None
    assert index_dims(Const((64, 8)), (whole, whole)) is not None
