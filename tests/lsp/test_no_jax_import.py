"""The server process never imports jax, even where jax is installed.

Importing jax costs seconds and hundreds of MB, and its import can start
device runtimes; the server must run on metadata only. The server is started
with the JAX 0.10.2 environment's python (jax importable there; the server's
own dependencies come from the dev environment through PYTHONPATH), exercised
through every feature, and then asked through the hidden ``pallasLsp/debugInfo``
request whether any ``jax`` module is in ``sys.modules``.
"""

from __future__ import annotations

import os
import site
from pathlib import Path

import pytest
import pytest_lsp
from lsp_helpers import (
    answer_registrations,
    codes_by_line,
    example,
    initialize,
    open_doc,
    wait_for_diagnostics,
)
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient
from support import REPO, server_command, server_env

JAX_PYTHON = REPO / ".venv-jax010" / "bin" / "python"
if not JAX_PYTHON.exists():
    pytest.skip("needs .venv-jax010 (.ci/jax-envs.sh)", allow_module_level=True)


def _dev_site_packages() -> str:
    # The dev venv's site-packages hold pygls, lsprotocol, cattrs for the jax python (same 3.11).
    return os.pathsep.join(p for p in site.getsitepackages() if Path(p).is_dir())


_env = server_env()
_env["PYTHONPATH"] = os.pathsep.join([_env["PYTHONPATH"], _dev_site_packages()])


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=server_command(str(JAX_PYTHON)), server_env=_env)
)
async def jax_env_client(lsp_client: LanguageClient):
    answer_registrations(lsp_client)
    yield
    await lsp_client.shutdown_session()


async def test_jax_is_importable_there_but_never_imported(jax_env_client: LanguageClient) -> None:
    client = jax_env_client
    await initialize(client)
    uri, text = example("broadcast_axes_mismatch.py")
    open_doc(client, uri, text)
    diags = await wait_for_diagnostics(client, uri, lambda d: ("PAL002", 19) in codes_by_line(d))
    target = next(d for d in diags if d.code == "PAL002")
    await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=target.range.start)
    )
    await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=target.range,
            context=types.CodeActionContext(diagnostics=[target]),
        )
    )
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"pallasLsp": {"interpreter": str(JAX_PYTHON)}})
    )
    await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)

    info = await client.protocol.send_request_async("pallasLsp/debugInfo", {})
    assert Path(info.python).parent == JAX_PYTHON.parent, info.python
    assert info.jaxImported is False


def test_jax_really_is_importable_there() -> None:
    """Guards the test above: it proves nothing if jax could not be imported there."""
    import subprocess

    out = subprocess.run(
        [
            str(JAX_PYTHON),
            "-c",
            "import importlib.util as u; print(u.find_spec('jax') is not None)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "True"


async def test_the_analysis_worker_never_imports_jax(jax_env_client: LanguageClient, tmp_path: Path) -> None:
    """A heavy document is analysed in a worker process started with the server's
    interpreter (jax importable there): after its analysis, the worker reports no jax module."""
    from test_heavy_worker import HEAVY, SLOW_S, diagnostics_of, worker_on, workers

    client = jax_env_client
    await initialize(client)
    uri = (tmp_path / "heavy.py").as_uri()
    open_doc(client, uri, HEAVY)
    await wait_for_diagnostics(client, uri, timeout=SLOW_S)  # the first analysis finds it heavy
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=HEAVY + "# edit\n")]))
    pid = await worker_on(client, uri)
    await diagnostics_of(client, uri, 2)
    shown = await workers(client)
    assert [(w.pid, w.jaxImported) for w in shown] == [(pid, False)]
    interpreter = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode()
    assert Path(interpreter).parent == JAX_PYTHON.parent, interpreter  # jax is importable there
