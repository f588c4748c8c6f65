"""PAL012 / PAL013 / PAL027 beyond their fixtures: the quick fix makes the clean twin, and the
rules stay silent where a fact they need is unknown (issue 27: precision first)."""

from __future__ import annotations

import pytest
from pallas_lsp.analysis import Options, analyze, parse_jax_version
from pallas_lsp.analysis.upgrade import apply_edits
from support import FIXTURES

VERSIONS = ("0.8.3", "0.10.2", "0.12.0.1")


def findings(source: str, version: str = "0.12.0.1", code: str | None = None) -> list:
    analysis = analyze(source, Options(jax_version=parse_jax_version(version)))
    return [f for f in analysis.findings if code is None or f.code == code]


def code_lines(text: str) -> list[str]:
    """The file without its docstring and markers: what a fix must reproduce."""
    body = text.split('"""', 2)[2]
    return [line.split("  # expect")[0] for line in body.splitlines()]


@pytest.mark.parametrize("failing, clean", [
    ("pal012/swizzle_unsupported.py", "clean/swizzle_128_ok.py"),
    ("pal012/tile_does_not_fit_swizzle.py", "clean/tile_fits_swizzle_ok.py"),
])
def test_the_swizzle_fix_gives_the_clean_twin(failing: str, clean: str) -> None:
    source = (FIXTURES / "single" / failing).read_text(encoding="utf-8")
    [finding] = findings(source, code="PAL012")
    [fix] = finding.fixes
    fixed, applied = apply_edits(source, fix.edits)
    assert applied == 1
    assert code_lines(fixed) == code_lines((FIXTURES / "single" / clean).read_text(encoding="utf-8"))
    assert findings(fixed) == []


KERNEL = '''
import functools
import sys
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = {shape}
DTYPE = {dtype}
TRANSFORMS = {transforms}


@functools.partial(
    plgpu.kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(SHAPE, DTYPE, transforms=TRANSFORMS), plgpu.Barrier(num_arrivals=1)])
def kernel(x_gmem, o_gmem, smem, barrier):
    plgpu.copy_gmem_to_smem({src}, smem, barrier)
    plgpu.barrier_wait(barrier)
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem({wait})


jax.jit(kernel)(jnp.ones({input_shape}, DTYPE))
'''


def kernel(shape: str = "(256,)", dtype: str = "jnp.float32", transforms: str = "()",
           src: str = "x_gmem", wait: str = "0", input_shape: str = "SHAPE") -> str:
    return KERNEL.format(shape=shape, dtype=dtype, transforms=transforms, src=src, wait=wait,
                         input_shape=input_shape)


SILENT = {
    # A swizzle or tile read from the command line, a dtype not known, a shape not known:
    # JAX may or may not raise; the rules cannot tell.
    "swizzle from argv": kernel(shape="(64, 128)", dtype="jnp.float16",
                                transforms="(plgpu.TilingTransform((8, 64)), "
                                           "plgpu.SwizzleTransform(int(sys.argv[1])))"),
    "tile from argv": kernel(shape="(64, 128)", dtype="jnp.float16",
                             transforms="(plgpu.TilingTransform((8, int(sys.argv[1]))), "
                                        "plgpu.SwizzleTransform(128))"),
    "dtype from argv": kernel(shape="(64, 128)", dtype="jnp.dtype(sys.argv[1])",
                              transforms="(plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))"),
    # x64 off (JAX's default, the program not turning it on), the float64 argument arrives
    # as float32 and the float64 buffer keeps its dtype (PAL013, fixture
    # pal013/copy_float64_buffer_argument_narrowed.py); here x64 may be on, so the
    # argument's dtype is not known (the 128 bytes of the float64 buffer pass Lane's check).
    "64-bit dtype (x64 may be on)": kernel(shape="(16,)", dtype="jnp.float64").replace(
        "SHAPE = (16,)",
        "import random\njax.config.update('jax_enable_x64', random.random() > 0.5)\nSHAPE = (16,)"),
    "traced index into gmem": kernel(shape="(256,)", src="x_gmem.at[jax.lax.axis_index('x')]",
                                     input_shape="(2, 256)"),
    "wait count from argv": kernel(wait="int(sys.argv[1])"),
    "collective copy": kernel(shape="(128,)", src="x_gmem", input_shape="(256,)").replace(
        "smem, barrier)", "smem, barrier, collective_axes='x')"),
    "swizzle in an untaken branch": kernel(shape="(64, 128)", dtype="jnp.float16",
                                           transforms="(plgpu.TilingTransform((8, 64)), "
                                                      "plgpu.SwizzleTransform(128 if len(sys.argv) < 9 "
                                                      "else 96))"),
}


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("name", sorted(SILENT))
def test_silent_when_a_fact_is_unknown(name: str, version: str) -> None:
    assert [f.code for f in findings(SILENT[name], version) if f.code in ("PAL012", "PAL013", "PAL027")] == []


def test_each_mechanism_still_fires() -> None:
    # The twins of the silent cases above, with the fact known.
    assert [f.code for f in findings(kernel(shape="(64, 128)", dtype="jnp.float16", transforms=(
        "(plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(96))")))] == ["PAL012"]
    assert [f.code for f in findings(kernel(shape="(64, 128)", dtype="jnp.float16", transforms=(
        "(plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))")))] == ["PAL012"]
    assert [f.code for f in findings(kernel(shape="(8,)"), "0.10.2")] == ["PAL013"]
    assert [f.code for f in findings(kernel(shape="(8,)"), "0.12.0.1")] == []  # Warpgroup lowers it
    assert [f.code for f in findings(kernel(shape="(128,)", src="x_gmem.at[1]",
                                            input_shape="(2, 256)"))] == ["PAL013"]
    assert [f.code for f in findings(kernel(wait="-2"))] == ["PAL013"]


