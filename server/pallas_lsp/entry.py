"""The ``pallas-lsp`` console script: the working directory leaves the import path before
the CLI (and whatever it imports) is loaded (pallas_lsp/isolation.py says why)."""

from __future__ import annotations

from .isolation import drop_working_directory


def main() -> int:
    drop_working_directory()
    from .cli import main as cli_main

    return cli_main()
