"""A pytest-lsp client for the protocol-abuse tests: the server started as editors start it.

The client also keeps the version of the last diagnostics published per URI
(``client.diagnostic_versions``), so a test can wait for those of its final edit,
and it accepts the server's dynamic registrations as an editor does.
"""

from __future__ import annotations

from typing import Any

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient
from support import server_command, server_env


@pytest_lsp.fixture(config=ClientServerConfig(server_command=server_command(), server_env=server_env()))
async def client(lsp_client: LanguageClient):
    versions: dict[str, int | None] = {}
    handle = lsp_client.protocol._handle_notification

    def track(method: str, params: Any) -> None:
        if method == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS:
            versions[params.uri] = params.version
        handle(method, params)

    lsp_client.protocol._handle_notification = track  # type: ignore[method-assign]
    lsp_client.diagnostic_versions = versions  # type: ignore[attr-defined]

    # Editors that advertise dynamic registration answer it (the server registers a file
    # watcher); pytest-lsp's client does not by default.
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams) -> None:
        del params

    yield
    await lsp_client.shutdown_session()
