"""Column conversions between the analysis (UTF-8 bytes, as ``ast``) and the faces.

LSP speaks UTF-16 code units by default; the CLI prints code points. Lines are
split the way ``ast`` splits them (\\n, \\r\\n and \\r all end a line).
"""

from __future__ import annotations


class LineIndex:
    def __init__(self, source: str) -> None:
        self._lines = source.splitlines(keepends=False) if source else [""]
        # ast counts a lone form feed etc. as text, but splitlines() also breaks on
        # \x0b, \x0c, \x1c-\x1e, \x85, \u2028, \u2029; re-split on real line ends only.
        if any(ch in source for ch in "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"):
            self._lines = _split_python_lines(source)

    @property
    def line_count(self) -> int:
        return len(self._lines)

    def line_text(self, line: int) -> str:
        """The text of 1-based ``line`` without its end; '' past the end."""
        if 1 <= line <= len(self._lines):
            return self._lines[line - 1]
        return ""

    def utf8_to_codepoints(self, line: int, col: int) -> int:
        text = self.line_text(line)
        return len(text.encode("utf-8")[: max(col, 0)].decode("utf-8", errors="ignore"))

    def utf8_to_utf16(self, line: int, col: int) -> int:
        prefix = self.line_text(line)[: self.utf8_to_codepoints(line, col)]
        return len(prefix.encode("utf-16-le")) // 2

    def utf16_to_utf8(self, line: int, col: int) -> int:
        """Clamped: a column past the end of the line maps to its end."""
        text = self.line_text(line)
        units = 0
        for index, ch in enumerate(text):
            if units >= col:
                return len(text[:index].encode("utf-8"))
            units += 2 if ord(ch) > 0xFFFF else 1
        return len(text.encode("utf-8"))


def _split_python_lines(source: str) -> list[str]:
    lines: list[str] = []
    start = 0
    index = 0
    while index < len(source):
        ch = source[index]
        if ch == "\n" or ch == "\r":
            lines.append(source[start:index])
            if ch == "\r" and index + 1 < len(source) and source[index + 1] == "\n":
                index += 1
            start = index + 1
        index += 1
    lines.append(source[start:])
    if lines and lines[-1] == "" and len(lines) > 1:
        lines.pop()
    return lines
