"""`check` without --python: the environment with JAX whose installed packages are followed is
discovered (project/environments.py's order), read from its files (a folder's interpreter is
never run), and said on stderr; its JAX is the version the rules follow when none is given."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pallas_lsp.analysis import parse_jax_version
from pallas_lsp.project import environments
from pallas_lsp.project.environments import discover_environment, static_search_path
from pallas_lsp.project.metadata import jax_version_in
from support import JAX_PYTHONS, cli_command, server_env

# A JAX-importing module inside the fake JAX's ops/gpu: multimem with a caller's axis names.
OPS_MODULE = '''\
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (256, 128)


def allreduce(x, axis_name):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=axis_name, reduction_op="add")
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))

    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))(x)
'''

USER = '''\
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas.ops.gpu.fake_allreduce_mgpu import allreduce

P = jax.sharding.PartitionSpec

if __name__ == "__main__":
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:2]), ("devices",))
    f = jax.jit(jax.shard_map(lambda x: allreduce(x, "devices"), mesh=mesh, in_specs=P(),
                              out_specs=P(), check_vma=False))
    print(f(jnp.ones((256, 128), jnp.float32)))
'''

# Run, it would leave a mark: discovery must never run a folder's interpreter.
TRAP = "#!/bin/sh\ntouch \"$(dirname \"$0\")/RAN\"\nexit 1\n"


def fake_venv(prefix: Path, jax_version: str | None = "0.12.0.1", python: str = "3.12",
              ops: bool = True) -> Path:
    """A venv by its files: pyvenv.cfg, a trap bin/python, JAX's metadata and ops/gpu module."""
    site = prefix / "lib" / f"python{python}" / "site-packages"
    site.mkdir(parents=True)
    (prefix / "pyvenv.cfg").write_text(f"home = /nonexistent/bin\nversion = {python}.1\n"
                                       "include-system-site-packages = false\n")
    (prefix / "bin").mkdir()
    (prefix / "bin" / "python").write_text(TRAP)
    (prefix / "bin" / "python").chmod(0o755)
    if jax_version is not None:
        info = site / f"jax-{jax_version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: jax\nVersion: {jax_version}\n\nJAX\n")
        if ops:
            package = site
            for part in ("jax", "experimental", "pallas", "ops", "gpu"):
                package = package / part
                package.mkdir()
                (package / "__init__.py").touch()
            (package / "fake_allreduce_mgpu.py").write_text(OPS_MODULE)
    return prefix


