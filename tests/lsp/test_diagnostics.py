"""Diagnostics over a real stdio connection: open, change, save, close, settings."""

from __future__ import annotations

import asyncio
from typing import Any

from lsp_helpers import (
    change_doc,
    codes_by_line,
    example,
    initialize,
    open_doc,
    wait_for_diagnostics,
)
from lsprotocol import types
from pytest_lsp import LanguageClient


async def test_open_publishes_diagnostics(client: LanguageClient) -> None:
    await initialize(client)
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    diagnostics = await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    assert ("PAL001", 11) in codes_by_line(diagnostics)
    first = next(d for d in diagnostics if d.code == "PAL001")
    assert first.source == "pallas-lsp"
    assert first.severity == types.DiagnosticSeverity.Error
    assert first.code_description is not None and first.code_description.href.endswith("PAL001.md")

    uri2, text2 = example("broadcast_axes_mismatch.py")
    open_doc(client, uri2, text2)
    diagnostics2 = await wait_for_diagnostics(client, uri2, lambda d: len(d) > 0)
    assert ("PAL002", 19) in codes_by_line(diagnostics2)
    mismatch = next(d for d in diagnostics2 if d.code == "PAL002")
    # The mesh the rule reasoned from is pointed at (related information).
    assert mismatch.related_information, mismatch


async def test_clean_file_publishes_empty(client: LanguageClient) -> None:
    await initialize(client)
    uri, text = example("allreduce_ok.py")
    open_doc(client, uri, text)
    diagnostics = await wait_for_diagnostics(client, uri)
    assert codes_by_line(diagnostics) == set()


async def test_close_clears(client: LanguageClient) -> None:
    await initialize(client)
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await wait_for_diagnostics(client, uri, lambda d: len(d) == 0)


async def test_change_and_syntax_error_keeps_last_good(client: LanguageClient) -> None:
    await initialize(client)
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: ("PAL001", 11) in codes_by_line(d))
    # Mid-typing: the buffer does not parse. Nothing new may be published for it.
    broken = text.replace("SHAPE = (256, 128)", "SHAPE = (256, 128")
    change_doc(client, uri, broken, 2)
    await asyncio.sleep(0.6)
    assert ("PAL001", 11) in codes_by_line(list(client.diagnostics[uri]))
    # Typing on: a line inserted above moves the finding down one line.
    fixed = "# a comment\n" + text
    change_doc(client, uri, fixed, 3)
    await wait_for_diagnostics(client, uri, lambda d: ("PAL001", 12) in codes_by_line(d))


async def test_burst_of_edits_ends_with_last_version(client: LanguageClient) -> None:
    """200 edits as fast as the pipe takes them: the final diagnostics are those of the last text,
    and no result of an older version is published after a newer one."""
    await initialize(client)
    uri, bad = example("allreduce_no_mesh.py")
    _, good = example("allreduce_ok.py")
    open_doc(client, uri, good)
    await wait_for_diagnostics(client, uri)

    published: list[int | None] = []
    features = client.protocol.fm.features
    original = features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

    def record(params: types.PublishDiagnosticsParams) -> None:
        if params.uri == uri:
            published.append(params.version)
        original(params)

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = record
    try:
        for version in range(2, 202):
            # Alternate files and shift lines, so a stale result would show as a wrong line.
            text = ("#\n" * (version % 7)) + (bad if version % 2 else good)
            change_doc(client, uri, text, version)
        expected_line = 11 + 201 % 7  # version 201 is odd: the bad file, shifted

        await wait_for_diagnostics(client, uri, lambda d: published[-1:] == [201])
        await asyncio.sleep(0.5)  # nothing may arrive after the answer for the last version
    finally:
        features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = original
    assert published[-1] == 201
    assert published == sorted(published), published
    assert ("PAL001", expected_line) in codes_by_line(list(client.diagnostics[uri]))
    assert {line for code, line in codes_by_line(list(client.diagnostics[uri]))} == {expected_line}


async def test_configuration_change_republishes(client: LanguageClient) -> None:
    await initialize(client)
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: ("PAL001", 11) in codes_by_line(d))

    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"pallasLsp": {"severity": {"PAL001": "warning"}}})
    )
    diags = await wait_for_diagnostics(
        client,
        uri,
        lambda d: any(x.code == "PAL001" and x.severity == types.DiagnosticSeverity.Warning for x in d),
    )
    assert diags

    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"pallasLsp": {"ignore": ["PAL001"]}})
    )
    await wait_for_diagnostics(client, uri, lambda d: "PAL001" not in {x.code for x in d})

    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"pallasLsp": {"ignore": [], "select": ["PAL001"]}})
    )
    await wait_for_diagnostics(client, uri, lambda d: "PAL001" in {x.code for x in d})


async def test_pulled_configuration(client: LanguageClient) -> None:
    """A client that answers workspace/configuration (VS Code's pull model) is asked."""
    client.set_configuration({"ignore": ["PAL001"]}, section="pallasLsp")
    await initialize(client)
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    diags = await wait_for_diagnostics(client, uri)
    await asyncio.sleep(0.3)
    diags = list(client.diagnostics[uri])
    assert "PAL001" not in {d.code for d in diags}
    # VS Code's notification carries no settings: the server pulls again.
    client.set_configuration({"ignore": []}, section="pallasLsp")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_for_diagnostics(client, uri, lambda d: "PAL001" in {x.code for x in d})


