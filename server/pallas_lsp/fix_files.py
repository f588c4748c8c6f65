"""`upgrade --fix`: one round of mechanical fixes written to the files they edit.

Every write goes through ``project.writer`` (encoding, byte-order mark and line ends
kept; a file changed since it was analysed refused; atomic). Each real file is edited
once per round, however many paths reach it (a symlinked twin in the folder would
otherwise get every edit twice). A file that cannot be written is recorded with why,
the others are still written; a refused file is not tried again in a later round (its
edits were computed from a text that is no longer there; the user runs the command
again).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .analysis import Finding, TextEdit
from .analysis.upgrade import apply_edits, mechanical_fixes
from .project.files import max_file_bytes
from .project.notebook import is_notebook
from .project.writer import (
    EditableFile,
    WriteFailed,
    in_file_style,
    read_for_edit,
    same_file_key,
    write_edited,
)


@dataclass
class FixRun:
    """What the rounds of ``upgrade --fix`` did, for the summary."""

    applied: int = 0
    fixed_files: set[str] = field(default_factory=set)
    left_notebooks: set[str] = field(default_factory=set)
    not_written: dict[str, str] = field(default_factory=dict)  # path -> why (WriteFailed.reason)


def fix_round(breaks: Iterable[tuple[str, str, Sequence[Finding]]], run: FixRun) -> bool:
    """Write the mechanical fixes of one analysis round: ``breaks`` holds (path, the text
    the analysis read, its findings) per file. Returns whether any file was written."""
    analysed: dict[str, str] = {}
    edits: dict[str, list[TextEdit]] = {}
    for path, text, findings in breaks:
        analysed[path] = text
        for fix in mechanical_fixes(findings):
            for edit in fix.edits:
                edits.setdefault(edit.span.path or path, []).append(edit)
    written = False
    # Each file's identity before any is written: a write gives the file a new inode.
    keys = {path: same_file_key(path) for path in edits}
    visited: set[tuple[int, int]] = set()
    for path in sorted(edits):
        if path in run.not_written:
            continue
        if is_notebook(path):
            # The edits are of the cells' module, not of the .ipynb JSON: never write them there.
            run.left_notebooks.add(path)
            continue
        key = keys[path]
        if key is not None and key in visited:
            continue  # another path to the same file was edited this round: its edits are these
        if key is not None:
            visited.add(key)
        try:
            applied = _write_fixes(path, edits[path], analysed.get(path))
        except WriteFailed as exc:
            run.not_written[path] = exc.reason
            continue
        if applied:
            run.applied += applied
            run.fixed_files.add(path)
            written = True
    return written


def _write_fixes(path: str, edits: list[TextEdit], analysed: str | None) -> int:
    if analysed is None:
        raise WriteFailed(path, "not written: the edits name a file this run did not analyse")
    file: EditableFile = read_for_edit(path, max_file_bytes())
    styled = [TextEdit(edit.span, in_file_style(file, edit.new_text)) for edit in edits]
    new_text, applied = apply_edits(analysed, styled)
    if applied:
        write_edited(file, new_text, expected=analysed)
    return applied
