"""The core scenario through headless Neovim 0.7: a client nobody here wrote.

Neovim is installed by .ci/setup-lsp.sh (``apt-get install -y neovim``); the test
is skipped where ``nvim`` is missing. Neovim runs with every XDG folder in a temp
dir and ``--noplugin``, so no user configuration takes part.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import EXAMPLES, REPO

SCRIPT = Path(__file__).with_name("nvim_core.lua")

pytestmark = pytest.mark.editor


@pytest.mark.skipif(shutil.which("nvim") is None, reason="needs neovim (.ci/setup-lsp.sh)")
def test_neovim_diagnostic_hover_quick_fix(tmp_path: Path) -> None:
    source = EXAMPLES / "allreduce_no_mesh.py"
    if not source.exists():
        pytest.skip(f"{source} not found")
    work = tmp_path / "project"
    work.mkdir()
    target = work / "allreduce_no_mesh.py"
    shutil.copy(source, target)
    result = tmp_path / "result.txt"
    env = dict(os.environ)
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        folder = tmp_path / name.lower()
        folder.mkdir()
        env[name] = str(folder)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO / "server"), env.get("PYTHONPATH", "")) if p)
    env.update(
        PALLAS_NVIM_FILE=str(target),
        PALLAS_NVIM_PYTHON=sys.executable,
        PALLAS_NVIM_RESULT=str(result),
    )
    proc = subprocess.run(
        ["nvim", "--headless", "--noplugin", "-u", str(SCRIPT)],
        env=env,
        cwd=work,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    outcome = result.read_text() if result.exists() else "(no result written)"
    assert outcome == "ok", f"{outcome}\nexit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    assert proc.returncode == 0
    assert "# noqa: PAL001" not in source.read_text()  # the copy was edited, in memory only
