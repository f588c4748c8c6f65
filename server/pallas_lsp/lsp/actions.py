"""Code actions: the findings' own fixes, "disable for this line", and fix-all.

The edits come from the analysis (``Finding.fixes``): this module only picks
which ones apply to the request and converts them. Edits are computed on the
exact text that was analysed, so actions are offered only while the analysis is
of the document's current version; after a syntax error the last good findings
stay on screen, but their edits would land in the wrong place, so none is offered.

``source.fixAll.pallasLsp`` applies the fixes marked ``safe`` only, one per
finding (the preferred one first), skipping any whose edits overlap an edit
already taken; the user re-runs it (or saves again) for the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from lsprotocol import types

from pallas_lsp.analysis import Finding, Fix, Span, disable_fix

from .convert import Positions, finding_to_diagnostic, spans_overlap
from .protocol import FIX_ALL_KIND, UPGRADE_KIND


def _wants(kind: str, only: Sequence[str] | None) -> bool:
    """LSP kinds are hierarchical: asking for "source.fixAll" includes "source.fixAll.pallasLsp"."""
    if not only:
        return kind == types.CodeActionKind.QuickFix
    return any(kind == want or kind.startswith(str(want) + ".") for want in only)


def _touches(span: Span, start: tuple[int, int], end: tuple[int, int]) -> bool:
    """Does the finding's span touch the requested range (both inclusive; a caret is a range)?"""
    return (span.line, span.col) <= end and start <= (span.end_line, span.end_col)


def _edit(
    uri: str, version: int | None, fix: Fix, positions: Positions, versioned: bool
) -> types.WorkspaceEdit:
    by_uri: dict[str, list[types.TextEdit]] = {}
    for edit in fix.edits:
        # An edit may sit in another file of the folder (the analysis says so with span.path).
        target, edit_range = positions.location(edit.span, uri)
        by_uri.setdefault(target, []).append(types.TextEdit(range=edit_range, new_text=edit.new_text))
    if versioned:
        return types.WorkspaceEdit(
            document_changes=[
                types.TextDocumentEdit(
                    # Only this document's version is known; another file's edit is unversioned.
                    text_document=types.OptionalVersionedTextDocumentIdentifier(
                        uri=target, version=version if target == uri else None
                    ),
                    edits=edits,  # type: ignore[arg-type]
                )
                for target, edits in by_uri.items()
            ]
        )
    return types.WorkspaceEdit(changes=by_uri)


def code_actions(
    *,
    uri: str,
    version: int | None,
    source_lines: list[str],
    findings: Sequence[Finding],
    start: tuple[int, int],
    end: tuple[int, int],
    only: Sequence[str] | None,
    positions: Positions,
    rules: dict,
    versioned_edits: bool,
) -> list[types.CodeAction]:
    """Actions for the findings touching [start, end] ((1-based line, UTF-8 col) pairs)."""
    actions: list[types.CodeAction] = []
    if _wants(types.CodeActionKind.QuickFix, only):
        for finding in findings:
            if not _touches(finding.span, start, end):
                continue
            diagnostic = finding_to_diagnostic(finding, uri, positions, rules)
            for fix in finding.fixes:
                actions.append(
                    types.CodeAction(
                        title=fix.title,
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diagnostic],
                        is_preferred=fix.preferred or None,
                        edit=_edit(uri, version, fix, positions, versioned_edits),
                    )
                )
            noqa = disable_fix(finding, source_lines)
            if noqa is None:
                continue
            actions.append(
                types.CodeAction(
                    title=noqa.title,
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    edit=_edit(uri, version, noqa, positions, versioned_edits),
                )
            )
    if not only or _wants(FIX_ALL_KIND, only):
        chosen = safe_fixes(findings)
        if chosen:
            merged = Fix(
                "Fix all pallas-lsp auto-fixable problems",
                tuple(edit for fix in chosen for edit in fix.edits),
                safe=True,
            )
            actions.append(
                types.CodeAction(
                    title=merged.title,
                    kind=FIX_ALL_KIND,
                    edit=_edit(uri, version, merged, positions, versioned_edits),
                )
            )
    return actions


def safe_fixes(findings: Sequence[Finding]) -> list[Fix]:
    """One safe fix per finding, none overlapping another (LSP forbids overlapping edits)."""
    taken: list[Span] = []
    chosen: list[Fix] = []
    for finding in findings:
        candidates = sorted((f for f in finding.fixes if f.safe), key=lambda f: not f.preferred)
        for fix in candidates:
            spans = [edit.span for edit in fix.edits]
            if any(spans_overlap(a, b) or a == b for a in spans for b in taken):
                continue
            if any(spans_overlap(a, b) for i, a in enumerate(spans) for b in spans[i + 1 :]):
                continue
            taken.extend(spans)
            chosen.append(fix)
            break
    return chosen


def upgrade_action(*, uri: str, version: int | None, target: str, fixes: Sequence[Fix],
                   positions: Positions, versioned_edits: bool) -> types.CodeAction | None:
    """"Upgrade this file for JAX X": the mechanical fixes of what breaks on X (analysis/
    upgrade.py), one edit each, none overlapping; None when there is nothing to apply."""
    chosen = safe_fixes([Finding("", fix.edits[0].span, "", fixes=(replace(fix, safe=True),))
                         for fix in fixes if fix.edits])
    if not chosen:
        return None
    merged = Fix(f"Upgrade this file for JAX {target}",
                 tuple(edit for fix in chosen for edit in fix.edits), safe=True)
    return types.CodeAction(title=merged.title, kind=UPGRADE_KIND,
                            edit=_edit(uri, version, merged, positions, versioned_edits))
