"""Which files make up the user's program, and how their text is read: one rule set
for every face (``pallas-lsp check DIR`` and the language server's workspace index).

The rules (docs/design.md, "Project"):
- a file belongs when its name ends in ``.py`` or ``.ipynb`` (a Jupyter notebook:
  its code cells run as one ``__main__`` module, ``notebook.py``; nothing can import
  it). Stubs (``.pyi``) hold no code
  that runs, and a ``mod.pyi`` beside ``mod.py`` would claim the same module name;
  a stub named on the command line is still checked on its own;
- a folder is not entered when it is hidden (``.git``, ``.venv``, ``.tox`` …), a
  cache or vendored tree (``SKIPPED_DIRS``: ``__pycache__``, ``node_modules``,
  ``site-packages``, ``build``, ``dist``), or a virtual environment of any name
  (it holds a ``pyvenv.cfg``);
- only regular files are read: a symlink counts as what it points to, and a FIFO,
  a device or a socket named ``x.py`` is skipped with a log line (reading a FIFO
  would block forever);
- text is UTF-8; a byte-order mark is dropped as Python and editors drop it;
- a file larger than the size limit (in the editor 0.25 MB unless the
  ``pallasLsp.maxFileSize`` setting says otherwise; for ``check`` 1 MB unless
  ``--max-file-size`` does, so that every file of JAX itself is analysed) is not read: "file too large for
  pallas-lsp (N MB > limit), not analysed". Kernel files are far smaller (the largest
  fixture or shared example is under 20 kB). Python's parser holds the GIL for the
  whole file (a 0.9 MB list literal: 2.7 s on the loaded CI machine, the server deaf
  meanwhile), and parsing and interpreting cost memory many times a file's size; the
  editor's limit holds for its open documents, the keystroke path. A file is opened
  without blocking and judged on its open descriptor, so a FIFO, a device or a file
  swapped for one after the walk is never read.
- the program text of a notebook (``.ipynb``) is the module its code cells make
  (``notebook.py``); the size limit applies to the ``.ipynb`` file as stored, outputs
  included.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterable

from pallas_lsp import reader
from pallas_lsp.reader import UnreadableFile, why

from .notebook import NOTEBOOK_SUFFIX, NotANotebook, NotebookModule, is_notebook, parse_ipynb

logger = logging.getLogger(__name__)

SOURCE_SUFFIX = ".py"
PROGRAM_SUFFIXES = (SOURCE_SUFFIX, NOTEBOOK_SUFFIX)
SKIPPED_DIRS = frozenset({"__pycache__", "node_modules", "site-packages", "build", "dist"})


DEFAULT_MAX_FILE_MB = 0.25
# A batch check (``pallas-lsp check``) holds no editor's keystrokes: its limit only guards
# against data files named .py. JAX's own largest module (lax/lax.py) is 0.43 MB.
DEFAULT_CLI_MAX_FILE_MB = 1.0
_limit_bytes = [int(DEFAULT_MAX_FILE_MB * 1_000_000)]  # this process's limit (one face each)


def set_max_file_mb(megabytes: float) -> None:
    """The size limit for files and documents of this process (the CLI option, the setting)."""
    _limit_bytes[0] = int(megabytes * 1_000_000)


def max_file_bytes() -> int:
    return _limit_bytes[0]


def too_large(size: int) -> str | None:
    """The message for text of ``size`` bytes over the limit, else None."""
    limit = max_file_bytes()
    if size <= limit:
        return None
    return (f"file too large for pallas-lsp ({size / 1e6:.1f} MB > {limit / 1e6:g} MB limit), not analysed; "
            "raise the limit with --max-file-size or the pallasLsp.maxFileSize setting")


def skipped_dir(name: str, full: str) -> bool:
    """Hidden folders, caches, build output, virtual environments: not the user's program."""
    return name.startswith(".") or name in SKIPPED_DIRS or os.path.exists(os.path.join(full, "pyvenv.cfg"))


