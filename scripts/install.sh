#!/usr/bin/env bash
# The development environment: .venv (Python 3.10+) with pallas-lsp installed
# editable, and the test tools when called with --test.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
if [ "${1:-}" = "--test" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
else
  .venv/bin/python -m pip install -q --disable-pip-version-check -e .
fi
