#!/usr/bin/env bash
# Creates the JAX environments the oracle tests lower in (tests/fixture_markers.py
# DEFAULT_VENVS: the oldest, a middle and the newest measured release):
#   .venv-jax083  Python 3.12 + JAX 0.8.3    (oldest: out_shape= spelling, Lane only)
#   .venv-jax010  Python 3.11 + JAX 0.10.2   (Lane is the default semantics)
#   .venv-jax012  Python 3.12 + JAX 0.12.0.1 (Warpgroup default, pallas_call gone)
# `.ci/jax-envs.sh --all` also builds every release docs/jax-releases.md measures,
# as .venv-jax-all/<version> (Python 3.12), two at a time, for the long oracle run
# (PALLAS_LSP_ORACLE_JAX=all).
# absl-py is needed beside jax: the Mosaic GPU package imports it (jax-facts.md).
# Idempotent: an environment whose jax already has the right version is kept;
# all are built at once (the downloads dominate, not the CPU).
set -euo pipefail
cd "$(dirname "$0")/.."

# pyenv shims answer "command not found" for versions that are not global, so
# a shim on PATH is tried by running it, then pyenv's own folders are searched.
find_python() {  # python3.X
  local name=$1 cand
  for cand in "$(command -v "$name" 2>/dev/null)" "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"${name#python}"*/bin/"$name" /usr/bin/"$name" /usr/local/bin/"$name"; do
    [ -n "$cand" ] && [ -x "$cand" ] && "$cand" -c pass 2>/dev/null && { echo "$cand"; return 0; }
  done
  return 1
}

make_env() {  # dir python jax_version
  local dir=$1 py=$2 ver=$3
  if [ -x "$dir/bin/python" ] && "$dir/bin/python" -c "import jax,sys; sys.exit(jax.__version__ != '$ver')" 2>/dev/null; then
    echo "$dir: jax $ver present"; return
  fi
  local interp
  interp=$(find_python "$py") || { echo "$py not found: it is needed for JAX $ver" >&2; exit 1; }
  rm -rf "$dir"
  "$interp" -m venv "$dir"
  "$dir/bin/python" -m pip install -q --disable-pip-version-check "jax==$ver" "jaxlib==$ver" absl-py numpy
  echo "$dir: installed jax $ver"
}

ALL_RELEASES="0.8.3 0.9.0 0.9.0.1 0.9.1 0.9.2 0.10.0 0.10.1 0.10.2 0.11.0 0.11.1 0.11.2 0.12.0 0.12.0.1"
if [ "${1:-}" = "--all" ]; then
  export -f find_python make_env
  printf '%s\n' $ALL_RELEASES | xargs -P 2 -I{} bash -c 'make_env .venv-jax-all/{} python3.12 {}'
fi

pids=()
# PALLAS_LSP_NO_JAX083=1 leaves out the oldest release (about 0.6 GB): only the oracle
# tests of 0.8.3 and `check --jax-version 0.8.3 --confirm` lower under it.
if [ -z "${PALLAS_LSP_NO_JAX083:-}" ]; then
  make_env .venv-jax083 python3.12 0.8.3 & pids+=($!)
else
  echo ".venv-jax083: left out (PALLAS_LSP_NO_JAX083 is set)"
fi
make_env .venv-jax010 python3.11 0.10.2 & pids+=($!)
make_env .venv-jax012 python3.12 0.12.0.1 & pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done
