"""The facts PAL021 and PAL023 read: the device order a mesh is built in (analysis/devices.py,
each form measured by real lowering: docs/measurements/issue25/), and PAL023's fix."""

from __future__ import annotations

import pytest
from fixture_markers import FIXTURES
from pallas_lsp.analysis import Options, analyze, parse_jax_version

HEAD = '''
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
devs = jax.devices()


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, {axes})


mesh = {mesh}
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
f(jnp.ones(SHAPE, jnp.float32))
'''
XY, X = '("x", "y")', '("x",)'

# mesh expression, collective_axes, whether JAX refuses the device order (measured on 0.8.3,
# 0.10.2, 0.11.2 and 0.12.0.1: probes d01-d12, d16 of docs/measurements/issue25/).
CASES = [
    ('jax.sharding.Mesh(np.array(devs[4:8]).reshape(2, 2), ("x", "y"))', XY, True),
    ('jax.sharding.Mesh(np.array(devs[:4][::-1]).reshape(2, 2), ("x", "y"))', XY, True),
    ('jax.sharding.Mesh(np.array(devs)[[0, 2, 1, 3]].reshape(2, 2), ("x", "y"))', XY, True),
    ('jax.sharding.Mesh(np.array(devs[:4]).reshape(2, 2)[::-1], ("x", "y"))', XY, True),
    ('jax.sharding.Mesh(np.array(devs[:4]).reshape(2, 2).T, ("x", "y"))', XY, True),
    ('jax.make_mesh((2, 2), ("x", "y"), devices=devs[4:8])', XY, True),
    ('jax.make_mesh((2, 2), ("x", "y"), devices=devs[:4][::-1])', XY, True),
    ('jax.sharding.Mesh(np.array(devs[1:3]), ("x",))', X, True),
    ('jax.sharding.Mesh(np.array(devs[:2])[::-1], ("x",))', X, True),
    ('jax.sharding.Mesh(np.array(devs[:4]).reshape(2, 2), ("x", "y"))', XY, False),
    ('jax.sharding.Mesh(np.array(devs).reshape(4, 2), ("x", "y"))', XY, False),
    ('jax.sharding.Mesh(devs[:2], ("x",))', X, False),
    ('jax.make_mesh((2, 2), ("x", "y"))', XY, False),
]


def codes(source: str, version: str = "0.12.0.1") -> list[str]:
    result = analyze(source, Options(jax_version=parse_jax_version(version)))
    return sorted(f.code for f in result.findings)


@pytest.mark.parametrize(("mesh", "axes", "refused"), CASES, ids=[c[0] for c in CASES])
def test_device_order_of_a_mesh(mesh: str, axes: str, refused: bool) -> None:
    assert codes(HEAD.format(mesh=mesh, axes=axes)) == (["PAL021"] if refused else [])


@pytest.mark.parametrize("mesh", [
    'jax.sharding.Mesh(np.array(devs[-4:]).reshape(2, 2), ("x", "y"))',
    'jax.sharding.Mesh(np.array(sorted(devs, key=lambda d: -d.id)[:4]).reshape(2, 2), ("x", "y"))',
])
def test_an_order_the_analysis_cannot_know_is_not_reported(mesh: str) -> None:
    assert codes(HEAD.format(mesh=mesh, axes=XY)) == []


def test_nested_shard_map_fix_gives_the_clean_twin() -> None:
    path = FIXTURES / "single" / "pal023" / "nested_shard_map_concrete_mesh.py"
    source = path.read_text(encoding="utf-8")
    [finding] = analyze(source, Options(jax_version=parse_jax_version("0.12.0.1"))).findings
    [fix] = finding.fixes
    [edit] = fix.edits
    lines = source.splitlines(keepends=True)
    line = lines[edit.span.line - 1]
    lines[edit.span.line - 1] = line[:edit.span.col] + edit.new_text + line[edit.span.end_col:]
    fixed = "".join(lines)
    assert "mesh=mesh, in_specs=P(), out_specs=P(), axis_names={\"y\"}" not in fixed
    assert codes(fixed) == []


@pytest.mark.parametrize(("mesh", "refused"), [
    ('jax.sharding.Mesh(np.array(devs[4:]).reshape(2, 2), ("x", "y"))', True),
    ('jax.sharding.Mesh(np.array(devs[::-1]).reshape(2, 2), ("x", "y"))', True),
    ('jax.sharding.Mesh(np.reshape(np.array(devs[4:8]), (2, 2)), ("x", "y"))', True),
    ('jax.sharding.Mesh(np.transpose(np.array(devs[:4]).reshape(2, 2)), ("x", "y"))', True),
    ('jax.make_mesh((2, 2), ("x", "y"), devices=devs[4:])', True),
    ('jax.make_mesh((2, 2), ("x", "y"), devices=devs[:8])', False),  # make_mesh takes the first 4
    ('jax.make_mesh((2, 2), ("x", "y"), devices=devs[::-1])', False),  # the last 4: ids not known
])
def test_open_ended_device_lists(mesh: str, refused: bool) -> None:
    """``devs[4:]`` and ``devs[::-1]`` of an unknown count: a reshape, or make_mesh's sizes,
    fixes how many devices the mesh holds (JAX: make_mesh takes ``devices[:axis_size]``)."""
    assert codes(HEAD.format(mesh=mesh, axes=XY)) == (["PAL021"] if refused else [])
