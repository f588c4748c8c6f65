"""Axis names as symbols over a real stdio connection: definition, references, highlight,
rename (and its refusals), completion, inlay hints, code lenses, document and workspace
symbols, on tests/fixtures/axes/two_files (copied: rename edits are applied to the copy)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from lsp_helpers import apply_edits, initialize, open_doc, wait_for_diagnostics, wait_for_index
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient
from support import EXAMPLES, FIXTURES, JAX_PYTHONS

TWO_FILES = FIXTURES / "axes" / "two_files"
SINGLE = FIXTURES / "single"


async def open_workspace(client: LanguageClient, tmp_path: Path, **options: object
                         ) -> tuple[Path, dict[str, str]]:
    root = tmp_path / "two_files"
    shutil.copytree(TWO_FILES, root)
    await initialize(client, dict(options), root=root)
    texts: dict[str, str] = {}
    for name in ("main.py", "kernels.py"):
        uri = (root / name).as_uri()
        texts[uri] = (root / name).read_text(encoding="utf-8")
        open_doc(client, uri, texts[uri])
        await wait_for_diagnostics(client, uri)
    await wait_for_index(client)
    return root, texts


def at(text: str, needle: str, nth: int = 0, offset: int = 1) -> types.Position:
    """The position ``offset`` characters into the ``nth`` occurrence of ``needle``."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index)
    column = index - (text.rfind("\n", 0, index) + 1)
    return types.Position(line=line, character=column + offset)


def spots(locations: list[types.Location] | None) -> set[tuple[str, int, int]]:
    return {(Path(loc.uri).name, loc.range.start.line + 1, loc.range.start.character)
            for loc in locations or ()}


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def test_definition_crosses_files_and_skips_the_other_mesh(client: LanguageClient,
                                                                 tmp_path: Path) -> None:
    root, texts = await open_workspace(client, tmp_path)
    kernels = (root / "kernels.py").as_uri()
    # "data" of the broadcast: the 2-D mesh's MESH_AXES, not the 1-D ring's "data".
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(kernels), position=at(texts[kernels], '"data", "model"')))
    assert spots(found) == {("main.py", 8, 13)}  # type: ignore[arg-type]
    # lax.axis_size("data") of the mean kernel: the ring's, launched under it.
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(kernels), position=at(texts[kernels], 'axis_size("data")', offset=11)))
    assert spots(found) == {("main.py", 19, 32)}  # type: ignore[arg-type]


async def test_references_and_highlight_list_only_tied_strings(client: LanguageClient,
                                                               tmp_path: Path) -> None:
    root, texts = await open_workspace(client, tmp_path)
    main, kernels = (root / "main.py").as_uri(), (root / "kernels.py").as_uri()
    found = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc(main), position=at(texts[main], '("data", "model")'),
        context=types.ReferenceContext(include_declaration=True)))
    # The mesh's literal and the broadcast's use; the ring's "data" and its two uses are
    # equal strings of another symbol.
    assert spots(found) == {("main.py", 8, 13), ("kernels.py", 11, 45)}
    ring = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc(kernels), position=at(texts[kernels], 'axis_size("data")', offset=11),
        context=types.ReferenceContext(include_declaration=False)))
    assert spots(ring) == {("kernels.py", 15, 63), ("kernels.py", 17, 39)}
    highlights = await client.text_document_document_highlight_async(types.DocumentHighlightParams(
        text_document=doc(kernels), position=at(texts[kernels], 'collective_axes=("data"', offset=18)))
    assert {(h.range.start.line + 1, h.kind) for h in highlights or ()} == {
        (15, types.DocumentHighlightKind.Read), (17, types.DocumentHighlightKind.Read)}
    # A string that is no axis name: nothing.
    nothing = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(main), position=at(texts[main], '"__main__"')))
    assert not nothing


