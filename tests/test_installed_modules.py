"""Installed packages the program imports: found through the interpreter's sys.path, parsed
once per file identity (memory and disk), and analysed like folder modules."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from pallas_lsp.analysis import Options, analyze
from pallas_lsp.project import InstalledModules, SearchPath, interpreter_search_path

KERNELS = '''\
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (256, 128)


def allreduce(x, axis_name):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=axis_name, reduction_op="add")
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))

    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))(x)


if __name__ == "__main__":
    raise SystemExit("an imported module's main guard does not run")
'''

USER = '''\
import jax
import jax.numpy as jnp
import numpy as np
from fastkernels.collectives import allreduce

P = jax.sharding.PartitionSpec

if __name__ == "__main__":
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:2]), ({axis!r},))
    f = jax.jit(jax.shard_map(lambda x: allreduce(x, {axis!r}), mesh=mesh, in_specs=P(),
                              out_specs=P(), check_vma=False))
    print(f(jnp.ones((256, 128), jnp.float32)))
'''


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site-packages"
    (site / "fastkernels").mkdir(parents=True)
    (site / "fastkernels" / "__init__.py").write_text("")
    (site / "fastkernels" / "collectives.py").write_text(KERNELS)
    (site / "plain.py").write_text("AXES = ('x',)\n")  # imports no JAX: not followed
    return site


def test_locates_like_the_path_finder_and_reads_only_jax_importing_regular_files(tmp_path: Path) -> None:
    site = _site(tmp_path)
    library = InstalledModules(SearchPath((str(site),)))
    path, tree = library.source("fastkernels.collectives")
    assert path == str(site / "fastkernels" / "collectives.py") and tree.body
    assert library.source("plain") is None
    assert library.source("missing.module") is None
    os.mkfifo(site / "fifo.py")
    assert library.source("fifo") is None


def test_parse_cached_in_memory_and_on_disk_by_file_identity(tmp_path: Path) -> None:
    site, cache = _site(tmp_path), tmp_path / "cache"
    first = InstalledModules(SearchPath((str(site),)), cache)
    first.source("fastkernels.collectives")
    first.source("fastkernels.collectives")
    assert (first.parsed, first.loaded_from_disk) == (1, 0)
    restarted = InstalledModules(SearchPath((str(site),)), cache)  # a new server process
    restarted.source("fastkernels.collectives")
    assert (restarted.parsed, restarted.loaded_from_disk) == (0, 1)
    changed = site / "fastkernels" / "collectives.py"
    changed.write_text(KERNELS + "\n# edited\n")
    after_edit = InstalledModules(SearchPath((str(site),)), cache)
    after_edit.source("fastkernels.collectives")
    assert after_edit.parsed == 1


def test_a_finding_inside_an_installed_module_lands_on_the_programs_line(tmp_path: Path) -> None:
    library = InstalledModules(SearchPath((str(_site(tmp_path)),)))
    bad = analyze(USER.format(axis="devices"), Options(library=library))
    assert [(f.code, f.span.line, f.span.path) for f in bad.findings] == [("PAL002", 12, None)]
    finding = bad.findings[0]
    assert "inside the installed fastkernels.collectives" in finding.message
    assert "one-letter" in finding.message
    assert finding.related[0].span.path.endswith("collectives.py") and finding.related[0].span.line == 10
    assert not finding.fixes  # no edit of an installed file is offered
    assert analyze(USER.format(axis="x"), Options(library=library)).findings == ()
    # Without the library the import is opaque: silence, as before.
    assert analyze(USER.format(axis="devices"), Options()).findings == ()


def test_search_path_is_asked_isolated_and_skips_the_standard_library(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    found = interpreter_search_path(sys.executable, tmp_path / "cache")
    assert found is not None
    assert str(tmp_path) not in found.entries  # -I: PYTHONPATH is ignored
    assert not any(Path(entry, "os.py").exists() for entry in found.entries)