def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "src").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'user'\n")
    (root / "src" / "user.py").write_text(USER)
    return root


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for variable in ("VIRTUAL_ENV", "CONDA_PREFIX"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    environments.forget()


def _check(*args: str, cwd: Path, **env: str) -> tuple[list[dict], list[dict], int]:
    extra = {"XDG_CACHE_HOME": str(cwd / "cache"), **env}
    run_env = server_env(**extra)
    for variable in ("VIRTUAL_ENV", "CONDA_PREFIX"):
        if variable not in env:
            run_env.pop(variable, None)
    done = subprocess.run(cli_command("check", "--format", "json", *args), capture_output=True,
                          text=True, cwd=cwd, env=run_env, timeout=120, check=False)
    notes = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    return json.loads(done.stdout), notes, done.returncode


def test_check_follows_a_project_venv_it_never_runs(tmp_path: Path) -> None:
    root = project(tmp_path)
    venv = fake_venv(root / ".venv")
    findings, notes, status = _check("--jax-version", "0.12.0.1", str(root / "src" / "user.py"),
                                     cwd=tmp_path)
    assert [(f["code"], f["line"]) for f in findings] == [("PAL002", 12)], findings
    assert status == 1
    assert any(f"fake_allreduce_mgpu read from {venv}/bin/python (JAX 0.12.0.1)" in n["message"]
               and "its JAX is the 0.12.0.1 the rules follow" in n["message"] for n in notes), notes
    assert not (venv / "bin" / "RAN").exists()


def test_without_jax_version_the_discovered_jax_decides_and_is_said(tmp_path: Path) -> None:
    root = project(tmp_path)
    fake_venv(root / ".venv", jax_version="0.10.2")
    _, notes, _ = _check(str(root / "src" / "user.py"), cwd=tmp_path)
    assert any("(JAX 0.10.2)" in n["message"] and "its JAX is the version the rules follow"
               in n["message"] for n in notes), notes


def test_a_wanted_version_prefers_the_environment_that_has_it(tmp_path: Path) -> None:
    root = project(tmp_path)
    fake_venv(root / ".venv", jax_version="0.10.2")
    fake_venv(root / ".venv-new", jax_version="0.12.0.1")
    fake_venv(root / "env-none", jax_version=None)
    file = str(root / "src" / "user.py")
    chosen = discover_environment(file, parse_jax_version("0.12.0.1"))
    assert chosen.chosen.python == str(root / ".venv-new" / "bin" / "python") and chosen.matches_wanted()
    # No version wanted: .venv comes first in a folder.
    assert discover_environment(file).chosen.python == str(root / ".venv" / "bin" / "python")
    # A version nobody has: the first with JAX, and the note says it is another release.
    other = discover_environment(file, parse_jax_version("0.11.2"))
    assert other.chosen.jax_version == "0.10.2" and not other.matches_wanted()


def test_the_activated_environment_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path)
    fake_venv(root / ".venv", jax_version="0.12.0.1")
    active = fake_venv(tmp_path / "elsewhere", jax_version="0.12.0.1")
    monkeypatch.setenv("VIRTUAL_ENV", str(active))
    found = discover_environment(str(root / "src" / "user.py"), parse_jax_version("0.12.0.1"))
    assert found.chosen.python == str(active / "bin" / "python")
    assert "$VIRTUAL_ENV" in found.chosen.where


def test_no_project_marker_no_parent_folders(tmp_path: Path) -> None:
    """Without pyproject.toml/.git above it, only the file's own folder is a project
    (a shared folder such as /tmp holds other people's environments)."""
    fake_venv(tmp_path / "shared-venv", jax_version="0.8.3")
    (tmp_path / "loose").mkdir()
    (tmp_path / "loose" / "user.py").write_text(USER)
    found = discover_environment(str(tmp_path / "loose" / "user.py"))
    assert str(tmp_path / "shared-venv") not in found.looked_at
    assert found.chosen is None or not found.chosen.python.startswith(str(tmp_path))


def test_static_search_path_reads_pth_paths_but_not_import_lines(tmp_path: Path) -> None:
    venv = fake_venv(tmp_path / "v")
    site = venv / "lib" / "python3.12" / "site-packages"
    extra = tmp_path / "editable-src"
    extra.mkdir()
    run_me = f"import os; os.system('touch {tmp_path}/PTH')"
    (site / "a_editable.pth").write_text(f"# a comment\n{extra}\n{run_me}\nmissing-folder\n")
    search_path, version = static_search_path(str(venv))
    assert search_path.entries == (str(site), str(extra)) and version == "0.12.0.1"
    assert not (tmp_path / "PTH").exists()


def test_search_path_exhaustive_only_without_import_hooks(tmp_path: Path) -> None:
    # design.md 135: a module found nowhere is absent only when nothing can install a finder.
    venv = fake_venv(tmp_path / "v")
    site = venv / "lib" / "python3.12" / "site-packages"
    (site / "distutils-precedence.pth").write_text("import os; var = 'SETUPTOOLS_USE_DISTUTILS'\n")
    assert static_search_path(str(venv))[0].exhaustive
    other = fake_venv(tmp_path / "w")
    other_site = other / "lib" / "python3.12" / "site-packages"
    hook = "import __editable___pkg_finder; __editable___pkg_finder.install()\n"
    (other_site / "__editable__.pkg.pth").write_text(hook)
    assert not static_search_path(str(other))[0].exhaustive
    custom = fake_venv(tmp_path / "c")
    (custom / "lib" / "python3.12" / "site-packages" / "sitecustomize.py").write_text("")
    assert not static_search_path(str(custom))[0].exhaustive


