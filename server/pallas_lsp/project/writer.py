"""The one way pallas-lsp edits a file in place (``upgrade --fix``; docs/security.md,
"Writing files").

A file is read once for editing (``read_for_edit``): its exact bytes, how they were
encoded (UTF-8, with or without a byte-order mark) and how its lines end, and the
identity of what was read (device, inode, size, modification time). ``write_edited``
then writes the new text:

- in the same encoding, with the same byte-order mark, and with every line end of the
  new text in the file's own style (a CRLF or CR file stays so, also where an edit
  inserts lines);
- only if the file on disk is still what was read *and* what the edits were computed
  from (``expected``: the text the analysis saw): a file changed in between is refused,
  never edited at stale offsets;
- through a temporary file in the file's own folder, given the file's mode, then
  ``os.replace``-d over it: a failure at any step leaves the file as it was, never
  half-written or empty;
- at the symlink's target: a link stays a link;
- never over a file the user may not write (read-only): the replace would be allowed by
  the folder's permission, but the file's says no.

Every refusal or failure is a ``WriteFailed`` whose reason says what to do next; the
caller reports the file and goes on with the others. ``same_file_key`` lets a caller
visit each real file once when several paths (a symlinked twin, a hard link) reach it.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import stat
import tempfile
from dataclasses import dataclass

# What a file's lines end with, most frequent first when a file mixes them.
_LINE_ENDS = ("\r\n", "\r", "\n")


class WriteFailed(Exception):
    """A file that was not written; ``reason`` says why and what to do."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True)
class EditableFile:
    """A file as read for editing: its text and everything needed to write it back alike."""

    path: str  # as the user named it
    target: str  # the real path written (a symlink's target)
    text: str  # decoded, byte-order mark dropped, line ends as on disk
    bom: bool
    newline: str  # the file's line end: "\n", "\r\n" or "\r"
    mode: int
    owner: tuple[int, int]  # st_uid, st_gid: the new file keeps them where the user may set them
    identity: tuple[int, int, int, int]  # st_dev, st_ino, st_size, st_mtime_ns when read


def same_file_key(path: str) -> tuple[int, int] | None:
    """(device, inode) of what ``path`` reaches, or None when it cannot be reached."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _identity(info: os.stat_result) -> tuple[int, int, int, int]:
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def dominant_newline(text: str) -> str:
    """The line end ``text`` uses most ("\\n" for a file of one line)."""
    crlf = text.count("\r\n")
    counts = {"\r\n": crlf, "\r": text.count("\r") - crlf, "\n": text.count("\n") - crlf}
    best = max(_LINE_ENDS, key=lambda end: counts[end])
    return best if counts[best] else "\n"


def read_for_edit(path: str, limit: int) -> EditableFile:
    """``path`` read for an in-place edit; raises WriteFailed (not a regular file, over
    ``limit`` bytes, not UTF-8, cannot be read)."""
    target = os.path.realpath(path)
    try:
        # O_NONBLOCK: a FIFO swapped in for the file must not block the run.
        fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise WriteFailed(path, f"not written: cannot read it ({exc.strerror or exc})") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise WriteFailed(path, "not written: not a regular file")
        if info.st_size > limit:
            raise WriteFailed(path, f"not written: larger than the {limit / 1e6:g} MB limit")
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
    except OSError as exc:
        raise WriteFailed(path, f"not written: cannot read it ({exc.strerror or exc})") from exc
    finally:
        os.close(fd)
    data = b"".join(chunks)
    bom = data.startswith(codecs.BOM_UTF8)
    try:
        text = data[len(codecs.BOM_UTF8) if bom else 0:].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise WriteFailed(path, "not written: not UTF-8 (pallas-lsp edits UTF-8 files only)") from exc
    return EditableFile(path, target, text, bom, dominant_newline(text), stat.S_IMODE(info.st_mode),
                        (info.st_uid, info.st_gid), _identity(info))


def in_file_style(file: EditableFile, inserted: str) -> str:
    """Text an edit inserts, with its line ends in the file's style."""
    if file.newline == "\n":
        return inserted
    return inserted.replace("\r\n", "\n").replace("\r", "\n").replace("\n", file.newline)


def write_edited(file: EditableFile, new_text: str, expected: str | None = None) -> None:
    """Replace ``file`` on disk by ``new_text`` (see the module's docstring); raises
    WriteFailed and leaves the file untouched when it cannot."""
    if not os.access(file.target, os.W_OK):
        # A read-only file says "do not change me": replacing it would go around that.
        raise WriteFailed(file.path, "not written: the file is read-only for you; make it writable "
                                     "and run again")
    if expected is not None and file.text != expected:
        raise WriteFailed(file.path, "not written: it changed since it was analysed; run the command "
                                     "again to fix it as it is now")
    try:
        data = (codecs.BOM_UTF8 if file.bom else b"") + new_text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise WriteFailed(file.path, f"not written: the edited text cannot be UTF-8 ({exc.reason})") from exc
    folder = os.path.dirname(file.target) or "."
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{os.path.basename(file.target)}.", suffix=".pallas-lsp",
                                    dir=folder)
    except OSError as exc:
        raise WriteFailed(file.path, f"not written: cannot create a file in {folder} "
                                     f"({exc.strerror or exc}); give write permission on the folder "
                                     "and run again") from exc
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if (os.fstat(fd).st_uid, os.fstat(fd).st_gid) != file.owner:
                # Only root (or a member of the group) may give the file back its owner;
                # for anyone else the replaced file is theirs, as an editor's save makes it.
                with contextlib.suppress(OSError):
                    os.fchown(fd, *file.owner)
            os.fchmod(fd, file.mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        _check_unchanged(file)
        os.replace(temp, file.target)
    except WriteFailed:
        _remove(temp)
        raise
    except OSError as exc:
        _remove(temp)
        raise WriteFailed(file.path, f"not written: {exc.strerror or exc}; the file is unchanged") from exc


def _check_unchanged(file: EditableFile) -> None:
    """The last look before the replace: the file is still the one read, as it was read."""
    try:
        now = _identity(os.stat(file.target))
    except OSError as exc:
        raise WriteFailed(file.path, f"not written: it is gone ({exc.strerror or exc})") from exc
    if now != file.identity:
        raise WriteFailed(file.path, "not written: it changed while the edits were computed; run the "
                                     "command again to fix it as it is now")


def _remove(temp: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temp)
