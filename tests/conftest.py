"""Shared pytest fixtures: one warm lowering worker per JAX venv for the whole session;
and a temp folder of the test run's own.

The run's temp folder: every process the tests start (CLIs, servers, lowering workers and
their private folders) inherits TMPDIR, so what the tests make in "the temp folder" is
theirs alone, and the guard suite's "nothing changed" walk (lowering/machine_state.py) is
not disturbed by another program on the same machine making its own pallas-* folders.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest

RUN_TMP = tempfile.mkdtemp(prefix="pallas-tests-")
# As the system temp folder is: any user may make entries (the unprivileged runs of
# tests/robustness make their folders here), the sticky bit keeps them apart.
os.chmod(RUN_TMP, 0o1777)
os.environ["TMPDIR"] = RUN_TMP
tempfile.tempdir = None  # gettempdir() reads TMPDIR again
atexit.register(shutil.rmtree, RUN_TMP, True)


@pytest.fixture(scope="session")
def lowering_pool() -> Iterator[object]:
    # Importing JAX costs about a second per check; a warm worker pays it once per venv.
    runner = pytest.importorskip("pallas_lsp.lowering.runner")
    with runner.WarmWorkerPool() as pool:
        yield pool
