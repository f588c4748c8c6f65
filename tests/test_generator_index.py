"""The generator index (analysis/generator_index.py): what it records when a tree is parsed
is what a walk of each function's body says, on real files and on the edge cases of the
text shortcut (``yield`` in a comment or a string, in a nested function, in a decorator,
a lambda generator), and after an incremental re-parse."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from pallas_lsp.analysis import parse
from pallas_lsp.analysis.generator_index import _MARK, _walk_yields, function_yields
from pallas_lsp.analysis.reparse import Reparser

REPO = Path(__file__).resolve().parents[1]
PYTHON = f"python{sys.version_info[0]}.{sys.version_info[1]}"
JAX_SRC = REPO / ".venv-jax010" / "lib" / PYTHON / "site-packages" / "jax" / "_src"

EDGE_CASES = '''
def plain():
    return 1

def spelled_in_a_comment():  # yield
    return "yield"

def outer():
    def inner():
        yield 1
    return inner

def real():
    x = yield
    return x

def delegating():
    yield from range(3)

@decorate(lambda: (yield))
def decorated():
    pass

class Holder:
    def method(self):
        if True:
            for _ in ():
                yield self
        return None

async def agen():
    yield 1

gen_lambda = lambda: (yield 1)

try:
    def in_try():
        pass
except ValueError:
    def in_handler():
        yield
'''


def _defs(tree: ast.AST) -> list[ast.AST]:
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _files() -> list[Path]:
    files = sorted((REPO / "tests" / "fixtures").rglob("*.py"))[::5]
    files += sorted((REPO.parent / "shared" / "examples").glob("*.py"))
    for name in ("pallas/mosaic_gpu/primitives.py", "pallas/mosaic_gpu/pipeline.py", "util.py"):
        if (JAX_SRC / name).exists():
            files.append(JAX_SRC / name)
    return files


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_every_def_of_a_parsed_file_is_marked_as_a_walk_says(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    tree = parse(source, str(path))
    if not isinstance(tree, ast.Module):
        pytest.skip("does not parse")
    for node in _defs(tree):
        assert getattr(node, _MARK, None) is _walk_yields(node), (path.name, node.lineno)


def test_the_text_shortcut_is_exact_on_its_edge_cases() -> None:
    tree = parse(EDGE_CASES)
    assert isinstance(tree, ast.Module)
    marks = {node.name: getattr(node, _MARK, None) for node in _defs(tree)}
    assert marks == {"plain": False, "spelled_in_a_comment": False, "outer": False, "inner": True,
                     "real": True, "delegating": True, "decorated": False, "method": True,
                     "agen": True, "in_try": False, "in_handler": True}
    assignment = next(n for n in tree.body if isinstance(n, ast.Assign))
    gen_lambda = assignment.value
    assert isinstance(gen_lambda, ast.Lambda)
    assert function_yields(gen_lambda) is True  # not indexed: walked when asked


def test_a_lone_carriage_return_leaves_the_defs_to_a_walk() -> None:
    tree = parse("def f():\r    yield 1\rdef g():\r    return 2\r")
    assert isinstance(tree, ast.Module)
    assert [getattr(n, _MARK, None) for n in _defs(tree)] == [None, None]
    assert [function_yields(n) for n in _defs(tree)] == [True, False]


def test_a_reparsed_slice_is_marked_and_kept_statements_keep_their_marks() -> None:
    reparser = Reparser()
    before = "def a():\n    return 1\n\n\ndef b():\n    return 2\n"
    reparser.parse(before)
    after = reparser.parse(before.replace("return 2", "yield 2"))
    assert reparser.reused_statements == 1
    assert isinstance(after, ast.Module)
    assert [getattr(n, _MARK, None) for n in _defs(after)] == [False, True]
