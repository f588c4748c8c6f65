"""PAL061 register_array_slice on the subscripts it decides: a proper static slice or element of
an array loaded whole from an untransformed ref (Lane: on its line; Warpgroup: on the launch),
silent on subscripts that take every element, on steps, negative ints and None, on a tiled
or unknown layout; the quick fix slices the ref instead where that part has a multiple of 128
elements (measured: such ref slices lower on 0.8.3 - 0.12.0.1 under both semantics)."""

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


def kernel(body: str, shape: str = "(256,)", out: str = "(128,)", semantics: str = "Lane") -> str:
    return HEADER + f'''
def body(x_ref, o_ref):
    {body}

params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.{semantics})
call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct({out}, jnp.float32),
                    compiler_params=params)
call(jnp.ones({shape}, jnp.float32))
'''


def pal061(source: str, version: str = "0.12.0.1") -> list:
    options = Options(jax_version=parse_jax_version(version))
    return [f for f in analyze(source, options).findings if f.code == "PAL061"]


def test_a_slice_of_a_whole_load_is_found_on_its_line_with_the_ref_slice_as_fix() -> None:
    [finding] = pal061(kernel("o_ref[...] = x_ref[...][:128]"))
    assert finding.span.line == 8
    assert "Only arrays with tiled layouts can be sliced" in finding.message
    [fix] = finding.fixes
    assert [edit.new_text for edit in fix.edits] == ["x_ref[:128]"]


def test_warpgroup_blames_the_launch_once() -> None:
    source = kernel("o_ref[...] = x_ref[...][:128] + x_ref[...][128:]", semantics="Warpgroup")
    [finding] = pal061(source)
    assert finding.span.line == 13
    assert "Failed to infer a possible set of layouts" in finding.message


def test_an_element_of_an_elementwise_result_is_found_without_a_fix() -> None:
    [finding] = pal061(kernel("x = x_ref[...] * 2.0\n    o_ref[...] = x[1]", shape="(4, 128)"))
    assert finding.message.startswith("This takes an element of a (4, 128) float32 array")
    assert finding.fixes == ()  # x is an array: x[1] is the same slice again


def test_a_part_not_a_multiple_of_128_gets_no_fix() -> None:
    [finding] = pal061(kernel("o_ref[...] = x_ref[...][:64]", out="(64,)"))
    assert finding.fixes == ()


@pytest.mark.parametrize("body, shape", [
    ("o_ref[...] = x_ref[...][0:256][:128] * 0 + x_ref[:128]", "(256,)"),  # the first takes all
    ("o_ref[...] = x_ref[...][:1000][:0] + x_ref[:128]", "(256,)"),  # an empty slice
    ("o_ref[...] = x_ref[...][::2]", "(256,)"),  # a step: PAL019's "Strides are not supported"
    ("o_ref[...] = x_ref[...][-1]", "(4, 128)"),  # 0.8.3 lowers it as a dynamic_slice
    ("o_ref[...] = x_ref[...][None, :128][0]", "(256,)"),  # 0.8.3: a gather
    ("o_ref[...] = x_ref[...][:32]", "(32,)"),  # 32 elements: the load fails first (PAL027)
])
def test_silent_where_not_decided(body: str, shape: str) -> None:
    assert pal061(kernel(body, shape=shape)) == []


def test_an_int_index_under_warpgroup_on_0_8_3_is_not_judged() -> None:
    # 0.8.3 has no Warpgroup rule for the squeeze that follows (PAL019's).
    source = kernel("o_ref[...] = x_ref[...][1]", shape="(4, 128)", semantics="Warpgroup")
    assert pal061(source, "0.8.3") == []
    assert len(pal061(source, "0.10.2")) == 1


@pytest.mark.parametrize("body, shape, out", [
    ("o_ref[...] = x_ref[...][:, None]", "(128,)", "(128, 1)"),
    ("o_ref[...] = x_ref[...][..., None]", "(4, 128)", "(4, 128, 1)"),
    ("o_ref[...] = x_ref[...][:, None, :]", "(4, 128)", "(4, 1, 128)"),
])
def test_a_new_axis_after_a_dim_is_found(body: str, shape: str, out: str) -> None:
    [finding] = pal061(kernel(body, shape=shape, out=out))
    assert "Unsupported layout: WGStridedFragLayout" in finding.message
    assert finding.fixes == ()
    assert len(pal061(kernel(body, shape=shape, out=out, semantics="Warpgroup"), "0.10.2")) == 1
    assert pal061(kernel(body, shape=shape, out=out, semantics="Warpgroup"), "0.8.3") == []


@pytest.mark.parametrize("body, shape, out", [
    ("o_ref[...] = x_ref[...][None]", "(4, 128)", "(1, 4, 128)"),
    ("o_ref[...] = x_ref[...][None, :]", "(256,)", "(1, 256)"),
    ("o_ref[...] = x_ref[...][None, ...]", "(256,)", "(1, 256)"),
])
def test_a_leading_new_axis_is_silent(body: str, shape: str, out: str) -> None:
    assert pal061(kernel(body, shape=shape, out=out)) == []
