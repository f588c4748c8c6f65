"""Where a span lies: one answer for every face (CLI text, JSON, SARIF and LSP).

The analysis gives spans relative to the file it analysed: ``Span.path`` None is
that file, anything else names another module of the program (a related span in
the module that holds the mesh, a fix in the launcher). ``Locator.place`` turns a
span into the file it lies in and that file's ``LineIndex``, from which each face
takes the columns in its own unit (code points for people, UTF-16 for most LSP
clients). The text of another file is the one the analysis saw when the caller
knows it (the index's, or an editor's unsaved buffer), else the disk's.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass

from pallas_lsp.analysis import Span
from pallas_lsp.analysis.positions import LineIndex

from .files import read_text


@dataclass(frozen=True)
class Place:
    """A span in people's terms: a file, 1-based lines, 1-based code-point columns."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int


class Locator:
    """Spans of one analysed file (``home``) -> the files and lines they lie in."""

    def __init__(self, home: str, home_text: str | LineIndex,
                 text_of: Callable[[str], str | None] | None = None) -> None:
        self.home = home
        self._text_of = text_of
        lines = home_text if isinstance(home_text, LineIndex) else LineIndex(home_text)
        self._lines: dict[str, LineIndex] = {home: lines}

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
        return Place(path, span.line, lines.utf8_to_codepoints(span.line, span.col) + 1,
                     span.end_line, lines.utf8_to_codepoints(span.end_line, span.end_col) + 1)


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
