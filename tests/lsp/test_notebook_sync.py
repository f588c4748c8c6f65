"""Jupyter notebooks over LSP 3.17 notebook sync, end to end through a pytest-lsp client.

The notebook is tests/fixtures/notebooks/reduce_redefined.ipynb (copied into a
workspace folder): cell 7 redefines the kernel with one mesh axis (PAL002 on its
line 2), cell 8 launches it, cell 5 builds the mesh. Cells are sent as VS Code
sends them: code cells in Python, markdown cells as markup, the %%bash cell in
its own language.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from lsp_helpers import apply_edits, wait_for_diagnostics
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from support import FIXTURES, JAX_PYTHONS

SOURCE = FIXTURES / "notebooks" / "reduce_redefined.ipynb"


def capabilities() -> types.ClientCapabilities:
    caps = client_capabilities("visual-studio-code")
    # The recorded VS Code capabilities predate notebook sync; VS Code 1.7x+ sends these.
    caps.notebook_document = types.NotebookDocumentClientCapabilities(
        synchronization=types.NotebookDocumentSyncClientCapabilities(
            dynamic_registration=True, execution_summary_support=True))
    return caps


class Notebook:
    """A notebook the test client holds, and the notifications that keep the server in step."""

    def __init__(self, client: LanguageClient, path: Path) -> None:
        self.client = client
        self.uri = path.as_uri()
        self.version = 1
        raw = json.loads(path.read_text(encoding="utf-8"))
        self.cells: list[tuple[str, str, str]] = []  # (cell uri, kind, text)
        self.versions: dict[str, int] = {}
        for number, cell in enumerate(raw["cells"], 1):
            self.cells.append((self.cell_uri(number), cell["cell_type"], "".join(cell["source"])))

    def cell_uri(self, key: int | str) -> str:
        return f"vscode-notebook-cell:{self.uri[len('file://'):]}#C{key}"

    def uri_of(self, number: int) -> str:
        return self.cells[number - 1][0]

    def text_of(self, number: int) -> str:
        return self.cells[number - 1][2]

    def _item(self, uri: str, kind: str, text: str) -> types.TextDocumentItem:
        language = "python" if kind == "code" else "markdown"
        if text.startswith("%%bash"):
            language = "shellscript"
        self.versions[uri] = 1
        return types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)

    def _cell(self, uri: str, kind: str) -> types.NotebookCell:
        cell_kind = types.NotebookCellKind.Code if kind == "code" else types.NotebookCellKind.Markup
        return types.NotebookCell(kind=cell_kind, document=uri)

    def open(self) -> None:
        self.client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
            notebook_document=types.NotebookDocument(
                uri=self.uri, notebook_type="jupyter-notebook", version=self.version,
                cells=[self._cell(uri, kind) for uri, kind, _ in self.cells]),
            cell_text_documents=[self._item(uri, kind, text) for uri, kind, text in self.cells]))

    def _change(self, change: types.NotebookDocumentChangeEvent) -> None:
        self.version += 1
        self.client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(version=self.version, uri=self.uri),
            change=change))

    def edit(self, number: int, text: str) -> None:
        uri, kind, _ = self.cells[number - 1]
        self.cells[number - 1] = (uri, kind, text)
        self.versions[uri] += 1
        self._change(types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentCellChanges(
            text_content=[types.NotebookDocumentCellContentChanges(
                document=types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
                changes=[types.TextDocumentContentChangeWholeDocument(text=text)])])))

    def splice(self, start: int, delete: int, new: list[tuple[str, str, str]]) -> None:
        """Cells [start, start + delete) (0-based) replaced by ``new`` (uri, kind, text);
        a cell of ``new`` already in the notebook is moved, not opened again."""
        known = {uri for uri, _, _ in self.cells}
        removed = self.cells[start:start + delete]
        self.cells[start:start + delete] = new
        moved = {uri for uri, _, _ in new} & {uri for uri, _, _ in removed}
        self._change(types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentCellChanges(
            structure=types.NotebookDocumentCellChangeStructure(
                array=types.NotebookCellArrayChange(
                    start=start, delete_count=delete, cells=[self._cell(u, k) for u, k, _ in new]),
                did_open=[self._item(u, k, t) for u, k, t in new if u not in known],
                did_close=[types.TextDocumentIdentifier(uri=u) for u, _, _ in removed if u not in moved]))))

    def close(self) -> None:
        self.client.notebook_document_did_close(types.DidCloseNotebookDocumentParams(
            notebook_document=types.NotebookDocumentIdentifier(uri=self.uri),
            cell_text_documents=[types.TextDocumentIdentifier(uri=uri) for uri, _, _ in self.cells]))


@pytest.fixture
def notebook_path(tmp_path: Path) -> Path:
    shutil.copy(SOURCE, tmp_path / SOURCE.name)
    return tmp_path / SOURCE.name


async def start(client: LanguageClient, root: Path) -> types.InitializeResult:
    return await client.initialize_session(types.InitializeParams(
        capabilities=capabilities(),
        initialization_options={"pallasLsp": {"debounceMs": 50, "jaxVersion": "0.12.0.1"}},
        root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)]))


def pal(diagnostics: list[types.Diagnostic]) -> list[tuple[str, int, int]]:
    return [(str(d.code), d.range.start.line, d.range.start.character) for d in diagnostics]


async def test_server_declares_notebook_sync_for_every_cell(client: LanguageClient, tmp_path: Path) -> None:
    # Every cell, markdown too (no cell filter): cell numbers then count every cell, as
    # VS Code's "Cell 3 of 7" and the CLI do.
    result = await start(client, tmp_path)
    sync = result.capabilities.notebook_document_sync
    assert isinstance(sync, types.NotebookDocumentSyncOptions)
    (selector,) = sync.notebook_selector
    assert selector.notebook == "jupyter-notebook"
    assert selector.cells is None


async def test_diagnostics_land_in_their_cell(client: LanguageClient, notebook_path: Path) -> None:
    await start(client, notebook_path.parent)
    notebook = Notebook(client, notebook_path)
    notebook.open()
    kernel_cell = notebook.uri_of(7)
    diagnostics = await wait_for_diagnostics(client, kernel_cell, lambda d: bool(d))
    assert pal(diagnostics) == [("PAL002", 1, 12)]
    (finding,) = diagnostics
    assert "the mesh built at cell 5, line 2 has axes" in finding.message
    related = {(r.location.uri, r.location.range.start.line, r.message)
               for r in finding.related_information or []}
    # Each related place names its cell: the editor shows only "Ln 2" for either.
    assert (notebook.uri_of(5), 1, "this mesh has axes ('rows', 'cols') (cell 5)") in related
    assert (notebook.uri_of(8), 3, "the kernel is launched here (cell 8)") in related
    # Every other Python cell is published too, empty; the %%bash cell and markdown are not.
    # The cells are published one notification each, in cell order: cell 8's may still be on
    # its way when cell 7's has arrived, so wait for each rather than read the client's map.
    for number in (2, 4, 5, 8):
        assert await wait_for_diagnostics(client, notebook.uri_of(number)) == []
    for number in (1, 3, 6):
        assert notebook.uri_of(number) not in client.diagnostics


async def test_editing_one_cell_rechecks_the_notebook(client: LanguageClient, notebook_path: Path) -> None:
    await start(client, notebook_path.parent)
    notebook = Notebook(client, notebook_path)
    notebook.open()
    kernel_cell = notebook.uri_of(7)
    await wait_for_diagnostics(client, kernel_cell, lambda d: bool(d))
    bad = notebook.text_of(7)
    notebook.edit(7, bad.replace('("rows",)', '("rows", "cols")'))
    await wait_for_diagnostics(client, kernel_cell, lambda d: d == [])
    # The mesh cell changes: the kernel cell's finding comes back (one axis of a 1-D mesh is fine).
    notebook.edit(7, bad)
    await wait_for_diagnostics(client, kernel_cell, lambda d: pal(d) == [("PAL002", 1, 12)])
    mesh = notebook.text_of(5)
    notebook.edit(5, mesh.replace('reshape(2, 2)', 'reshape(4)').replace('("rows", "cols")', '("rows",)'))
    await wait_for_diagnostics(client, kernel_cell, lambda d: d == [])


async def test_cells_added_removed_and_moved(client: LanguageClient, notebook_path: Path) -> None:
    await start(client, notebook_path.parent)
    notebook = Notebook(client, notebook_path)
    notebook.open()
    kernel_cell = notebook.uri_of(7)
    await wait_for_diagnostics(client, kernel_cell, lambda d: pal(d) == [("PAL002", 1, 12)])
    # Two cells inserted at the top: the finding stays on its cell, at the same place.
    notebook.splice(0, 0, [(notebook.cell_uri("new-md"), "markdown", "# notes"),
                           (notebook.cell_uri("new-code"), "code", "import os\n\nHOME = os.sep\n")])
    await wait_for_diagnostics(client, notebook.cell_uri("new-code"), lambda d: d == [])
    assert pal(client.diagnostics[kernel_cell]) == [("PAL002", 1, 12)]
    # The first (good) kernel cell removed: the bad one is still the one launched.
    good_kernel = notebook.uri_of(6)
    notebook.splice(5, 1, [])
    await wait_for_diagnostics(client, kernel_cell, lambda d: pal(d) == [("PAL002", 1, 12)])
    assert good_kernel not in {u for u, _, _ in notebook.cells}
    # The bad kernel moved below the launch: Run All launches the good one... which is gone,
    # so put it back first, then move: the later definition (the good one) wins.
    notebook.splice(5, 0, [(good_kernel, "code", Notebook(client, notebook_path).text_of(4))])
    await wait_for_diagnostics(client, kernel_cell, lambda d: pal(d) == [("PAL002", 1, 12)])
    position = [u for u, _, _ in notebook.cells].index(kernel_cell)
    moving = notebook.cells[position]
    launch = notebook.cells[position + 1]
    notebook.splice(position, 2, [launch, moving])
    await wait_for_diagnostics(client, kernel_cell, lambda d: d == [])


async def test_quick_fix_edits_the_right_cell(client: LanguageClient, notebook_path: Path) -> None:
    await start(client, notebook_path.parent)
    notebook = Notebook(client, notebook_path)
    notebook.open()
    kernel_cell = notebook.uri_of(7)
    (finding,) = await wait_for_diagnostics(client, kernel_cell, lambda d: bool(d))
    result = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=kernel_cell), range=finding.range,
        context=types.CodeActionContext(diagnostics=[finding])))
    actions = [a for a in result or [] if isinstance(a, types.CodeAction)]
    fix = next(a for a in actions if a.is_preferred)
    assert fix.diagnostics and fix.diagnostics[0].range == finding.range
    assert fix.edit is not None and fix.edit.document_changes
    (change,) = fix.edit.document_changes
    assert isinstance(change, types.TextDocumentEdit)
    assert change.text_document.uri == kernel_cell and change.text_document.version == 1
    fixed = apply_edits(notebook.text_of(7), list(change.edits))  # type: ignore[arg-type]
    assert "('rows', 'cols')" in fixed or '("rows", "cols")' in fixed, fixed
    notebook.edit(7, fixed)
    await wait_for_diagnostics(client, kernel_cell, lambda d: d == [])
    # "Disable for this line" writes the noqa into the cell, and it silences the finding.
    notebook.edit(7, notebook.text_of(7).replace("('rows', 'cols')", "('rows',)").replace(
        '("rows", "cols")', '("rows",)'))
    (finding,) = await wait_for_diagnostics(client, kernel_cell, lambda d: bool(d))
    result = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=kernel_cell), range=finding.range,
        context=types.CodeActionContext(diagnostics=[finding])))
    noqa = next(a for a in result or [] if isinstance(a, types.CodeAction) and a.title.startswith("Disable"))
    (change,) = noqa.edit.document_changes  # type: ignore[union-attr,misc]
    assert change.text_document.uri == kernel_cell  # type: ignore[union-attr]
    quiet = apply_edits(notebook.text_of(7), list(change.edits))  # type: ignore[union-attr,arg-type]
    assert "# noqa: PAL002" in quiet.splitlines()[1]
    notebook.edit(7, quiet)
    await wait_for_diagnostics(client, kernel_cell, lambda d: d == [])


async def test_hover_in_a_cell(client: LanguageClient, notebook_path: Path) -> None:
    await start(client, notebook_path.parent)
    notebook = Notebook(client, notebook_path)
    notebook.open()
    kernel_cell = notebook.uri_of(7)
    (finding,) = await wait_for_diagnostics(client, kernel_cell, lambda d: bool(d))
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=kernel_cell),
        position=types.Position(line=1, character=finding.range.start.character + 8)))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "multimem_load_reduce" in hover.contents.value
    assert "PAL002" in hover.contents.value
    assert hover.range is not None and hover.range.start.line == 1
    # A markdown cell has no hover, and the good kernel's call (cell 4) shows its facts.
    assert await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=notebook.uri_of(1)),
        position=types.Position(line=0, character=1))) is None


async def test_closing_the_notebook_clears_its_cells(client: LanguageClient, notebook_path: Path) -> None:
    await start(client, notebook_path.parent)
    notebook = Notebook(client, notebook_path)
    notebook.open()
    kernel_cell = notebook.uri_of(7)
    await wait_for_diagnostics(client, kernel_cell, lambda d: bool(d))
    notebook.close()
    await wait_for_diagnostics(client, kernel_cell, lambda d: d == [])


@pytest.mark.lowering
async def test_confirm_lowers_the_notebooks_cells_as_one_script(
    client: LanguageClient, notebook_path: Path
) -> None:
    python = JAX_PYTHONS["0.12.0.1"]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/jax-envs.sh")
    await client.initialize_session(types.InitializeParams(
        capabilities=capabilities(),
        initialization_options={"pallasLsp": {"debounceMs": 50, "workspaceTrusted": True,
                                              "interpreter": str(python)}},
        root_uri=notebook_path.parent.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=notebook_path.parent.as_uri(), name="nb")]))
    notebook = Notebook(client, notebook_path)
    notebook.open()
    kernel_cell = notebook.uri_of(7)
    await wait_for_diagnostics(client, kernel_cell, lambda d: bool(d))
    # The client sends the notebook's URI and version (a cell's URI works too).
    outcome = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="pallasLsp.confirmLowering", arguments=[{"uri": notebook.uri, "version": notebook.version}]))
    assert outcome["state"] == "confirmed", outcome
    (finding,) = await wait_for_diagnostics(
        client, kernel_cell, lambda d: any((x.data or {}).get("lowering") == "confirmed" for x in d),
        timeout=120)
    assert pal([finding]) == [("PAL002", 1, 12)]
    assert finding.source == "pallas-lsp ✓ JAX 0.12.0.1"
    # Another cell asks: the same notebook is lowered.
    outcome = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="pallasLsp.confirmLowering", arguments=[{"uri": notebook.uri_of(8), "version": 1}]))
    assert outcome["state"] == "confirmed", outcome


async def test_a_client_that_syncs_only_python_cells(client: LanguageClient, notebook_path: Path) -> None:
    # VS Code's client sends only the cells its selector names (Python code cells): the
    # numbers then count those, and messages say so instead of naming a wrong cell.
    await start(client, notebook_path.parent)
    notebook = Notebook(client, notebook_path)
    notebook.cells = [c for c in notebook.cells if c[1] == "code" and not c[2].startswith("%%bash")]
    notebook.open()
    (finding,) = await wait_for_diagnostics(client, notebook.cells[3][0], lambda d: bool(d))
    assert pal([finding]) == [("PAL002", 1, 12)]
    assert "the mesh built at Python cell 3, line 2 has axes" in finding.message
