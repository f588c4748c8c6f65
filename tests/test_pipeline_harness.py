"""A pallas_call-like harness over plgpu.emit_pipeline (as JAX's own tests write one): the
values the analysis follows through it (jax_calls: util.partition_list / merge_lists,
jax.tree.leaves, CompilerParams fields; python/interp/support.py: `[spec] * n`; pipelines.py:
replaced index_maps counted at their pipeline). docs/design.md, PAL016."""

from __future__ import annotations

import ast
import time

from pallas_lsp.analysis import Options, parse_jax_version
from pallas_lsp.analysis.pipelines import BlockSpecVal
from pallas_lsp.analysis.program import build_program
from pallas_lsp.analysis.trace import Op
from pallas_lsp.analysis.values import Const

HARNESS = '''
import dataclasses
import jax
import jax.numpy as jnp
from jax import lax
from jax._src import util
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

out_shape = jax.ShapeDtypeStruct((64, 128), jnp.float32)
params = plgpu.CompilerParams(dimension_semantics=["parallel", "sequential"], MORE)
which = [ds == "parallel" for ds in params.dimension_semantics]
sequential, parallel = util.partition_list(which, (2, 4))
spec = pl.BlockSpec((32, 32), INDEX_MAP)
wrapped = dataclasses.replace(spec, index_map=lambda *ix: spec.index_map(
    *util.merge_lists(which, ix[:len(sequential)], [lax.axis_index("d0")])))

def kernel(*refs):
    inputs = len(refs) - len(jax.tree.leaves(out_shape))
    plgpu.emit_pipeline(lambda ix, *r: None, grid=sequential, in_specs=[pl.BlockSpec()] * inputs,
                        out_specs=[wrapped], max_concurrent_steps=params.max_concurrent_steps)(*refs)

f = plgpu.kernel(kernel, out_type=out_shape, grid=parallel, grid_names=("d0",))
jax.jit(f)(jnp.ones((64, 128), jnp.float32))
'''


def emit_op(index_map: str = "lambda i, j: (i, j)", more: str = "max_concurrent_steps=3") -> Op:
    source = HARNESS.replace("INDEX_MAP", index_map).replace("MORE", more)
    program = build_program(ast.parse(source), Options(jax_version=parse_jax_version("0.12.0.1")),
                            time.monotonic() + 30, source)
    ops = [op for op in program.ops if op.name == "plgpu.emit_pipeline"]
    assert len(ops) == 1, [op.name for op in program.ops]
    return ops[0]


def test_the_grid_split_the_specs_repeated_and_the_params_read_back() -> None:
    op = emit_op()
    assert op.args["grid"] == Const((4,))  # partition_list: the sequential part
    # [pl.BlockSpec()] * (2 refs - 1 output leaf): one whole-ref spec.
    (spec,) = op.args["in_specs"]
    assert isinstance(spec, BlockSpecVal) and spec.index_count is None and spec.space == "SMEM"
    assert op.args["max_concurrent_steps"] == Const(3)


def test_an_unwritten_compiler_params_field_reads_as_jax_default() -> None:
    assert emit_op(more="approx_math=True").args["max_concurrent_steps"] == Const(1)


def test_a_replaced_index_map_is_counted_with_one_index_per_grid_dimension() -> None:
    (spec,) = emit_op("lambda i, j: (i,)").args["out_specs"]
    assert isinstance(spec, BlockSpecVal) and spec.index_count == 1 and spec.index_params == 1


def test_a_replaced_index_map_that_cannot_take_the_grid_stays_uncounted() -> None:
    source_map = "lambda i, j: (i, j)"
    op = emit_op(source_map)
    (spec,) = op.args["out_specs"]
    assert spec.index_count == 2
    # The wrapper itself taking two positional indices, with a grid of one dimension: JAX's
    # call would fail with a TypeError of its own, so nothing is counted.
    source = HARNESS.replace("INDEX_MAP", source_map).replace("MORE", "max_concurrent_steps=3") \
        .replace("lambda *ix: spec.index_map(", "lambda a, b, *ix: spec.index_map(")
    program = build_program(ast.parse(source), Options(jax_version=parse_jax_version("0.12.0.1")),
                            time.monotonic() + 30, source)
    (emit,) = [op for op in program.ops if op.name == "plgpu.emit_pipeline"]
    (spec,) = emit.args["out_specs"]
    assert spec.index_count is None and spec.index_params is None
