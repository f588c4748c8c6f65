"""Issue 23, item 2: no deserializer that can run code reads a file from disk.

pallas-lsp kept parsed trees of installed modules as pickles under
``$XDG_CACHE_HOME/pallas-lsp/<version>/trees/``: a planted entry ran code, a FIFO there hung
the check. Parsing turned out as fast as unpickling (bench/results.md), so the disk cache is
gone; these tests plant entries where the old cache looked for them.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

from pallas_lsp import __version__
from support import cli_command, server_env
from test_environments import fake_venv, project

OPS_FILE = ("lib", "python3.12", "site-packages", "jax", "experimental", "pallas", "ops", "gpu",
            "fake_allreduce_mgpu.py")


class _RunsCode:
    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (exec, (f"open({self.marker!r}, 'w').write('unpickled')",))


def _old_cache_entry(cache: Path, path: Path) -> Path:
    """Where the pickle cache looked for ``path``'s tree (installed.py before this change)."""
    info = path.stat()
    identity = f"{sys.version_info[:2]}|{path}|{info.st_size}|{info.st_mtime_ns}"
    digest = hashlib.sha256(identity.encode("utf-8", "surrogateescape")).hexdigest()[:32]
    entry = cache / "pallas-lsp" / __version__ / "trees" / f"{digest}.pickle"
    entry.parent.mkdir(parents=True, exist_ok=True)
    return entry


def _check(user: Path, cache: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = server_env(XDG_CACHE_HOME=str(cache))
    for variable in ("VIRTUAL_ENV", "CONDA_PREFIX"):
        env.pop(variable, None)
    return subprocess.run(cli_command("check", "--format", "json", "--jax-version", "0.12.0.1", str(user)),
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=60, check=False)


def test_a_planted_cache_entry_runs_nothing(tmp_path: Path) -> None:
    root = project(tmp_path)
    venv = fake_venv(root / ".venv")
    cache, marker = tmp_path / "cache", tmp_path / "unpickled"
    entry = _old_cache_entry(cache, venv.joinpath(*OPS_FILE))
    entry.write_bytes(pickle.dumps(_RunsCode(marker)))
    done = _check(root / "src" / "user.py", cache, tmp_path)
    assert not marker.exists()
    # The installed module is parsed from its source: the finding inside it is still found.
    assert [(f["code"], f["line"]) for f in json.loads(done.stdout)] == [("PAL002", 12)], done.stderr


def test_a_fifo_in_the_cache_does_not_hang(tmp_path: Path) -> None:
    root = project(tmp_path)
    venv = fake_venv(root / ".venv")
    cache = tmp_path / "cache"
    os.mkfifo(_old_cache_entry(cache, venv.joinpath(*OPS_FILE)))
    os.mkfifo(_old_cache_entry(cache, venv / "lib" / "python3.12" / "site-packages" / "jax" / "__init__.py"))
    done = _check(root / "src" / "user.py", cache, tmp_path)  # subprocess.run's timeout: 60 s
    assert [(f["code"], f["line"]) for f in json.loads(done.stdout)] == [("PAL002", 12)], done.stderr


def test_a_check_writes_no_cache(tmp_path: Path) -> None:
    root = project(tmp_path)
    fake_venv(root / ".venv")
    cache = tmp_path / "cache"
    done = _check(root / "src" / "user.py", cache, tmp_path)
    assert done.returncode == 1, done.stderr
    assert not cache.exists()
