"""The user's program as every face sees it (face-neutral: no LSP, no JAX, no CLI).

``files``: which files make up the program and how they are read; ``index``: the
workspace index (modules parsed once, the import graph, cached entry runs);
``locate``: where a finding's spans lie (file, line, column); ``notebook``: a Jupyter
notebook's code cells as one module, and the map back to cells; ``config``: the
project's `[tool.pallas-lsp]` settings, found by walking up from a file; ``installed``:
the installed modules a program imports, on an environment's import path;
``environments``: the environment with JAX whose packages a check follows when no
interpreter is configured (found by reading files, never running the folder's code);
``metadata``: an import path's JAX version from its package metadata.

Each name's module is imported when the name is first read (PEP 562): the language
server's settings need ``config`` and ``files``, not the index and its analysis core,
before it answers ``initialize`` (lsp/server.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .config import (
        ConfigError,
        ProjectConfig,
        Resolved,
        Setting,
        describe,
        find_config,
        ignored_codes,
        resolve,
        selected_codes,
    )
    from .environments import environment_of, library_for, library_known
    from .files import (
        DEFAULT_CLI_MAX_FILE_MB,
        DEFAULT_MAX_FILE_MB,
        SKIPPED_DIRS,
        UnreadableFile,
        in_program,
        is_regular_file,
        python_files,
        read_notebook,
        read_program,
        read_source,
        read_text,
        set_max_file_mb,
        skipped_dir,
        too_large,
    )
    from .index import MAX_FILES, TREE_BUDGET_BYTES, WorkspaceIndex
    from .installed import (
        InstalledModules,
        SearchPath,
        library_on,
    )
    from .locate import Locator, Place, disk_lines
    from .notebook import Cell, CellLines, NotebookModule, is_notebook

__all__ = [
    "DEFAULT_CLI_MAX_FILE_MB",
    "DEFAULT_MAX_FILE_MB",
    "MAX_FILES",
    "SKIPPED_DIRS",
    "TREE_BUDGET_BYTES",
    "Cell",
    "CellLines",
    "ConfigError",
    "InstalledModules",
    "Locator",
    "NotebookModule",
    "Place",
    "ProjectConfig",
    "Resolved",
    "SearchPath",
    "Setting",
    "UnreadableFile",
    "WorkspaceIndex",
    "describe",
    "disk_lines",
    "environment_of",
    "find_config",
    "ignored_codes",
    "in_program",
    "is_notebook",
    "is_regular_file",
    "library_for",
    "library_known",
    "library_on",
    "python_files",
    "read_notebook",
    "read_program",
    "read_source",
    "read_text",
    "resolve",
    "selected_codes",
    "set_max_file_mb",
    "skipped_dir",
    "too_large",
]

# Where each name is defined.
_MODULE_OF = {
    "Cell": "notebook",
    "CellLines": "notebook",
    "ConfigError": "config",
    "DEFAULT_CLI_MAX_FILE_MB": "files",
    "DEFAULT_MAX_FILE_MB": "files",
    "InstalledModules": "installed",
    "Locator": "locate",
    "MAX_FILES": "index",
    "NotebookModule": "notebook",
    "Place": "locate",
    "ProjectConfig": "config",
    "Resolved": "config",
    "SKIPPED_DIRS": "files",
    "SearchPath": "installed",
    "Setting": "config",
    "TREE_BUDGET_BYTES": "index",
    "UnreadableFile": "files",
    "WorkspaceIndex": "index",
    "describe": "config",
    "disk_lines": "locate",
    "environment_of": "environments",
    "find_config": "config",
    "ignored_codes": "config",
    "in_program": "files",
    "is_notebook": "notebook",
    "is_regular_file": "files",
    "library_for": "environments",
    "library_known": "environments",
    "library_on": "installed",
    "python_files": "files",
    "read_notebook": "files",
    "read_program": "files",
    "read_source": "files",
    "read_text": "files",
    "resolve": "config",
    "selected_codes": "config",
    "set_max_file_mb": "files",
    "skipped_dir": "files",
    "too_large": "files",
}


def __getattr__(name: str) -> object:
    """Import the module that defines ``name`` and keep the name here."""
    where = _MODULE_OF.get(name)
    if where == "config":
        from . import config as module
    elif where == "environments":
        from . import environments as module
    elif where == "files":
        from . import files as module
    elif where == "index":
        from . import index as module
    elif where == "installed":
        from . import installed as module
    elif where == "locate":
        from . import locate as module
    elif where == "notebook":
        from . import notebook as module
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(module, name)
    globals()[name] = value
    return value
