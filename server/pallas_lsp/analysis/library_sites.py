"""Findings inside installed library code, placed on the program's own call.

JAX's ``reduce_scatter`` / ``all_gather`` (``jax.experimental.pallas.ops.gpu``)
pass the caller's ``axis_name`` on to the multimem ops and to ``lax.axis_size``:
a wrong axis name fails on a line of JAX's file, but the line the user must
change is the call of the analysed program that reached it (the innermost frame
of the user's files in JAX's traceback). The finding goes there, with JAX's line
as related information; fixes that would edit the installed file are dropped.
A library line reached from several of the program's calls is not placed (which
call passed the failing value is not known): silence, never a wrong line.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import PurePath

from .interpreter import Interpreter
from .model import Finding, Related, Span


def to_user_sites(findings: list[Finding], interp: Interpreter) -> list[Finding]:
    if not interp.library_paths:
        return findings
    sites: dict[Span, list[tuple[Span, Span]]] = {}
    for node, calls in interp.library_sites.values():
        placed = sites.setdefault(interp.span(node), [])
        for blamed, entry in calls:
            pair = (interp.span(blamed), interp.span(entry))
            if pair not in placed:
                placed.append(pair)
    modules = {m.path: m.name for m in interp.library_modules.values() if m is not None}
    moved: list[Finding] = []
    for finding in findings:
        if finding.span.path not in interp.library_paths:
            moved.append(_without_library_edits(finding, interp.library_paths))
            continue
        calls = sites.get(finding.span, [])
        if len(calls) != 1:
            continue
        blamed, entry = calls[0]
        module = modules.get(finding.span.path or "", PurePath(finding.span.path or "").stem)
        related = [Related(finding.span, f"JAX raises it here, inside the installed {module}")]
        if entry != blamed:
            related.append(Related(entry, f"this call passes the value on to {module}"))
        advice = "change what the program passes to it (the installed file is not yours to edit)"
        text = finding.message
        if "letter by letter" in text:
            text = text.split(" Write a tuple")[0]  # JAX's line is not the user's to rewrite
            advice = ("JAX's code passes the axis name on as a string, so give the mesh axis a "
                      "one-letter name (its letters are then the axis itself)")
        message = (f"{text.rstrip('.')}. This happens inside the installed {module}, "
                   f"reached from here: {advice}.")
        moved.append(_without_library_edits(
            replace(finding, span=blamed, message=message, related=(*related, *finding.related)),
            interp.library_paths))
    return moved


def _without_library_edits(finding: Finding, library: set[str]) -> Finding:
    fixes = tuple(fix for fix in finding.fixes
                  if not any(edit.span.path in library for edit in fix.edits))
    return finding if len(fixes) == len(finding.fixes) else replace(finding, fixes=fixes)
