"""pallasLsp.jaxVersions (several target releases) and "Upgrade this file for JAX X", end to end."""

from __future__ import annotations

from lsp_helpers import apply_edits, codes_by_line, edits_of, initialize, open_doc, wait_for_diagnostics
from lsprotocol import types
from pallas_lsp.analysis import Options, analyze, parse_jax_version
from pytest_lsp import LanguageClient
from support import FIXTURES

# out_shape=: fails from JAX 0.11.2 on (tests/fixtures/versions/, docs/jax-releases.md).
OUT_SHAPE = FIXTURES / "single" / "pal009" / "kernel_out_shape_keyword.py"


async def test_several_targets_say_where_a_finding_fails(client: LanguageClient) -> None:
    await initialize(client, {"jaxVersions": ["0.12.0.1", "0.10.2"]})
    uri, text = OUT_SHAPE.as_uri(), OUT_SHAPE.read_text(encoding="utf-8")
    open_doc(client, uri, text)
    diags = await wait_for_diagnostics(client, uri, lambda d: ("PAL009", 21) in codes_by_line(d))
    [finding] = [d for d in diags if d.code == "PAL009"]
    assert finding.message.startswith("fails on JAX 0.12.0.1 only (not on 0.10.2): ")


async def test_upgrade_source_action_renames_for_the_target(client: LanguageClient) -> None:
    await initialize(client, {"jaxVersion": "0.10.2"})
    uri, text = OUT_SHAPE.as_uri(), OUT_SHAPE.read_text(encoding="utf-8")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: "PAL009" not in {x.code for x in d})
    whole = types.Range(start=types.Position(line=0, character=0),
                        end=types.Position(line=len(text.splitlines()), character=0))
    result = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=whole,
        context=types.CodeActionContext(diagnostics=[], only=["source"])))
    upgrades = [a for a in result or [] if isinstance(a, types.CodeAction)
                and a.kind == "source.upgrade.pallasLsp"]
    assert [a.title for a in upgrades] == ["Upgrade this file for JAX 0.12.0.1"]
    new_text = apply_edits(text, edits_of(upgrades[0], uri))
    newest = Options(jax_version=parse_jax_version("0.12.0.1"))
    assert [f.code for f in analyze(text, newest).findings] == ["PAL009"]
    assert [f.code for f in analyze(new_text, newest).findings] == []