WARP_LOAD = '''
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

LANE = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)


def add_one(x_ref, o_ref):
    {body}


call = plgpu.kernel(add_one, out_type=jax.ShapeDtypeStruct((64,), jnp.float32), compiler_params=LANE)
jax.jit(call)(jnp.ones((64,), jnp.float32))
'''


def test_ref_load_size_is_silent_in_warp_level_code() -> None:
    # Warp-level code (pl.core_map over a WarpMesh) loads scalars only: another error, PAL065's
    # ("Can only load scalars in warp-level code", pal065/warp_load_whole_lane.py), not PAL027's.
    warp = WARP_LOAD.format(body='''@pl.core_map(plgpu.WarpMesh(axis_name="warp"))
    def _():
        o_ref[...] = x_ref[...] + 1''')
    assert [f.code for f in findings(warp)] == ["PAL065"]
    assert [f.code for f in findings(WARP_LOAD.format(body="o_ref[...] = x_ref[...] + 1"))] == ["PAL027"]


def test_vmapped_arrays_lose_their_host_shape() -> None:
    # Under jax.vmap the kernel sees each (256,) row of the (4, 256) array: no mismatch.
    source = kernel(shape="(256,)", input_shape="(4, 256)").replace(
        "jax.jit(kernel)(", "jax.jit(jax.vmap(kernel))(")
    assert [f.code for f in findings(source)] == []


CONSTRUCTED_IN = '''
import functools
import jax
from jax.experimental.pallas import mosaic_gpu as plgpu


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def attention(q, config):
    return q


def _fwd(q, config):
    return q, None


def _bwd(config, res, do):
    swizzle = plgpu.SwizzleTransform(96)
    barrier = plgpu.Barrier(num_arrivals=0)
    return (do,)


attention.defvjp(_fwd, _bwd)
{tail}
'''


def test_a_construction_in_a_callback_never_run_is_silent() -> None:
    """A custom_vjp's backward rule is handed to code we cannot see (defvjp) and never runs
    without a gradient: the transform and barrier it would build raise nothing (found in the
    families corpus: JAX's attention_mgpu with its backward swizzle mutated lowers cleanly)."""
    assert findings(CONSTRUCTED_IN.format(tail="print(attention(1, 2))")) == []
    # Called for real, the same constructions raise where they are built.
    called = findings(CONSTRUCTED_IN.format(tail="print(_bwd(1, None, 2))"))
    assert {f.code for f in called} == {"PAL012", "PAL015"}, called


RESHAPED = '''
import functools
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TRANSFORMS = ({transforms})


@functools.partial(
    plgpu.kernel, out_type=jax.ShapeDtypeStruct({after}, jnp.float16),
    scratch_types=[plgpu.SMEM({before}, jnp.float16, transforms=TRANSFORMS)])
def kernel(x_gmem, o_gmem, smem):
    plgpu.copy_smem_to_gmem({ref}, o_gmem)
    plgpu.wait_smem_to_gmem(0)


print(jax.jit(kernel)(jnp.ones({after}, jnp.float16)))
'''
TILED = "plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128)"


@pytest.mark.parametrize("before, after, ref, transforms, words", [
    ("(64, 128)", "(2, 32, 128)", "smem.reshape(2, 32, 128)", TILED, "splits a dimension"),
    ("(2, 64, 128)", "(128, 128)", "smem.reshape(128, 128)", TILED, "untiled dimension"),
    ("(64, 8, 64)", "(64, 512)", "smem.reshape(64, 512)", TILED, "tiles are (8, 64)"),
    # A view of a leading dimension is reshaped as the view's shape (64, 128) (measured).
    ("(2, 64, 128)", "(8, 8, 128)", "smem.at[0].reshape(8, 8, 128)", TILED, "splits a dimension"),
])
def test_a_reshape_the_tiling_refuses(before: str, after: str, ref: str, transforms: str,
                                      words: str) -> None:
    source = RESHAPED.format(before=before, after=after, ref=ref, transforms=transforms)
    [finding] = findings(source, code="PAL012")
    assert words in finding.message and finding.span.line == 15, finding
    # 0.8.3 refuses every reshape of a tiled ref with no kernel line: not judged there.
    assert findings(source, "0.8.3", "PAL012") == []


@pytest.mark.parametrize("before, after, ref, transforms", [
    ("(64, 2, 64)", "(64, 128)", "smem.reshape(64, 128)",
     "plgpu.TilingTransform((1, 64)), plgpu.SwizzleTransform(128)"),  # lowers (measured)
    ("(2, 64, 128)", "(2, 64, 128)", "smem.reshape(2, 64, 128)", TILED),  # the same shape
    ("(64, 64)", "(64, 64)", "smem.reshape(64, 64)", "plgpu.SwizzleTransform(128),"),  # not tiled
    # A reshape of a reshape, of a window JAX refuses first, of a shape not known: not judged.
    ("(64, 128)", "(2, 32, 128)", "smem.reshape(64, 128).reshape(2, 32, 128)", TILED),
    ("(64, 128)", "(2, 16, 128)", "smem.at[pl.ds(4, 32)].reshape(2, 16, 128)", TILED),
    ("(64, 128)", "(2, 32, 128)", "smem.reshape(*SHAPE)", TILED),
])
def test_a_reshape_not_judged(before: str, after: str, ref: str, transforms: str) -> None:
    source = RESHAPED.format(before=before, after=after, ref=ref, transforms=transforms)
    assert not [f for f in findings(source, code="PAL012") if "reshape" in f.message]
