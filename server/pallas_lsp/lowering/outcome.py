"""One lowering check of one file, judged against its static findings (face-neutral).

``check --confirm`` and the server's confirm command both call ``build_outcome``;
each face only renders what it returns (CLI rows and notes, LSP diagnostics):
- a static finding lowering reproduced is confirmed, one it refuted is refuted
  (``merge``); a finding of a kernel lowering never reached stays undecided;
- an error no rule predicted becomes a ``Failure`` on its traceback line; one JAX
  raised in ANOTHER module of the folder (a kernel beside the launcher) is placed
  on the launch line of the lowered file, with the raising line as a related span
  (``Span.path``: that module), and is never matched against this file's lines;
- a file that raised before lowering finished gives a ``Failure`` at that line;
- ``state`` and ``message`` say how the check went, for a status line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from pallas_lsp.analysis import Finding, Span
from pallas_lsp.analysis.positions import LineIndex

from .merge import merge
from .report import LoweringError, LoweringReport


@dataclass(frozen=True)
class Failure:
    """Something lowering raised that no finding predicted, placed in the lowered file."""

    span: Span  # a whole line of the lowered file (path None)
    message: str
    code: str | None  # the rule class's code when JAX's error belongs to one
    cls: str  # the lowering class ("other", "user_code", …)
    exc_type: str | None = None
    # Where JAX raised it when that was another module: (span there, what it is).
    raised_at: Span | None = None
    # A warning rather than an error: the user's file stopped, lowering did not fail.
    user_code: bool = False


@dataclass
class Outcome:
    jax_version: str  # "?" when the check never reached JAX
    # 'confirmed' | 'failed' | 'clean' | 'error' | 'cancelled'
    state: str
    message: str
    statuses: dict[Finding, bool | None] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    errors: int = 0
    confirmed: int = 0


def build_outcome(path: str, source: str, findings: tuple[Finding, ...],
                  report: LoweringReport) -> Outcome:
    label = str(report.jax_version or "?")
    if report.fatal_kind == "cancelled":
        return Outcome(label, "cancelled", report.fatal or "cancelled")
    if report.fatal_kind not in (None, "user_code"):
        return Outcome(label, "error", report.fatal or str(report.fatal_kind))
    lines = LineIndex(source)
    outcome = Outcome(label, "clean", "")
    # An error in another module must not be matched against this file's lines.
    elsewhere = [error for error in report.errors if _elsewhere(error, path)]
    if elsewhere:
        report = replace(report, errors=tuple(e for e in report.errors if not _elsewhere(e, path)))
        outcome.failures.extend(_elsewhere_failure(e, lines) for e in elsewhere)
    merged = merge(findings, report)
    for finding in findings:
        status = merged.status(finding)
        outcome.statuses[finding] = status
        outcome.confirmed += status is True
    outcome.failures.extend(_failure(e, lines) for e in merged.unpredicted)
    if report.fatal_kind == "user_code" and report.fatal_line:
        span = _whole_line(lines, report.fatal_line, from_indent=False)
        outcome.failures.append(Failure(span, f"lowering check: {report.fatal}", None, "user_code",
                                        user_code=True))
    outcome.errors = len(report.errors) + len(elsewhere)
    outcome.state, outcome.message = _summary(report, outcome, len(merged.unpredicted), len(elsewhere))
    return outcome


def _summary(report: LoweringReport, outcome: Outcome, unpredicted: int, elsewhere: int) -> tuple[str, str]:
    where = f"JAX {outcome.jax_version}" + (f" on {report.device_kind}" if report.device_kind else "")
    if report.fatal_kind == "user_code" and not report.lowered and not outcome.errors:
        return "error", report.fatal or "the file raised"
    extra = f"; {unpredicted} error(s) no rule predicted" if unpredicted else ""
    extra += f"; {elsewhere} in other modules" if elsewhere else ""
    if outcome.confirmed:
        return "confirmed", f"{where}: {outcome.confirmed} finding(s) confirmed{extra}"
    if outcome.errors:
        return "failed", f"{where}: {outcome.errors} lowering error(s){extra}"
    note = f" ({report.fatal})" if report.fatal else ""
    return "clean", f"{where}: {report.lowered} launch(es) lowered{note}"


def _whole_line(lines: LineIndex, line: int, *, from_indent: bool = True) -> Span:
    text = lines.line_text(line)
    indent = len(text) - len(text.lstrip()) if from_indent else 0
    return Span(line, len(text[:indent].encode()), line, len(text.encode()))


def _message(error: LoweringError) -> str:
    return f"{error.exc_type}: {error.message}" if error.exc_type else error.message


def _failure(error: LoweringError, lines: LineIndex) -> Failure:
    line = error.line or error.launch_line or 1
    return Failure(_whole_line(lines, line), _message(error), error.code, error.cls,
                   exc_type=error.exc_type or None)


def _elsewhere(error: LoweringError, path: str) -> bool:
    """An error JAX raised in another module of the folder (a kernel beside the launcher)."""
    file = error.file
    return bool(file and os.path.abspath(file) != os.path.abspath(path) and os.path.isfile(file))


def _elsewhere_failure(error: LoweringError, lines: LineIndex) -> Failure:
    """At the launch in this file, pointing at the line of the module that raised."""
    assert error.file is not None
    where = f"{os.path.basename(error.file)}:{error.line}" if error.line else os.path.basename(error.file)
    raised_at = Span(error.line, 0, error.line, 0, error.file) if error.line else None
    failure = _failure(replace(error, line=error.launch_line), lines)
    return replace(failure, message=f"{failure.message} (raised in {where})", raised_at=raised_at)
