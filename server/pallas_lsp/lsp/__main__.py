"""``python -m pallas_lsp.lsp``: the language server on stdio (same as ``pallas-lsp serve``)."""

from pallas_lsp.lsp.server import serve

serve()
