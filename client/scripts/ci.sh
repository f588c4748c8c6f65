#!/usr/bin/env bash
# The VS Code extension's part of CI: install what the end-to-end test needs,
# build, unit-test, package the .vsix, and drive it in real VS Code.
# Needs .venv-jax012 (or PALLAS_E2E_PYTHON: a Python 3.10+ with JAX) for the
# lowering steps, and ../shared/examples (or PALLAS_EXAMPLES).
# Under CI=true the end-to-end test fails, instead of skipping, when any of that is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash .ci/setup-vscode.sh
npm ci --no-audit --no-fund
npm run compile
npm test
npm run package
# Every end-to-end file runs, whatever the one before it did, and every failure is
# listed at the end: one failing file must not hide the others.
failed=()
run_e2e() {  # name, command...
  local name=$1
  shift
  echo "== $name"
  if "$@"; then
    echo "== $name: passed"
  else
    local status=$?
    echo "== $name: FAILED (exit status $status)"
    failed+=("$name (exit status $status)")
  fi
}
run_e2e tests/vscode/e2e.test.mjs node tests/vscode/e2e.test.mjs
run_e2e tests/vscode/notebook.e2e.test.mjs node --test tests/vscode/notebook.e2e.test.mjs
run_e2e tests/vscode/axes.test.mjs node tests/vscode/axes.test.mjs
if [ ${#failed[@]} -gt 0 ]; then
  echo "${#failed[@]} end-to-end file(s) failed (their output above says which step and why):"
  printf '  %s\n' "${failed[@]}"
  exit 1
fi
echo "every end-to-end file passed"
