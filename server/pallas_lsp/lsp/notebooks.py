"""Jupyter notebooks over LSP 3.17 notebook document sync: one analysed module, per-cell results.

The client sends ``notebookDocument/didOpen|didChange|didSave|didClose`` for
notebooks matching ``NOTEBOOK_SYNC`` (every cell of ``jupyter-notebook``s); pygls
keeps the notebook and each cell's text document. The server treats an open
notebook as one document keyed by the notebook's URI: its text is the module the
code cells make (``project.notebook``), analysed like a file of the same size
(debounced, in the workspace program, with the same staleness rules).

This module translates between that module and the cells:
- ``snapshot``: the notebook's current cells as a ``NotebookText`` (the document
  the server lints and lowers: ``version``, ``source``, ``path``, ``cells``);
- ``split_diagnostics``: diagnostics in module coordinates -> one list per cell URI
  (related locations in the notebook, too); every Python code cell is published, so
  a cell whose finding went away is cleared;
- ``to_module``/``range_to_cell``: a cell position -> the module's, and back, for
  hover and code actions; ``edit_to_cells`` splits a fix's workspace edit by cell
  (an edit that would run across two cells is not offered).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from lsprotocol import types
from pygls.uris import to_fs_path
from pygls.workspace import Workspace

from pallas_lsp.project import Cell, CellLines, NotebookModule
from pallas_lsp.project.notebook import build

# Every cell of Jupyter notebooks (VS Code's notebook type for .ipynb files), markdown
# too: only the Python cells are analysed, but the others count, so "cell 3" is the cell
# VS Code calls Cell 3 (its "Cell 3 of 7" counts every cell) and the CLI calls cell 3.
NOTEBOOK_SYNC = types.NotebookDocumentSyncOptions(
    notebook_selector=[types.NotebookDocumentFilterWithNotebook(notebook="jupyter-notebook")],
    save=True,
)


@dataclass(frozen=True)
class NotebookText:
    """An open notebook as the document the server analyses: its code cells' module."""

    uri: str
    version: int | None
    path: str
    cells: NotebookModule

    @property
    def source(self) -> str:
        return self.cells.text


def snapshot(workspace: Workspace, uri: str) -> NotebookText | None:
    """The open notebook ``uri`` now, or None when it is not open."""
    notebook = workspace.get_notebook_document(notebook_uri=uri)
    if notebook is None:
        return None
    cells: list[Cell] = []
    for cell in notebook.cells:
        document = workspace.text_documents.get(unquote(cell.document))
        text = document.source if document is not None else ""
        language = (document.language_id if document is not None else None) or "python"
        kind = "code" if cell.kind == types.NotebookCellKind.Code else "markdown"
        cells.append(Cell(kind, text, language, cell.document))
    path = to_fs_path(uri)
    # A client may sync only the cells its selector names (Python code cells): then the
    # numbers count those, and messages say "Python cell 3" rather than a wrong "cell 3".
    only_python = all(cell.kind == "code" and cell.language == "python" for cell in cells)
    module = build(cells, cell_label="Python cell" if only_python else "cell")
    return NotebookText(uri, notebook.version, os.path.normpath(path) if path else "", module)


def owner(workspace: Workspace, cell_uri: str) -> str | None:
    """The URI of the open notebook holding ``cell_uri`` (None for a plain document)."""
    notebook = workspace.get_notebook_document(cell_uri=cell_uri)
    return notebook.uri if notebook is not None else None


def _cell_of(cells: NotebookModule, key: str) -> CellLines | None:
    return cells.by_key(key) or next(
        (cell for cell in cells.cells if unquote(cell.key) == unquote(key)), None)


def to_module(cells: NotebookModule, cell_uri: str, position: types.Position) -> types.Position | None:
    """A position in a cell -> the same position in the notebook's module (None: not a code cell)."""
    cell = _cell_of(cells, cell_uri)
    if cell is None:
        return None
    # The empty line after a cell's final newline is still the cell's (not the next cell's).
    line = min(position.line, max(cell.count - 1, 0))
    character = position.character if line == position.line else 10**6
    return types.Position(line=cell.first - 1 + line, character=character)


