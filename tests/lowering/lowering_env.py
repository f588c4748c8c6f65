"""Where the real-lowering tests find the JAX venvs, the examples and their own cases.

The JAX environments come from .ci/jax-envs.sh (.ci/setup-lowering.sh runs it);
without them every test that lowers is skipped with that reason.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import EXAMPLES, JAX_PYTHONS, REPO

CASES = Path(__file__).resolve().parent / "cases"
NO_JAX_PYTHON = REPO / ".venv" / "bin" / "python"



def jax_python(version: str) -> str:
    python = JAX_PYTHONS[version]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/setup-lowering.sh (JAX {version})")
    return str(python)


def expected_results() -> dict:
    results = EXAMPLES / "lowering-results.json"
    if not results.exists():
        return {}
    return json.loads(results.read_text())


