"""PAL062 register_broadcast on the binary ops it decides, by release and semantics (measured:
register_broadcasts.py): Lane from 0.10.2 refuses vec_sizes that differ and a size-1 dim
expanded after a larger one, and lowers a leading-dims broadcast of one vec_size; 0.8.3
refuses every broadcast of a WG-strided array; Warpgroup from 0.10.2 lowers row broadcasts."""

from __future__ import annotations

import pytest
from pallas_lsp.analysis.model import Options
from pallas_lsp.analysis.pipeline import analyze
from pallas_lsp.analysis.versions import parse_jax_version

HEADER = '''
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

'''


def kernel(expr: str, x: str, y: str, semantics: str = "Lane", dtype: str = "float32") -> str:
    return HEADER + f'''
def body(x_ref, y_ref, o_ref):
    o_ref[...] = {expr}

params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.{semantics})
out = jax.ShapeDtypeStruct(jnp.broadcast_shapes({x}, {y}), jnp.{dtype})
call = plgpu.kernel(body, out_type=out, compiler_params=params)
call(jnp.ones({x}, jnp.{dtype}), jnp.ones({y}, jnp.{dtype}))
'''


def pal062(source: str, version: str = "0.12.0.1") -> list:
    options = Options(jax_version=parse_jax_version(version))
    return [f for f in analyze(source, options).findings if f.code == "PAL062"]


@pytest.mark.parametrize("x, y, dtype, words", [
    ("(4, 128)", "(128,)", "float32", "Incompatible FragmentedArray layouts"),
    ("(8, 128)", "(1, 128)", "float32", "Incompatible FragmentedArray layouts"),
    ("(64, 128)", "(128,)", "float32", "Incompatible FragmentedArray layouts"),
    ("(4, 128)", "(128,)", "bfloat16", "Incompatible FragmentedArray layouts"),
    ("(128, 128)", "(128, 1)", "float32", "Unsupported broadcast for WGStridedFragLayout"),
    ("(1, 256)", "(256, 1)", "float32", "Unsupported broadcast for WGStridedFragLayout"),
])
def test_lane_refusals_from_0_10_2(x: str, y: str, dtype: str, words: str) -> None:
    [finding] = pal062(kernel("x_ref[...] + y_ref[...]", x, y, dtype=dtype))
    assert finding.span.line == 8
    assert words in finding.message


@pytest.mark.parametrize("x, y", [
    ("(4, 256)", "(256,)"), ("(2, 256)", "(1, 256)"), ("(64, 256)", "(256,)"),
    ("(2, 4, 128)", "(4, 128)"), ("(2, 2, 128)", "(2, 128)"),
    ("(4, 128)", "(4, 128)"),  # no broadcast
    ("(4, 32)", "(32,)"),  # 32 elements: the load fails first (PAL027)
])
def test_lane_lowers_one_vec_size_leading_broadcasts(x: str, y: str) -> None:
    assert pal062(kernel("x_ref[...] * y_ref[...]", x, y)) == []


def test_0_8_3_refuses_any_broadcast_under_both_semantics() -> None:
    lane = kernel("x_ref[...] - y_ref[...]", "(4, 256)", "(256,)")
    assert "broadcasts splats only" in pal062(lane, "0.8.3")[0].message
    warpgroup = kernel("y_ref[...] + x_ref[...]", "(4, 128)", "(128,)", semantics="Warpgroup")
    assert "Unsupported broadcast" in pal062(warpgroup, "0.8.3")[0].message
    assert pal062(warpgroup, "0.10.2") == []


def test_warpgroup_blames_the_launch_for_a_column_broadcast() -> None:
    [finding] = pal062(kernel("x_ref[...] + y_ref[...]", "(128, 128)", "(128, 1)",
                              semantics="Warpgroup"))
    assert finding.span.line == 13
    assert "Failed to infer a possible set of layouts" in finding.message


def test_a_scalar_or_a_splat_operand_is_not_judged() -> None:
    assert pal062(kernel("x_ref[...] + 1.0 + jnp.zeros((128,), jnp.float32)",
                         "(4, 128)", "(4, 128)")) == []


def test_one_finding_per_launch_at_the_first_refused_op() -> None:
    source = kernel("(x_ref[...] + y_ref[...]) * y_ref[...]", "(4, 128)", "(128,)")
    assert len(pal062(source)) == 1
