"""Installed packages the program imports: found on the interpreter's import path (read from
its files, never by running it), parsed once per file identity (in memory), and analysed
like folder modules."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from pallas_lsp.analysis import Options, analyze
from pallas_lsp.project import InstalledModules, SearchPath, environment_of

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


def test_parse_cached_in_memory_by_file_identity(tmp_path: Path) -> None:
    site = _site(tmp_path)
    first = InstalledModules(SearchPath((str(site),)))
    first.source("fastkernels.collectives")
    first.source("fastkernels.collectives")
    assert first.parsed == 1
    changed = site / "fastkernels" / "collectives.py"
    changed.write_text(KERNELS + "\n# edited\n")
    first.source("fastkernels.collectives")
    assert first.parsed == 2  # a new identity (size, mtime): parsed again
    restarted = InstalledModules(SearchPath((str(site),)))  # a new process: nothing on disk
    restarted.source("fastkernels.collectives")
    assert restarted.parsed == 1


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


def test_own_search_path_skips_the_standard_library_and_the_working_folder(
        tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    found = environment_of(sys.executable, "own")
    assert found is not None
    assert str(tmp_path) not in found.search_path.entries  # the folder it was started in
    assert not any(Path(entry, "os.py").exists() for entry in found.search_path.entries)


def _planted_python(path: Path, marker: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\necho ran >> {str(marker)!r}\n")
    path.chmod(0o755)


def _jax_metadata(site: Path, version: str) -> None:
    info = site / f"jax-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: jax\nVersion: {version}\n\n")


def test_an_installation_that_is_no_venv_is_read_from_its_files(tmp_path: Path) -> None:
    """/usr/bin/python3.11 -> /usr/local/lib/python3.11/dist-packages, /usr/lib/python3/
    dist-packages, /usr/lib/python3.11/site-packages (site.py's order), the binary never run."""
    marker = tmp_path / "ran"
    prefix = tmp_path / "usr"
    _planted_python(prefix / "bin" / "python3.11", marker)
    (prefix / "bin" / "python3").symlink_to("python3.11")
    local = prefix / "local" / "lib" / "python3.11" / "dist-packages"
    debian = prefix / "lib" / "python3" / "dist-packages"
    plain = prefix / "lib" / "python3.11" / "site-packages"
    for site in (local, debian, plain):
        site.mkdir(parents=True)
    _jax_metadata(debian, "0.10.2")
    found = environment_of(str(prefix / "bin" / "python3"), "a test installation")
    assert found is not None
    assert found.search_path.entries == (str(local), str(debian), str(plain))
    assert found.jax_version == "0.10.2"
    assert not marker.exists()


def test_a_configured_venv_is_read_from_its_files(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    venv = tmp_path / "venv"
    _planted_python(venv / "bin" / "python", marker)
    (venv / "pyvenv.cfg").write_text("home = /usr/bin\nversion = 3.12.1\n")
    site = venv / "lib" / "python3.12" / "site-packages"
    _jax_metadata(site, "0.12.0.1")
    found = environment_of(str(venv / "bin" / "python"), "a test venv")
    assert found is not None and found.search_path.entries[0] == str(site)
    assert found.jax_version == "0.12.0.1"
    assert not marker.exists()
    assert environment_of(str(tmp_path / "nothing" / "python"), "missing") is None


def test_a_followed_stdlib_module_is_read_whatever_the_same_file_was_asked_as_before() -> None:
    # (The file's tree is cached by identity and by whether it had to import JAX: a module
    # refused as an installed one, for importing no JAX, is still given as the library's.)
    import sysconfig

    stdlib = sysconfig.get_paths()["stdlib"]
    modules = InstalledModules(SearchPath((stdlib,)))
    assert modules.source("cmd") is None
    found = modules.stdlib_source("cmd")
    assert found is not None and found[0] == os.path.join(stdlib, "cmd.py")
    assert modules.source("cmd") is None
