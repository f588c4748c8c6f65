"""The analysis core: source text and options in, findings out.

Pure Python: no LSP, no JAX import, no files, no processes. The CLI, the
language server and the lowering check are adapters around ``analyze``.
"""

from __future__ import annotations

import ast
import time
import warnings

from .model import (
    NEWEST_KNOWN_JAX,
    Analysis,
    Finding,
    Fix,
    JaxVersion,
    OpFacts,
    Options,
    Related,
    Severity,
    Span,
    SyntaxProblem,
    TextEdit,
    format_jax_version,
    parse_jax_version,
)
from .noqa import disable_fix, is_suppressed, noqa_comments
from .program import AnalysisStopped, build_program
from .rules import RULES

__all__ = [
    "NEWEST_KNOWN_JAX",
    "RULES",
    "Analysis",
    "Finding",
    "Fix",
    "JaxVersion",
    "OpFacts",
    "Options",
    "Related",
    "Severity",
    "Span",
    "SyntaxProblem",
    "TextEdit",
    "analyze",
    "disable_fix",
    "format_jax_version",
    "parse_jax_version",
]


def parse(source: str, path: str = "<string>") -> ast.Module | SyntaxProblem:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escape sequences in user code are not ours
            return ast.parse(source, filename=path)
    except SyntaxError as exc:
        line = exc.lineno or 1
        col = max((exc.offset or 1) - 1, 0)
        end_line = exc.end_lineno or line
        end_col = max((exc.end_offset or (col + 1)) - 1, col)
        text = exc.text or ""
        # SyntaxError offsets count code points; the analysis speaks UTF-8 bytes.
        col_b = len(text[:col].encode("utf-8"))
        end_col_b = len(text[:end_col].encode("utf-8")) if end_line == line else end_col
        return SyntaxProblem(f"SyntaxError: {exc.msg}", Span(line, col_b, end_line, end_col_b))
    except (ValueError, RecursionError, MemoryError) as exc:
        # NUL bytes (ValueError before 3.12), or nesting too deep for the parser.
        return SyntaxProblem(f"cannot parse: {exc}", Span(1, 0, 1, 0))


def analyze(source: str, options: Options | None = None, *, path: str = "<string>") -> Analysis:
    options = options or Options()
    tree = parse(source, path)
    if isinstance(tree, SyntaxProblem):
        return Analysis(syntax_error=tree)
    deadline = time.monotonic() + options.budget_s
    stopped: str | None = None
    try:
        program = build_program(tree, options, deadline, source)
    except AnalysisStopped as exc:
        program = exc.partial
        stopped = str(exc)
    except RecursionError:
        return Analysis(stopped="analysis stopped: the file nests too deeply to analyse")
    findings: list[Finding] = []
    if program is not None:
        for code, rule in RULES.items():
            if options.enabled(code):
                findings.extend(rule.check(program, options))
    comments = noqa_comments(source) if "noqa" in source else {}
    kept: dict[tuple[str, Span], Finding] = {}
    for finding in findings:
        if is_suppressed(finding, comments):
            continue
        severity = options.severity.get(finding.code)
        if severity is not None and severity != finding.severity:
            finding = Finding(finding.code, finding.span, finding.message, severity,
                              finding.related, finding.fixes)
        kept.setdefault((finding.code, finding.span), finding)
    ordered = sorted(kept.values(), key=lambda f: (f.span, f.code))
    ops = program.op_facts() if program is not None else ()
    return Analysis(findings=tuple(ordered), ops=ops, stopped=stopped)
