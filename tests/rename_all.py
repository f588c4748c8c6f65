"""Rename every axis symbol of a fixture program to a fresh name, through the core.

Shared by the core tests and the real-lowering test: the graph is built the way
the language server builds it (each file of the program run as an entry), and
each symbol that can be renamed gets one fresh name; the edits of all symbols
are applied together (they never overlap: a literal belongs to one symbol).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pallas_lsp.analysis import Options, SyntaxProblem, analyze_entry, parse
from pallas_lsp.analysis.axis_graph import AxisGraph
from pallas_lsp.analysis.model import TextEdit
from support import FIXTURES

SINGLE = FIXTURES / "single"
MULTIFILE = FIXTURES / "multifile"
AXES = FIXTURES / "axes"  # the axis features' own workspaces


def fixture_programs() -> list[Path]:
    """Every single-file fixture and every multi-file fixture folder."""
    folders = [p for root in (MULTIFILE, AXES) for p in sorted(root.iterdir()) if p.is_dir()]
    return sorted(SINGLE.glob("*/*.py")) + folders


def program_texts(program: Path) -> dict[str, str]:
    files = [program] if program.is_file() else sorted(program.rglob("*.py"))
    return {str(f): f.read_text(encoding="utf-8") for f in files}


def graph_of(texts: dict[str, str], options: Options | None = None) -> AxisGraph:
    options = options or Options()
    trees = {path: parse(text, path) for path, text in texts.items()}
    good = {path: tree for path, tree in trees.items() if not isinstance(tree, SyntaxProblem)}
    return AxisGraph(analyze_entry(entry, good, texts, options).axes for entry in good)  # type: ignore[arg-type]


@dataclass
class Renamed:
    texts: dict[str, str]
    fresh_to_old: dict[str, str]
    refused: dict[str, str]  # "name@file:line" -> why


def rename_all(texts: dict[str, str], options: Options | None = None) -> Renamed:
    graph = graph_of(texts, options)
    done: set[frozenset[object]] = set()
    edits: list[TextEdit] = []
    fresh_to_old: dict[str, str] = {}
    refused: dict[str, str] = {}
    for site in sorted(graph.sites.values(), key=lambda s: (s.span.path or "", s.span.line, s.span.col)):
        symbol = graph.symbol(site)
        key = frozenset(symbol.spans)
        if key in done:
            continue
        done.add(key)
        fresh = f"{site.name}_r{len(fresh_to_old)}"
        plan = graph.rename(site, fresh, texts)
        if plan.refusal is not None and "letter by letter" in plan.refusal:
            # A multimem op's one-letter string: only a one-letter name keeps its meaning.
            fresh = next(c for c in "QZJKVW" if c not in fresh_to_old and f"'{c}'" not in str(texts)
                         and f'"{c}"' not in str(texts))
            plan = graph.rename(site, fresh, texts)
        if plan.refusal is not None:
            refused[f"{site.name}@{Path(site.span.path or '').name}:{site.span.line}"] = plan.refusal
            continue
        fresh_to_old[fresh] = site.name
        edits.extend(plan.edits)
    return Renamed(apply(texts, edits), fresh_to_old, refused)


def apply(texts: dict[str, str], edits: list[TextEdit]) -> dict[str, str]:
    """Apply UTF-8-column edits (single-line spans) to each file's text."""
    out = dict(texts)
    by_path: dict[str, list[TextEdit]] = {}
    for edit in edits:
        by_path.setdefault(edit.span.path or "", []).append(edit)
    for path, file_edits in by_path.items():
        lines = out[path].split("\n")
        for edit in sorted(file_edits, key=lambda e: (e.span.line, e.span.col), reverse=True):
            assert edit.span.line == edit.span.end_line
            raw = lines[edit.span.line - 1].encode("utf-8")
            lines[edit.span.line - 1] = (raw[:edit.span.col] + edit.new_text.encode("utf-8")
                                         + raw[edit.span.end_col:]).decode("utf-8")
        out[path] = "\n".join(lines)
    return out
