#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs them all:
# ruff, the Python suite (analysis, oracle against real JAX 0.10.2 and
# 0.12.0.1 lowering, lowering check incl. a real sshd, language server through
# pytest-lsp and headless Neovim, fuzzing), the VS Code client's unit tests, the
# .vsix build, and the end-to-end test in real VS Code (code-server + Chromium).
#
#   bash scripts/test.sh [pytest args ...]
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1

step() { printf '\n== %s ==\n' "$*"; }

step "Python environments"
bash scripts/install.sh --test
.ci/jax-envs.sh

step "System packages and editors"
for setup in .ci/setup-lowering.sh .ci/setup-lsp.sh .ci/setup-vscode.sh; do
  [ -f "$setup" ] && bash "$setup"
done

step "VS Code client: build, unit tests, .vsix"
npm ci --no-audit --no-fund
npm run compile
npm test
npm run package

step "ruff"
.venv/bin/ruff check server tests bench

step "pytest"
.venv/bin/python -m pytest -q -p no:cacheprovider "$@"
