"""The benchmarks' keystroke goes where they say: into code (the whole file analysed again)
or into the module docstring (the reused path), and every text it makes parses."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
from lsp_bench import TYPED, generated_file, keystroke_place  # noqa: E402

EXAMPLES = sorted((REPO.parent / "shared" / "examples").glob("*.py"))
TEXTS = {"generated_2000_lines.py": generated_file(2000),
         **{path.name: path.read_text(encoding="utf-8") for path in EXAMPLES}}


def typed(text: str, where: str) -> str:
    line, column = keystroke_place(text, where)
    lines = text.split("\n")
    lines[line] = lines[line][:column] + TYPED + lines[line][column:]
    return "\n".join(lines)


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_a_code_keystroke_changes_the_code_and_parses(name: str) -> None:
    text = TEXTS[name]
    after = typed(text, "code")
    assert ast.dump(ast.parse(after)) != ast.dump(ast.parse(text))  # not a comment or a string


def test_a_docstring_keystroke_changes_only_the_docstring() -> None:
    text = TEXTS["generated_2000_lines.py"]
    before, after = ast.parse(text), ast.parse(typed(text, "docstring"))
    assert ast.get_docstring(after) != ast.get_docstring(before)
    assert ast.dump(ast.Module(body=after.body[1:], type_ignores=[])) == \
        ast.dump(ast.Module(body=before.body[1:], type_ignores=[]))


def test_the_generated_file_is_typed_into_its_shape() -> None:
    text = TEXTS["generated_2000_lines.py"]
    line, _ = keystroke_place(text, "code")
    assert "SHAPE = (1256, 128)" in typed(text, "code").split("\n")[line]
