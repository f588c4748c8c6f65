"""Reusing the last analysis (analysis/reuse.py) gives a fresh full analysis's result after
every edit: random edit sequences, with the edits it reuses for (a comment or blank line
between statements, the module docstring typed into) mixed in, replayed on real files
(the shared examples, a sample of the fixtures, the generated 2,000-line file) and
compared after each edit with the analysis of the text alone."""

from __future__ import annotations

import ast
import random
import sys
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from pallas_lsp.analysis import Options, parse
from pallas_lsp.analysis.model import parse_jax_version
from pallas_lsp.analysis.reparse import Reparser
from pallas_lsp.lsp import analysis_worker
from pallas_lsp.lsp.analysis_worker import analyse_alone
from test_reparse import _edit

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO.parent / "shared" / "examples"
sys.path.insert(0, str(REPO / "bench"))
from lsp_bench import generated_file  # noqa: E402

TARGETS = [Options(), Options(jax_version=parse_jax_version("0.8.3"))]


def _files() -> list[tuple[str, str]]:
    files = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.py"))]
    files += [(p.name, p.read_text(encoding="utf-8"))
              for p in sorted((REPO / "tests" / "fixtures" / "single").rglob("*.py"))
              if zlib.crc32(p.name.encode()) % 11 == 0]
    files.append(("generated_2000_lines.py", generated_file(2000)))
    return files


def _unseen_edit(text: str, rng: random.Random) -> str:
    """An edit the reuse is for: a character typed into the module docstring, or a comment
    typed at the end of a line (a code line, a comment, a blank one; inside a string it is
    an edit of the tree, analysed again)."""
    tree = parse(text)
    lines = text.split("\n")
    if not isinstance(tree, ast.Module) or not tree.body:
        return text
    first = tree.body[0]
    docstring = (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                 and isinstance(first.value.value, str))
    if docstring and rng.random() < 0.4:
        # Inside the docstring's text: after its opening quotes, on its first line.
        line = lines[first.lineno - 1]
        at = first.col_offset + (3 if line[first.col_offset:].startswith(('"""', "'''")) else 1)
        lines[first.lineno - 1] = line[:at] + rng.choice("ab 1") + line[at:]
    else:
        i = rng.randrange(len(lines))
        if not lines[i].rstrip().endswith("\\"):
            lines[i] += rng.choice(["  # c", "  # noqa", " ", "#"]) if "#" not in lines[i] else "x"
    return "\n".join(lines)


@pytest.mark.parametrize(("name", "original"), _files(), ids=lambda v: v if len(v) < 80 else "text")
def test_a_reused_analysis_is_the_full_analysis(name: str, original: str) -> None:
    rng = random.Random(name + "reuse")
    reparser = Reparser()
    path = f"<{name}>"
    text = original
    steps = 12 if name.startswith("generated") else 30
    for step in range(steps):
        before = text
        if step % 10 == 9:
            text = original
        elif rng.random() < 0.6:
            text = _unseen_edit(text, rng)
        else:
            text = _edit(text, rng)
        targets = [replace(t) for t in TARGETS]
        assert analyse_alone(text, targets, path, reparser) == analyse_alone(text, targets, path), \
            (name, step, text)
        if not isinstance(parse(text), ast.Module) and rng.random() < 0.7:
            text = before
    first = parse(original).body[0]  # type: ignore[union-attr]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        # A file with a module docstring gets the edits the reuse is for: it was taken.
        assert analysis_worker._MEMOS[reparser].reused > 0


def test_the_replays_reuse_and_analyse_again_both() -> None:
    # The equivalence above is only worth something if both paths are taken.
    reparser = Reparser()
    source = generated_file(2000)
    analyse_alone(source, TARGETS, "<g>", reparser)
    memo = analysis_worker._MEMOS[reparser]
    analyse_alone(source.replace('"""Generated:', '"""Generated 1:', 1), TARGETS, "<g>", reparser)
    assert memo.reused == 2 and reparser.same_tree
    # A comment in a kernel's body: the same tree, a line no rule read.
    analyse_alone(source.replace("# kernel number 3:", "# kernel number 3 :", 1), TARGETS, "<g>", reparser)
    assert memo.reused == 4 and reparser.same_tree
    # A comment after code whose text a rule read (a fix quotes it): analysed again.
    read = sorted(memo._runs[0].read)
    assert read, "no rule read a line of the generated file"
    lines = source.split("\n")
    lines[read[0] - 1] += "  # typed"
    edited = "\n".join(lines)
    assert analyse_alone(edited, TARGETS, "<g>", reparser) == analyse_alone(edited, TARGETS, "<g>")
    assert memo.reused == 4 and reparser.same_tree


@pytest.mark.parametrize(("before", "after", "same", "changed"), [
    ('"""a"""\nx = 1\n', '"""ab"""\nx = 1\n', True, (1, 1)),
    ("x = 1\n# a\ny = 2\n", "x = 1\n# ab\ny = 2\n", True, (2, 2)),
    ("x = 1\n\ny = 2\n", "x = 1\n   \ny = 2\n", True, (2, 2)),
    ("def f():\n    # a\n    return 1\n", "def f():\n    # ab\n    return 1\n", True, (2, 2)),
    ('"""a"""; x = 1\ny = 2\n', '"""ab"""; x = 1\ny = 2\n', False, (1, 1)),  # x moves right
    ('x = """a"""\ny = 2\n', 'x = """ab"""\ny = 2\n', False, (1, 1)),  # a value, not a dropped string
    ('def f():\n    """a"""\n\n\ny = 2\n', 'def f():\n    """ab"""\n\n\ny = 2\n', False, (2, 2)),  # __doc__
    ('"""a"""\nx = 1\n', 'b"""a"""\nx = 1\n', False, (1, 1)),  # bytes: no docstring
    # A file that spells __doc__ may read its docstring: its text counts.
    ('"""a"""\nx = __doc__\n', '"""ab"""\nx = __doc__\n', False, (1, 1)),
    ("x = 1\n# a\ny = 2\n", "x = 1\nz=3\ny = 2\n", False, (2, 2)),
    ("x = 1\n# a\ny = 2\n", "x = 1\n# a\x0c\ny = 2\n", False, (2, 2)),  # a form feed: Program.lines move
])
def test_which_edits_leave_the_tree(before: str, after: str, same: bool, changed: tuple[int, int]) -> None:
    reparser = Reparser()
    reparser.parse(before)
    assert isinstance(reparser.parse(after), ast.Module)
    assert (reparser.same_tree, reparser.changed_lines) == (same, changed)


class _Library:
    def __init__(self) -> None:
        self.tree = ast.parse("import jax\nVALUE = 1\n")

    def source(self, name: str) -> tuple[str, ast.Module] | None:
        return ("/lib/helper.py", self.tree) if name == "helper" else None


def test_a_changed_installed_module_is_analysed_again() -> None:
    library = _Library()
    options = [Options(library=library)]
    reparser = Reparser()
    text = '"""doc"""\nimport helper\nx = helper.VALUE\n'
    analyse_alone(text, options, "<m>", reparser)
    memo = analysis_worker._MEMOS[reparser]
    analyse_alone(text.replace("doc", "docs"), options, "<m>", reparser)
    assert memo.reused == 1
    library.tree = ast.parse("import jax\nVALUE = 2\n")  # the file changed on disk: a new tree
    analyse_alone(text.replace("doc", "do"), options, "<m>", reparser)
    assert memo.reused == 1
