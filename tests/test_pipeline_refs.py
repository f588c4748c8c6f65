"""The refs a pipeline body gets (analysis/pipelines.py slot_refs, warp_pipelines.py; docs/design.md):
plgpu.emit_pipeline and emit_pipeline_warp_specialized trace their body when the pipeline
runs, on one SMEM slot ref per spec (the block's shape, the GMEM ref's dtype, the spec's
transforms), the GMEM ref itself for a memory_space=plgpu.GMEM spec, and the compute
context's carry. What cannot be known stays UNKNOWN."""

from __future__ import annotations

import ast
import time

from pallas_lsp.analysis import Options, parse_jax_version
from pallas_lsp.analysis.program import Program, build_program
from pallas_lsp.analysis.values import UNKNOWN, AccRefVal, Const, DtypeVal, RefVal

HEADER = '''
import functools
import os
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
T = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))
'''

PIPELINE = '''
def kernel(a_ref, b_ref, o_ref):
    def body(indices, a_smem, b_smem):
        def scope(acc):
            plgpu.wgmma(acc, a_smem, b_smem)
            return acc[...]
        pl.run_scoped(scope, plgpu.ACC((64, 64)))
    plgpu.emit_pipeline(body, grid=(2,), in_specs=[SPEC_A, SPEC_B])(a_ref, b_ref)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((64, 64), jnp.float32))
jax.jit(f)(jnp.ones((64, 128), jnp.float16), jnp.ones((2, 128, 64), jnp.float16))
'''
SPEC_A = "plgpu.BlockSpec((64, 64), lambda k: (0, k), transforms=T)"
SPEC_B = "plgpu.BlockSpec((None, 64, 64), lambda k: (0, k, 0))"


def program(body: str) -> Program:
    source = HEADER + body
    return build_program(ast.parse(source), Options(jax_version=parse_jax_version("0.12.0.1")),
                         time.monotonic() + 30, source)


def wgmma_args(body: str) -> dict[str, object]:
    ops = [op for op in program(body).ref_ops if op.name == "plgpu.wgmma"]
    assert len(ops) == 1, [op.name for op in program(body).ref_ops]
    return ops[0].args


def test_the_body_gets_one_smem_slot_per_spec_with_block_shape_dtype_and_transforms() -> None:
    args = wgmma_args(PIPELINE.replace("SPEC_A", SPEC_A).replace("SPEC_B", SPEC_B))
    a, b = args["a"], args["b"]
    assert isinstance(a, RefVal) and a.space == "SMEM" and a.shape == Const((64, 64))
    assert a.dtype == DtypeVal("float16") and isinstance(a.transforms, tuple) and len(a.transforms) == 2
    # None in a block shape is a squeezed dimension: the slot is (64, 64), not (1, 64, 64).
    assert isinstance(b, RefVal) and b.shape == Const((64, 64)) and b.transforms == ()


def test_a_gmem_spec_hands_the_gmem_ref_and_an_unknown_block_leaves_the_shape_unknown() -> None:
    gmem = "pl.BlockSpec(memory_space=plgpu.GMEM)"
    # A block of the GMEM ref's rank (JAX refuses another rank before it traces the body).
    unknown = "plgpu.BlockSpec((None, int(os.environ['M']), 64), lambda k: (0, 0, k))"
    args = wgmma_args(PIPELINE.replace("SPEC_A", gmem).replace("SPEC_B", unknown))
    assert isinstance(args["a"], RefVal) and args["a"].space == "GMEM" and args["a"].shape == Const((64, 128))
    assert isinstance(args["b"], RefVal) and args["b"].shape is UNKNOWN


def test_refs_not_counted_or_a_spec_count_that_does_not_match_leave_every_ref_unknown() -> None:
    starred = PIPELINE.replace("SPEC_A", SPEC_A).replace("SPEC_B", SPEC_B).replace(
        "(a_ref, b_ref)", "(*REFS)").replace("def kernel", "REFS = os.environ['R']\ndef kernel")
    assert wgmma_args(starred)["a"] is UNKNOWN
    one_spec = PIPELINE.replace("SPEC_A, SPEC_B", SPEC_A)
    assert wgmma_args(one_spec)["a"] is UNKNOWN


def test_a_pipeline_never_run_is_not_traced() -> None:
    body = PIPELINE.replace("SPEC_A", SPEC_A).replace("SPEC_B", SPEC_B).replace("(a_ref, b_ref)\n", "\n")
    assert [op for op in program(body).ref_ops if op.name == "plgpu.wgmma"] == []


WARP = '''
def kernel(a_ref, b_ref, o_ref):
    def context(eval_pipeline):
        @functools.partial(pl.run_scoped, acc=ACC)
        def _scope(acc):
            eval_pipeline(acc)
    def body(indices, a_smem, b_smem, acc):
        plgpu.wgmma(acc, a_smem, b_smem)
        return acc
    plgpu.emit_pipeline_warp_specialized(
        body, grid=(2,), memory_registers=40, wg_axis="wg", num_compute_wgs=1,
        in_specs=[plgpu.BlockSpec((64, 64), lambda k: (0, k)),
                  plgpu.BlockSpec((64, 64), lambda k: (k, 0))],
        compute_context=context, EXTRA)(a_ref, b_ref)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((64, 64), jnp.float32),
                 num_threads=2, thread_name="wg")
jax.jit(f)(jnp.ones((64, 128), jnp.float16), jnp.ones((128, 64), jnp.float16))
'''


def test_a_warp_specialized_body_gets_the_slots_and_the_compute_contexts_carry() -> None:
    args = wgmma_args(WARP.replace("ACC", "plgpu.ACC((64, 64))").replace(", EXTRA", ""))
    assert isinstance(args["acc"], AccRefVal) and args["acc"].shape == Const((64, 64))
    assert isinstance(args["a"], RefVal) and args["a"].shape == Const((64, 64))
    smem_acc = wgmma_args(WARP.replace("ACC", "plgpu.SMEM((64, 64), jnp.float32)").replace(", EXTRA", ""))
    assert isinstance(smem_acc["acc"], RefVal) and smem_acc["acc"].space == "SMEM"


def test_barriers_handed_to_a_warp_specialized_body_leave_its_arguments_unknown() -> None:
    args = wgmma_args(WARP.replace("ACC", "plgpu.ACC((64, 64))").replace(
        "EXTRA", "manual_consumed_barriers=True"))
    assert args["a"] is UNKNOWN and args["acc"] is UNKNOWN
