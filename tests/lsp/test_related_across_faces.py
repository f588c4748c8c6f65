"""The language server places every related location of the multi-file fixtures where the
CLI does (text, JSON and SARIF agree with the pinned files: tests/test_expected_output.py).
One locator (pallas_lsp.project.locate) serves both faces; this holds the LSP side to it."""

from __future__ import annotations

from pathlib import Path

import pytest
from expected_output import VERSIONS, related_rows
from fixture_markers import package_fixtures, package_modules
from lsp_helpers import initialize, open_doc, wait_for_diagnostics, wait_for_index
from lsprotocol import types
from pygls.uris import to_fs_path
from pytest_lsp import LanguageClient


def _relative(uri: str, base: Path) -> str:
    return Path(to_fs_path(uri) or uri).relative_to(base).as_posix()


def _related(diagnostics: list[types.Diagnostic], uri: str, base: Path) -> list[str]:
    """Rows as expected_output.related_rows writes them (fixtures are ASCII: UTF-16 = code points)."""
    found = []
    for d in diagnostics:
        if d.source != "pallas-lsp":
            continue
        owner = f"{_relative(uri, base)}:{d.range.start.line + 1}:{d.range.start.character + 1}:{d.code}"
        for info in d.related_information or ():
            start = info.location.range.start
            found.append(f"{owner} -> {_relative(info.location.uri, base)}:{start.line + 1}:"
                         f"{start.character + 1}:{info.message[:80]}")
    return found


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("package", package_fixtures(), ids=lambda p: p.name)
async def test_related_locations_match_the_cli(client: LanguageClient, package: Path, version: str) -> None:
    await initialize(client, {"jaxVersion": version}, root=package)
    want = related_rows(package, version)
    uris = {}
    for module in package_modules(package):
        uri = module.as_uri()
        open_doc(client, uri, module.read_text(encoding="utf-8"))
        uris[uri] = module.relative_to(package).as_posix()  # a sub-package's module: reducers/kernels.py
    await wait_for_index(client)
    got: list[str] = []
    for uri, name in uris.items():
        mine = [row for row in want if row.startswith(f"{name}:")]
        try:
            diagnostics = await wait_for_diagnostics(
                client, uri, lambda d, uri=uri, mine=mine: _related(d, uri, package) == mine)
        except TimeoutError:
            diagnostics = list(client.diagnostics.get(uri, ()))
        got.extend(_related(diagnostics, uri, package))
    assert got == want, f"{package.name} under JAX {version}"
