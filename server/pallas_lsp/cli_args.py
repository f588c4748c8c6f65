"""Argument types for the CLI: a value that cannot be used is a usage error (exit 2, the
parser's message), never a traceback and never a silent fallback (issue 12, item 9)."""

from __future__ import annotations

import argparse
import math
import shlex


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


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {text!r}")
    return value


def megabytes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected megabytes, got {text!r}") from None
    if not (0 < value <= 1000):
        raise argparse.ArgumentTypeError(f"expected megabytes between 0 and 1000, got {text!r}")
    return value
