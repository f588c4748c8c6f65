"""Which files make up the user's program, and how their text is read: one rule set
for every face (``pallas-lsp check DIR`` and the language server's workspace index).

The rules (docs/design.md, "Project"):
- a file belongs when its name ends in ``.py``. Stubs (``.pyi``) hold no code
  that runs, and a ``mod.pyi`` beside ``mod.py`` would claim the same module name;
  a stub named on the command line is still checked on its own;
- a folder is not entered when it is hidden (``.git``, ``.venv``, ``.tox`` …), a
  cache or vendored tree (``SKIPPED_DIRS``: ``__pycache__``, ``node_modules``,
  ``site-packages``, ``build``, ``dist``), or a virtual environment of any name
  (it holds a ``pyvenv.cfg``);
- only regular files are read: a symlink counts as what it points to, and a FIFO,
  a device or a socket named ``x.py`` is skipped with a log line (reading a FIFO
  would block forever);
- text is UTF-8; a byte-order mark is dropped as Python and editors drop it.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterable

logger = logging.getLogger(__name__)

SOURCE_SUFFIX = ".py"
SKIPPED_DIRS = frozenset({"__pycache__", "node_modules", "site-packages", "build", "dist"})


class UnreadableFile(Exception):
    """A file the walk or the user named that cannot be read as UTF-8 text."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def skipped_dir(name: str, full: str) -> bool:
    """Hidden folders, caches, build output, virtual environments: not the user's program."""
    return name.startswith(".") or name in SKIPPED_DIRS or os.path.exists(os.path.join(full, "pyvenv.cfg"))


def is_regular_file(path: str) -> bool:
    """A regular file (after symlinks); logs why a special file of the walk is left out."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    if stat.S_ISREG(mode):
        return True
    if not stat.S_ISDIR(mode):
        logger.info("%s is not a regular file (a FIFO, device or socket): left out", path)
    return False


def python_files(roots: Iterable[str], limit: int | None = None) -> tuple[list[str], bool]:
    """The program's files under ``roots`` (sorted walk), and whether ``limit`` cut the list."""
    found: list[str] = []
    seen: set[str] = set()
    for root in roots:
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not skipped_dir(d, os.path.join(folder, d)))
            for name in sorted(names):
                if not name.endswith(SOURCE_SUFFIX):
                    continue
                path = os.path.join(folder, name)
                if path in seen or not is_regular_file(path):
                    continue
                if limit is not None and len(found) >= limit:
                    return found, True
                seen.add(path)
                found.append(path)
    return found, False


def in_program(path: str, roots: Iterable[str]) -> bool:
    """Would the walk of ``roots`` include ``path`` (a file that may not exist yet)?"""
    if not path.endswith(SOURCE_SUFFIX):
        return False
    for root in roots:
        rel = os.path.relpath(path, root)
        if rel.startswith(os.pardir):
            continue
        folder = root
        for part in rel.split(os.sep)[:-1]:
            folder = os.path.join(folder, part)
            if skipped_dir(part, folder):
                return False
        return True
    return False


def read_source(path: str) -> str:
    """The text of a regular file; raises UnreadableFile with a reason a person can act on."""
    if not is_regular_file(path):
        raise UnreadableFile(path, "not a regular file")
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise UnreadableFile(path, exc.strerror or str(exc)) from exc
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UnreadableFile(path, "not UTF-8") from exc


def read_text(path: str) -> str | None:
    """``read_source``, or None when the file cannot be read (the index skips it)."""
    try:
        return read_source(path)
    except UnreadableFile:
        return None
