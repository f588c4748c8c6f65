"""Hover: what the server inferred at a call, and the rule behind a diagnostic.

Short, because VS Code opens it above the line by default and already shows the
diagnostic's message in the same hover:
- on a multimem / multicast / ``axis_index`` call, the facts the analysis inferred
  for it (``Analysis.ops``), in one paragraph: the launch and its mesh (and where it
  was built), ``collective_axes``, the lowering semantics, and the JAX version the
  rules follow with where that came from. This is what a user needs to see to trust
  (or doubt) a diagnostic, and it answers "what does the tool think?" on correct
  code too;
- where a diagnostic sits, one line, first: the rule's code, name and title, the fix
  (the finding's preferred quick fix, else the rule's how-to-fix), and a link to its
  page (docs/rules/, the same text as ``pallas-lsp explain``). First, because another
  Python extension's hover may sit above ours: the first line must say what is wrong
  and what to do. The diagnostic's message is not repeated: the editor shows it.
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
    """One paragraph: VS Code caps a hover near 250 px, and the diagnostic's own part (its
    message and related locations) comes first, so the facts must take few lines."""
    facts = []
    for label, value in op.facts:
        if label in _LEFT_OUT:
            continue
        if label == "JAX version":
            facts.append(f"JAX {_escape(_version_fact(value))}")
        else:
            facts.append(f"{_SHORT_LABELS.get(label, _escape(label))}: {_escape(_flat(value))}")
    return f"**`{op.op}`**, inferred: " + " · ".join(facts)


# The hover's labels, shorter where the context says the rest.
_SHORT_LABELS = {"lowering semantics": "semantics"}
# What the op does is on the rule page the hover links to; the hover keeps to what
# was inferred about this call.
_LEFT_OUT = {"what it does"}


def rule_line(code: str, rule: Rule | None, finding: Finding | None = None) -> str:
    """'**PAL001** mesh_required: <title> — fix: <what to do> · [rule page](…)'."""
    if rule is None:
        return f"**{code}**"
    fix = _fix_words(rule, finding)
    return (f"**{code}** {rule.name}: {_escape(rule.title)}{f' — fix: {_escape(fix)}' if fix else ''}"
            f" · [rule page]({rule.doc_url()})")


def _fix_words(rule: Rule, finding: Finding | None) -> str:
    """The finding's preferred quick fix, else the first sentence of the rule's how-to-fix."""
    fixes = finding.fixes if finding is not None else ()
    chosen = next((fix for fix in fixes if fix.preferred), fixes[0] if fixes else None)
    if chosen is not None:
        return chosen.title
    first = " ".join(rule.how_to_fix.split()).split(". ")[0].rstrip(".")
    return first if len(first) <= 100 else ""


def _flat(value: str) -> str:
    """'0.12.0.1 (the newest JAX pallas-lsp knows (no JAX found))' reads as
    '0.12.0.1 — the newest JAX pallas-lsp knows (no JAX found)': a value's own trailing
    parenthesis becomes a dash, so no parenthesis sits inside another."""
    text = str(value)
    if not text.endswith(")"):
        return text
    depth = 0
    for index in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[index], 0)
        if depth == 0:
            head = text[:index].rstrip()
            return f"{head} — {text[index + 1:-1]}" if head else text
    return text


def _version_fact(value: str) -> str:
    """'0.12.0.1 — installed for /venv/bin/python', not '0.12.0.1 — JAX 0.12.0.1 installed …'."""
    version, dash, source = _flat(value).partition(" — ")
    return f"{version}{dash}{source.removeprefix(f'JAX {version} ')}"


def _escape(text: str) -> str:
    # Markdown would read a '*' in a value as emphasis (an intraword '_' is safe: shard_map).
    return str(text).replace("\\", "\\\\").replace("*", "\\*").replace("\n", " ")


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
    seen: set[str] = set()
    # The finding and its fix first; what was inferred after it.
    for finding in findings:
        if not span_contains(finding.span, line, col) or finding.code in seen:
            continue
        seen.add(finding.code)
        parts.append(rule_line(finding.code, rules.get(finding.code), finding))
        spans.append(finding.span)
    hit_ops = [op for op in ops if span_contains(op.span, line, col)]
    if hit_ops:
        inner = _smallest([op.span for op in hit_ops])
        for op in hit_ops:
            if op.span == inner:
                parts.append(facts_markdown(op))
        spans.append(inner)
    if not parts:
        return None
    target = _smallest(spans)
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n\n---\n\n".join(parts)),
        range=positions.range(target),
    )
