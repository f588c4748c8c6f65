"""Issue 12, item 1: no workspace file runs inside the server, the CLI or the JAX-version
probe, however they are started (the VS Code client's launch, Neovim's ``python -m``
in the project root, the console script).

(A PYTHONPATH that names the workspace makes Python itself import its sitecustomize.py
before any code of ours runs: the client starts the server in its own folder, so a
relative entry such as ``.`` names that folder; the probe starts in ``/``.)

The workspace holds modules named like the standard library and like the server's own
dependencies; each one, if imported, leaves a mark in a file outside the workspace.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from raw_lsp import RawServer, notification, request
from support import FIXTURES, SERVER_DIR, server_env

PLANTED = ("uuid", "csv", "json", "logging", "email", "zipfile", "shlex", "argparse", "asyncio",
           "tempfile", "textwrap", "tokenize", "inspect", "dataclasses", "pathlib", "selectors",
           "signal", "subprocess", "threading", "socket", "random", "sitecustomize",
           "usercustomize", "attr", "cattrs", "lsprotocol", "pygls", "typing_extensions")
KERNEL = (FIXTURES / "single" / "pal001" / "allreduce_jit_no_mesh.py").read_text()


@pytest.fixture
def hostile(tmp_path: Path) -> tuple[Path, Path]:
    """(workspace, the file a planted module writes to when it runs)."""
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    marker = tmp_path / "planted-code-ran"
    for name in PLANTED:
        body = f"open({str(marker)!r}, 'a').write({name!r} + '\\n')\n"
        if name in ("lsprotocol", "pygls", "attr", "cattrs"):
            (workspace / name).mkdir()
            (workspace / name / "__init__.py").write_text(body)
        else:
            (workspace / f"{name}.py").write_text(body)
    # A .pth file only counts in a site folder; here it is one more file that must stay inert.
    (workspace / "evil.pth").write_text(f"import os; open({str(marker)!r}, 'a').write('pth\\n')\n")
    (workspace / "kernel.py").write_text(KERNEL)
    return workspace, marker


def ran(marker: Path) -> str:
    return marker.read_text() if marker.exists() else ""


def lsp_session(server: RawServer, workspace: Path) -> None:
    server.initialize(root_uri=workspace.as_uri())
    uri = (workspace / "kernel.py").as_uri()
    server.open(uri, KERNEL)
    server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == uri)
    server.send(request(1, "textDocument/hover", {"textDocument": {"uri": uri},
                                                   "position": {"line": 0, "character": 0}}))
    server.response(1)
    server.send(request(2, "shutdown"), notification("exit"))
    assert server.exit_status(10) == 0


def test_server_started_in_the_workspace_runs_none_of_it(hostile: tuple[Path, Path]) -> None:
    """Neovim's lspconfig: ``python -m pallas_lsp serve`` in the project root."""
    workspace, marker = hostile
    env = server_env()
    server = RawServer([sys.executable, "-m", "pallas_lsp", "serve"], env, cwd=str(workspace))
    try:
        lsp_session(server, workspace)
    finally:
        server.kill()
    assert ran(marker) == ""


def test_vscode_client_launch_with_the_bundled_layout(hostile: tuple[Path, Path], tmp_path: Path) -> None:
    """client/src/settings.ts serverLaunch with useBundled: the extension's bundled/libs on
    PYTHONPATH, PYTHONSAFEPATH=1, started in the extension's folder."""
    workspace, marker = hostile
    extension = tmp_path / "extension"
    libs = extension / "bundled" / "libs"
    libs.mkdir(parents=True)
    (libs / "pallas_lsp").symlink_to(SERVER_DIR / "pallas_lsp")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(libs), PYTHONUTF8="1", PYTHONUNBUFFERED="1", PYTHONSAFEPATH="1")
    server = RawServer([sys.executable, "-m", "pallas_lsp", "serve"], env, cwd=str(extension))
    try:
        lsp_session(server, workspace)
    finally:
        server.kill()
    assert ran(marker) == ""


@pytest.mark.parametrize("how", ["module", "console-script"])
def test_check_with_python_and_the_version_probe_run_none_of_it(hostile: tuple[Path, Path], how: str) -> None:
    """``check --python X`` (no --confirm) asks X for its JAX version in a subprocess that
    starts in the workspace too."""
    workspace, marker = hostile
    env = server_env()
    program = ([sys.executable, "-m", "pallas_lsp"] if how == "module"
               else [str(Path(sys.executable).parent / "pallas-lsp")])
    done = subprocess.run([*program, "check", ".", "--python", sys.executable], cwd=workspace, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    assert "PAL001" in done.stdout
    assert ran(marker) == ""
