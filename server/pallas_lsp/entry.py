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
        serve_stdio()
        return 0
    from .cli import main as cli_main

    return cli_main(argv)


def serve_stdio() -> None:
    """The language server on stdio: ``initialize`` is answered (lsp/early.py) before
    pygls and the server are imported, which takes most of a start."""
    from . import __version__
    from .lsp.early import answer_early

    early = answer_early(sys.stdin.buffer, sys.stdout.buffer, __version__)
    from .lsp.server import serve

    serve(early)
