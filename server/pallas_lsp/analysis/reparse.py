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

``same_tree`` says whether the last edit left the tree as it was, but for the text of
top-level string statements (a module docstring; in a file that spells ``__doc__``, where
the docstring may be read, its text counts too), and ``changed_lines`` which lines it
changed: analysis/reuse.py reuses the last analysis when the tree is the same and the
analysis read none of those lines. The re-parsed statements are compared with the ones
they replace by ``ast.dump`` with positions (a string statement's text and end column
left out); a changed line holding a line break of ``str.splitlines`` other than ``\n``
(a form feed, ``\u2028``) is no same tree, since it would move the lines the analysis
counts.
"""

from __future__ import annotations

import ast
import warnings
from dataclasses import dataclass

from .ast_nodes import PRIVATE_NAME, mangle_private_names
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
        # The tree of ``generation`` is the one of ``generation - 1`` but for top-level
        # string statements' text; the first and last line (1-based) the edit changed.
        self.same_tree = False
        self.changed_lines = (0, 0)
        self._same_splice, self._changed = False, (0, 0)  # of the last splice

    def parse(self, source: str, path: str = "<string>") -> ast.Module | SyntaxProblem:
        last = self._last
        if last is not None and source == last.source:
            return last.tree
        self.reused_statements = 0
        same, changed = False, (0, 0)
        kept = self._splice(last, source) if last is not None else None
        if kept is None:
            parsed = parse(source, path)
            if isinstance(parsed, SyntaxProblem):
                return parsed  # the last good tree stays the base for the next edit
            kept = _remember(source, parsed)
        else:
            same, changed = self._same_splice, self._changed
        self._last = kept
        self.generation += 1
        self.same_tree, self.changed_lines = same, changed
        return kept.tree

    def _splice(self, last: _Parsed, source: str) -> _Parsed | None:
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
        if "__" in text and PRIVATE_NAME.search(text):  # (the operator first: no call)
            mangle_private_names(middle, text)  # the kept statements were mangled by their parse
        index_generators(middle, text)  # the kept statements keep the marks of their parse
        self.reused_statements = keep_before + count - keep_after
        self._changed = (edit_from, edit_to)
        strings = [(starts[i], ends[i]) for i in range(keep_before, keep_after)
                   if _is_string_statement(body[i])]
        self._same_splice = all(
            a == b or (not _ODD_BREAKS.intersection(a + b) and (
                _code(a) == _code(b) or any(start <= number <= end for start, end in strings)))
            for number, a, b in zip(range(first + 1, last_changed + 2), old[first:last_changed + 1],
                                    lines[first:last_changed + 1], strict=True)
        ) and _same_statements(body[keep_before:keep_after], middle.body, texts="__doc__" in source)
        # The kept statements' lines are the ones they had (the same number of lines).
        tree = ast.Module(body=[*body[:keep_before], *middle.body, *body[keep_after:]], type_ignores=[])
        return _Parsed(source, lines, tree,
                       [*starts[:keep_before], *map(_first_line, middle.body), *starts[keep_after:]],
                       [*ends[:keep_before], *(s.end_lineno or s.lineno for s in middle.body),
                        *ends[keep_after:]])


# What str.splitlines (Program.lines) ends a line at, besides "\n" and "\r".
_ODD_BREAKS = frozenset("\v\f\x1c\x1d\x1e\x85\u2028\u2029")


def _code(line: str) -> str:
    """A line without what follows a ``#`` (a comment, or a string's text: the comparison of
    trees decides then) and without trailing blanks. A changed line whose code differs and
    that lies in no top-level string statement is taken for a changed tree without comparing
    trees (it nearly always is one; an edit of parentheses alone is analysed again)."""
    return line.split("#", 1)[0].rstrip()


def _same_statements(old: list[ast.stmt], new: list[ast.stmt], *, texts: bool) -> bool:
    """The re-parsed statements ``new`` equal ``old``, string statements' text aside unless
    ``texts``: a file that spells ``__doc__`` may read its docstring (a module's ``__doc__``
    is the text of its first string statement), so there a docstring edit is a change."""
    if texts:
        return len(old) == len(new) and all(
            ast.dump(a, include_attributes=True) == ast.dump(b, include_attributes=True)
            for a, b in zip(old, new, strict=True))
    return len(old) == len(new) and all(
        _fingerprint(a) == _fingerprint(b) for a, b in zip(old, new, strict=True))


def _is_string_statement(node: ast.stmt) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


def _fingerprint(node: ast.stmt) -> str:
    """``ast.dump`` with positions; a string statement's text left out (its kind, ``u``, kept)."""
    if _is_string_statement(node):
        value = node.value
        # Where it ends on its last line is left out too: no rule reads a dropped string's
        # end (PAL001 reads its line); a node after it on that line is read as text (reuse.py).
        return repr(("string statement", node.lineno, node.col_offset, node.end_lineno,
                     value.lineno, value.col_offset, value.end_lineno, value.kind))
    return ast.dump(node, include_attributes=True)


def _first_line(statement: ast.stmt) -> int:
    return min([statement.lineno, *(d.lineno for d in getattr(statement, "decorator_list", ()))])


def _remember(source: str, tree: ast.Module) -> _Parsed:
    starts = [_first_line(s) for s in tree.body]
    ends = [s.end_lineno or s.lineno for s in tree.body]
    return _Parsed(source, source.split("\n"), tree, starts, ends)
