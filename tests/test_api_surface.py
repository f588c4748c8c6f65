"""The API surface of each release (issue 27 item 3): the shipped data, its loader, the static
reading of an installed JAX the data does not cover, and PAL009 judging keywords by them."""

from __future__ import annotations

import ast
import json
import subprocess
import textwrap
from pathlib import Path

import pytest
from pallas_lsp.analysis import Options, analyze
from pallas_lsp.analysis.api_static import InstalledSurface, installed_version, surface_for
from pallas_lsp.analysis.api_surface import (
    DATA_RELEASES,
    releases_with_keyword,
    shipped,
)
from pallas_lsp.analysis.versions import format_jax_version
from support import REPO

RELEASE_PYTHONS = {
    (0, 8, 3): REPO / ".venv-jax083" / "bin" / "python",
    (0, 10, 2): REPO / ".venv-jax010" / "bin" / "python",
    (0, 11, 2): Path("/work/jaxenvs/0.11.2/bin/python"),
    (0, 12, 0, 1): REPO / ".venv-jax012" / "bin" / "python",
}


def _keywords(surface, name: str) -> set[str]:
    params = surface.params(name)
    assert params is not None, name
    return {p.name for p in params if p.kind in ("PK", "KO")}


@pytest.mark.parametrize("release", DATA_RELEASES, ids=format_jax_version)
def test_every_data_release_loads(release: tuple[int, ...]) -> None:
    surface = shipped(release)
    assert surface is not None and surface.version == release
    assert surface.has_name("jax.experimental.pallas", "pallas_call")
    assert surface.has_name("jax.experimental.pallas.mosaic_gpu", "kernel")
    assert "axis_names" in _keywords(surface, "jax.make_mesh")


def test_the_data_knows_what_moved() -> None:
    """Measured spellings (docs/jax-releases.md), read back from the generated data."""
    assert "backend" in _keywords(shipped((0, 8, 3)), "pl.pallas_call")
    assert "backend" not in _keywords(shipped((0, 10, 2)), "pl.pallas_call")
    assert releases_with_keyword("pl.pallas_call", "backend") == [(0, 8, 3)]
    assert "axis_shapes" in _keywords(shipped((0, 10, 2)), "jax.make_mesh")
    assert "axis_sizes" in _keywords(shipped((0, 11, 2)), "jax.make_mesh")
    assert "out_type" not in _keywords(shipped((0, 8, 3)), "plgpu.kernel")
    assert "out_shape" not in _keywords(shipped((0, 12, 0, 1)), "plgpu.kernel")


def test_a_release_without_data_has_no_shipped_surface() -> None:
    assert shipped((0, 9, 0)) is None
    assert surface_for((0, 9, 0), None) is None


def test_ambiguous_names_are_never_judged() -> None:
    """jax.shard_map is also the canonical name of jax.experimental.shard_map.shard_map:
    judged only by the path the call spelled, whichever was asked first."""
    surface = shipped((0, 12, 0, 1))
    assert "check_vma" in {p.name for p in surface.params("jax.shard_map", "jax.shard_map")}
    assert surface.params("jax.shard_map") is None
    experimental = surface.params("jax.shard_map", "jax.experimental.shard_map.shard_map")
    assert "check_rep" in {p.name for p in experimental}


@pytest.mark.lowering
@pytest.mark.parametrize("release", DATA_RELEASES, ids=format_jax_version)
def test_the_data_is_what_the_installed_release_has(release: tuple[int, ...]) -> None:
    python = RELEASE_PYTHONS[release]
    if not python.exists():
        pytest.skip(f"no JAX {format_jax_version(release)} environment here")
    fresh = json.loads(subprocess.run(
        [str(python), str(REPO / "bench" / "releases" / "api_surface.py")], capture_output=True,
        text=True, check=True, timeout=300, env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin"}).stdout)
    modules = shipped(release).modules
    for name, found in fresh["modules"].items():
        assert tuple(found["names"]) == modules[name]["names"], name
        got = {attr: tuple((p[0], p[2]) for p in sig["params"])
               for attr, sig in found["signatures"].items()}
        want = {attr: tuple((p[0], p[2]) for p in params)
                for attr, params in modules[name]["signatures"].items()}
        assert got == want, f"{name}: run bench/releases/generate.py --api"


class FakeLibrary:
    """Installed modules given as text (a nightly's sources, read statically)."""

    def __init__(self, modules: dict[str, str]) -> None:
        self.modules = modules

    def source(self, name: str) -> tuple[str, ast.Module] | None:
        text = self.modules.get(name)
        if text is None:
            return None
        file = f"/site/{name.replace('.', '/')}" + ("/__init__.py" if name.count(".") < 3 else ".py")
        return file, ast.parse(textwrap.dedent(text))


NIGHTLY = {
    "jax.version": '_version: str = "0.13.0"\n',
    "jax.experimental.pallas": "from jax._src.pallas.pallas_call import pallas_call as pallas_call\n",
    "jax._src.pallas.pallas_call": """
        def pallas_call(kernel, out_shape, *, grid=(), compiler_params=None, new_knob=None):
            pass
    """,
}


def test_installed_sources_give_the_signature() -> None:
    library = FakeLibrary(NIGHTLY)
    assert installed_version(library) == (0, 13, 0)
    surface = surface_for((0, 13, 0), library)
    assert isinstance(surface, InstalledSurface)
    assert _keywords(surface, "pl.pallas_call") == {"kernel", "out_shape", "grid",
                                                    "compiler_params", "new_knob"}
    # Sources of another release than the target say nothing about it.
    assert surface_for((0, 13, 1), library) is None


BACKEND = """
import jax
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

@jax.jit
def f(x):
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          backend="mosaic_gpu")(x)

f(jax.numpy.ones(128))
"""


def _pal009(source: str, version: tuple[int, ...], library=None) -> list[str]:
    result = analyze(source, Options(jax_version=version, library=library), path="f.py")
    return [f"{f.span.line}: {f.message}" for f in result.findings if f.code == "PAL009"]


def test_pal009_reads_the_target_release() -> None:
    assert _pal009(BACKEND, (0, 8, 3)) == []
    found = _pal009(BACKEND, (0, 12, 0, 1))
    assert len(found) == 1 and found[0].startswith("10: pl.pallas_call has no backend= on JAX 0.12.0.1")
    assert "unexpected keyword argument 'backend'" in found[0]


def test_pal009_reads_installed_sources_for_a_release_without_data() -> None:
    found = _pal009(BACKEND, (0, 13, 0), FakeLibrary(NIGHTLY))
    assert len(found) == 1 and "read from the installed sources" in found[0], found
    # Without the sources, a release the data does not cover is not judged by signature.
    assert _pal009(BACKEND, (0, 13, 0)) == []


def test_pal009_fix_for_backend_on_a_release_that_still_lowers_pallas_call() -> None:
    source = BACKEND.replace("from jax.experimental import pallas as pl\n",
                             "from jax.experimental import pallas as pl\n"
                             "from jax.experimental.pallas import mosaic_gpu as plgpu\n")
    result = analyze(source, Options(jax_version=(0, 10, 2)), path="f.py")
    [finding] = [f for f in result.findings if f.code == "PAL009"]
    [fix] = finding.fixes
    assert [edit.new_text for edit in fix.edits] == ["compiler_params=plgpu.CompilerParams()"]
