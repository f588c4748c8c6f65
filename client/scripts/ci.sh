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
node tests/vscode/e2e.test.mjs
node --test tests/vscode/notebook.e2e.test.mjs
node tests/vscode/axes.test.mjs
