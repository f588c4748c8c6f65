"""The language-server face of pallas-lsp (pygls): ``pallas-lsp serve`` or
``python -m pallas_lsp.lsp`` runs ``server.serve`` on stdio. Imported only by them:
``pallas-lsp check`` never pays for pygls."""
