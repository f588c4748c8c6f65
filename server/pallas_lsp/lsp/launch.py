"""The language server on stdio, as every entry point starts it (``pallas-lsp serve``,
``python -m pallas_lsp serve``, ``python -m pallas_lsp.lsp``): ``initialize`` is answered
(early.py) before pygls and the server are imported, which takes most of a start."""

from __future__ import annotations

import sys


def serve_stdio() -> None:
    from pallas_lsp import __version__

    from .early import answer_early

    # No stdin or stdout at all (closed at exec): the server fails on them as it did before.
    stdin, stdout = getattr(sys.stdin, "buffer", None), getattr(sys.stdout, "buffer", None)
    early = answer_early(stdin, stdout, __version__) if stdin is not None and stdout is not None else None
    from .server import serve

    serve(early)
