"""Shared pytest fixtures: one warm lowering worker per JAX venv for the whole session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def lowering_pool() -> Iterator[object]:
    # Importing JAX costs about a second per check; a warm worker pays it once per venv.
    runner = pytest.importorskip("pallas_lsp.lowering.runner")
    with runner.WarmWorkerPool() as pool:
        yield pool