def range_to_cell(cells: NotebookModule, range_: types.Range) -> tuple[str, types.Range] | None:
    """A module range -> (cell URI, the range in that cell); None when it crosses cells."""
    start = cells.cell_at(range_.start.line + 1)
    if start is None:
        # Past the last line (an insertion at the end of the module): the last cell's end.
        if not cells.cells or range_.start.line + 1 < cells.cells[-1].first:
            return None
        start = cells.cells[-1]
    end = cells.cell_at(range_.end.line + 1) or (start if range_.end.line + 1 >= start.first else None)
    if end is not start:
        return None
    offset = start.first - 1
    return start.key, types.Range(
        start=types.Position(line=range_.start.line - offset, character=range_.start.character),
        end=types.Position(line=range_.end.line - offset, character=range_.end.character),
    )


def _is_notebook_uri(uri: str, notebook_uris: Iterable[str]) -> bool:
    return unquote(uri) in {unquote(u) for u in notebook_uris}


def diagnostic_to_cell(
    diagnostic: types.Diagnostic, cells: NotebookModule, notebook_uris: tuple[str, ...]
) -> tuple[str, types.Diagnostic] | None:
    """A diagnostic of the module -> (cell URI, the diagnostic placed in the cell)."""
    placed = range_to_cell(cells, diagnostic.range)
    if placed is None:
        start = cells.cell_at(diagnostic.range.start.line + 1)
        if start is None:
            return None
        # A range that runs into the next cell: shown on its first line, in its own cell.
        offset = start.first - 1
        line = diagnostic.range.start.line - offset
        first = types.Position(line=line, character=diagnostic.range.start.character)
        placed = start.key, types.Range(start=first, end=types.Position(line=line, character=10**6))
    cell_uri, cell_range = placed
    related = None
    if diagnostic.related_information:
        related = [_related_to_cell(info, cells, notebook_uris) for info in diagnostic.related_information]
    message = cells.relabel(diagnostic.message)
    return cell_uri, types.Diagnostic(
        range=cell_range, message=message, severity=diagnostic.severity, code=diagnostic.code,
        code_description=diagnostic.code_description, source=diagnostic.source,
        related_information=related, data=diagnostic.data, tags=diagnostic.tags,
    )


def _related_to_cell(info: types.DiagnosticRelatedInformation, cells: NotebookModule,
                     notebook_uris: tuple[str, ...]) -> types.DiagnosticRelatedInformation:
    message = cells.relabel(info.message)
    if not _is_notebook_uri(info.location.uri, notebook_uris):
        return types.DiagnosticRelatedInformation(location=info.location, message=message)
    placed = range_to_cell(cells, info.location.range)
    if placed is None:
        return types.DiagnosticRelatedInformation(location=info.location, message=message)
    # An editor names a cell's location by the notebook and the line in the cell ("Ln 1"),
    # so two related places in two cells would read alike: the message says which cell.
    cell = _cell_of(cells, placed[0])
    if cell is not None:
        message = f"{message} ({cells.cell_label} {cell.number})"
    return types.DiagnosticRelatedInformation(location=types.Location(uri=placed[0], range=placed[1]),
                                              message=message)


def split_diagnostics(
    diagnostics: Iterable[types.Diagnostic], text: NotebookText
) -> dict[str, list[types.Diagnostic]]:
    """Cell URI -> its diagnostics, with an entry (maybe empty) for every Python code cell."""
    notebook_uris = file_uris(text)
    by_cell: dict[str, list[types.Diagnostic]] = {cell.key: [] for cell in text.cells.cells}
    for diagnostic in diagnostics:
        placed = diagnostic_to_cell(diagnostic, text.cells, notebook_uris)
        if placed is not None:
            by_cell.setdefault(placed[0], []).append(placed[1])
    return by_cell


def publish_cells(
    publish: Callable[[types.PublishDiagnosticsParams], object],
    workspace: Workspace,
    text: NotebookText,
    diagnostics: Iterable[types.Diagnostic],
    shown: dict[str, tuple[int | None, list[types.Diagnostic]]],
) -> dict[str, tuple[int | None, list[types.Diagnostic]]]:
    """Publish the notebook's diagnostics to its cells; returns what each cell now shows.

    A cell is sent only when its text (version) or its diagnostics changed: a keystroke
    in one cell of a 40-cell notebook sends one notification, not 40. A cell that was
    removed, or stopped being Python, is cleared."""
    now: dict[str, tuple[int | None, list[types.Diagnostic]]] = {}
    by_cell = split_diagnostics(diagnostics, text)
    for cell_uri in [*(uri for uri in shown if uri not in by_cell), *by_cell]:
        cell = workspace.text_documents.get(unquote(cell_uri))
        version = cell.version if cell is not None else None
        found = by_cell.get(cell_uri, [])
        if cell_uri in by_cell:
            now[cell_uri] = (version, found)
        if shown.get(cell_uri) != (version, found):
            publish(types.PublishDiagnosticsParams(uri=cell_uri, version=version, diagnostics=found))
    return now


