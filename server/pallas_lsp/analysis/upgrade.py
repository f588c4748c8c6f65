"""Moving code between JAX releases: what breaks on the target, and the mechanical fixes.

``breaking`` is the set of findings on the target release that the source
release does not have (same code and span): exactly what changes when the
project moves. ``mechanical_fixes`` picks, for those, the edits that need no
judgement: PAL009's renames to the target's spelling and PAL008's rewrite of
``pl.pallas_call`` into ``plgpu.kernel`` (offered only where it is known to be
right). ``apply_edits`` applies edits to one file's text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .model import Finding, Fix, TextEdit
from .targets import FAILS, NOT_REACHED, launch_places, verdict

# Rules whose preferred fix is mechanical: a rename, or the PAL008 rewrite.
MECHANICAL_CODES = frozenset({"PAL008", "PAL009"})


def breaking(on_source: Iterable[Finding], on_target: Iterable[Finding]) -> tuple[Finding, ...]:
    """The target's findings that fail on the target and did not fail on the source. Two
    findings are the same when code, place and fixes agree: one call can break one way on
    each release (out_type= before 0.10.2, scratch_shapes= from 0.11.2), and those fix
    differently. A finding both releases have breaks too when the source never reached it
    (an earlier error stopped its launch there, analysis/targets.py); one the target does
    not reach yet is listed, saying which line stops it first."""
    source, target = tuple(on_source), tuple(on_target)
    before = {_identity(f) for f in source}
    found = []
    for finding in target:
        on_target = verdict(finding, target)
        if _identity(finding) in before:
            on_source = verdict(finding, source)
            if on_source.state != NOT_REACHED or on_target.state == NOT_REACHED:
                continue
            finding = replace(finding, message=(
                f"reached after the move (before it, the error at line {on_source.stopped_at} "
                f"stopped it first): {finding.message}"))
        elif _blamed_elsewhere_before(finding, source, target):
            continue
        elif on_target.state == NOT_REACHED:
            finding = replace(finding, message=(
                f"not reached until the error at line {on_target.stopped_at} is fixed: {finding.message}"))
        found.append(finding)
    return tuple(found)


def _blamed_elsewhere_before(finding: Finding, source: Sequence[Finding],
                             target: Sequence[Finding]) -> bool:
    """The source release fails with the same error of the same launch on another line: the
    same rule and fix, the same launch places, a source finding the target has nowhere else
    (PAL004 is blamed on multimem_load_reduce under Lane, on the layout_cast under Warpgroup;
    merge_targets joins the two the same way). Nothing breaks there: only the line moved."""
    if not finding.related:
        return False
    places, fixes = launch_places(finding), _fix_edits(finding)
    on_target = {(f.code, f.span) for f in target}
    return any(
        other.code == finding.code and other.span != finding.span
        and (other.code, other.span) not in on_target
        and _fix_edits(other) == fixes and launch_places(other) == places
        and verdict(other, source).state == FAILS
        for other in source)


def _fix_edits(finding: Finding) -> tuple:
    return tuple(fix.edits for fix in finding.fixes)


def _identity(finding: Finding) -> tuple:
    return finding.code, finding.span, _fix_edits(finding)


def mechanical_fixes(findings: Iterable[Finding]) -> tuple[Fix, ...]:
    """The preferred fix of each finding of a mechanical rule (the first fix if none is)."""
    fixes = []
    for finding in findings:
        if finding.code not in MECHANICAL_CODES or not finding.fixes:
            continue
        fixes.append(next((f for f in finding.fixes if f.preferred), finding.fixes[0]))
    return tuple(fixes)


def apply_edits(source: str, edits: Sequence[TextEdit]) -> tuple[str, int]:
    """``source`` with the edits applied (1-based lines, UTF-8 byte columns); an edit that
    overlaps one already taken is skipped. Returns the text and how many edits were applied."""
    data = source.encode("utf-8")
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(line: int, col: int) -> int:
        return starts[min(line, len(starts)) - 1] + col

    ranges = sorted(((offset(e.span.line, e.span.col), offset(e.span.end_line, e.span.end_col),
                      e.new_text) for e in edits), key=lambda r: (r[0], r[1]))
    taken: list[tuple[int, int, str]] = []
    for start, end, text in ranges:
        if taken and start < taken[-1][1]:
            continue
        taken.append((start, end, text))
    for start, end, text in reversed(taken):
        data = data[:start] + text.encode("utf-8") + data[end:]
    return data.decode("utf-8"), len(taken)
