"""Text from files and their names, made safe to print (docs/security.md, "Output").

A path or a message can carry anything a file name or a source file can: a newline
(which would start a forged finding line), an ANSI escape (which rewrites the
terminal), a bidirectional override (which reorders what the reader sees), a lone
surrogate (from a name that is not UTF-8, or a ``"\\ud800"`` in a notebook's JSON:
no UTF-8 stream can carry it, and printing it raises). One function per sink:

- ``for_terminal``: text and stderr lines; every such character is written as a
  visible escape (``\\n``, ``\\x1b``, ``\\u202e``); a byte of a non-UTF-8 name as
  ``\\xff``, as Python shows it;
- ``for_json``: the strings of a JSON or SARIF document; JSON escapes control
  characters itself, so only lone surrogates are replaced (by the same visible
  escapes: a strict JSON parser refuses an unpaired ``\\ud800``);
- ``sarif_uri``: a path as a SARIF ``artifactLocation.uri``, percent-encoded from the
  path's bytes (a relative reference; a ``file:`` URI for a Windows drive path).
"""

from __future__ import annotations

import os
import re
from pathlib import PurePath
from typing import Any
from urllib.parse import quote

# C0 and C1 controls, DEL, the line and paragraph separators, bidirectional embeddings,
# overrides and isolates (Trojan Source), and every surrogate code point.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match[0]
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"  # os.fsdecode's surrogateescape: the raw byte
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def for_terminal(text: str) -> str:
    """``text`` with every control, bidi and surrogate character as a visible escape."""
    return _UNPRINTABLE.sub(_escape, text)


def for_json(value: Any) -> Any:
    """``value`` (dicts, lists, strings, scalars) with no lone surrogate in any string."""
    if isinstance(value, str):
        return _SURROGATE.sub(_escape, value)
    if isinstance(value, dict):
        return {for_json(key): for_json(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [for_json(item) for item in value]
    return value


def sarif_uri(path: str) -> str:
    """A path as a URI reference, percent-encoded from the path's own bytes: a path with a
    drive (Windows) as a ``file:`` URI, any other as the reference it already is
    (``/abs/k.py``, ``pkg/k.py``: unchanged unless a character needs encoding)."""
    pure = PurePath(path)
    if pure.drive:
        return pure.as_uri()
    return quote(os.fsencode(pure.as_posix()), safe="/")
