"""Hover: what the server inferred at a call, and the rule behind a diagnostic.

Two kinds of content, shown together when both apply:
- on a multimem / multicast / ``axis_index`` call, the facts the analysis
  inferred for it (``Analysis.ops``): the mesh, its axes and where it was
  built, the value of ``collective_axes``, the lowering semantics and the JAX
  version they come from. This is what a user needs to see to trust (or
  doubt) a diagnostic, and it answers "what does the tool think?" on correct
  code too.
- where a diagnostic sits, the rule's page, the same text as
  ``pallas-lsp explain`` and docs/rules/ (ruff's model: one source, three faces).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lsprotocol import types

from pallas_lsp.analysis import Finding, OpFacts, Span
from pallas_lsp.analysis.rules import Rule

from .convert import Positions, span_contains


def _smallest(spans: Sequence[Span]) -> Span:
    # Nested calls (an axis_index inside a multimem call's argument): the innermost wins.
    return min(spans, key=lambda s: (s.end_line - s.line, s.end_col - s.col if s.end_line == s.line else 0))


def facts_markdown(op: OpFacts) -> str:
    rows = ["| | |", "| --- | --- |"]
    for label, value in op.facts:
        rows.append(f"| {_cell(label)} | {_cell(value)} |")
    return "\n".join([f"**`{op.op}`** — what pallas-lsp inferred", "", *rows])


def _cell(text: str) -> str:
    # Markdown table cells: a pipe or a newline would break the row.
    return str(text).replace("|", "\\|").replace("\n", "<br>")


def hover(
    line: int,
    col: int,
    findings: Sequence[Finding],
    ops: Sequence[OpFacts],
    rules: Mapping[str, Rule],
    positions: Positions,
) -> types.Hover | None:
    """Hover content at (1-based line, UTF-8 col), or None when there is nothing to say."""
    parts: list[str] = []
    spans: list[Span] = []
    hit_ops = [op for op in ops if span_contains(op.span, line, col)]
    if hit_ops:
        inner = _smallest([op.span for op in hit_ops])
        for op in hit_ops:
            if op.span == inner:
                parts.append(facts_markdown(op))
        spans.append(inner)
    seen: set[str] = set()
    for finding in findings:
        if not span_contains(finding.span, line, col) or finding.code in seen:
            continue
        seen.add(finding.code)
        rule = rules.get(finding.code)
        if rule is None:
            parts.append(f"**{finding.code}**: {finding.message}")
        else:
            parts.append(
                f"**{finding.code}**: {finding.message}\n\n{rule.markdown().rstrip()}\n\n"
                f"[Rule documentation]({rule.doc_url()})"
            )
        spans.append(finding.span)
    if not parts:
        return None
    target = _smallest(spans)
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n\n---\n\n".join(parts)),
        range=positions.range(target),
    )
