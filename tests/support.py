"""Where the tests find things, and how they start the server: one place for every suite.

- ``SHARED``: the shared folder beside the repository (``../shared``), or
  ``$PALLAS_LSP_SHARED``; ``EXAMPLES``: its ``examples/`` (or ``$PALLAS_LSP_EXAMPLES``).
- ``JAX_PYTHONS``: the interpreter of each supported JAX version (.ci/jax-envs.sh makes them).
- ``server_env``/``server_command``: the language server as editors start it, with the
  repository's ``server/`` first on its import path (``$PALLAS_LSP_TEST_PYTHONPATH``
  before it, to try another analysis build).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
SERVER_DIR = REPO / "server"
FIXTURES = TESTS / "fixtures"
SHARED = Path(os.environ.get("PALLAS_LSP_SHARED") or REPO.parent / "shared")
EXAMPLES = Path(os.environ.get("PALLAS_LSP_EXAMPLES") or SHARED / "examples")
JAX_PYTHONS = {
    "0.10.2": REPO / ".venv-jax010" / "bin" / "python",
    "0.12.0.1": REPO / ".venv-jax012" / "bin" / "python",
}


def server_pythonpath() -> str:
    parts = [
        os.environ.get("PALLAS_LSP_TEST_PYTHONPATH", ""),
        str(SERVER_DIR),
        os.environ.get("PYTHONPATH", ""),
    ]
    return os.pathsep.join(p for p in parts if p)


def server_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = server_pythonpath()
    env.update(extra)
    return env


def server_command(python: str = sys.executable) -> list[str]:
    return [python, "-m", "pallas_lsp", "serve"]


def cli_command(*args: str, python: str = sys.executable) -> list[str]:
    return [python, "-m", "pallas_lsp", *args]