async def test_invalid_settings_warn_and_fall_back(client: LanguageClient) -> None:
    await initialize(
        client,
        {
            "severity": {"PAL001": "fatal"},
            "select": "PAL001",
            "lowering": {"remoteCommand": "ssh host python3 -"},
        },
    )
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    diags = await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    # Defaults: every rule selected, the rule's own severity.
    assert any(d.code == "PAL001" and d.severity == types.DiagnosticSeverity.Error for d in diags)
    texts = " | ".join(m.message for m in client.messages)
    assert "pallasLsp.severity.PAL001" in texts
    assert "pallasLsp.select" in texts
    assert "pallasLsp.lowering.remoteCommand" in texts


async def test_lint_on_change_off_waits_for_save(client: LanguageClient) -> None:
    await initialize(client, {"lintOnChange": False})
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: ("PAL001", 11) in codes_by_line(d))
    change_doc(client, uri, "\n\n" + text, 2)
    # A settings change lints every open document again, but not one whose edits wait for
    # a save (before the fix it analysed the unsaved text, which also raced the test's
    # initialize: the initialized handler's relint could come after the edit).
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"pallasLsp": {"lintOnChange": False,
                                                                   "debounceMs": 0}}))
    await asyncio.sleep(0.4)
    assert ("PAL001", 11) in codes_by_line(list(client.diagnostics[uri]))
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await wait_for_diagnostics(client, uri, lambda d: ("PAL001", 13) in codes_by_line(d))


async def test_jax_version_setting_changes_the_rules(client: LanguageClient) -> None:
    """pl.pallas_call with Mosaic GPU params is gone in JAX 0.12 (PAL008), fine on 0.10."""
    await initialize(client, {"jaxVersion": "0.10.2"})
    uri, text = example("reduce_lane_no_layout.py")
    open_doc(client, uri, text)
    diags = await wait_for_diagnostics(client, uri, lambda d: ("PAL003", 11) in codes_by_line(d))
    assert "PAL008" not in {d.code for d in diags}
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=next(d for d in diags if d.code == "PAL003").range.start,
        )
    )
    assert hover is not None and "pallasLsp.jaxVersion" in hover.contents.value  # type: ignore[union-attr]

    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"pallasLsp": {"jaxVersion": "0.12.0.1"}})
    )
    await wait_for_diagnostics(client, uri, lambda d: ("PAL008", 23) in codes_by_line(d))


async def test_the_jax_version_the_rules_follow_is_sent_to_the_client(client: LanguageClient) -> None:
    """pallasLsp/jaxVersion: the status bar's "Pallas · JAX x" and where x came from; sent
    once per change, not per lint."""
    sent: list[dict[str, str]] = []

    @client.feature("pallasLsp/jaxVersion")
    def _jax(params: Any) -> None:
        sent.append(params._asdict() if hasattr(params, "_asdict") else dict(params))

    await initialize(client, {"jaxVersion": "0.10.2"})
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri)
    change_doc(client, uri, text + "\n", 2)
    await wait_for_diagnostics(client, uri)
    assert sent == [{"version": "0.10.2", "source": "the pallasLsp.jaxVersion setting"}]
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"pallasLsp": {"jaxVersion": "0.12.0.1"}})
    )
    for _ in range(100):
        if len(sent) == 2:
            break
        await asyncio.sleep(0.05)
    assert sent[-1] == {"version": "0.12.0.1", "source": "the pallasLsp.jaxVersion setting"}


async def test_stale_results_dropped_even_when_versions_do_not_move(client: LanguageClient) -> None:
    """Staleness is judged by the changes the server applied, not by the client's numbers."""
    await initialize(client, {"debounceMs": 0})
    uri, bad = example("allreduce_no_mesh.py")
    _, good = example("allreduce_ok.py")
    open_doc(client, uri, good)
    await wait_for_diagnostics(client, uri)
    for step in range(60):
        text = ("#\n" * (step % 5)) + (bad if step % 2 else good)
        change_doc(client, uri, text, 2)  # the same version every time
    expected = 11 + 59 % 5
    await wait_for_diagnostics(client, uri, lambda d: ("PAL001", expected) in codes_by_line(d))
    await asyncio.sleep(0.5)
    assert codes_by_line(list(client.diagnostics[uri])) == {("PAL001", expected)}


async def test_typing_is_debounced(client: LanguageClient) -> None:
    """A burst of keystrokes inside the debounce window is analysed once, for its last text."""
    await initialize(client, {"debounceMs": 1500})
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    published: list[int | None] = []
    features = client.protocol.fm.features
    original = features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

    def record(params: types.PublishDiagnosticsParams) -> None:
        published.append(params.version)
        original(params)

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = record
    try:
        for version in range(2, 22):
            change_doc(client, uri, "#" * version + "\n" + text, version)
        await wait_for_diagnostics(client, uri, lambda d: published[-1:] == [21])
        await asyncio.sleep(0.3)
    finally:
        features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = original
    assert published == [21]
    assert ("PAL001", 12) in codes_by_line(list(client.diagnostics[uri]))
