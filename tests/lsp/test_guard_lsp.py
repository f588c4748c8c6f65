"""The lowering guard through the server's faces, end to end over stdio: the
``pallasLsp.confirmLowering`` command, on-save (on by default in a trusted workspace), the
code lens's command, and a notebook. Each hostile file (tests/lowering/hostile) tries one
side effect; the diagnostic sits on that line, and the workspace, the temp folders and the
process table are as they were (tests/lowering/machine_state.py)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from lsp_helpers import initialize, open_doc, wait_for_diagnostics
from lsprotocol import types
from pytest_lsp import LanguageClient
from support import EXAMPLES, JAX_PYTHONS, REPO

sys.path.insert(0, str(REPO / "tests" / "lowering"))
from hostile_files import expected, make_workspace
from machine_state import MachineState, assert_unchanged

pytestmark = pytest.mark.lowering
COMMAND = "pallasLsp.confirmLowering"
LOWERING_SOURCE = "pallas-lsp lowering"
# One of each family: files, processes, network, native code, threads.
SAMPLE = ["tries_write.py", "tries_rmtree.py", "tries_subprocess.py", "tries_fork.py", "tries_socket.py",
          "tries_ctypes_libc.py", "tries_thread.py", "tries_atexit_hook.py"]


def python_of(version: str) -> str:
    python = JAX_PYTHONS[version]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/setup-lowering.sh")
    return str(python)


def stopped(diagnostics: list[types.Diagnostic]) -> list[types.Diagnostic]:
    # "lowering stopped at line 13: ..."; in a notebook "at Python cell 2, line 2: ...".
    return [d for d in diagnostics if d.source == LOWERING_SOURCE and "lowering stopped at " in d.message]


async def start(client: LanguageClient, root: Path, python: str, **options: Any) -> None:
    await initialize(client, {"workspaceTrusted": True, "interpreter": python, **options}, root=root)


async def confirm(client: LanguageClient, uri: str, version: int = 1) -> dict[str, Any]:
    return await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=COMMAND, arguments=[{"uri": uri, "version": version}])), 180)


@pytest.mark.parametrize("version", ["0.10.2", "0.12.0.1"])
async def test_confirm_command_is_guarded(client: LanguageClient, tmp_path: Path, version: str) -> None:
    space = make_workspace(tmp_path / "ws", SAMPLE)
    await start(client, space.root, python_of(version))
    for name in SAMPLE:
        path = space.root / name
        open_doc(client, path.as_uri(), path.read_text())
    await asyncio.sleep(0.5)  # the first analyses, the index
    before = MachineState.of(space.root)
    for name in SAMPLE:
        want = expected(name)
        result = await confirm(client, (space.root / name).as_uri())
        if want.kind == "refused":
            assert result["state"] == "failed" and result["reason"] == "refused", (name, result)
            assert want.fragment in result["message"], (name, result)
            [shown] = await wait_for_diagnostics(client, (space.root / name).as_uri(),
                                                 lambda d: bool(stopped(d)), timeout=30)
            assert shown.range.start.line + 1 == want.line, (name, shown)
            assert shown.severity == types.DiagnosticSeverity.Warning
        else:
            assert result["state"] == "clean", (name, result)
    time.sleep(1.5)  # past the write of tries_thread.py's thread
    assert_unchanged(before, space.root)
    assert space.nobody_connected()


async def test_on_save_lowers_by_default_in_a_trusted_workspace_and_is_guarded(
    client: LanguageClient, tmp_path: Path
) -> None:
    space = make_workspace(tmp_path / "ws", ["tries_write.py", "tries_os_system.py"])
    await start(client, space.root, python_of("0.12.0.1"))  # no lowering settings: the defaults
    before = MachineState.of(space.root)
    for name in ("tries_write.py", "tries_os_system.py"):
        uri = (space.root / name).as_uri()
        open_doc(client, uri, (space.root / name).read_text())
        client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        [shown] = stopped(await wait_for_diagnostics(client, uri, lambda d: bool(stopped(d)), timeout=60))
        assert shown.range.start.line + 1 == expected(name).line
    assert_unchanged(before, space.root)


async def test_on_save_never_runs_in_an_untrusted_workspace(client: LanguageClient, tmp_path: Path) -> None:
    statuses: list[Any] = []

    @client.feature("pallasLsp/loweringStatus")
    def _status(params: Any) -> None:
        statuses.append(params)

    space = make_workspace(tmp_path / "ws", ["tries_write.py"])
    await initialize(client, {"interpreter": python_of("0.12.0.1")}, root=space.root)
    uri = (space.root / "tries_write.py").as_uri()
    open_doc(client, uri, (space.root / "tries_write.py").read_text())
    await wait_for_diagnostics(client, uri)
    client.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    await asyncio.sleep(3.0)
    assert not statuses, "lowering ran in an untrusted workspace"


LENS_FILE = "import os\n" + (EXAMPLES / "broadcast_axes_mismatch.py").read_text().replace(
    'if __name__ == "__main__":\n', 'if __name__ == "__main__":\n    os.remove("victim.txt")\n', 1)


async def test_code_lens_command_is_guarded(client: LanguageClient, tmp_path: Path) -> None:
    space = make_workspace(tmp_path / "ws", [])
    path = space.root / "k.py"
    path.write_text(LENS_FILE)
    await start(client, space.root, python_of("0.10.2"))
    open_doc(client, path.as_uri(), LENS_FILE)
    await wait_for_diagnostics(client, path.as_uri(), lambda d: bool(d))
    before = MachineState.of(space.root)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri())))
    assert lenses, "no code lens on the launch"
    command = lenses[0].command
    assert command is not None
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=command.command, arguments=command.arguments)), 180)
    assert result["reason"] == "refused" and "deletes 'victim.txt'" in result["message"], result
    # The static finding stays, and lowering never reached its kernel.
    assert result["notReached"] >= 1, result
    assert_unchanged(before, space.root)


async def test_notebook_is_guarded(client: LanguageClient, tmp_path: Path) -> None:
    space = make_workspace(tmp_path / "ws", [])
    cells = ["import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef step(x):\n    return x * 2\n",
             "step(jnp.ones(4))\nwith open('victim.txt', 'w') as f:\n    f.write('x')\n"]
    notebook = space.root / "nb.ipynb"
    notebook.write_text(json.dumps({"cells": [{"cell_type": "code", "source": c, "metadata": {},
                                               "outputs": [], "execution_count": None} for c in cells],
                                    "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    before = MachineState.of(space.root)
    await start(client, space.root, python_of("0.12.0.1"))
    uri = notebook.as_uri()
    cell_uris = [f"vscode-notebook-cell:{notebook}#C{n}" for n in (1, 2)]
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(
            uri=uri, notebook_type="jupyter-notebook", version=1,
            cells=[types.NotebookCell(kind=types.NotebookCellKind.Code, document=c) for c in cell_uris]),
        cell_text_documents=[types.TextDocumentItem(uri=c, language_id="python", version=1, text=t)
                             for c, t in zip(cell_uris, cells, strict=True)]))
    await asyncio.sleep(1.0)
    result = await confirm(client, uri)
    assert result["reason"] == "refused" and "opens 'victim.txt' for writing" in result["message"], result
    shown_cell = await wait_for_diagnostics(client, cell_uris[1], lambda d: bool(stopped(d)), timeout=30)
    [shown] = stopped(shown_cell)
    assert shown.range.start.line == 1 and "cell 2, line 2" in shown.message
    assert_unchanged(before, space.root)


async def test_unpredicted_error_is_named_in_the_output_channel(client: LanguageClient) -> None:
    """Learning from disagreement: lowering's error that no finding predicted (an axis name
    read from a file at run time) is logged with its rule class and line."""
    cases = REPO / "tests" / "lowering" / "cases"
    await start(client, cases, python_of("0.12.0.1"))
    path = cases / "axis_from_file.py"
    open_doc(client, path.as_uri(), path.read_text())
    await wait_for_diagnostics(client, path.as_uri())
    result = await confirm(client, path.as_uri())
    assert result["unpredicted"] == 1, result
    logged = [m.message for m in client.log_messages if "no static finding predicted" in m.message]
    assert logged == [f"lowering raised an error no static finding predicted: {path}:12: class "
                      "axis_unknown PAL005: NameError: Found an unbound axis name: z. To fix this, "
                      "please call axis_index under `jax.shard_map`. (a static gap worth reporting)"], logged
