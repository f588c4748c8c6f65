"""Issue 24 item 4, issue 25 item 4: an editor that passes no interpreter (Neovim's lspconfig)
still gets findings inside the installed ops/gpu modules of the environment the CLI would
discover (project/environments.py: the same module, the same never-run rule), and the output
channel says which environment that is. The environment's bin/python is a trap (it leaves
a mark when run): a static feature never runs it; the lowering command in a trusted
workspace does, and names it."""

from __future__ import annotations

from pathlib import Path

from lsp_helpers import codes_by_line, initialize, open_doc, wait_for_diagnostics
from lsprotocol import types
from pytest_lsp import LanguageClient
from test_environments import fake_venv, project


async def _open_user_file(client: LanguageClient, tmp_path: Path, **options: object) -> tuple[Path, str]:
    root = project(tmp_path)
    venv = fake_venv(root / ".venv")
    await initialize(client, {"jaxVersion": "0.12.0.1", **options}, root=root)
    user = root / "src" / "user.py"
    uri = user.as_uri()
    open_doc(client, uri, user.read_text(encoding="utf-8"))
    await wait_for_diagnostics(client, uri, lambda d: ("PAL002", 12) in codes_by_line(d), timeout=60)
    return venv, uri


async def test_no_interpreter_given_follows_the_discovered_environment(client: LanguageClient,
                                                                      tmp_path: Path) -> None:
    venv, uri = await _open_user_file(client, tmp_path)
    finding = next(d for d in client.diagnostics[uri] if d.code == "PAL002")
    related = {Path(r.location.uri).name for r in finding.related_information or []}
    assert "fake_allreduce_mgpu.py" in related  # the line inside the installed module
    said = [m.message for m in client.log_messages if m.type == types.MessageType.Info]
    assert any(f"using {venv}/bin/python (JAX 0.12.0.1), found as {venv}, an environment in the "
               "checked path's folders" in message for message in said), said
    assert not (venv / "bin" / "RAN").exists()


async def test_lowering_in_a_trusted_workspace_runs_the_discovered_environment(
        client: LanguageClient, tmp_path: Path) -> None:
    venv, uri = await _open_user_file(client, tmp_path, workspaceTrusted=True)
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="pallasLsp.confirmLowering", arguments=[{"uri": uri}]))
    message = result["message"] if isinstance(result, dict) else result.message
    assert (venv / "bin" / "RAN").exists()  # the trap ran: asked for, in a trusted workspace
    assert f"lowering with {venv}/bin/python from {venv}, an environment in the checked path's folders" \
        in message, message
