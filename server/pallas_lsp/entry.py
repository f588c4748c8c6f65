"""The ``pallas-lsp`` console script: the working directory leaves the import path before
the CLI (and whatever it imports) is loaded (pallas_lsp/isolation.py says why)."""

from __future__ import annotations

import sys

from .isolation import drop_working_directory


def main() -> int:
    drop_working_directory()
    return dispatch(sys.argv[1:])


def dispatch(argv: list[str]) -> int:
    """``serve`` alone starts the language server without loading the CLI: the parser and
    what only ``check`` / ``lower`` / ``upgrade`` use are no part of an editor's start."""
    if argv == ["serve"]:
        from .lsp.launch import serve_stdio

        serve_stdio()
        return 0
    from .cli import main as cli_main

    return cli_main(argv)

