"""The pytest-lsp client fixture: the server started as editors start it, over stdio."""

from __future__ import annotations

import pytest_lsp
from lsp_helpers import answer_registrations
from pytest_lsp import ClientServerConfig, LanguageClient
from support import server_command, server_env


@pytest_lsp.fixture(config=ClientServerConfig(server_command=server_command(), server_env=server_env()))
async def client(lsp_client: LanguageClient):
    answer_registrations(lsp_client)
    yield
    await lsp_client.shutdown_session()
