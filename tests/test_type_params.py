"""An installed module in a newer Python's grammar, read by a server on an older one
(project/type_params.py, design.md 322)."""

from __future__ import annotations

import ast
import sys

import pytest
from pallas_lsp.project.type_params import without_type_params

NEWER = '''\
from typing import Protocol


class PipelineCallback[T](Protocol):
    def __call__(self, value: T) -> T: ...


def first[K: (int, str), *Ts, **P](items: list[K]) -> K:
    return items[0]


def pair[
    A: dict[str, int],
    B,
](a: A, b: B) -> tuple[A, B]:
    raise ValueError("tile_size=64 is smaller than minimum required 128")
'''


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="this Python parses type parameters itself")
def test_type_parameters_are_blanked_and_every_position_kept() -> None:
    with pytest.raises(SyntaxError):
        ast.parse(NEWER)
    text = without_type_params(NEWER)
    assert text is not None
    tree = ast.parse(text)
    assert [node.name for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))] == [
        "PipelineCallback", "first", "pair"]
    # Same lines, same columns: spans of what follows stay right (a list over several lines
    # keeps them, continued with backslashes).
    assert text.count("\n") == NEWER.count("\n")
    assert [len(line) for line in text.splitlines()[:9]] == [len(line) for line in NEWER.splitlines()[:9]]
    assert text.splitlines()[15:] == NEWER.splitlines()[15:]
    assert text.splitlines()[14] == " " + NEWER.splitlines()[14][1:]
    raised = next(node for node in ast.walk(tree) if isinstance(node, ast.Raise))
    where = next(row for row, line in enumerate(NEWER.splitlines(), 1) if "raise" in line)
    assert (raised.lineno, raised.col_offset) == (where, 4)
    assert "class PipelineCallback   (Protocol):" in text


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="this Python parses type parameters itself")
def test_text_without_type_parameters_is_left_alone() -> None:
    assert without_type_params("x = [1, 2]\nclass A(list[int]):\n    pass\n") is None
    assert without_type_params("type Alias = int\n") is None  # not blanked: stays unread
    assert without_type_params("def f[T(:\n") is None  # cannot be tokenized


def test_a_python_that_parses_them_gets_none() -> None:
    if sys.version_info >= (3, 12):
        assert without_type_params(NEWER) is None
    else:
        assert without_type_params(NEWER) is not None
