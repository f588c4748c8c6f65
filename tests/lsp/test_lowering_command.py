"""``pallasLsp.confirmLowering`` end to end: real lowering with JAX 0.10.2 (CPU cross-lowering)."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import pytest
from lsp_helpers import (
    change_doc,
    codes_by_line,
    example,
    initialize,
    open_doc,
    progress_titles,
    wait_for_diagnostics,
)
from lsprotocol import types
from pytest_lsp import LanguageClient
from support import REPO

pytestmark = pytest.mark.lowering
JAX010 = REPO / ".venv-jax010" / "bin" / "python"
COMMAND = "pallasLsp.confirmLowering"


def watch_status(client: LanguageClient) -> list[dict[str, Any]]:
    statuses: list[dict[str, Any]] = []

    @client.feature("pallasLsp/loweringStatus")
    def _status(params: Any) -> None:
        statuses.append(params._asdict() if hasattr(params, "_asdict") else dict(params))

    return statuses


async def confirm(client: LanguageClient, uri: str, version: int = 1) -> Any:
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=COMMAND, arguments=[{"uri": uri, "version": version}])
    )
    return result._asdict() if hasattr(result, "_asdict") else result


def lowering_options(**extra: Any) -> dict[str, Any]:
    return {
        "workspaceTrusted": True,
        "interpreter": str(JAX010),
        "lowering": {"mode": "local", "timeout": 120},
        **extra,
    }


async def test_untrusted_workspace_refuses(client: LanguageClient) -> None:
    result = await initialize(client, {"interpreter": str(JAX010)})
    assert COMMAND in (result.capabilities.execute_command_provider.commands or [])
    uri, text = example("broadcast_axes_mismatch.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    outcome = await confirm(client, uri)
    assert outcome["state"] == "error" and "trusted" in outcome["message"]


async def test_a_stale_version_is_not_lowered(client: LanguageClient) -> None:
    """The documented ``version`` argument is honoured: a check of an older version is refused
    (nothing runs, nothing is published), and the answer says to run it again."""
    statuses = watch_status(client)
    await initialize(client, lowering_options())
    uri, text = example("broadcast_axes_mismatch.py")
    open_doc(client, uri, text)
    change_doc(client, uri, text + "\n", 2)
    await wait_for_diagnostics(client, uri, lambda d: ("PAL002", 19) in codes_by_line(d))
    outcome = await confirm(client, uri, version=1)
    assert outcome["state"] == "cancelled", outcome
    assert "version 1" in outcome["message"] and "run the check again" in outcome["message"]
    assert [s["state"] for s in statuses] == ["idle"], statuses
    assert all(d.source == "pallas-lsp" for d in client.diagnostics[uri])


@pytest.mark.skipif(not JAX010.exists(), reason="needs .venv-jax010")
async def test_confirmed_finding_is_marked_not_duplicated(client: LanguageClient) -> None:
    statuses = watch_status(client)
    await initialize(client, lowering_options())
    uri, text = example("broadcast_axes_mismatch.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: ("PAL002", 19) in codes_by_line(d))
    outcome = await confirm(client, uri)
    assert outcome["state"] == "confirmed", outcome
    assert outcome["confirmed"] == 1
    # Every finding of the file is counted by what lowering made of it; nothing else failed.
    assert (outcome["refuted"], outcome["notReached"], outcome["unpredicted"]) == (0, 0, 0), outcome
    assert (outcome["jaxVersion"], outcome["reason"]) == ("0.10.2", ""), outcome
    diags = await wait_for_diagnostics(
        client, uri, lambda d: any(x.source == "pallas-lsp ✓ JAX 0.10.2" for x in d)
    )
    assert [d.source for d in diags].count("pallas-lsp lowering") == 0  # marked, not duplicated
    confirmed = next(d for d in diags if d.code == "PAL002")
    assert confirmed.data["lowering"] == "confirmed"
    # The verdict is in the source (where VS Code's Problems row shows it), not at the end of
    # a message a narrow panel cuts off.
    assert "confirmed by" not in confirmed.message
    assert [s["state"] for s in statuses if s["uri"] == uri][-2:] == ["running", "confirmed"]
    assert client.progress_reports, "work-done progress was reported"

    # The first edit makes the lowering results stale: they go.
    change_doc(client, uri, text + "\n", 2)
    await wait_for_diagnostics(client, uri, lambda d: d and all(x.source == "pallas-lsp" for x in d))


@pytest.mark.skipif(not JAX010.exists(), reason="needs .venv-jax010")
async def test_a_finding_after_the_first_error_is_not_reached(client: LanguageClient, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Lowering stops at a launch's first error: a second mismatch further down the same
    kernel is neither confirmed nor refuted, and says so, and why."""
    _uri, text = example("broadcast_axes_mismatch.py")
    first = '        plgpu.multimem_store(tile, y_ref, ("data",))\n'
    assert first in text
    path = tmp_path / "two_mismatches.py"
    path.write_text(text.replace(first, first + first.replace('("data",)', '("model",)')))
    uri = path.as_uri()
    await initialize(client, lowering_options())
    open_doc(client, uri, path.read_text())
    await wait_for_diagnostics(client, uri, lambda d: [c for c, _ in codes_by_line(d)].count("PAL002") == 2)
    outcome = await confirm(client, uri)
    assert (outcome["confirmed"], outcome["refuted"], outcome["notReached"]) == (1, 0, 1), outcome
    diags = await wait_for_diagnostics(
        client, uri, lambda d: any("not reached" in (x.source or "") for x in d)
    )
    sources = sorted((d.range.start.line + 1, d.source) for d in diags if d.code == "PAL002")
    assert sources == [(19, "pallas-lsp ✓ JAX 0.10.2"), (20, "pallas-lsp · not reached")], sources
    unreached = next(d for d in diags if d.source == "pallas-lsp · not reached")
    assert unreached.data["lowering"] == "not_reached"
    why = "Lowering did not reach this line: lowering stopped at line 19, PAL002."
    assert unreached.message.endswith(why), unreached.message


