#!/usr/bin/env bash
# The main job on a fresh machine: install pallas-lsp and JAX, then check the
# shared example kernels statically and confirm every finding with real JAX
# lowering on this machine's CPU (cross-lowered for CUDA: nothing is compiled
# or run), once per supported JAX version.
#
#   bash scripts/setup-and-check.sh [PATH ...]     (default: ../shared/examples)
#
# Installs only into this folder; no root needed. What it builds (about 1.8 GB in all):
#   .venv         pallas-lsp, editable (needed)
#   .venv-jax010  Python 3.11 + JAX 0.10.2   (needed for the check below)
#   .venv-jax012  Python 3.12 + JAX 0.12.0.1 (needed for the check below)
#   .venv-jax083  Python 3.12 + JAX 0.8.3    (optional: the tests of the oldest measured
#                 release; PALLAS_LSP_NO_JAX083=1 leaves it out)
set -euo pipefail
cd "$(dirname "$0")/.."

echo "[1/3] pallas-lsp into .venv (pip install -e . with pygls, lsprotocol, jedi)"
bash scripts/install.sh
echo "      installed: $(.venv/bin/pallas-lsp --version 2>/dev/null || echo pallas-lsp) in $PWD/.venv/bin"
echo "[2/3] JAX for the lowering check, from PyPI (about 1.8 GB the first time; kept when present):"
echo "      .venv-jax010 (Python 3.11, JAX 0.10.2) and .venv-jax012 (Python 3.12, JAX 0.12.0.1), used below;"
echo "      .venv-jax083 (Python 3.12, JAX 0.8.3), optional: only the tests of the oldest release use it"
echo "      (PALLAS_LSP_NO_JAX083=1 leaves it out)"
.ci/jax-envs.sh | sed 's/^/      /'

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(../shared/examples)

echo "[3/3] checking ${targets[*]}: static findings, each confirmed by real lowering on this CPU"
status=0
for env in .venv-jax010 .venv-jax012; do
  version=$("$env/bin/python" -c "import importlib.metadata as m; print(m.version('jax'))")
  echo
  echo "== JAX $version ($env/bin/python) =="
  .venv/bin/pallas-lsp check "${targets[@]}" --python "$env/bin/python" --confirm local --jobs 2 || status=$?
  echo
done
echo "pallas-lsp is in $PWD/.venv/bin: run \`source .venv/bin/activate\` to put it on PATH"
echo "(then e.g. \`pallas-lsp check ../shared/examples --jax-version 0.10.2\`, \`pallas-lsp explain PAL002\`)."
# 1 means "findings were reported", which is what the examples are for.
[ "$status" -le 1 ] || exit "$status"
