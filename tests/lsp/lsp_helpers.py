"""Helpers for the end-to-end tests: a real pytest-lsp client talking to the server over stdio.

The server is started the way editors start it, ``python -m pallas_lsp serve``
(``support.server_command``: the repository's ``server/`` folder is always on its
import path, so the tests run from a checkout without ``pip install -e .``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from support import EXAMPLES


def answer_registrations(client: LanguageClient) -> None:
    """Answer client/registerCapability as editors that advertise dynamic registration do (the
    server registers a **/*.py file watcher); pytest-lsp's client does not by default."""
    client.registrations = []  # type: ignore[attr-defined]

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams) -> None:
        client.registrations.extend(params.registrations)  # type: ignore[attr-defined]

    # The "visual-studio-code" capabilities advertise refresh support: the server asks for
    # new code lenses / inlay hints when their inputs change (a lowering result, a setting).
    client.refreshes = []  # type: ignore[attr-defined]

    @client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def code_lens_refresh(params: None) -> None:
        client.refreshes.append(types.WORKSPACE_CODE_LENS_REFRESH)  # type: ignore[attr-defined]

    @client.feature(types.WORKSPACE_INLAY_HINT_REFRESH)
    def inlay_hint_refresh(params: None) -> None:
        client.refreshes.append(types.WORKSPACE_INLAY_HINT_REFRESH)  # type: ignore[attr-defined]


def progress_titles(client: LanguageClient) -> dict[str, str]:
    """token -> the title of its work-done progress ``begin``."""
    return {
        str(token): report.title
        for token, reports in client.progress_reports.items()
        for report in reports
        if isinstance(report, types.WorkDoneProgressBegin)
    }


async def wait_for_index(client: LanguageClient, timeout: float = 15.0) -> list[object]:
    """The workspace indexing progress reports, once it has ended."""

    async def ended() -> list[object]:
        while True:
            for token, title in progress_titles(client).items():
                reports = client.progress_reports[token]
                if "indexing" in title and isinstance(reports[-1], types.WorkDoneProgressEnd):
                    return list(reports)
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(ended(), timeout)


def example(name: str) -> tuple[str, str]:
    path = EXAMPLES / name
    return path.as_uri(), path.read_text(encoding="utf-8")


async def initialize(
    client: LanguageClient,
    options: dict[str, Any] | None = None,
    spec: str = "visual-studio-code",
    root: Path = EXAMPLES,
) -> types.InitializeResult:
    # debounceMs is short in tests only to keep them quick; the behaviour is the same.
    init = {"pallasLsp": {"debounceMs": 50, **(options or {})}}
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(spec),
            initialization_options=init,
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
        )
    )


def open_doc(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="python", version=version, text=text)
        )
    )


def change_doc(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def wait_for_diagnostics(
    client: LanguageClient,
    uri: str,
    predicate: Callable[[list[types.Diagnostic]], bool] = lambda d: True,
    timeout: float = 15.0,
) -> list[types.Diagnostic]:
    """Wait until the last diagnostics published for ``uri`` satisfy ``predicate``."""

    async def poll() -> list[types.Diagnostic]:
        while True:
            if uri in client.diagnostics and predicate(list(client.diagnostics[uri])):
                return list(client.diagnostics[uri])
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    return await asyncio.wait_for(poll(), timeout)


def codes_by_line(diagnostics: list[types.Diagnostic]) -> set[tuple[str, int]]:
    """{(code, 1-based line)} of the static diagnostics."""
    return {(str(d.code), d.range.start.line + 1) for d in diagnostics if d.source == "pallas-lsp"}


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    """Apply LSP edits (UTF-16 positions) to ``text`` the way an editor does."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[-1].endswith(("\n", "\r")):
        lines.append("")

    def offset(position: types.Position) -> int:
        line = min(position.line, len(lines) - 1)
        before = sum(len(entry) for entry in lines[:line])
        content = lines[line].rstrip("\r\n")
        units = 0
        for index, ch in enumerate(content):
            if units >= position.character:
                return before + index
            units += 2 if ord(ch) > 0xFFFF else 1
        return before + len(content)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = offset(edit.range.start), offset(edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
        lines = text.splitlines(keepends=True)
        if not lines or lines[-1].endswith(("\n", "\r")):
            lines.append("")
    return text


def edits_of(action: types.CodeAction, uri: str) -> list[types.TextEdit]:
    edit = action.edit
    assert edit is not None
    if edit.document_changes:
        out: list[types.TextEdit] = []
        for change in edit.document_changes:
            assert isinstance(change, types.TextDocumentEdit) and change.text_document.uri == uri
            out.extend(change.edits)  # type: ignore[arg-type]
        return out
    assert edit.changes is not None
    return list(edit.changes[uri])


@pytest.fixture
def examples_dir() -> Path:
    return EXAMPLES
