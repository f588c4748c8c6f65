"""Where a span lies: one answer for every face (CLI text, JSON, SARIF and LSP).

The analysis gives spans relative to the file it analysed: ``Span.path`` None is
that file, anything else names another module of the program (a related span in
the module that holds the mesh, a fix in the launcher). ``Locator.place`` turns a
span into the file it lies in and that file's ``LineIndex``, from which each face
takes the columns in its own unit (code points for people, UTF-16 for most LSP
clients). The text of another file is the one the analysis saw when the caller
knows it (the index's, or an editor's unsaved buffer), else the disk's.

A notebook is analysed as the module its code cells make (``notebook.py``): the
locator of a notebook holds its cell map, and places the notebook's own spans as
(cell number, line in the cell); spans in other files keep their plain lines.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass

from pallas_lsp.analysis import Span
from pallas_lsp.analysis.positions import LineIndex

from .files import read_text
from .notebook import NotebookModule


@dataclass(frozen=True)
class Place:
    """A span in people's terms: a file, 1-based lines, 1-based code-point columns; in a
    notebook, the 1-based cell number (every cell counted) and lines within that cell."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    cell: int | None = None


class Locator:
    """Spans of one analysed file (``home``) -> the files and lines they lie in."""

    def __init__(self, home: str, home_text: str | LineIndex,
                 text_of: Callable[[str], str | None] | None = None,
                 cells: NotebookModule | None = None) -> None:
        self.home = home
        self._text_of = text_of
        self.cells = cells
        lines = home_text if isinstance(home_text, LineIndex) else LineIndex(home_text)
        self._lines: dict[str, LineIndex] = {home: lines}

    def message(self, text: str) -> str:
        """A message of the home file's analysis, its line numbers in cells for a notebook."""
        return self.cells.relabel(text) if self.cells is not None else text

    def path_of(self, span: Span) -> str:
        return span.path or self.home

    def lines_of(self, path: str) -> LineIndex:
        """The line index of ``path`` as the analysis saw it (cached for this locator)."""
        known = self._lines.get(path)
        if known is None:
            text = self._text_of(path) if self._text_of is not None else None
            known = LineIndex(text) if text is not None else disk_lines(path)
            self._lines[path] = known
        return known

    def place(self, span: Span) -> Place:
        path = self.path_of(span)
        lines = self.lines_of(path)
        column = lines.utf8_to_codepoints(span.line, span.col) + 1
        end_column = lines.utf8_to_codepoints(span.end_line, span.end_col) + 1
        if self.cells is not None and path == self.home:
            cell, line = self.cells.to_cell(span.line)
            end_cell, end_line = self.cells.to_cell(span.end_line)
            if end_cell != cell:  # a span running into the next cell ends with its own
                end_line, end_column = line, column
            return Place(path, line, column, end_line, end_column, cell)
        return Place(path, span.line, column, span.end_line, end_column)


def disk_lines(path: str) -> LineIndex:
    """Another file's lines, read from disk (cached until the file changes)."""
    try:
        mtime = os.stat(path).st_mtime_ns
    except OSError:
        mtime = -1
    return _cached_disk_lines(path, mtime)


@functools.lru_cache(maxsize=64)
def _cached_disk_lines(path: str, mtime_ns: int) -> LineIndex:
    return LineIndex(read_text(path) or "")