async def test_rename_edits_both_files_and_leaves_the_other_mesh(client: LanguageClient,
                                                                 tmp_path: Path) -> None:
    root, texts = await open_workspace(client, tmp_path)
    main, kernels = (root / "main.py").as_uri(), (root / "kernels.py").as_uri()
    position = at(texts[kernels], '"data", "model"')
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=doc(kernels), position=position))
    assert isinstance(prepared, types.PrepareRenamePlaceholder)
    assert prepared.placeholder == "data"
    assert (prepared.range.start.character, prepared.range.end.character) == (46, 50)
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=doc(kernels), position=position, new_name="batch"))
    assert edit is not None and edit.document_changes is not None
    by_uri = {change.text_document.uri: change for change in edit.document_changes}  # type: ignore[union-attr]
    assert set(by_uri) == {main, kernels}
    assert by_uri[main].text_document.version == 1  # type: ignore[union-attr]
    new_main = apply_edits(texts[main], list(by_uri[main].edits))  # type: ignore[union-attr,arg-type]
    new_kernels = apply_edits(texts[kernels], list(by_uri[kernels].edits))  # type: ignore[union-attr,arg-type]
    assert 'MESH_AXES = ("batch", "model")' in new_main
    assert 'ring = jax.make_mesh((2,), ("data",))' in new_main
    assert '("batch", "model"))' in new_kernels
    assert 'collective_axes=("data",)' in new_kernels and 'axis_size("data")' in new_kernels
    assert new_main.count("batch") == 1 and new_kernels.count("batch") == 1


async def test_rename_refuses_what_it_cannot_prove(client: LanguageClient, tmp_path: Path,
                                                   capfd: pytest.CaptureFixture[str]) -> None:
    root, texts = await open_workspace(client, tmp_path)
    kernels = (root / "kernels.py").as_uri()
    # A name that collides with the mesh's other axis.
    with pytest.raises(JsonRpcException, match="'model' is already an axis name"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=doc(kernels), position=at(texts[kernels], '"data", "model"'), new_name="model"))
    # Another file of the rename is mid-edit and does not parse: its text in the index is old.
    main = (root / "main.py").as_uri()
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=main, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="def (\n" + texts[main])]))
    with pytest.raises(JsonRpcException, match=r"main\.py does not parse in the editor"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=doc(kernels), position=at(texts[kernels], '"data", "model"'), new_name="rows"))
    # One kernel body launched under two meshes: its string belongs to both.
    shared = tmp_path / "shared.py"
    shutil.copy(SINGLE / "clean" / "axes_from_param_mesh_ok.py", shared)
    text = shared.read_text(encoding="utf-8")
    open_doc(client, shared.as_uri(), text)
    await wait_for_diagnostics(client, shared.as_uri())
    with pytest.raises(JsonRpcException, match="more than one mesh or kernel"):
        await client.text_document_prepare_rename_async(types.PrepareRenameParams(
            text_document=doc(shared.as_uri()), position=at(text, '("x",)')))
    # Axis names read from the environment at run time.
    runtime = tmp_path / "runtime.py"
    shutil.copy(SINGLE / "clean" / "axes_runtime_choice_ok.py", runtime)
    text = runtime.read_text(encoding="utf-8")
    open_doc(client, runtime.as_uri(), text)
    await wait_for_diagnostics(client, runtime.as_uri())
    with pytest.raises(JsonRpcException, match=r"(computed|built) at run time"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=doc(runtime.as_uri()), position=at(text, '("x", "y")'), new_name="rows"))
    # A refusal is an answer, not a fault: one info line in the server's log (its stderr,
    # which pytest-lsp forwards), no traceback, nothing at error level.
    await asyncio.sleep(0.2)
    log = capfd.readouterr().err
    assert "INFO pallas_lsp.lsp: textDocument/rename answered error -32803: " in log, log
    assert "Traceback" not in log and "ERROR " not in log, log


