"""The server honours `[tool.pallas-lsp]` (project/config.py) per file, over a real stdio
connection; editor settings the user set beat it, default ones do not hide it."""

from __future__ import annotations

import shutil
from pathlib import Path

from lsp_helpers import codes_by_line, initialize, open_doc, wait_for_diagnostics
from pytest_lsp import LanguageClient
from support import EXAMPLES, JAX_PYTHONS

# reduce_lane_no_layout.py: PAL003 (line 11) on every release; PAL008 (line 23) from 0.11.2.
NAME = "reduce_lane_no_layout.py"


def project(tmp_path: Path, table: str) -> tuple[Path, str, str]:
    (tmp_path / "pyproject.toml").write_text(f"[tool.pallas-lsp]\n{table}\n", encoding="utf-8")
    (tmp_path / "pkg").mkdir()
    shutil.copy(EXAMPLES / NAME, tmp_path / "pkg" / NAME)
    path = tmp_path / "pkg" / NAME
    return tmp_path, path.as_uri(), path.read_text(encoding="utf-8")


async def test_project_settings_apply(client: LanguageClient, tmp_path: Path) -> None:
    root, uri, text = project(tmp_path, 'jax-version = "0.10.2"\nper-file-ignores = {"pkg/*" = ["PAL002"]}')
    # The editor's defaults (no jaxVersion, empty ignore) do not hide the project's settings.
    await initialize(client, {"jaxVersion": "", "ignore": [], "select": None}, root=root)
    open_doc(client, uri, text)
    diagnostics = await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    assert codes_by_line(diagnostics) == {("PAL003", 11)}  # 0.10.2: no PAL008


async def test_a_user_set_editor_setting_wins(client: LanguageClient, tmp_path: Path) -> None:
    root, uri, text = project(tmp_path, 'jax-version = "0.10.2"\nignore = ["PAL003"]')
    await initialize(client, {"jaxVersion": "0.12.0.1", "userSet": ["jaxVersion"]}, root=root)
    open_doc(client, uri, text)
    diagnostics = await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    # jaxVersion the user set beats the project's 0.10.2; the project's ignore still applies.
    assert codes_by_line(diagnostics) == {("PAL008", 23)}


async def test_a_value_the_user_did_not_set_yields_to_the_project(client: LanguageClient,
                                                                  tmp_path: Path) -> None:
    root, uri, text = project(tmp_path, 'jax-version = "0.10.2"')
    # VS Code sends every setting; userSet says none of them was set by the user.
    await initialize(client, {"jaxVersion": "0.12.0.1", "userSet": []}, root=root)
    open_doc(client, uri, text)
    diagnostics = await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    assert codes_by_line(diagnostics) == {("PAL003", 11)}  # the project's 0.10.2


async def test_the_interpreter_the_editor_chose_still_applies_where_the_project_is_silent(
        client: LanguageClient, tmp_path: Path) -> None:
    python = JAX_PYTHONS["0.10.2"]
    assert python.exists(), f"{python}: the JAX 0.10.2 venv the lowering tests use"
    root, uri, text = project(tmp_path, 'select = ["PAL003", "PAL008"]')
    # The Python extension's interpreter: sent, but not set by the user.
    await initialize(client, {"interpreter": [str(python)], "userSet": []}, root=root)
    open_doc(client, uri, text)
    diagnostics = await wait_for_diagnostics(client, uri, lambda d: len(d) > 0)
    assert codes_by_line(diagnostics) == {("PAL003", 11)}  # its JAX 0.10.2: no PAL008
