#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs them all:
# ruff; the Python suite (analysis fixtures, the oracle against real JAX 0.8.3,
# 0.10.2 and 0.12.0.1 lowering, the lowering check with a real sshd, the language server
# through pytest-lsp and headless Neovim, fuzzing and protocol abuse); then the
# VS Code client (unit tests, the .vsix, and the end-to-end test in real VS Code
# through code-server and headless Chromium).
#
#   bash scripts/test.sh [pytest args ...]
#
# It changes the machine, as root: apt-get installs openssh-server (and upgrades
# openssh-client), neovim, chromium, ripgrep and libkrb5-dev; npm installs
# code-server 4.100.3 into ~/.cache/pallas-lsp-vscode. Run it in a container or a
# throwaway VM.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1

step() { printf '\n== %s ==\n' "$*"; }
failed=()

echo "scripts/test.sh installs system packages with apt-get (openssh-server, openssh-client, neovim,"
echo "chromium, ripgrep, libkrb5-dev) and code-server into ~/.cache/pallas-lsp-vscode: meant for a"
echo "container or a throwaway VM."

step "Python environments (.venv, .venv-jax083, .venv-jax010, .venv-jax012)"
bash scripts/install.sh --test
.ci/jax-envs.sh

step "System packages (OpenSSH server, Neovim)"
bash .ci/setup-lowering.sh
bash .ci/setup-lsp.sh

step "ruff"
.venv/bin/ruff check server tests bench || failed+=(ruff)

step "pytest"
# The log keeps pytest's short summary (-rfE) so that the last lines of this script's output, all
# a CI page may show, name every failed test (printed again after the VS Code stage).
pytest_log=$(mktemp)
set +e
.venv/bin/python -m pytest -q -p no:cacheprovider -rfE "$@" 2>&1 | tee "$pytest_log"
pytest_rc=${PIPESTATUS[0]}
set -e
[ "$pytest_rc" -eq 0 ] || failed+=(pytest)

step "VS Code extension: build, unit tests, .vsix, end to end in code-server"
bash client/scripts/ci.sh || failed+=(vscode)

if [ "$pytest_rc" -ne 0 ]; then
  echo "pytest exited with $pytest_rc; its failures (rerun one with: .venv/bin/python -m pytest -q TEST_ID):"
  grep -E '^(FAILED|ERROR) ' "$pytest_log" || tail -n 40 "$pytest_log"
fi
rm -f "$pytest_log"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "All test stages passed."
