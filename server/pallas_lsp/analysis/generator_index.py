"""Which functions are generators: recorded once per parsed tree, read at every call.

Python decides from the text whether a ``def`` is a generator: a ``yield`` in its own body
(not in a nested function, lambda or class). The interpreter asks at every call; walking
the body each time was a tenth of the analysis of the shared examples (issue 22), and a
server re-parses every keystroke, so a cache on the node alone does not last past the
edit. ``index_generators`` runs where a tree is parsed (``pipeline.parse``, and the slice
``reparse.py`` parses again): a statement-only walk finds every ``def``, and one whose
lines hold no ``yield`` text at all is marked "no generator" without looking inside. Only
a ``def`` whose lines spell ``yield`` somewhere (a real one, a nested generator's, a word
in a comment or string) is walked, once. Kept statements of a re-parse keep their marks.

A node the index never saw (a lambda, a tree parsed elsewhere) is walked on first asking,
and the answer stays on the node, as before.
"""

from __future__ import annotations

import ast
import bisect

# The attribute each function node carries its answer in (True / False; absent: not indexed).
_MARK = "_pallas_generator"
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
# The fields that hold statements (an except handler and a match case hold them too), and
# the nodes that have any: the other statements (most of them) are not looked into.
_STATEMENT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")
_COMPOUND = tuple(getattr(ast, name) for name in (
    "FunctionDef", "AsyncFunctionDef", "ClassDef", "If", "For", "AsyncFor", "While", "With",
    "AsyncWith", "Try", "TryStar", "Match", "ExceptHandler", "match_case") if hasattr(ast, name))


def function_yields(node: ast.AST) -> bool:
    """A function whose own body holds a yield: the index's answer, or one walk of the body."""
    cached = getattr(node, _MARK, None)
    if cached is None:
        cached = _walk_yields(node)
        setattr(node, _MARK, cached)
    return cached


def index_generators(tree: ast.Module, source: str) -> None:
    """Mark every ``def`` of ``tree`` (parsed from ``source``) with whether it yields.

    The lines are counted at ``\\n``: with a lone ``\\r`` (a line end of its own to the
    parser) in the text nothing is marked, and every function is walked when first called."""
    if "\r" in source:
        return
    yield_lines = _lines_spelling_yield(source)
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, _DEFS):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            last = node.end_lineno or node.lineno
            # Any line of the statement, decorators included (the walk below looks at them too).
            spelled = bisect.bisect_left(yield_lines, first) < bisect.bisect_right(yield_lines, last)
            setattr(node, _MARK, _walk_yields(node) if spelled else False)
        if not isinstance(node, _COMPOUND):
            continue
        for name in _STATEMENT_LISTS:
            block = getattr(node, name, None)
            if block:
                pending.extend(block)


def _lines_spelling_yield(source: str) -> list[int]:
    """The line numbers (from 1, ascending) whose text holds ``yield``."""
    found: list[int] = []
    line, counted_to = 1, 0
    at = source.find("yield")
    while at >= 0:
        line += source.count("\n", counted_to, at)
        counted_to = at
        if not found or found[-1] != line:
            found.append(line)
        at = source.find("yield", at + 5)
    return found


def _walk_yields(node: ast.AST) -> bool:
    pending = list(ast.iter_child_nodes(node))
    while pending:
        child = pending.pop()
        if isinstance(child, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(child, _SCOPES):
            pending.extend(ast.iter_child_nodes(child))
    return False
