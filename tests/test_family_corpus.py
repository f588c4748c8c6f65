"""The families corpus tooling (bench/corpus): its mutation operators and its raise-site matcher."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[1] / "bench" / "corpus"
sys.path.insert(0, str(CORPUS))

from family_mutate import family_mutants  # noqa: E402
from raise_sites import Site, match, shared_sites, sites_of_jax  # noqa: E402

KERNEL = '''\
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SWIZZLE = 128
transforms = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(SWIZZLE))


def body(x_gmem, o_gmem, x_smem, acc, barrier):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barrier.at[0])
  plgpu.barrier_wait(barrier.at[0])
  plgpu.wgmma(acc, x_smem, x_smem)
  o_gmem[...] = jnp.exp(acc[...]).astype(o_gmem.dtype)


f = plgpu.kernel(
    body,
    out_type=jax.ShapeDtypeStruct((64, 64), jnp.float16),
    scratch_types=[plgpu.SMEM((64, 64), jnp.float16, transforms=transforms),
                   plgpu.ACC((64, 64), jnp.float32),
                   plgpu.Barrier(num_arrivals=1, num_barriers=1)],
    num_threads=1,
    thread_name="wg",
)
'''


def test_every_mutant_is_one_edit_that_keeps_the_line_numbers() -> None:
    found = family_mutants(KERNEL)
    assert found
    base = KERNEL.splitlines()
    for mutant in found:
        lines = mutant.source.splitlines()
        assert len(lines) == len(base), mutant.op
        changed = [i for i, (a, b) in enumerate(zip(base, lines, strict=True)) if a != b]
        assert len(changed) == 1, (mutant.op, changed)


@pytest.mark.parametrize(("op", "line_has"), [
    ("swizzle_tiling.swizzle_value", "SWIZZLE = 96"),
    ("swizzle_tiling.tile_minor", "TilingTransform((8, 32))"),
    ("copy_tma.shape_mismatch", "plgpu.copy_gmem_to_smem(x_gmem, x_smem.at[0], barrier.at[0])"),
    ("wgmma_mma.non_acc", "plgpu.SMEM((64, 64), jnp.float32)"),
    ("barrier.num_arrivals_zero", "plgpu.Barrier(num_arrivals=0, num_barriers=1)"),
    ("barrier.float_index", "barrier.at[0 * 1.0]"),
    ("ops_dtypes.unlowered_op", "jnp.expm1(acc[...])"),
    ("kernel_mesh_config.num_threads", "num_threads=9"),
])
def test_operator_edits_the_value_where_it_is_written(op: str, line_has: str) -> None:
    sources = [m.source for m in family_mutants(KERNEL) if m.op == op]
    assert any(line_has in source for source in sources), op


def test_a_mutant_outside_the_allowed_lines_is_left_out() -> None:
    assert all(m.op != "kernel_mesh_config.num_threads" for m in family_mutants(KERNEL, within=[(1, 15)]))


def test_message_matches_the_template_with_most_literal_text() -> None:
    swizzle = "Swizzle {} is not supported. Only 32, 64 and 128 are accepted."
    sites = [Site("a.py", 1, "ValueError", swizzle, "s"),
             Site("b.py", 2, "ValueError", "{} is not supported", "t"),
             Site("c.py", 3, "ValueError", "{}", "u")]
    assert match("Swizzle 96 is not supported. Only 32, 64 and 128 are accepted.", sites).file == "a.py"
    assert match("Layout WGMMA is not supported", sites).file == "b.py"
    assert match("anything at all", sites) is None


def test_shared_table_gives_the_family_of_a_real_message() -> None:
    tsv = Path("/work/shared/jax-raise-sites/sites.tsv")
    if not tsv.exists():
        pytest.skip("the shared raise-site table is not on this machine")
    site = match("Num arrivals must be at least 1, but got 0", shared_sites(tsv), "ValueError")
    assert site is not None and site.family == "barrier"


def test_sites_of_jax_reads_fstring_and_format_messages(tmp_path: Path) -> None:
    pkg = tmp_path / "jax" / "_src" / "pallas"
    pkg.mkdir(parents=True)
    (pkg / "m.py").write_text('def f(n):\n  raise ValueError(f"bad n={n} here")\n'
                              'def g(n):\n  raise TypeError("got {} of them".format(n))\n')
    found = {s.template: s.where for s in sites_of_jax(tmp_path / "jax")}
    assert found == {"bad n={} here": "jax/_src/pallas/m.py:2", "got {} of them": "jax/_src/pallas/m.py:4"}


def test_pipeline_delay_is_read_where_the_mutant_may_edit() -> None:
    text = ("import functools\nfrom jax.experimental.pallas import mosaic_gpu as plgpu\n\n"
            "def other():\n  return plgpu.BlockSpec((8,), lambda i: (i,), delay_release=1)\n\n"
            "def mine(body):\n"
            "  return functools.partial(plgpu.emit_pipeline, grid=(4,), max_concurrent_steps=2)(body)\n")
    edits = [m.source.splitlines()[7] for m in family_mutants(text, within=[(7, 8)])
             if m.op == "pipeline.concurrent_vs_delay"]
    assert edits == ["  return functools.partial(plgpu.emit_pipeline, grid=(4,), "
                     "max_concurrent_steps=0)(body)"]


FAMHELD2_KERNEL = '''\
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def body(x_gmem, o_gmem, a_smem, acc, sem, barrier):
  plgpu.copy_gmem_to_smem(x_gmem.at[pl.ds(0, 64)], a_smem, barrier.at[0])
  plgpu.wgmma(acc, a_smem, a_smem)
  pl.semaphore_signal(sem.at[0], 1, device_id=0)
  plgpu.semaphore_signal(sem.at[0], memory_scope="sys")
  acc[...] = plgpu.layout_cast(jnp.zeros((64, 64), jnp.float32), plgpu.Layout.WGMMA)
  o_gmem[...] = acc[...].astype(jnp.float16)
  y = jax.lax.bitcast_convert_type(o_gmem[...], jnp.int16)


tile_n = 64
f = pl.pallas_call(
    body,
    grid=(1,),
    in_specs=[pl.BlockSpec((64, 64), lambda i: (i, 0))],
    out_shape=jax.ShapeDtypeStruct((64, 64), jnp.float16),
    input_output_aliases={0: 0},
    scratch_shapes=[plgpu.SMEM((64, 64), jnp.float16), plgpu.ACC((64, 64), jnp.float32),
                    plgpu.SemaphoreType.REGULAR, plgpu.Barrier(num_arrivals=1)],
)
'''


def test_every_famheld2_mutant_is_one_edit_that_keeps_the_line_numbers() -> None:
    from famheld2_mutate import EDITS, famheld2_mutants
    found = famheld2_mutants(FAMHELD2_KERNEL)
    base = FAMHELD2_KERNEL.splitlines()
    for mutant in found:
        lines = mutant.source.splitlines()
        assert len(lines) == len(base), mutant.op
        changed = [i for i, (a, b) in enumerate(zip(base, lines, strict=True)) if a != b]
        assert len(changed) == 1, (mutant.op, changed)
    # Every operator makes a mutant here but those with no site in this kernel (no test_bitcast driver,
    # no transpose_ref) and alias_added, whose second input_output_aliases=
    # the compiler refuses (the mutant is dropped, not written).
    no_site = {"bitcast.param_width", "wgmma.transpose_dropped",
               "pallas_call.alias_added"}
    assert {m.op for m in found} == {op for op, _, _ in EDITS} - no_site


@pytest.mark.parametrize(("op", "line_has"), [
    ("semaphore.array_for_one", "plgpu.SemaphoreType.REGULAR((2,))"),
    ("semaphore.index_dropped", "pl.semaphore_signal(sem, 1, device_id=0)"),
    ("semaphore.remote_gpu_scope", 'plgpu.semaphore_signal(sem.at[0], 1, device_id=0, memory_scope="gpu")'),
    ("tma_window.strided_slice", "x_gmem.at[pl.ds(0, 64, 2)]"),
    ("wgmma.acc_dtype", "plgpu.ACC((64, 64), jnp.int32)"),
    ("wgmma.n_too_large", "tile_n = 256"),
    ("wgmma.rhs_transposed", "plgpu.wgmma(acc, a_smem, plgpu.transpose_ref(a_smem, (1, 0)))"),
    ("acc_store.direction_swapped", "acc[...] = o_gmem[...].astype(jnp.float16)"),
    ("bitcast.width", "bitcast_convert_type(o_gmem[...], jnp.int32)"),
    ("pallas_call.alias_input_index", "input_output_aliases={1: 0}"),
    ("pallas_call.grid_to_grid_spec", "grid_spec=pl.GridSpec(grid=(1,)),"),
    ("pallas_call.in_specs_bare", "in_specs=pl.BlockSpec((64, 64), lambda i: (i, 0)),"),
    ("layout_cast.scalar_operand", "plgpu.layout_cast(jnp.sum(jnp.zeros((64, 64), jnp.float32)),"),
])
def test_famheld2_operator_edits_the_value_where_it_is_written(op: str, line_has: str) -> None:
    from famheld2_mutate import famheld2_mutants
    sources = [m.source for m in famheld2_mutants(FAMHELD2_KERNEL) if m.op == op]
    assert any(line_has in source for source in sources), (op, [s for s in sources][:1])
