"""The language server on stdio, as every entry point starts it (``pallas-lsp serve``,
``python -m pallas_lsp serve``, ``python -m pallas_lsp.lsp``): ``initialize`` is answered
(early.py) before pygls and the server are imported, which takes most of a start."""

from __future__ import annotations

import sys


def serve_stdio() -> None:
    from pallas_lsp import __version__

    from .early import answer_early

    early = answer_early(sys.stdin.buffer, sys.stdout.buffer, __version__)
    from .server import serve

    serve(early)
