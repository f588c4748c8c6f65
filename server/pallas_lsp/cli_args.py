"""Argument types for the CLI: a value that cannot be used is a usage error (exit 2, the
parser's message), never a traceback and never a silent fallback (issue 12, item 9)."""

from __future__ import annotations

import argparse
import math
import shlex
from collections.abc import Callable


def remote_command(text: str) -> list[str]:
    """``--remote-command``: split as a POSIX shell would; empty or unbalanced is refused
    (an empty one would otherwise mean "lower locally" without saying so)."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            f"cannot split {text!r} into a command ({exc}); quote it as a shell would") from None
    if not words:
        raise argparse.ArgumentTypeError(
            "the remote command is empty; give the command that runs Python on the remote host, "
            'e.g. "ssh gpu-box python3 -"')
    return words


def _number(text: str, convert: type[int] | type[float], what: str,
            accepts: Callable[[float], bool], expected: str) -> float:
    """``text`` as a number that ``accepts`` takes; otherwise a usage error naming what was expected."""
    try:
        value = convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if not accepts(value):
        raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
    return value


def positive_seconds(text: str) -> float:
    return _number(text, float, "seconds", lambda v: v > 0 and math.isfinite(v),
                   "a positive number of seconds")


def positive_int(text: str) -> int:
    return int(_number(text, int, "a whole number", lambda v: v >= 1, "1 or more"))


def megabytes(text: str) -> float:
    # nan fails both comparisons, so it is refused like any value out of range.
    return _number(text, float, "megabytes", lambda v: 0 < v <= 1000, "megabytes between 0 and 1000")
