"""Apply one incremental LSP text change to a document's text, without splitting it into lines.

pygls 2.x applies an incremental change by splitting the whole text into a tuple of
lines and writing them all into a StringIO: for a document of short lines that is about
19 times its size per keystroke (issue 12). Here the change's two positions are found
by counting line breaks in place (``str.count``/``str.find`` on the text, in 64 KB
steps), and the new text is the part before the range, the change's text and the part
after it: about three times the document's size at the peak, for an instant.

Positions follow LSP: lines end at ``\\n``, ``\\r\\n`` or ``\\r`` (as Python's do);
``character`` counts the client's code units (UTF-8, UTF-16 or UTF-32, as negotiated);
a character past the end of its line means the line's end, a line past the last line
means the end of the text, a position inside a UTF-16 surrogate pair (or a UTF-8
sequence) means the end of that character, and a range whose end comes before its start
is read with its ends swapped (the spec allows neither; pygls dropped or doubled text).
"""

from __future__ import annotations

import re
from collections.abc import Callable

CHUNK = 1 << 16
_BREAK = re.compile(r"\r\n|\r|\n")

UnitsOf = Callable[[str], int]  # code units of one character in the client's encoding


def apply_change(text: str, start: tuple[int, int], end: tuple[int, int], new_text: str,
                 units_of: UnitsOf | None) -> str:
    """``text`` with the range ``start``-``end`` ((line, character) each) replaced.

    ``units_of`` is None for UTF-32 (a character is one unit)."""
    first, last = offset_of(text, *start, units_of), offset_of(text, *end, units_of)
    if last < first:
        first, last = last, first
    return "".join((text[:first], new_text, text[last:]))


def offset_of(text: str, line: int, character: int, units_of: UnitsOf | None) -> int:
    """The index into ``text`` of an LSP position."""
    begin = line_start(text, line)
    if begin is None:
        return len(text)
    end = line_end(text, begin)
    # Each character is at least one code unit: the position lies within this slice.
    segment = text[begin:min(end, begin + max(character, 0))]
    if units_of is None or segment.isascii():
        return begin + len(segment)
    units = 0
    for index, char in enumerate(segment):
        if units >= character:
            return begin + index
        units += units_of(char)
    return begin + len(segment)


def line_start(text: str, line: int) -> int | None:
    """Where line ``line`` (0-based) begins, or None when the text has fewer lines."""
    if line <= 0:
        return 0
    if "\r" in text:
        for seen, match in enumerate(_BREAK.finditer(text), start=1):
            if seen == line:
                return match.end()
        return None
    position, remaining = 0, line
    while position < len(text):
        stop = min(position + CHUNK, len(text))
        count = text.count("\n", position, stop)
        if count >= remaining:
            for _ in range(remaining):
                position = text.index("\n", position, stop) + 1
            return position
        remaining -= count
        position = stop
    return None


def line_end(text: str, begin: int) -> int:
    """Where the line that begins at ``begin`` ends, before its line break."""
    newline = text.find("\n", begin)
    newline = len(text) if newline < 0 else newline
    carriage = text.find("\r", begin, newline)
    return newline if carriage < 0 else carriage
