"""Analysis values <-> LSP values.

The analysis speaks 1-based lines and UTF-8 byte columns (as ``ast``); LSP
speaks 0-based lines and columns in the negotiated position encoding, UTF-16
code units unless the client offered UTF-8 or UTF-32 (pygls picks the client's
first supported choice). Every conversion goes through ``Positions`` so a tab,
a CRLF ending, an emoji or a position past the end of a line maps the same way
everywhere: diagnostics, edits, hover and incoming request positions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from lsprotocol import types

from pallas_lsp.analysis import Finding, Severity, Span
from pallas_lsp.analysis.positions import LineIndex
from pallas_lsp.analysis.rules import Rule
from pallas_lsp.project import Locator

SOURCE = "pallas-lsp"
LOWERING_SOURCE = "pallas-lsp lowering"


def judged_source(verdict: str, jax_version: str) -> str:
    """The diagnostic's source once a lowering check judged the finding. Editors show the
    source beside the message (VS Code's Problems row ends with it, after a message that
    may be cut off), so the verdict is there: ``pallas-lsp ✓ JAX 0.12.0.1``."""
    if verdict == "confirmed":
        return f"{SOURCE} ✓ JAX {jax_version}"
    if verdict == "refuted":
        return f"{SOURCE} ✗ JAX {jax_version}"
    return f"{SOURCE} · not reached"

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFORMATION: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}


_UTF8 = types.PositionEncodingKind.Utf8.value
_UTF32 = types.PositionEncodingKind.Utf32.value


class Positions:
    """Column conversion for one version of one document, in the negotiated encoding."""

    def __init__(
        self,
        source: str | LineIndex,
        encoding: str = types.PositionEncodingKind.Utf16,
        *,
        others: Callable[[str], str | None] | None = None,
        path: str = "",
    ) -> None:
        self.index = source if isinstance(source, LineIndex) else LineIndex(source)
        # lsprotocol's kinds are str enums whose str() is the member name: compare values.
        self.encoding = str(getattr(encoding, "value", encoding))
        # Which file a span lies in, and that file's lines as the analysis saw them
        # (``others``: an open, unsaved buffer's text), shared with the CLI's output.
        self.locator = Locator(path, self.index, others)

    def to_lsp(self, line: int, col: int) -> types.Position:
        """(1-based line, UTF-8 column) -> LSP position, clamped into the document."""
        line = max(line, 1)
        if line > self.index.line_count:
            # Past the last line: the end of the document (an insertion after a final newline).
            return types.Position(line=self.index.line_count, character=0)
        text = self.index.line_text(line)
        col = min(max(col, 0), len(text.encode("utf-8")))
        if self.encoding == _UTF8:
            character = col
        elif self.encoding == _UTF32:
            character = self.index.utf8_to_codepoints(line, col)
        else:
            character = self.index.utf8_to_utf16(line, col)
        return types.Position(line=line - 1, character=character)

    def from_lsp(self, position: types.Position) -> tuple[int, int]:
        """LSP position -> (1-based line, UTF-8 column), clamped: never raises."""
        line = min(max(position.line, 0) + 1, max(self.index.line_count, 1))
        if position.line >= self.index.line_count:
            return self.index.line_count, len(self.index.line_text(self.index.line_count).encode())
        character = max(position.character, 0)
        text = self.index.line_text(line)
        if self.encoding == _UTF8:
            raw = text.encode("utf-8")
            col = min(character, len(raw))
            # A column inside a multi-byte character is moved back to its start.
            while 0 < col < len(raw) and (raw[col] & 0xC0) == 0x80:
                col -= 1
            return line, col
        if self.encoding == _UTF32:
            return line, len(text[:character].encode("utf-8"))
        return line, self.index.utf16_to_utf8(line, character)

    def range(self, span: Span) -> types.Range:
        return types.Range(
            start=self.to_lsp(span.line, span.col), end=self.to_lsp(span.end_line, span.end_col)
        )

    def location(self, span: Span, uri: str) -> tuple[str, types.Range]:
        """(uri, range) of a span: this document's, or another file's when the analysis of a
        folder placed it there (``span.path``)."""
        if span.path is None:
            return uri, self.range(span)
        lines = self.locator.lines_of(span.path)
        return Path(span.path).as_uri(), Positions(lines, self.encoding).range(span)


def lsp_severity(severity: Severity) -> types.DiagnosticSeverity:
    return _SEVERITY.get(severity, types.DiagnosticSeverity.Error)


def finding_to_diagnostic(
    finding: Finding,
    uri: str,
    positions: Positions,
    rules: Mapping[str, Rule],
    *,
    lowering: tuple[str, str, str] | None = None,
) -> types.Diagnostic:
    """``lowering``: ("confirmed" | "refuted" | "not_reached", JAX version, why) when a
    lowering check ran; the verdict goes into the source, ``data.lowering`` and, for the
    two that need a word of explanation, the end of the message."""
    rule = rules.get(finding.code)
    message = finding.message
    source = SOURCE
    data: dict[str, object] = {"code": finding.code, "span": list(_span_tuple(finding.span))}
    if lowering is not None:
        verdict, jax_version, why = lowering
        data["lowering"] = verdict
        source = judged_source(verdict, jax_version)
        if verdict == "refuted":
            message = f"{message} JAX {jax_version} lowered this line without this error."
        elif verdict == "not_reached":
            message = f"{message} Lowering did not reach this line: {why}."
    return types.Diagnostic(
        range=positions.range(finding.span),
        message=message,
        severity=lsp_severity(finding.severity),
        code=finding.code,
        code_description=types.CodeDescription(href=rule.doc_url()) if rule else None,
        source=source,
        related_information=[
            types.DiagnosticRelatedInformation(
                location=types.Location(*positions.location(related.span, uri)),
                message=related.message,
            )
            for related in finding.related
        ]
        or None,
        # Lets a client (or a test) find the finding again and see the lowering verdict.
        data=data,
    )


def _span_tuple(span: Span) -> tuple[int, int, int, int]:
    return span.line, span.col, span.end_line, span.end_col


def span_contains(span: Span, line: int, col: int) -> bool:
    """Does the (1-based line, UTF-8 col) position fall inside ``span`` (ends included)?"""
    return (span.line, span.col) <= (line, col) <= (span.end_line, span.end_col)


def spans_overlap(a: Span, b: Span) -> bool:
    if getattr(a, "path", None) != getattr(b, "path", None):
        return False
    return (a.line, a.col) < (b.end_line, b.end_col) and (b.line, b.col) < (a.end_line, a.end_col)
