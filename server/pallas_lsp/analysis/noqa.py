"""``# noqa`` suppression, and the "disable for this line" fix that writes it.

Follows flake8/ruff: ``# noqa`` alone silences every finding on the line;
``# noqa: PAL002, PAL005`` silences those codes. Codes of other tools in the
same comment are kept when the fix adds one of ours.
"""

from __future__ import annotations

import io
import re
import tokenize

from .model import Finding, Fix, Span, TextEdit

_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)
_CODE = re.compile(r"[A-Z]+[0-9]+", re.IGNORECASE)


def noqa_comments(source: str) -> dict[int, tuple[Span, frozenset[str] | None]]:
    """Line -> (span of the comment, codes it names, or None for a bare ``# noqa``)."""
    comments: dict[int, tuple[Span, frozenset[str] | None]] = {}
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return comments
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        match = _NOQA.search(token.string)
        if not match:
            continue
        line, char_col = token.start
        line_text = token.line.splitlines()[0] if token.line else ""
        start = len(line_text[:char_col].encode("utf-8"))
        end = start + len(token.string.encode("utf-8"))
        codes_text = match.group("codes")
        codes = frozenset(c.upper() for c in _CODE.findall(codes_text)) if codes_text else None
        comments[line] = (Span(line, start, line, end), codes)
    return comments


def is_suppressed(finding: Finding, comments: dict[int, tuple[Span, frozenset[str] | None]]) -> bool:
    entry = comments.get(finding.span.line)
    if entry is None:
        return False
    codes = entry[1]
    return codes is None or finding.code in codes


def disable_fix(finding: Finding, source_lines: list[str]) -> Fix | None:
    """``# noqa: CODE`` on the finding's line, merged into a ``# noqa`` already there.

    None where no comment can go: after a line-continuation backslash a comment is a
    syntax error.
    """
    line = finding.span.line
    text = source_lines[line - 1] if 0 < line <= len(source_lines) else ""
    title = f"Disable {finding.code} for this line"
    existing = noqa_comments(text + "\n").get(1)
    if existing is not None:
        span, codes = existing
        old = text.encode("utf-8")[span.col : span.end_col].decode("utf-8")
        if codes is None:  # a bare noqa already silences everything on the line
            merged = old
        else:
            match = _NOQA.search(old)
            assert match is not None
            names = sorted(codes | {finding.code})
            merged = old[: match.start()] + "# noqa: " + ", ".join(names) + old[match.end() :]
        edit = TextEdit(Span(line, span.col, line, span.end_col), merged)
        return Fix(title, (edit,))
    if text.rstrip().endswith("\\"):
        return None
    end = len(text.rstrip().encode("utf-8"))
    full = len(text.encode("utf-8"))
    return Fix(title, (TextEdit(Span(line, end, line, full), f"  # noqa: {finding.code}"),))