def test_jax_version_in_reads_only_jax_metadata(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for name in ("jax_cuda12_plugin-0.12.0.dist-info", "jaxlib-0.12.0.1.dist-info"):
        (site / name).mkdir(parents=True)
        (site / name / "METADATA").write_text("Name: x\nVersion: 9.9.9\n")
    assert jax_version_in([str(site)]) is None
    (site / "jax-0.11.2.dist-info").mkdir()
    (site / "jax-0.11.2.dist-info" / "METADATA").write_text("Name: jax\nVersion: 0.11.2\n")
    assert jax_version_in([str(tmp_path / "missing"), str(site)]) == "0.11.2"


def test_none_found_is_said_with_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "loose").mkdir()
    file = tmp_path / "loose" / "user.py"
    file.write_text(USER)
    # An interpreter without JAX runs the CLI, with nothing beside it and no python3 on PATH.
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True)
    done = subprocess.run([str(bare / "bin" / "python"), "-m", "pallas_lsp", "check", "--format",
                           "json", "--jax-version", "0.12.0.1", str(file)], capture_output=True,
                          text=True, cwd=tmp_path, timeout=120, check=False,
                          env={**server_env(XDG_CACHE_HOME=str(tmp_path / "cache")), "PATH": "/nonexistent"})
    notes = [json.loads(line)["message"] for line in done.stderr.splitlines() if line.startswith("{")]
    assert json.loads(done.stdout) == []
    assert any(n.startswith("the installed module jax.experimental.pallas.ops.gpu.fake_allreduce_mgpu not "
                            "followed: no Python environment with JAX was found (looked at: ") and
               "pass --python PATH" in n for n in notes), (notes, done.stderr)


REAL_JAX = JAX_PYTHONS["0.12.0.1"].parent.parent

REDUCE_SCATTER_USER = '''\
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas.ops.gpu.reduce_scatter_mgpu import reduce_scatter

P = jax.sharding.PartitionSpec


@jax.jit
@functools.partial(jax.shard_map, mesh=jax.sharding.Mesh(np.array(jax.devices()[:2]), ("x",)),
                   in_specs=P("x"), out_specs=P("x"), check_vma=False)
def collective(x):
    return reduce_scatter(x, axis_name="x", scatter_dimension=None, reduction="maximum",
                          tile_size=512, num_blocks=4)


if __name__ == "__main__":
    print(collective(jnp.ones((2, 1024, 1024), jnp.bfloat16)))
'''


@pytest.mark.skipif(not (REAL_JAX / "bin" / "python").exists(), reason="needs .venv-jax012 (JAX 0.12.0.1)")
def test_real_jax_ops_gpu_followed_without_python(tmp_path: Path) -> None:
    """JAX 0.12.0.1's own reduce_scatter, found through the project's .venv-jax012 with no
    --python. Real lowering (`pallas-lsp lower collective.py --python .venv-jax012/bin/python`)
    fails on line 20, the outermost jitted call: PAL006, "Unsupported integer reduction op:
    maximum" (JAX's own reduction names are "add", "min", "max"…)."""
    root = tmp_path / "proj"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'user'\n")
    (root / ".venv-jax012").symlink_to(REAL_JAX)
    (root / "collective.py").write_text(REDUCE_SCATTER_USER)
    findings, notes, status = _check("--jax-version", "0.12.0.1", str(root / "collective.py"), cwd=tmp_path)
    assert [(f["code"], f["line"]) for f in findings] == [("PAL006", 20)], (findings, notes)
    assert any(str(root / ".venv-jax012") in n["message"] for n in notes), notes
    assert status == 1
