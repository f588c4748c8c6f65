"""Parsing a document again after an edit: only the top-level statements the edit touched.

An editor sends a keystroke's new text; most of it is the text parsed a moment ago.
``Reparser.parse`` keeps the last text and its tree, and for a new text with the same
number of lines re-parses only the lines from the end of the last untouched top-level
statement before the edit to the start of the first untouched one after it, and puts
that slice's statements between the kept ones. The result is the tree ``parse`` gives
(``ast.dump`` with positions equal: tests/test_reparse.py replays random edits on real
files), because:

- the kept statements before the edit lie on lines whose text did not change, and the
  tokenizer's state after them depends on that text only;
- the slice is parsed as a module of its own, preceded by as many empty lines as lines
  before it (so positions need no shifting). It parses only if its brackets and strings
  close, it ends in no line continuation and its first statement starts in column 0: the
  tokenizer is then at a fresh line after it, in the full text too, and the first kept
  statement after it (unchanged text, in column 0, on the same line as before) starts a
  statement there, as it did before (unless the line before the slice ends in a
  backslash, which may join it to the slice: parsed in full then). A slice that
  continues the statement before it (an indented line, ``else:``, ``except:``) or is
  continued by the one after it (a lone decorator) does not parse alone;
- anything else (a slice that does not parse, a changed number of lines, ``\\r`` line
  ends, a byte-order mark) is parsed in full, so syntax errors are always the full
  parse's.

Nothing of a tree is changed here; the kept statements are shared between the old tree
and the new one (the analysis changes no tree either).

``same_analysis`` says whether the last edit is one no analysis can see (analysis/reuse.py
reuses the last analysis then): the re-parsed statements equal the ones they replace
(``ast.dump`` with positions), except for the text of top-level string statements (a
docstring), and every changed line lies outside every top-level statement or inside such
a string statement that shares no line with another statement. Such a string is evaluated
and dropped; nothing of the analysis reads ``__doc__``, and the lines a rule reads (the
text of a node, the lines a fix is laid out on) are lines of the nodes it judges, which
did not change. Comments and noqa marks are read again by the analysis's last step.
"""

from __future__ import annotations

import ast
import warnings
from dataclasses import dataclass

from .generator_index import index_generators
from .model import SyntaxProblem
from .pipeline import parse


@dataclass(frozen=True)
class _Parsed:
    source: str
    lines: list[str]
    tree: ast.Module
    starts: list[int]  # first line of each top-level statement (its first decorator's)
    ends: list[int]  # last line of each


class Reparser:
    """One document's parser: the last text and its tree, for the next edit."""

    def __init__(self) -> None:
        self._last: _Parsed | None = None
        self.reused_statements = 0  # of the last parse: kept from the tree before (0: parsed in full)
        # Counts the trees kept (each good parse of a new text); a syntax error keeps none.
        self.generation = 0
        # The tree of ``generation`` analyses as the one of ``generation - 1`` (module docstring).
        self.same_analysis = False
        self._unseen_edit = False  # of the last splice

    def parse(self, source: str, path: str = "<string>") -> ast.Module | SyntaxProblem:
        last = self._last
        if last is not None and source == last.source:
            return last.tree
        self.reused_statements = 0
        same = False
        tree = self._splice(last, source) if last is not None else None
        if tree is None:
            parsed = parse(source, path)
            if isinstance(parsed, SyntaxProblem):
                return parsed  # the last good tree stays the base for the next edit
            tree = parsed
        else:
            same = self._unseen_edit
        self._last = _remember(source, tree)
        self.generation += 1
        self.same_analysis = same
        return tree

    def _splice(self, last: _Parsed, source: str) -> ast.Module | None:
        if "\r" in source or source.startswith("\ufeff") or "\x00" in source:
            return None
        lines = source.split("\n")
        old = last.lines
        if len(lines) != len(old):
            return None
        first = 0
        while first < len(lines) and lines[first] == old[first]:
            first += 1
        if first == len(lines):
            return None
        last_changed = len(lines) - 1
        while lines[last_changed] == old[last_changed]:
            last_changed -= 1
        edit_from, edit_to = first + 1, last_changed + 1  # 1-based lines
        starts, ends, body = last.starts, last.ends, last.tree.body
        count = len(body)
        keep_before = 0
        while keep_before < count and ends[keep_before] < edit_from:
            keep_before += 1
        # A statement sharing its last line with the next one's first (``a = 1; b = (``)
        # is not kept apart from it.
        while 0 < keep_before < count and starts[keep_before] <= ends[keep_before - 1]:
            keep_before -= 1
        keep_after = keep_before
        while keep_after < count and starts[keep_after] <= edit_to:
            keep_after += 1
        while keep_before < keep_after < count and (
                starts[keep_after] <= ends[keep_after - 1] or body[keep_after].col_offset != 0):
            keep_after += 1
        slice_from = ends[keep_before - 1] + 1 if keep_before else 1
        slice_to = starts[keep_after] - 1 if keep_after < count else len(lines)
        if slice_from > 1 and lines[slice_from - 2].endswith("\\"):
            return None  # the line before may continue into the slice (a backslash)
        text = "\n" * (slice_from - 1) + "\n".join(lines[slice_from - 1:slice_to])
        if keep_after < count:
            text += "\n"
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                middle = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        if middle.body and middle.body[0].col_offset != 0:
            return None
        index_generators(middle, text)  # the kept statements keep the marks of their parse
        self.reused_statements = keep_before + count - keep_after
        self._unseen_edit = _unseen(body[keep_before:keep_after], middle.body, edit_from, edit_to)
        return ast.Module(body=[*body[:keep_before], *middle.body, *body[keep_after:]], type_ignores=[])


def _unseen(old: list[ast.stmt], new: list[ast.stmt], edit_from: int, edit_to: int) -> bool:
    """The re-parsed statements ``new`` analyse as ``old`` did (module docstring above)."""
    if len(old) != len(new):
        return False
    if not all(_fingerprint(a) == _fingerprint(b) for a, b in zip(old, new, strict=True)):
        return False
    # Positions are equal now: old and new statements lie on the same lines.
    spans = [(_first_line(s), s.end_lineno or s.lineno) for s in new]
    for index, (first, last) in enumerate(spans):
        if last < edit_from or first > edit_to:
            continue
        alone = ((index == 0 or spans[index - 1][1] < first)
                 and (index + 1 == len(spans) or spans[index + 1][0] > last))
        if not (_is_string_statement(new[index]) and alone):
            return False
    return True


def _is_string_statement(node: ast.stmt) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


def _fingerprint(node: ast.stmt) -> str:
    """``ast.dump`` with positions; a string statement's text left out (its kind, ``u``, kept)."""
    if _is_string_statement(node):
        value = node.value
        # Where it ends on its last line is left out too: that line holds nothing else (the
        # caller checks), and no rule reads a dropped string's end (PAL001 reads its line).
        return repr(("string statement", node.lineno, node.col_offset, node.end_lineno,
                     value.lineno, value.col_offset, value.end_lineno, value.kind))
    return ast.dump(node, include_attributes=True)


def _first_line(statement: ast.stmt) -> int:
    return min([statement.lineno, *(d.lineno for d in getattr(statement, "decorator_list", ()))])


def _remember(source: str, tree: ast.Module) -> _Parsed:
    starts = [_first_line(s) for s in tree.body]
    ends = [s.end_lineno or s.lineno for s in tree.body]
    return _Parsed(source, source.split("\n"), tree, starts, ends)