async def test_each_code_lens_shows_its_own_launch_result(client: LanguageClient, tmp_path: Path) -> None:
    python = JAX_PYTHONS["0.12.0.1"]
    if not python.exists():
        pytest.skip(f"{python} is missing")
    # Line 36 launches under jax.shard_map (lowers), line 37 through jax.jit alone (PAL001).
    example = tmp_path / "signal_barrier.py"
    shutil.copy(EXAMPLES / "signal_barrier.py", example)
    await initialize(client, {"workspaceTrusted": True, "interpreter": [str(python)]}, root=tmp_path)
    open_doc(client, example.as_uri(), example.read_text(encoding="utf-8"))
    await wait_for_diagnostics(client, example.as_uri())
    lens_params = types.CodeLensParams(text_document=doc(example.as_uri()))
    lenses = await client.text_document_code_lens_async(lens_params)
    command = lenses[0].command  # type: ignore[index]
    assert command is not None
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=command.command, arguments=command.arguments)), 300)
    assert result["state"] == "confirmed", result
    lenses = await client.text_document_code_lens_async(lens_params)
    assert [(lens.range.start.line + 1, lens.command.title) for lens in lenses or ()] == [  # type: ignore[union-attr]
        (36, "JAX 0.12.0.1: lowers cleanly · lower again"),
        (37, "JAX 0.12.0.1: PAL001 confirmed · lower again")]


async def test_rename_on_the_seed_example_edits_the_mesh_and_every_use(client: LanguageClient,
                                                                       tmp_path: Path) -> None:
    # shard_map(..., in_specs=(), out_specs=P()): specs that name no axis, which rename once
    # took for axis names computed at run time (and refused, blaming the shard_map line).
    example = tmp_path / "k.py"
    shutil.copy(EXAMPLES / "broadcast_axes_mismatch.py", example)
    text = example.read_text(encoding="utf-8")
    await initialize(client, {}, root=tmp_path)
    open_doc(client, example.as_uri(), text)
    await wait_for_diagnostics(client, example.as_uri())
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=doc(example.as_uri()), position=at(text, '("data", "model")'), new_name="rows"))
    assert edit is not None and edit.document_changes is not None
    edits = [e for change in edit.document_changes for e in change.edits]  # type: ignore[union-attr]
    renamed = apply_edits(text, edits)  # type: ignore[arg-type]
    # The mesh's axis, the multimem_store's collective_axes and the leader's axis_index.
    assert len(edits) == 3
    assert '("rows", "model")' in renamed and 'y_ref, ("rows",))' in renamed
    assert 'axis_index("rows") == 0' in renamed and '"data"' not in renamed


async def test_completion_offers_the_whole_mesh_first_and_no_bare_string(client: LanguageClient,
                                                                         tmp_path: Path) -> None:
    root, texts = await open_workspace(client, tmp_path)
    kernels = (root / "kernels.py").as_uri()
    lines = texts[kernels].split("\n")
    # Typing a second store in the broadcast kernel (line 12), at its collective_axes.
    lines.insert(11, "    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=")
    typed = "\n".join(lines)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=kernels, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=typed)]))
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(kernels), position=types.Position(line=11, character=len(lines[11]))))
    assert isinstance(result, types.CompletionList)
    labels = [item.label for item in sorted(result.items, key=lambda i: i.sort_text or "")]
    assert labels[0] == '("data", "model")'
    assert set(labels[1:]) == {'("data",)', '("model",)'}
    assert all(item.text_edit.new_text.startswith("(") for item in result.items)  # type: ignore[union-attr]
    # Inside the string of lax.axis_size in the mean kernel: the ring's one axis, with its size.
    lines = texts[kernels].split("\n")
    lines[16] = '    y_ref[...] = total / lax.axis_size("'
    typed = "\n".join(lines)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=kernels, version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=typed)]))
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(kernels), position=types.Position(line=16, character=len(lines[16]))))
    assert isinstance(result, types.CompletionList)
    [item] = result.items
    assert item.label == "data" and item.text_edit.new_text == "data"  # type: ignore[union-attr]
    assert "mesh axis, size 2 (main.py:19)" in (item.detail or "")
    # Outside any axis slot: nothing.
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(kernels), position=types.Position(line=7, character=0)))
    assert not result


