"""The language-server face of pallas-lsp (pygls). ``serve()`` runs it on stdio."""

from __future__ import annotations


def serve() -> None:
    # Imported lazily: `pallas-lsp check` must not pay for pygls.
    from .server import serve as _serve

    _serve()


__all__ = ["serve"]
