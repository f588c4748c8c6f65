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

import ast
from dataclasses import replace
from pathlib import PurePath

from .model import Finding, Related, Span
from .program import Program
from .trace import LibrarySite
from .versions import LANE_LIBRARY_OPS_AT_JIT, holds


def to_user_sites(findings: list[Finding], program: Program) -> list[Finding]:
    interp = program.interp
    if not interp.library_paths:
        return findings
    # Library line -> how the program reached it: (blamed line, call into the library,
    # whether it fails while the code around the kernel is traced, before any kernel).
    sites: dict[Span, list[tuple[Span, Span, bool] | None]] = {}
    for node, reached in interp.library_sites.values():
        placed = sites.setdefault(interp.span(node), [])
        for site in reached:
            blamed = _blamed(program, site)
            way = (interp.span(blamed), interp.span(site.entry), site.launch is None) \
                if blamed is not None else None
            if way not in placed:
                placed.append(way)
    modules = {m.path: m.name for m in interp.library_modules.values() if m is not None}
    kept: list[Finding] = []
    moved: list[tuple[Finding, Span, bool]] = []
    for finding in findings:
        if finding.span.path not in interp.library_paths:
            kept.append(_without_library_edits(finding, interp.library_paths))
            continue
        ways = sites.get(finding.span, [])
        if len(ways) != 1 or ways[0] is None:
            continue  # reached from several calls, or its line is not known: not placed
        blamed, entry, before_kernel = ways[0]
        module = modules.get(finding.span.path or "", PurePath(finding.span.path or "").stem)
        moved.append((_placed(finding, blamed, entry, module, interp.library_paths), entry, before_kernel))
    # A library call that fails while the code around its kernel is traced (lax.axis_size
    # with no shard_map) never builds the kernel: its kernel's findings are not the user's.
    failing_first = {entry for _, entry, before_kernel in moved if before_kernel}
    placed = [finding for finding, entry, before_kernel in moved
              if before_kernel or entry not in failing_first]
    # Lowering stops at its first error: where a finding placed from the library shares a
    # line of the program with others (a Warpgroup width error is blamed on the same jitted
    # call), only the first in JAX's check order (the rules' code order, reduce_facts.py:
    # the op/dtype pair before the width) is that line's error.
    first_code: dict[int, str] = {}
    for finding in placed:
        first_code[finding.span.line] = min(finding.code, first_code.get(finding.span.line, finding.code))
    for finding in kept:
        if finding.span.path is None and finding.span.line in first_code:
            first_code[finding.span.line] = min(finding.code, first_code[finding.span.line])
    return [finding for finding in [*kept, *placed]
            if finding.span.path is not None or finding.span.line not in first_code
            or finding.code == first_code[finding.span.line]]


def _placed(finding: Finding, blamed: Span, entry: Span, module: str, library: set[str]) -> Finding:
    related = [Related(finding.span, f"JAX raises it here, inside the installed {module}")]
    if entry != blamed:
        related.append(Related(entry, f"this call passes the value on to {module}"))
    text = finding.message.rstrip(".")
    message = f"{text}. This happens inside the installed {module}, reached from here."
    if "letter by letter" in text:
        # The rule's advice ("write a tuple") is for JAX's line, which is not the user's.
        text = text.split(". Write a tuple")[0]
        message = (f"{text}. This happens inside the installed {module}, reached from here: "
                   "it passes the axis name on as a string, so give the mesh axis a one-letter "
                   "name (its letters are then the axis itself).")
    return _without_library_edits(
        replace(finding, span=blamed, message=message, related=(*related, *finding.related)), library)


def _blamed(program: Program, site: LibrarySite) -> ast.AST | None:
    """The program's line in JAX's traceback. Trace-time errors (code around a launch) have
    the program's call into the library as innermost frame; a kernel op of library code fails
    when the kernel is lowered, after tracing, and the kernel's stack holds no frame of the
    program: the outermost jitted call is blamed (under Lane from 0.10: versions.py
    LANE_LIBRARY_OPS_AT_JIT; before, a Lane op failed at the program's call)."""
    if site.launch is None:
        return site.entry
    semantics = program.semantics(site.launch.kernel).name
    if semantics == "Lane" and not holds(LANE_LIBRARY_OPS_AT_JIT, program.version):
        return site.entry
    if semantics in ("Lane", "Warpgroup"):
        return site.jit_call or site.entry
    return None


def _without_library_edits(finding: Finding, library: set[str]) -> Finding:
    fixes = tuple(fix for fix in finding.fixes
                  if not any(edit.span.path in library for edit in fix.edits))
    return finding if len(fixes) == len(finding.fixes) else replace(finding, fixes=fixes)