async def test_inlay_hints_only_when_enabled(client: LanguageClient, tmp_path: Path) -> None:
    root, _ = await open_workspace(client, tmp_path, inlayHints={"enabled": True})
    kernels = (root / "kernels.py").as_uri()
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=40, character=0))
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc(kernels), range=whole))
    assert {(h.position.line + 1, h.label) for h in hints or ()} == {
        (22, "mesh ('data', 'model') · Warpgroup"), (27, "mesh ('data',) · Warpgroup")}
    # A multi-letter string given to a multimem op: the letters JAX compares.
    letters = tmp_path / "letters.py"
    shutil.copy(SINGLE / "pal002" / "string_xy_two_meshes.py", letters)
    open_doc(client, letters.as_uri(), letters.read_text(encoding="utf-8"))
    await wait_for_diagnostics(client, letters.as_uri())
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc(letters.as_uri()), range=whole))
    assert "{'x', 'y'}" in {h.label for h in hints or ()}


async def test_inlay_hints_are_off_by_default(client: LanguageClient, tmp_path: Path) -> None:
    root, _ = await open_workspace(client, tmp_path)
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=40, character=0))
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc((root / "kernels.py").as_uri()), range=whole))
    assert not hints


async def test_symbols_outline_kernels_launches_and_meshes(client: LanguageClient, tmp_path: Path) -> None:
    root, _ = await open_workspace(client, tmp_path)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=doc((root / "kernels.py").as_uri())))
    assert [(s.name, s.range.start.line + 1) for s in symbols or ()] == [  # type: ignore[union-attr]
        ("broadcast_kernel", 21), ("launch broadcast_kernel", 22),
        ("index_kernel", 26), ("launch index_kernel", 27)]
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="mesh ("))
    assert {(s.name, Path(s.location.uri).name, s.location.range.start.line + 1)  # type: ignore[union-attr]
            for s in found or ()} == {("mesh ('data', 'model')", "main.py", 12),
                                      ("mesh ('data',)", "main.py", 19)}


async def test_code_lens_needs_trust(client: LanguageClient, tmp_path: Path) -> None:
    root, _ = await open_workspace(client, tmp_path)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=doc((root / "kernels.py").as_uri())))
    assert not lenses


@pytest.mark.lowering
async def test_code_lens_runs_the_lowering_check_and_shows_its_result(client: LanguageClient,
                                                                      tmp_path: Path) -> None:
    python = JAX_PYTHONS["0.12.0.1"]
    if not python.exists():
        pytest.skip(f"{python} is missing")
    root, _ = await open_workspace(client, tmp_path, workspaceTrusted=True, interpreter=[str(python)])
    main = (root / "main.py").as_uri()
    kernels = (root / "kernels.py").as_uri()
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc(kernels)))
    # The launches sit in kernels.py; the run that reaches them is main.py's.
    assert [(lens.range.start.line + 1, lens.command.title) for lens in lenses or ()] == [  # type: ignore[union-attr]
        (22, "Lower main.py with JAX 0.12.0.1"), (27, "Lower main.py with JAX 0.12.0.1")]
    command = lenses[0].command  # type: ignore[index]
    assert command is not None and list(command.arguments or ()) == [{"uri": main, "version": 1}]
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=command.command, arguments=command.arguments)), 300)
    assert result["state"] == "clean", result
    assert types.WORKSPACE_CODE_LENS_REFRESH in client.refreshes  # type: ignore[attr-defined]
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc(kernels)))
    assert {lens.command.title for lens in lenses or ()} == {  # type: ignore[union-attr]
        "JAX 0.12.0.1: main.py lowers cleanly · lower again"}
