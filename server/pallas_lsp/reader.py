"""The one reader: every file pallas-lsp reads by path is read here (docs/security.md,
"Reading files"; a test scans the package for other ways to open a file).

- The file is opened without blocking (``O_NONBLOCK``: opening a FIFO for reading would
  wait for a writer forever) and judged on the open descriptor (``fstat``), so a FIFO, a
  device (``/dev/zero``), a folder or a file swapped for one of them after a check is
  never read: ``UnreadableFile("not a regular file …")``.
- At most ``cap`` bytes are read, however large the file claims to be or grows while it is
  read: past it, ``UnreadableFile`` (or, with ``head=True``, the first ``cap`` bytes: package
  metadata whose headers come first).
- Text is UTF-8 without a byte-order mark; a decode error is an ``UnreadableFile`` with the
  byte offset, or, with ``errors="replace"``, replaced (configuration lines, metadata).
- Every failure is an ``UnreadableFile`` whose ``reason`` a person can act on
  ("permission denied", "file name too long"): callers report it, never drop it silently.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable

_CHUNK = 1 << 20
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


class UnreadableFile(Exception):
    """A file that cannot be read (as UTF-8 text, where text was asked for)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def why(exc: OSError) -> str:
    """An OSError as the reason a person reads: "permission denied", "file name too long"."""
    text = exc.strerror or str(exc)
    return text[:1].lower() + text[1:]


def read_bytes(path: str, cap: int, *, head: bool = False,
               too_large: Callable[[int], str | None] | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``cap`` of them. Past ``cap``:
    UnreadableFile(``too_large(size)`` or a plain message), or the first ``cap`` bytes when
    ``head``."""
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        raise UnreadableFile(path, why(exc)) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(path, "not a regular file (a folder, FIFO, device or socket)")
        if not head:
            _check_size(path, info.st_size, cap, too_large)
        chunks: list[bytes] = []
        size = 0
        while size <= cap:  # a file that grows while it is read still stops at the cap
            chunk = os.read(fd, min(_CHUNK, cap + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise UnreadableFile(path, why(exc)) from exc
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if head:
        return data[:cap]
    _check_size(path, size, cap, too_large)
    return data


def read_text(path: str, cap: int, *, errors: str = "strict", head: bool = False,
              too_large: Callable[[int], str | None] | None = None) -> str:
    """``read_bytes`` decoded as UTF-8 without a byte-order mark."""
    data = read_bytes(path, cap, head=head, too_large=too_large)
    try:
        return data.decode("utf-8-sig", errors)
    except UnicodeDecodeError as exc:
        raise UnreadableFile(path, f"not UTF-8 (byte {exc.start})") from exc


def _check_size(path: str, size: int, cap: int, too_large: Callable[[int], str | None] | None) -> None:
    if too_large is not None:
        message = too_large(size)
        if message is not None:
            raise UnreadableFile(path, message)
    elif size > cap:
        raise UnreadableFile(path, f"too large: {size / 1e6:.1f} MB, over pallas-lsp's "
                                   f"{cap / 1e6:g} MB cap for this kind of file")