def is_regular_file(path: str, skipped: list[tuple[str, str]] | None = None) -> bool:
    """A regular file (after symlinks); why a file of the walk is left out is logged, and
    added to ``skipped`` as (path, reason) when given (the CLI reports each one)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if skipped is not None:
            skipped.append((path, f"skipped: {why(exc)}"))
        return False
    if stat.S_ISREG(mode):
        return True
    if not stat.S_ISDIR(mode):
        logger.info("%s is not a regular file (a FIFO, device or socket): left out", path)
        if skipped is not None:
            skipped.append((path, "skipped: not a regular file (a FIFO, device or socket)"))
    return False


def python_files(roots: Iterable[str], limit: int | None = None,
                 skipped: list[tuple[str, str]] | None = None) -> tuple[list[str], bool]:
    """The program's files under ``roots`` (sorted walk), and whether ``limit`` cut the list.
    ``skipped`` collects (path, reason) for each folder that cannot be listed and each
    program file that cannot be read as a regular file."""
    found: list[str] = []
    seen: set[str] = set()

    def unlisted(exc: OSError) -> None:
        if skipped is not None:
            skipped.append((exc.filename or "?", f"skipped: {why(exc)}"))

    for root in roots:
        for folder, dirs, names in os.walk(root, onerror=unlisted):
            dirs[:] = sorted(d for d in dirs if not skipped_dir(d, os.path.join(folder, d)))
            for name in sorted(names):
                if not name.endswith(PROGRAM_SUFFIXES):
                    continue
                path = os.path.join(folder, name)
                if path in seen or not is_regular_file(path, skipped):
                    continue
                if limit is not None and len(found) >= limit:
                    return found, True
                seen.add(path)
                found.append(path)
    return found, False


def in_program(path: str, roots: Iterable[str]) -> bool:
    """Would the walk of ``roots`` include ``path`` (a file that may not exist yet)?"""
    if not path.endswith(PROGRAM_SUFFIXES):
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
    """The program text of a regular file (a notebook's: the module of its code cells);
    raises UnreadableFile with a reason a person can act on."""
    if is_notebook(path):
        return read_notebook(path).text
    return read_raw(path)


def read_program(path: str) -> tuple[str, NotebookModule | None]:
    """``read_source``, with the cell map when ``path`` is a notebook."""
    if is_notebook(path):
        module = read_notebook(path)
        return module.text, module
    return read_raw(path), None


# A stored notebook carries its outputs (plots, tables) beside the code: the size limit is
# for the code cells' text, which is what gets parsed; the JSON itself is read up to this cap
# (json.loads runs in C: tens of MB in well under a second).
NOTEBOOK_JSON_CAP_BYTES = 64_000_000


def read_notebook(path: str) -> NotebookModule:
    """A notebook file as one module and its cell map; raises UnreadableFile."""
    try:
        module = parse_ipynb(read_raw(path, cap=max(NOTEBOOK_JSON_CAP_BYTES, max_file_bytes())))
    except NotANotebook as exc:
        raise UnreadableFile(path, str(exc)) from exc
    message = too_large(len(module.text.encode("utf-8")))
    if message is not None:
        raise UnreadableFile(path, message.replace("file too large", "notebook code too large", 1))
    return module


def read_raw(path: str, cap: int | None = None) -> str:
    """The text of a regular file as it is on disk (UTF-8, without a byte-order mark), at
    most ``cap`` bytes (default: the size limit); through the one reader (pallas_lsp.reader)."""
    limit = max_file_bytes() if cap is None else cap
    return reader.read_text(path, limit, too_large=lambda size: _too_large_for(size, limit))


def _too_large_for(size: int, limit: int) -> str | None:
    if limit == max_file_bytes():
        return too_large(size)
    if size <= limit:
        return None
    return f"file too large for pallas-lsp ({size / 1e6:.1f} MB > {limit / 1e6:g} MB), not read"


def read_text(path: str) -> str | None:
    """``read_source``, or None when the file cannot be read (the index skips it)."""
    try:
        return read_source(path)
    except UnreadableFile as exc:
        logger.info("%s: left out", exc)
        return None