def file_uris(text: NotebookText) -> tuple[str, ...]:
    """The URIs naming the notebook itself: the editor's, and its file's (lowering uses it)."""
    uris = [text.uri]
    if text.path and os.path.isabs(text.path):
        uris.append(Path(text.path).as_uri())
    return tuple(uris)


def hover_to_cell(result: types.Hover | None, cells: NotebookModule) -> types.Hover | None:
    if result is None:
        return None
    contents = result.contents
    if isinstance(contents, types.MarkupContent):
        contents = types.MarkupContent(kind=contents.kind, value=cells.relabel(contents.value))
    placed = range_to_cell(cells, result.range) if result.range is not None else None
    return types.Hover(contents=contents, range=placed[1] if placed is not None else None)


def actions_to_cells(
    actions: list[types.CodeAction] | None,
    text: NotebookText,
    cell_versions: dict[str, int | None],
) -> list[types.CodeAction] | None:
    """Code actions of the module -> the same actions editing cells (versioned with each
    cell's version); an action with an edit that would cross cells is dropped."""
    if not actions:
        return actions
    notebook_uris = file_uris(text)
    placed: list[types.CodeAction] = []
    for action in actions:
        edit = edit_to_cells(action.edit, text, notebook_uris, cell_versions) if action.edit else None
        if action.edit is not None and edit is None:
            continue
        diagnostics = None
        if action.diagnostics:
            diagnostics = [d for _, d in filter(None, (
                diagnostic_to_cell(d, text.cells, notebook_uris) for d in action.diagnostics))]
        placed.append(types.CodeAction(
            title=action.title, kind=action.kind, diagnostics=diagnostics,
            is_preferred=action.is_preferred, edit=edit, data=action.data, command=action.command,
        ))
    return placed


def edit_to_cells(
    edit: types.WorkspaceEdit,
    text: NotebookText,
    notebook_uris: tuple[str, ...],
    cell_versions: dict[str, int | None],
) -> types.WorkspaceEdit | None:
    if edit.document_changes is not None:
        changes: list = []
        for change in edit.document_changes:
            if not isinstance(change, types.TextDocumentEdit):
                changes.append(change)
                continue
            if not _is_notebook_uri(change.text_document.uri, notebook_uris):
                changes.append(change)
                continue
            split = _split_edits(change.edits, text.cells)  # type: ignore[arg-type]
            if split is None:
                return None
            changes.extend(
                types.TextDocumentEdit(
                    text_document=types.OptionalVersionedTextDocumentIdentifier(
                        uri=cell_uri, version=cell_versions.get(unquote(cell_uri))),
                    edits=edits,  # type: ignore[arg-type]
                )
                for cell_uri, edits in split.items()
            )
        return types.WorkspaceEdit(document_changes=changes)
    by_uri: dict[str, list[types.TextEdit]] = {}
    for uri, edits in (edit.changes or {}).items():
        if not _is_notebook_uri(uri, notebook_uris):
            by_uri.setdefault(uri, []).extend(edits)
            continue
        split = _split_edits(edits, text.cells)
        if split is None:
            return None
        for cell_uri, cell_edits in split.items():
            by_uri.setdefault(cell_uri, []).extend(cell_edits)
    return types.WorkspaceEdit(changes=by_uri)


def _split_edits(
    edits: Iterable[types.TextEdit], cells: NotebookModule
) -> dict[str, list[types.TextEdit]] | None:
    split: dict[str, list[types.TextEdit]] = {}
    for edit in edits:
        placed = range_to_cell(cells, edit.range)
        if placed is None:
            return None
        split.setdefault(placed[0], []).append(types.TextEdit(range=placed[1], new_text=edit.new_text))
    return split
