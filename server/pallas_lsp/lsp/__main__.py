"""``python -m pallas_lsp.lsp``: the language server on stdio (same as ``pallas-lsp serve``)."""

from pallas_lsp.isolation import drop_working_directory

drop_working_directory()  # before anything else is imported (pallas_lsp/isolation.py)

from pallas_lsp.lsp.launch import serve_stdio  # noqa: E402

serve_stdio()
