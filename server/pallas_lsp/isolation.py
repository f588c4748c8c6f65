"""Keep the user's folder off this process's import path (issue 12).

``python -m pallas_lsp`` puts the working directory first on ``sys.path``, and editors
start language servers in the project's root (VS Code's client did, Neovim's lspconfig
does): a workspace file named like a standard module (``uuid.py``, ``csv.py``) would be
imported, and run, by the server the first time pygls or the CLI imports that module.
Nothing of the user's may run unless they ask for a lowering check. Each entry point
calls ``drop_working_directory`` before importing anything else, whatever way it was
started; the modules Python itself imported before that point come from the standard
library (the client also starts the server in a neutral folder with PYTHONSAFEPATH=1).

Only the standard ``os`` and ``sys``, loaded at interpreter start, are used here.
"""

from __future__ import annotations

import os
import sys


def drop_working_directory() -> None:
    """Remove '' and every entry naming the working directory from ``sys.path``."""
    try:
        here = os.path.realpath(os.getcwd())
    except OSError:  # the folder was deleted: '' still means it
        here = None
    kept = []
    for entry in sys.path:
        if entry in ("", "."):
            continue
        if here is not None and os.path.realpath(os.path.abspath(entry)) == here:
            continue
        kept.append(entry)
    sys.path[:] = kept
