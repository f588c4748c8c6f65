"""Fixtures of the real-lowering tests: a JAX venv per version, one warm pool per session,
a private sshd (ssh_server.py) per module that asks for it."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from lowering_env import JAX_PYTHONS, jax_python
from pallas_lsp.lowering.runner import WarmWorkerPool
from ssh_server import SSHD, SshServer


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


@pytest.fixture(scope="module")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SshServer]:
    if not Path(SSHD).exists() or shutil.which("ssh") is None:
        pytest.skip("OpenSSH server/client missing: run .ci/setup-lowering.sh")
    if os.geteuid() != 0:
        pytest.skip("the test sshd logs in as root; run as root (CI does)")
    server = SshServer(tmp_path_factory.mktemp("sshd"))
    yield server
    server.stop()
