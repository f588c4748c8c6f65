"""CPython's binding of a JAX call against the release's recorded signature (api_binding),
and the interpreter raising the TypeError where a `try` may catch it."""

from __future__ import annotations

import pytest
from pallas_lsp.analysis import Options, analyze, parse_jax_version
from pallas_lsp.analysis.api_binding import refuses


@pytest.mark.parametrize(("version", "positional", "keywords", "refused"), [
    # plgpu.load(src, idx, *, layout=None, optimized=True) before 0.11; (src, *, layout=None,
    # optimized=True) from 0.11 (the shipped API data of each release).
    ("0.10.2", 1, ["layout", "optimized"], True),  # missing idx
    ("0.10.2", 2, ["layout"], False),
    ("0.10.2", 1, ["idx", "layout"], False),
    ("0.12.0.1", 1, ["layout", "optimized"], False),
    ("0.12.0.1", 2, ["layout"], True),  # takes 1 positional argument but 2 were given
    ("0.12.0.1", 1, ["layout", "nowhere"], True),  # an unexpected keyword
    ("0.12.0.1", 0, ["layout"], True),  # missing src
    ("0.12.0.1", 1, ["src"], True),  # multiple values for src
])
def test_plgpu_load_binding(version: str, positional: int, keywords: list[str], refused: bool) -> None:
    assert refuses(parse_jax_version(version), "plgpu.load", positional, tuple(keywords)) is refused


def test_a_name_the_data_does_not_record_is_never_refused() -> None:
    assert refuses(parse_jax_version("0.12.0.1"), "plgpu.no_such_function", 9, ("x",)) is False
    assert refuses(parse_jax_version("0.99.0"), "plgpu.load", 9, ()) is False


DRIFT = '''
import functools
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 128)


@functools.partial(plgpu.kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16))
def kernel(x_ref, o_ref):
    try:
        x = plgpu.load(x_ref, {first})
    except TypeError:
        x = plgpu.load(x_ref, {second})
    o_ref[...] = x


jax.jit(kernel)(jnp.ones(SHAPE, jnp.float32))
'''


@pytest.mark.parametrize("version", ["0.10.2", "0.12.0.1"])
def test_the_branch_the_release_runs_is_the_one_judged(version: str) -> None:
    # Each release runs one of the two loads: the store of its float32 value into the
    # float16 output is judged once (PAL026), and neither load is run on the other path.
    source = DRIFT.format(first="layout=plgpu.Layout.WGMMA", second="(), layout=plgpu.Layout.WGMMA")
    analysis = analyze(source, Options(jax_version=parse_jax_version(version)))
    assert [(f.code, f.span.line) for f in analysis.findings if f.code != "PAL009"] == [("PAL026", 16)]
