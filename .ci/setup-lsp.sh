#!/usr/bin/env bash
# What the language-server tests need beyond the Python venvs (scripts/install.sh --test):
#   * Neovim 0.7 (Debian bookworm's package): tests/editors/test_neovim.py drives the
#     server through Neovim's own LSP client, headless;
#   * .venv-jax010 (.ci/jax-envs.sh): tests/lsp/test_no_jax_import.py runs the server
#     under a python where jax IS importable and checks it never gets imported, and
#     tests/lsp/test_lowering_command.py lowers for real through the server.
# Idempotent; needs root (or sudo) for apt.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nvim >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends neovim
fi
nvim --version | head -1
