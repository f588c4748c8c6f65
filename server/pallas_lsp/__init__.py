"""pallas-lsp: catch JAX Pallas Mosaic GPU multimem/multicast bugs while the kernel is typed."""

__version__ = "0.1.0"