@pytest.mark.skipif(not JAX010.exists(), reason="needs .venv-jax010")
async def test_unpredicted_error_appears_at_its_line(client: LanguageClient) -> None:
    # With PAL001 ignored, no rule predicts the mesh error: lowering reports it on its own.
    await initialize(client, lowering_options(ignore=["PAL001"]))
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri)
    outcome = await confirm(client, uri)
    assert outcome["state"] == "failed", outcome
    diags = await wait_for_diagnostics(
        client, uri, lambda d: any(x.source == "pallas-lsp lowering" for x in d)
    )
    lowered = next(d for d in diags if d.source == "pallas-lsp lowering")
    assert lowered.range.start.line + 1 == 11
    assert "JAX device mesh is required" in lowered.message


async def test_interpreter_without_jax_is_a_clear_error(client: LanguageClient) -> None:
    await initialize(client, lowering_options(interpreter=sys.executable))
    uri, text = example("broadcast_axes_mismatch.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    outcome = await confirm(client, uri)
    assert outcome["state"] == "error"
    assert "JAX is not installed" in outcome["message"], outcome
    # The client offers Select Interpreter on this reason; nothing was judged.
    assert outcome["reason"] == "no_jax", outcome
    assert (outcome["confirmed"], outcome["refuted"], outcome["notReached"]) == (0, 0, 0)


@pytest.mark.skipif(not JAX010.exists(), reason="needs .venv-jax010")
async def test_cancel_through_work_done_progress(client: LanguageClient) -> None:
    await initialize(client, lowering_options())
    uri, text = example("broadcast_axes_mismatch.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    task = asyncio.ensure_future(confirm(client, uri))

    def lowering_token() -> str | None:
        # The workspace index reports progress of its own ("indexing the workspace").
        return next((t for t, title in progress_titles(client).items() if "lowering" in title), None)

    for _ in range(200):
        if lowering_token():
            break
        await asyncio.sleep(0.01)
    token = lowering_token()
    assert token is not None
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    outcome = await asyncio.wait_for(task, 60)
    assert outcome["state"] == "cancelled", outcome


@pytest.mark.skipif(not JAX010.exists(), reason="needs .venv-jax010")
async def test_trust_notification_then_on_save(client: LanguageClient) -> None:
    """Untrusted at start: saving does nothing. The client then says the workspace is
    trusted (pallasLsp/workspaceTrust): with lowering.onSave the save lowers the file."""
    statuses = watch_status(client)
    await initialize(client, {"interpreter": str(JAX010), "lowering": {"onSave": True}})
    uri, text = example("broadcast_axes_mismatch.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: ("PAL002", 19) in codes_by_line(d))
    save = types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    client.text_document_did_save(save)
    await asyncio.sleep(1.0)
    assert not statuses, "lowering ran in an untrusted workspace"

    client.protocol.notify("pallasLsp/workspaceTrust", {"trusted": True})
    client.text_document_did_save(save)
    await wait_for_diagnostics(
        client, uri, lambda d: any(x.source == "pallas-lsp ✓ JAX 0.10.2" for x in d), timeout=120
    )
    assert statuses[-1]["state"] == "confirmed"


@pytest.mark.skipif(not JAX010.exists(), reason="needs .venv-jax010")
async def test_error_raised_in_another_module_is_shown_at_the_launch(
    client: LanguageClient, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """Lowering main.py fails inside kernels.py (line 6): the error sits at main.py's launch,
    names kernels.py:6 and points there, instead of landing on main.py's own line 6."""
    import shutil

    root = tmp_path / "pkg"
    shutil.copytree(REPO / "tests" / "fixtures" / "multifile" / "axes_across_modules", root)
    await initialize(client, lowering_options(), root=root)
    main = root / "main.py"
    uri = main.as_uri()
    open_doc(client, uri, main.read_text())
    await wait_for_diagnostics(client, uri)
    outcome = await confirm(client, uri)
    assert outcome["state"] == "failed" and "other modules" in outcome["message"], outcome
    diags = await wait_for_diagnostics(
        client, uri, lambda d: any(x.source == "pallas-lsp lowering" for x in d)
    )
    error = next(d for d in diags if d.source == "pallas-lsp lowering")
    assert error.range.start.line + 1 == 16 and "raised in kernels.py:6" in error.message, error
    assert (
        error.related_information
        and error.related_information[0].location.uri == (root / "kernels.py").as_uri()
    )
