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
- ``state`` and ``message`` say how the check went, for a status line;
- ``verdicts`` names each finding's state in words every face uses (``CONFIRMED``,
  ``REFUTED``, ``NOT_REACHED``), and ``not_reached_why`` says where lowering stopped.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from pallas_lsp.analysis import Finding, Span
from pallas_lsp.analysis.positions import LineIndex

from .merge import merge
from .report import STOPPED_KINDS, LoweringError, LoweringReport


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


# A finding's state after a lowering check (CLI JSON "lowering", SARIF properties,
# the server's Diagnostic.data["lowering"]): lowering failed with its code on its line;
# a launch that lowered cleanly traced its line; or lowering never got there.
CONFIRMED, REFUTED, NOT_REACHED = "confirmed", "refuted", "not_reached"


def verdict(status: bool | None) -> str:
    return NOT_REACHED if status is None else CONFIRMED if status else REFUTED


def not_reached_reason(report: LoweringReport) -> str:
    """Why lowering said nothing about a finding: where it stopped, or that it never got there."""
    if report.fatal_kind == "refused":
        where = f" at line {report.fatal_line}" if report.fatal_line else ""
        return f"the lowering guard stopped the file{where} before lowering got there"
    stops = sorted((error.line or error.launch_line or 0, error.code or error.exc_type or "an error")
                   for error in report.errors)
    stops = [(line, code) for line, code in stops if line]
    if stops:
        line, code = stops[0]
        return f"lowering stopped at line {line}, {code}"
    if report.stopped_at is not None:
        return f"the file stopped at line {report.stopped_at} before lowering got there"
    if report.fatal_kind == "user_code" and report.fatal_line:
        return f"the file raised at line {report.fatal_line} before lowering got there"
    return "no launch in this file lowered this kernel"


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
    # Why the findings whose status is None were not reached ("" when all were).
    not_reached_why: str = ""
    # Where lowering ran ("cpu", "NVIDIA H200"); "" when it never started.
    device: str = ""
    # The runner's fatal kind when the check could not run ("no_jax", "timeout", …).
    fatal_kind: str | None = None

    def verdicts(self) -> dict[Finding, str]:
        return {finding: verdict(status) for finding, status in self.statuses.items()}

    @property
    def ran(self) -> bool:
        """Whether lowering ran at all (the statuses mean something)."""
        return self.state not in ("cancelled", "error") or bool(self.failures)


def build_outcome(path: str, source: str, findings: tuple[Finding, ...],
                  report: LoweringReport) -> Outcome:
    label = str(report.jax_version or "?")
    device = report.device_kind or report.platform or ""
    if report.fatal_kind == "cancelled":
        return Outcome(label, "cancelled", report.fatal or "cancelled", fatal_kind="cancelled")
    if report.fatal_kind not in (None, *STOPPED_KINDS):
        return Outcome(label, "error", report.fatal or str(report.fatal_kind),
                       fatal_kind=report.fatal_kind)
    lines = LineIndex(source)
    outcome = Outcome(label, "clean", "", device=device, fatal_kind=report.fatal_kind)
    # An error in another module must not be matched against this file's lines.
    elsewhere = [error for error in report.errors if _elsewhere(error, path)]
    if elsewhere:
        report = replace(report, errors=tuple(e for e in report.errors if not _elsewhere(e, path)))
        outcome.failures.extend(_elsewhere_failure(e, lines, report.jax_version) for e in elsewhere)
    merged = merge(findings, report)
    for finding in findings:
        status = merged.status(finding)
        outcome.statuses[finding] = status
        outcome.confirmed += status is True
    outcome.failures.extend(_failure(e, lines, report.jax_version) for e in merged.unpredicted)
    if report.fatal_kind == "user_code" and report.fatal_line:
        span = _whole_line(lines, report.fatal_line, from_indent=False)
        outcome.failures.append(Failure(span, f"lowering check: {report.fatal}", None, "user_code",
                                        user_code=True))
    elif report.fatal_kind == "refused":
        # On the line that tried the refused action ("lowering stopped at line 42: ...").
        line = report.fatal_line or report.stopped_at or 1
        outcome.failures.append(Failure(_whole_line(lines, line, from_indent=False),
                                        report.fatal or "the lowering guard stopped the file",
                                        None, "refused", user_code=True))
    if any(status is None for status in outcome.statuses.values()):
        outcome.not_reached_why = not_reached_reason(report)
    outcome.errors = len(report.errors) + len(elsewhere)
    outcome.state, outcome.message = _summary(report, outcome, len(merged.unpredicted), len(elsewhere))
    return outcome


def _summary(report: LoweringReport, outcome: Outcome, unpredicted: int, elsewhere: int) -> tuple[str, str]:
    where = f"JAX {outcome.jax_version}" + (f" on {report.device_kind}" if report.device_kind else "")
    extra = f"; {unpredicted} error(s) no rule predicted" if unpredicted else ""
    extra += f"; {elsewhere} in other modules" if elsewhere else ""
    if report.fatal_kind == "refused":
        # Neither "clean" nor "error": the guard stopped the file, so what came after was not
        # lowered, and the findings stay with their verdicts (not reached).
        done = f"{outcome.confirmed} finding(s) confirmed, " if outcome.confirmed else ""
        state = "confirmed" if outcome.confirmed else "failed"
        return state, f"{where}: {done}{report.lowered} launch(es) lowered, then {report.fatal}{extra}"
    if report.fatal_kind == "user_code" and not report.lowered and not outcome.errors:
        return "error", report.fatal or "the file raised"
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


def _failure(error: LoweringError, lines: LineIndex, jax_version: str | None = None) -> Failure:
    line = error.line or error.launch_line or 1
    message = _message(error)
    if error.code is None:
        message += site_note(error.exc_type or "", error.message, jax_version)
    return Failure(_whole_line(lines, line), message, error.code, error.cls,
                   exc_type=error.exc_type or None)


def site_note(exc_type: str, message: str, jax_version: str | None) -> str:
    """' (not predicted yet: mosaic_gpu/primitives.py:2108, wgmma_mma; pallas-lsp explain
    wgmma_mma)': the raise site of JAX's table whose template the error matches, so an
    error no rule predicts still names where JAX raised it and what family it is."""
    from pallas_lsp.raise_sites import class_of, site_for_error

    site = site_for_error(exc_type, message, jax_version)
    if site is None:
        return ""
    found = class_of(site)
    family = found.family if found is not None else "unclassified"
    return f" (not predicted yet: {site.short}, {family}; pallas-lsp explain {family})"


def _elsewhere(error: LoweringError, path: str) -> bool:
    """An error JAX raised in another module of the folder (a kernel beside the launcher)."""
    file = error.file
    return bool(file and os.path.abspath(file) != os.path.abspath(path) and os.path.isfile(file))


def _elsewhere_failure(error: LoweringError, lines: LineIndex, jax_version: str | None) -> Failure:
    """At the launch in this file, pointing at the line of the module that raised."""
    assert error.file is not None
    where = f"{os.path.basename(error.file)}:{error.line}" if error.line else os.path.basename(error.file)
    raised_at = Span(error.line, 0, error.line, 0, error.file) if error.line else None
    failure = _failure(replace(error, line=error.launch_line), lines, jax_version)
    return replace(failure, message=f"{failure.message} (raised in {where})", raised_at=raised_at)
