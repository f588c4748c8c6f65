"""`# noqa` suppression and the "disable for this line" fix (analysis/noqa.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from pallas_lsp.analysis import Finding, Span, analyze, disable_fix

SOURCE = Path(__file__).resolve().parent.parent.parent / "shared" / "examples"


def finding(line: int) -> Finding:
    return Finding("PAL002", Span(line, 0, line, 1), "message")


def apply(lines: list[str], fix) -> list[str]:
    [edit] = fix.edits
    data = lines[edit.span.line - 1].encode("utf-8")
    lines = list(lines)
    lines[edit.span.line - 1] = (data[: edit.span.col] + edit.new_text.encode("utf-8")
                                 + data[edit.span.end_col :]).decode("utf-8")
    return lines


def test_fix_appends_a_noqa_comment() -> None:
    lines = ["x = f(1)   "]
    assert apply(lines, disable_fix(finding(1), lines)) == ["x = f(1)  # noqa: PAL002"]


def test_fix_merges_into_an_existing_noqa() -> None:
    lines = ["x = f(1)  # noqa: E501"]
    assert apply(lines, disable_fix(finding(1), lines)) == ["x = f(1)  # noqa: E501, PAL002"]


def test_no_fix_after_a_line_continuation() -> None:
    lines = ["x = 1 + \\", "    2"]
    assert disable_fix(finding(1), lines) is None
    ast.parse("\n".join(lines))  # the line was valid; a comment after the backslash would not be


def test_noqa_silences_its_code_only() -> None:
    source = (SOURCE / "broadcast_axes_mismatch.py").read_text()
    line = source.splitlines()[18]
    assert "multimem_store" in line
    silenced = source.replace(line, line + "  # noqa: PAL002")
    other = source.replace(line, line + "  # noqa: PAL001")
    assert [f.code for f in analyze(source).findings] == ["PAL002"]
    assert analyze(silenced).findings == ()
    assert [f.code for f in analyze(other).findings] == ["PAL002"]
