"""Where the cursor sits, for axis-name completion: which call, which argument, in a string?

The buffer is usually mid-edit and does not parse, so this reads the text
itself: it scans forward from the start of the enclosing statement block (the
last line that starts a ``def``, a decorator or a top-level statement, at most
``MAX_LINES`` back) to the cursor, keeping a stack of open brackets (with the
call each one belongs to and the argument being written) and whether a string
is open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_LINES = 200
_BLOCK_START = re.compile(r"^(\S|\s*(?:async\s+)?def\s|\s*@)")
_NAME_BEFORE = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)\s*$")
_KEYWORD_BEFORE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*$")


@dataclass(frozen=True)
class Bracket:
    char: str  # "(", "[" or "{"
    callee: str | None  # the dotted name before "(" when it is a call
    keyword: str | None  # the keyword of the argument being written, if any
    position: int  # the index of the positional argument being written


@dataclass(frozen=True)
class CursorContext:
    stack: tuple[Bracket, ...]
    # The open string: (column of its opening quote, the quote) on the cursor's line.
    string: tuple[int, str] | None
    # Code-point column of the cursor on its line, and the line's text.
    column: int
    line_text: str

    def call(self) -> tuple[Bracket, int] | None:
        """The innermost call bracket and how many plain brackets lie inside it."""
        for depth, bracket in enumerate(reversed(self.stack)):
            if bracket.callee is not None:
                return bracket, depth
        return None


def cursor_context(lines: list[str], line: int, column: int) -> CursorContext | None:
    """``line`` 0-based, ``column`` in code points; None inside a comment or triple string."""
    # The cursor may sit past the last line (the empty line after a final newline).
    start = min(line, len(lines) - 1)
    while start > 0 and line - start < MAX_LINES and not _BLOCK_START.match(lines[start]):
        start -= 1
    start = max(start, 0)
    stack: list[list[object]] = []  # [char, callee, keyword, position]
    string: tuple[int, str] | None = None
    for number in range(start, line + 1):
        text = lines[number] if number < len(lines) else ""
        end = column if number == line else len(text)
        index = 0
        if string is not None and len(string[1]) == 1:
            string = None  # a one-quote string ends at the line's end
        while index < end:
            char = text[index]
            if string is not None:
                quote = string[1]
                if char == "\\":
                    index += 2
                    continue
                if text.startswith(quote, index):
                    string = None
                    index += len(quote)
                    continue
                index += 1
                continue
            if char == "#":
                break
            if char in "'\"":
                triple = text[index:index + 3]
                quote = triple if triple in ("'''", '"""') else char
                string = (index, quote)
                index += len(quote)
                continue
            if char in "([{":
                before = text[:index]
                callee = None
                if char == "(":
                    match = _NAME_BEFORE.search(before)
                    callee = match.group(1) if match else None
                stack.append([char, callee, None, 0])
            elif char in ")]}":
                if stack:
                    stack.pop()
            elif char == "," and stack:
                stack[-1][2] = None
                stack[-1][3] = int(stack[-1][3]) + 1  # type: ignore[call-overload]
            elif char == "=" and stack and text[index + 1:index + 2] != "=" and \
                    text[index - 1:index] not in ("=", "!", "<", ">"):
                match = _KEYWORD_BEFORE.search(text[:index + 1])
                if match:
                    stack[-1][2] = match.group(1)
            index += 1
    if string is not None and len(string[1]) == 3:
        return None
    brackets = tuple(Bracket(str(c), k if isinstance(k, str) else None,  # type: ignore[misc]
                             w if isinstance(w, str) else None, int(p))  # type: ignore[call-overload]
                     for c, k, w, p in stack)
    text = lines[line] if line < len(lines) else ""
    return CursorContext(brackets, string, column, text)
