"""Facts kept in more than one place (for tools that cannot share them) agree."""

from __future__ import annotations

import importlib.util
import json
import re

import pytest
from pallas_lsp.lsp.settings import Settings
from support import REPO

tomllib = pytest.importorskip("tomllib")  # Python 3.11+, as the dev environment


def _sync_script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("sync", REPO / "scripts" / "sync_bundled_requirements.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bundled_requirements_repeat_the_pyproject_pins() -> None:
    sync = _sync_script()
    text = sync.BUNDLED.read_text(encoding="utf-8")
    assert sync.synced(text) == text, "run scripts/sync_bundled_requirements.py"
    with (REPO / "pyproject.toml").open("rb") as handle:
        pins = tomllib.load(handle)["project"]["dependencies"]
    lines = text.splitlines()
    # All but what the server never imports (not shipped in the .vsix).
    shipped = [pin for pin in pins if pin.split("==")[0].lower() not in sync.NOT_BUNDLED]
    assert lines[lines.index(sync.BEGIN) + 1:lines.index(sync.END)] == shipped
    assert "jedi==0.20.1" in pins and "jedi==0.20.1" not in shipped


def test_show_notifications_has_one_default() -> None:
    server = Settings().show_notifications
    manifest = json.loads((REPO / "package.json").read_text(encoding="utf-8"))
    sections = manifest["contributes"]["configuration"]  # titled sections (Interpreter, Rules, ...)
    declared = next(section["properties"]["pallasLsp.showNotifications"] for section in sections
                    if "pallasLsp.showNotifications" in section["properties"])
    client = re.search(r'oneOf\(get\("showNotifications"\), NOTIFICATION_LEVELS, "(\w+)"\)',
                       (REPO / "client" / "src" / "settings.ts").read_text(encoding="utf-8"))
    vscode_doc = re.search(r"\| `pallasLsp\.showNotifications` \|.*?\| `(\w+)` \| Which",
                           (REPO / "docs" / "vscode.md").read_text(encoding="utf-8"))
    editors_doc = re.search(r'\| `showNotifications` \|.*?\| "(\w+)" \| which',
                            (REPO / "docs" / "editors.md").read_text(encoding="utf-8"))
    assert client and vscode_doc and editors_doc
    assert {declared["default"], client[1], vscode_doc[1], editors_doc[1]} == {server} == {"onError"}
