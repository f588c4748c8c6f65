#!/usr/bin/env bash
# The main job on a fresh machine: install pallas-lsp and JAX, then check the
# shared example kernels statically and confirm every finding with real JAX
# lowering on this machine's CPU (cross-lowered for CUDA: nothing is compiled
# or run), once per supported JAX version.
#
#   bash scripts/setup-and-check.sh [PATH ...]     (default: ../shared/examples)
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install.sh
.ci/jax-envs.sh >/dev/null

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(../shared/examples)

status=0
for env in .venv-jax010 .venv-jax012; do
  version=$("$env/bin/python" -c "import importlib.metadata as m; print(m.version('jax'))")
  echo "== JAX $version: static findings, confirmed by real lowering on the local CPU =="
  .venv/bin/pallas-lsp check "${targets[@]}" --python "$env/bin/python" --confirm local --jobs 2 || status=$?
  echo
done
# 1 means "findings were reported", which is what the examples are for.
[ "$status" -le 1 ] || exit "$status"
