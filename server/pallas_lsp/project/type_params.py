"""An installed module written for a newer Python than the one running pallas-lsp.

JAX 0.11.2 on writes ``class PipelineCallback[T](Protocol):`` (PEP 695 type parameters,
Python 3.12) in ``ops/gpu/attention_mgpu.py``; a server running on Python 3.11 cannot parse
it, and the whole module went unread (its kernels and its own argument checks unseen). The
type parameters of a ``class`` or ``def`` change nothing the analysis reads (they bind names
for annotations only), so the text is read without them: the bracketed list after the
name is blanked with spaces, every other character and every line kept where it was (the
spans of what follows stay right). Anything else a newer grammar adds (``type X = ...``,
PEP 701 f-strings) is left as is: the module then stays unread, as before.
"""

from __future__ import annotations

import io
import sys
import tokenize

_OPENERS = {"[": "]", "(": ")", "{": "}"}


def without_type_params(text: str) -> str | None:
    """``text`` with the type-parameter list of every ``class`` / ``def`` blanked; None
    where it has none (or cannot be tokenized), so the caller keeps its first answer."""
    if sys.version_info >= (3, 12):
        return None  # this Python parses them itself
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return None
    lines = text.splitlines(keepends=True)
    blanked = False
    for index, token in enumerate(tokens[:-2]):
        name, opener = tokens[index + 1], tokens[index + 2]
        if not (token.type == tokenize.NAME and token.string in ("class", "def")
                and name.type == tokenize.NAME and opener.type == tokenize.OP and opener.string == "["):
            continue
        end = _closing(tokens, index + 2)
        if end is None:
            return None
        _blank(lines, opener.start, tokens[end].end)
        blanked = True
    return "".join(lines) if blanked else None


def _closing(tokens: list[tokenize.TokenInfo], start: int) -> int | None:
    """The index of the token that closes the bracket at ``start``."""
    stack: list[str] = []
    for index in range(start, len(tokens)):
        text = tokens[index].string
        if tokens[index].type != tokenize.OP:
            continue
        if text in _OPENERS:
            stack.append(_OPENERS[text])
        elif stack and text == stack[-1]:
            stack.pop()
            if not stack:
                return index
    return None


def _blank(lines: list[str], start: tuple[int, int], end: tuple[int, int]) -> None:
    """Spaces over the text from ``start`` to ``end`` (token positions: 1-based rows); a list
    over several lines keeps them, each ended by a backslash (the brackets that let the
    statement go on are gone)."""
    for row in range(start[0], end[0] + 1):
        line = lines[row - 1]
        first = start[1] if row == start[0] else 0
        body = line.rstrip("\r\n")
        last = end[1] if row == end[0] else len(body)
        ending = line[len(body):] if row == end[0] else "\\" + line[len(body):]
        lines[row - 1] = line[:first] + " " * (last - first) + (line[last:] if row == end[0] else ending)
