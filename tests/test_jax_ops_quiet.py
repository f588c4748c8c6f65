"""No findings on the correct GPU kernels JAX itself ships (jax/experimental/pallas/ops/gpu).

The files come from the installed jax of each oracle venv; the venv's own
interpreter is asked where jax lives (jax is never imported in this process,
nor there: ``importlib.util.find_spec`` only locates the package).
"""

from __future__ import annotations

import ast
import functools
import json
import subprocess
from pathlib import Path

import pytest
from fixture_markers import JAX_VENVS
from pallas_lsp.analysis import Options, analyze, parse_jax_version

FIND_JAX = (
    "import importlib.util; "
    "print(list(importlib.util.find_spec('jax').submodule_search_locations)[0])"
)


@functools.cache
def ops_dir(version: str) -> Path | None:
    python = JAX_VENVS[version]
    if not python.exists():
        return None
    proc = subprocess.run([str(python), "-c", FIND_JAX], capture_output=True, text=True,
                          timeout=60)
    if proc.returncode != 0:
        return None
    return Path(proc.stdout.strip()) / "experimental" / "pallas" / "ops" / "gpu"


def cases() -> list:
    params = []
    for version in sorted(JAX_VENVS):
        folder = ops_dir(version)
        if folder is None or not folder.is_dir():
            params.append(pytest.param(version, None, id=f"{version}-missing"))
            continue
        params += [pytest.param(version, path, id=f"{version}-{path.name}")
                   for path in sorted(folder.glob("*.py")) if path.name != "__init__.py"]
    return params


@pytest.mark.parametrize(("version", "path"), cases())
def test_shipped_gpu_kernels_are_quiet(version: str, path: Path | None) -> None:
    if path is None:
        pytest.skip(f"{JAX_VENVS[version]} is missing or has no jax: run .ci/jax-envs.sh")
    source = path.read_text(encoding="utf-8")
    try:
        ast.parse(source)
    except SyntaxError:
        # e.g. 0.12's attention_mgpu.py uses PEP 695 generics (`class C[T]`), Python 3.12+:
        # check it with the venv's own interpreter, which is the one its users run.
        found = _check_with(JAX_VENVS[version], version, path)
        assert found == [], found
        return
    result = analyze(source, Options(jax_version=parse_jax_version(version)), path=str(path))
    assert result.syntax_error is None, result.syntax_error
    assert [(f.code, f.span.line, f.message) for f in result.findings] == []


def _check_with(python: Path, version: str, path: Path) -> list:
    """The CLI's JSON findings for ``path``, analysed by another interpreter (pure Python core)."""
    server = Path(__file__).resolve().parents[1] / "server"
    env = {"PYTHONPATH": str(server), "PATH": "/usr/bin:/bin"}
    code = ("import sys; from pallas_lsp.cli import main; "
            "sys.exit(main(['check', '--format', 'json', '--jax-version', sys.argv[1], sys.argv[2]]))")
    proc = subprocess.run([str(python), "-c", code, version, str(path)], capture_output=True,
                          text=True, timeout=120, env=env)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)
