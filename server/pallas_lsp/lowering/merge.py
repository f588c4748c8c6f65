"""Static findings against what real lowering did with the same file (pure).

A finding is
  * confirmed (True): lowering failed with the finding's code on the finding's
    line (JAX's traceback line; for an error that has no kernel line, such as
    0.12's bare AssertionError, the launch line, which may be a related span);
  * refuted (False): a launch that lowered cleanly traced the finding's line, and
    no failing launch traced it, in a run that finished;
  * undecided (None): everything else. Lowering stops at the first error of a
    launch, so a finding further down a failing kernel says nothing; nor does a
    finding in a kernel that the file never launched, or a run that did not
    finish (timeout, no JAX, the script stopped at an untraceable launch).

Lowering errors that match no finding's code and line are returned as
``unpredicted``: the editor shows them on their own line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pallas_lsp.analysis.model import Finding, Span
from pallas_lsp.lowering.report import STOPPED_KINDS, LoweringError, LoweringReport


@dataclass(frozen=True)
class Merged:
    statuses: dict[Finding, bool | None]
    unpredicted: tuple[LoweringError, ...]

    def status(self, finding: Finding) -> bool | None:
        return self.statuses.get(finding)


def _covers(span: Span, line: int | None) -> bool:
    return line is not None and span.line <= line <= span.end_line


def confirms(error: LoweringError, finding: Finding) -> bool:
    # An error two rules' patterns match (a bare AssertionError) confirms either one.
    if finding.code not in error.codes:
        return False
    if _covers(finding.span, error.line):
        return True
    # An error with no kernel line is blamed on the launch; the finding may sit at
    # the kernel construction with the launch as related information.
    if error.line is not None and error.line == error.launch_line:
        return any(_covers(related.span, error.line) for related in finding.related)
    return False


def _refutable(report: LoweringReport) -> bool:
    """Whether the run finished, so a clean launch really ran its course."""
    if report.stopped_at is not None:
        return False
    return report.fatal_kind is None or (
        report.fatal_kind in STOPPED_KINDS and bool(report.launches)
    )


def _status(finding: Finding, report: LoweringReport, refutable: bool) -> bool | None:
    if any(confirms(error, finding) for error in report.errors):
        return True
    if not refutable:
        return None
    lines = range(finding.span.line, finding.span.end_line + 1)
    traced_clean = any(
        launch.ok and any(line in launch.traced_lines for line in lines)
        for launch in report.launches
    )
    traced_failing = any(
        not launch.ok and any(line in launch.traced_lines for line in lines)
        for launch in report.launches
    )
    return False if traced_clean and not traced_failing else None


def merge(findings: Iterable[Finding], report: LoweringReport) -> Merged:
    findings = tuple(findings)
    refutable = _refutable(report)
    statuses = {finding: _status(finding, report, refutable) for finding in findings}
    unpredicted = tuple(
        error for error in report.errors
        if not any(confirms(error, finding) for finding in findings)
    )
    return Merged(statuses, unpredicted)
