"""Column mapping on awkward text, and a server that survives bad requests, end to end."""

from __future__ import annotations

import asyncio

import pytest
from lsp_helpers import codes_by_line, example, initialize, open_doc, wait_for_diagnostics
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient, client_capabilities


def awkward_variant(text: str, emoji: bool) -> tuple[str, int, str]:
    """allreduce_no_mesh.py with CRLF ends, tab indents, a non-ASCII alias and parameter name,
    and (optionally) an astral character before the call on its line."""
    text = text.replace("plgpu", "plgpü").replace("x_ref", "x_réf")
    lines = text.splitlines()
    call = lines[10].strip().rstrip(",")
    assert call.startswith("plgpü.multimem_load_reduce(")
    prefix = '\t\t"😀" and ' if emoji else "\t\t"
    lines[10] = prefix + call + ","
    return "\r\n".join(lines) + "\r\n", 10, call


@pytest.mark.parametrize("emoji", [False, True])
async def test_crlf_tabs_non_ascii_map_to_utf16(client: LanguageClient, emoji: bool) -> None:
    await initialize(client)
    uri, text = example("allreduce_no_mesh.py")
    uri = uri.replace(".py", f"_awkward{int(emoji)}.py")
    awkward, line_index, call = awkward_variant(text, emoji)
    open_doc(client, uri, awkward)
    diags = await wait_for_diagnostics(client, uri, lambda d: ("PAL001", 11) in codes_by_line(d))
    diagnostic = next(d for d in diags if d.code == "PAL001")
    line = awkward.split("\r\n")[line_index]
    start = line.index(call)
    # UTF-16 code units: the emoji counts two, é and ü one each, a tab one.
    start_units = len(line[:start].encode("utf-16-le")) // 2
    end_units = start_units + len(call.encode("utf-16-le")) // 2
    assert diagnostic.range.start == types.Position(line=line_index, character=start_units)
    assert diagnostic.range.end == types.Position(line=line_index, character=end_units)

    # The same position sent back (hover at the diagnostic's end) maps to the same call.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=diagnostic.range.end)
    )
    assert hover is not None and "PAL001" in hover.contents.value  # type: ignore[union-attr]


async def test_incremental_edit_after_non_ascii(client: LanguageClient) -> None:
    """An incremental change whose range is in UTF-16 units after a non-ASCII character."""
    await initialize(client)
    uri, text = example("allreduce_no_mesh.py")
    uri = uri.replace(".py", "_incremental.py")
    text = '"""Ünïcode 😀 docstring."""\n' + text.split("\n", 1)[1]
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: ("PAL001", 11) in codes_by_line(d))
    # Replace the docstring's text after the emoji (UTF-16 col 12 is just past 😀) with
    # a newline: everything below moves down a line.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=0, character=12),
                        end=types.Position(line=0, character=12),
                    ),
                    text="\n",
                )
            ],
        )
    )
    await wait_for_diagnostics(client, uri, lambda d: ("PAL001", 12) in codes_by_line(d))


async def test_server_survives_bad_requests(client: LanguageClient) -> None:
    await initialize(client)
    unknown = "file:///nowhere/never_opened.py"
    # A change to a document that was never opened: ignored, not fatal.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=unknown, version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="x = 1\n")],
        )
    )
    assert (
        await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=unknown),
                position=types.Position(line=0, character=0),
            )
        )
        is None
    )
    assert (
        await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=unknown),
                range=types.Range(
                    start=types.Position(line=0, character=0),
                    end=types.Position(line=0, character=0),
                ),
                context=types.CodeActionContext(diagnostics=[]),
            )
        )
        is None
    )

    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    # Positions far outside the document are clamped, never an exception.
    for position in (
        types.Position(line=10_000, character=0),
        types.Position(line=10, character=10_000),
        types.Position(line=0, character=2**31 - 1),
    ):
        await client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
        )
        await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(start=position, end=position),
                context=types.CodeActionContext(diagnostics=[]),
            )
        )
    # An unknown command is an error answer, and the server is still there afterwards.
    with pytest.raises(JsonRpcException):
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="pallasLsp.noSuchCommand", arguments=[])
        )
    info = await client.protocol.send_request_async("pallasLsp/debugInfo", {})
    assert info is not None
    # Malformed params (written raw: the client library would refuse to send them).
    client.protocol._send_data(
        {
            "jsonrpc": "2.0",
            "id": "malformed-1",
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": 5}, "position": "here"},
        }
    )
    client.protocol._send_data(
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": 7}}
    )
    # A binary-ish, unparsable document does not kill the server either.
    open_doc(client, uri.replace(".py", "_garbage.py"), "\x00\ufeff)(][ def:\n" * 50)
    await asyncio.sleep(0.3)
    open_doc(client, uri.replace(".py", "_deep.py"), "x = " + "(" * 5000 + ")" * 5000 + "\n")
    await asyncio.sleep(0.5)
    assert (await client.protocol.send_request_async("pallasLsp/debugInfo", {})) is not None


async def test_utf8_position_encoding_when_the_client_prefers_it(client: LanguageClient) -> None:
    capabilities = client_capabilities("visual-studio-code")
    capabilities.general = types.GeneralClientCapabilities(
        position_encodings=[types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16]
    )
    result = await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            initialization_options={"pallasLsp": {"debounceMs": 50}},
        )
    )
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    uri, text = example("allreduce_no_mesh.py")
    uri = uri.replace(".py", "_utf8.py")
    awkward, line_index, call = awkward_variant(text, emoji=True)
    open_doc(client, uri, awkward)
    diags = await wait_for_diagnostics(client, uri, lambda d: ("PAL001", 11) in codes_by_line(d))
    diagnostic = next(d for d in diags if d.code == "PAL001")
    line = awkward.split("\r\n")[line_index]
    start = len(line[: line.index(call)].encode("utf-8"))
    assert diagnostic.range.start == types.Position(line=line_index, character=start)
    assert diagnostic.range.end.character == start + len(call.encode("utf-8"))
