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

from .model import Finding, Fix, TextEdit

# Rules whose preferred fix is mechanical: a rename, or the PAL008 rewrite.
MECHANICAL_CODES = frozenset({"PAL008", "PAL009"})


def breaking(on_source: Iterable[Finding], on_target: Iterable[Finding]) -> tuple[Finding, ...]:
    """The target's findings that the source release does not have. Two findings are the
    same when code, place and fixes agree: one call can break one way on each release
    (out_type= before 0.10.2, scratch_shapes= from 0.11.2), and those fix differently."""
    before = {_identity(f) for f in on_source}
    return tuple(f for f in on_target if _identity(f) not in before)


def _identity(finding: Finding) -> tuple:
    return finding.code, finding.span, tuple(fix.edits for fix in finding.fixes)


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
