"""Fixtures of the real-lowering tests: a JAX venv per version, one warm pool per session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lowering_env import JAX_PYTHONS, jax_python
from pallas_lsp.lowering.runner import WarmWorkerPool


@pytest.fixture(params=sorted(JAX_PYTHONS), ids=lambda v: f"jax{v}")
def version(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def python(version: str) -> str:
    return jax_python(version)


@pytest.fixture(scope="session")
def pool() -> Iterator[WarmWorkerPool]:
    # One warm worker per JAX venv for the whole session: the JAX import (about
    # a second) is paid once per version instead of once per check.
    with WarmWorkerPool() as warm:
        yield warm
