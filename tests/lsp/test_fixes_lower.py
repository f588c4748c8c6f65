"""Every quick fix the server offers on the shared examples and the PAL001 fixtures, applied the way an editor
applies it, then re-analysed by the server and lowered for real by JAX (through the
server's own ``pallasLsp.confirmLowering``): the fixed error must be gone from both.

The JAX version is not configured: the server must take it from the interpreter
(.venv-jax010 -> 0.10.2, .venv-jax012 -> 0.12.0.1), which is what lowers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lsp_helpers import (
    apply_edits,
    edits_of,
    initialize,
    open_doc,
    wait_for_diagnostics,
)
from lsprotocol import types
from pytest_lsp import LanguageClient
from support import EXAMPLES, FIXTURES, JAX_PYTHONS

pytestmark = pytest.mark.lowering

INTERPRETERS = JAX_PYTHONS
# The shared examples and the fixtures whose PAL001, PAL010 and PAL011 findings have a fix
# (code the fix writes).
FILES = [*sorted(EXAMPLES.glob("*.py")),
         *(path for rule in ("pal001", "pal010", "pal011")
           for path in sorted((FIXTURES / "single" / rule).glob("*.py")))]
LINE_LENGTH = 88  # no pyproject.toml in tmp_path: the default


def _plain(value: Any) -> Any:
    return value._asdict() if hasattr(value, "_asdict") else value


@pytest.mark.parametrize("jax_version", sorted(INTERPRETERS))
async def test_every_quick_fix_removes_its_error(
    client: LanguageClient, jax_version: str, tmp_path: Path
) -> None:
    python = INTERPRETERS[jax_version]
    if not python.exists():
        pytest.skip(f"needs {python} (.ci/jax-envs.sh)")
    await initialize(
        client, {"interpreter": str(python), "workspaceTrusted": True, "lowering": {"timeout": 180}}
    )
    applied: list[str] = []
    for example in FILES:
        text = example.read_text(encoding="utf-8")
        uri = (tmp_path / example.name).as_uri()
        (tmp_path / example.name).write_text(text, encoding="utf-8")
        open_doc(client, uri, text)
        diagnostics = await wait_for_diagnostics(client, uri)
        for diagnostic in [d for d in diagnostics if d.source == "pallas-lsp"]:
            result = await client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=diagnostic.range,
                    context=types.CodeActionContext(diagnostics=[diagnostic]),
                )
            )
            fixes = [
                a
                for a in result or []
                if isinstance(a, types.CodeAction)
                and not a.title.startswith("Disable")
                and a.diagnostics
                and a.diagnostics[0].code == diagnostic.code
                and a.diagnostics[0].range == diagnostic.range
            ]
            for number, action in enumerate(fixes):
                fixed_text = apply_edits(text, edits_of(action, uri))
                written = set(fixed_text.splitlines()) - set(text.splitlines())
                # A line that was over the limit before (a keyword renamed in it) is not the fix's.
                over_before = {line[:60] for line in text.splitlines() if len(line) > LINE_LENGTH}
                too_long = [
                    line for line in written if len(line) > LINE_LENGTH and line[:60] not in over_before
                ]
                assert not too_long, (example.name, action.title, too_long)
                assert "`" not in action.title, action.title
                fixed = tmp_path / f"{example.stem}_{diagnostic.code}_{number}.py"
                fixed.write_text(fixed_text, encoding="utf-8")
                fixed_uri = fixed.as_uri()
                open_doc(client, fixed_uri, fixed_text)
                after = await wait_for_diagnostics(client, fixed_uri)
                label = f"{example.name} {diagnostic.code} '{action.title}' on JAX {jax_version}"
                assert diagnostic.code not in {d.code for d in after}, label
                outcome = _plain(
                    await client.workspace_execute_command_async(
                        types.ExecuteCommandParams(
                            command="pallasLsp.confirmLowering", arguments=[{"uri": fixed_uri, "version": 1}]
                        )
                    )
                )
                assert outcome["state"] in ("clean", "failed", "confirmed"), (label, outcome)
                lowered = list(client.diagnostics.get(fixed_uri, []))
                still = [
                    d.message
                    for d in lowered
                    if d.source == "pallas-lsp lowering" and d.code == diagnostic.code
                ]
                assert not still, (label, still)
                applied.append(f"{label}: {outcome['state']} ({outcome['message']})")
    assert applied, "no quick fix was offered on any example"
    print("\n".join(applied))
