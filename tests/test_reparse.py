"""The incremental parse (analysis/reparse.py) gives the tree, and so the analysis, of a
full parse after every edit: random edit sequences replayed on real files (the fixtures,
the shared examples, JAX's own Mosaic GPU sources), compared after each edit."""

from __future__ import annotations

import ast
import random
import sys
import zlib
from pathlib import Path

import pytest
from pallas_lsp.analysis import Options, analyze, parse
from pallas_lsp.analysis.reparse import Reparser

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO.parent / "shared" / "examples"
PYTHON = f"python{sys.version_info[0]}.{sys.version_info[1]}"
JAX_PALLAS = REPO / ".venv-jax010" / "lib" / PYTHON / "site-packages" / "jax" / "_src" / "pallas"

# Text an edit inserts: characters that open and close brackets and strings, start a
# continuation, a comment, an indentation, a decorator or a clause, and plain code.
PIECES = ["x", " ", "(", ")", "[", "]", '"', "'", '"""', "#", "\\", ":", "@", "    ", "\n",
          "else:", "y = 1", "0", ",", "except:", "def f():", "pass", "\t", "\\\n"]


def _files() -> list[Path]:
    # About one fixture in seven, chosen by its own name: a fixture added elsewhere does not
    # change which ones are sampled (every seventh of the sorted list did, and a file whose
    # seeded random walk stays mostly unparsable could come into the sample).
    files = [path for path in sorted((REPO / "tests" / "fixtures" / "single").rglob("*.py"))
             if zlib.crc32(path.name.encode()) % 7 == 0]
    files += sorted(EXAMPLES.glob("*.py"))
    for name in ("mosaic_gpu/primitives.py", "mosaic_gpu/core.py"):
        if (JAX_PALLAS / name).exists():
            files.append(JAX_PALLAS / name)
    return files


def _edit(text: str, rng: random.Random) -> str:
    """One keystroke-like change: an insertion, a deletion, or a line replaced, at a
    random place (most of them keep the number of lines, as typing does)."""
    lines = text.split("\n")
    kind = rng.random()
    if kind < 0.15:  # a line duplicated, deleted or swapped for another
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        choice = rng.randrange(3)
        if choice == 0:
            lines.insert(i, lines[j])
        elif choice == 1 and len(lines) > 1:
            del lines[i]
        else:
            lines[i] = lines[j]
        return "\n".join(lines)
    at = rng.randrange(len(text) + 1)
    if kind < 0.45 and at < len(text):
        return text[:at] + text[at + rng.randint(1, 3):]
    piece = rng.choice(PIECES)
    return text[:at] + piece + text[at:]


def _dump(tree: object) -> str:
    if not isinstance(tree, ast.Module):
        return repr(tree)  # a SyntaxProblem: its message and span
    return ast.dump(tree, include_attributes=True)


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_random_edits_parse_as_a_full_parse(path: Path) -> None:
    rng = random.Random(path.name)
    original = path.read_text(encoding="utf-8")
    if isinstance(parse(original), ast.Module) is False:
        pytest.skip("newer syntax than this interpreter reads")
    reparser = Reparser()
    reparser.parse(original)
    text = original
    reused = 0
    for step in range(150):
        # Drift back to the real file now and then: edits pile up into text that no
        # longer parses, and a parse of a broken text is always a full one.
        before = text
        text = original if step % 25 == 24 else _edit(text, rng)
        full = parse(text)
        assert _dump(reparser.parse(text)) == _dump(full), (path, step, text)
        reused += reparser.reused_statements
        if not isinstance(full, ast.Module) and rng.random() < 0.7:
            text = before  # the typo is undone, as typing goes on
    assert reused > 0, "no edit reused a statement: the incremental path was never taken"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.py")), ids=lambda p: p.name)
def test_the_analysis_of_a_reparsed_tree_is_the_full_analysis(path: Path) -> None:
    rng = random.Random(path.name + "analysis")
    original = path.read_text(encoding="utf-8")
    reparser = Reparser()
    reparser.parse(original)
    text = original
    options = Options()
    for step in range(40):
        text = original if step % 10 == 9 else _edit(text, rng)
        tree = reparser.parse(text, str(path))  # a SyntaxError's text is read from the path
        full = analyze(text, options, path=str(path))
        again = analyze(text, options, path=str(path), tree=tree)
        assert again == full, (path, step, text)


def test_statements_before_and_after_a_keystroke_are_kept() -> None:
    text = "import os\n\n\ndef f():\n    return 1\n\n\nx = f()\n"
    reparser = Reparser()
    before = reparser.parse(text)
    assert isinstance(before, ast.Module)
    after = reparser.parse(text.replace("return 1", "return 2"))
    assert isinstance(after, ast.Module)
    assert after.body[0] is before.body[0] and after.body[2] is before.body[2]
    assert after.body[1] is not before.body[1]
    assert reparser.reused_statements == 2


def test_a_backslash_before_the_slice_means_a_full_parse() -> None:
    reparser = Reparser()
    reparser.parse("a = 1 \\\n\nb = 2\n")
    # The blank line after the backslash becomes code: it joins ``a = 1``'s line.
    result = reparser.parse("a = 1 \\\ny = 2\nb = 2\n")
    assert _dump(result) == _dump(parse("a = 1 \\\ny = 2\nb = 2\n"))
    assert not isinstance(result, ast.Module)


def _child_parent_pairs(scope: ast.AST) -> list[tuple[ast.AST, ast.AST]]:
    # Nodes with a position only: Load, Store and the operators are shared singletons of
    # the parser (one object under every parent), which no rule asks the parent of.
    return [(child, node) for node in ast.walk(scope) for child in ast.iter_child_nodes(node)
            if hasattr(child, "lineno")]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.py"))[:8], ids=lambda p: p.name)
def test_kept_parent_maps_are_the_fresh_ones_after_random_edits(path: Path) -> None:
    # program.parent() keeps each kernel scope's child -> parent map with the scope node,
    # across keystrokes where the reparser keeps the statement: after every edit each map
    # it answers from is the one a walk of that very tree gives now.
    import time

    from pallas_lsp.analysis.program import build_program

    rng = random.Random(path.name + "parents")
    original = path.read_text(encoding="utf-8")
    first = build_program(ast.parse(original), Options(), time.monotonic() + 60, original)
    if not first.interp.kernel_scopes:
        pytest.skip("no kernel body is traced in this file: no parent map to keep")
    reparser = Reparser()
    reparser.parse(original)
    text, checked, reused = original, 0, 0
    for step in range(30):
        # Every third edit a comment typed at the end: a text that parses, most statements kept.
        text = original if step % 10 == 9 else text + "#" if step % 3 == 0 else _edit(text, rng)
        tree = reparser.parse(text, str(path))
        reused += reparser.reused_statements
        if not isinstance(tree, ast.Module):
            continue
        program = build_program(tree, Options(), time.monotonic() + 60, text)
        for scope in program.interp.kernel_scopes.values():
            for child, parent in _child_parent_pairs(scope):
                assert program.parent(child) is parent, (path, step, ast.dump(child))
                checked += 1
    assert checked > 0 and reused > 0
