"""The server follows imports into the configured interpreter's installed packages:
JAX's ops/gpu reduce_scatter in the 0.12.0.1 venv, named by pallasLsp.interpreter."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_helpers import codes_by_line, initialize, open_doc, wait_for_diagnostics
from pytest_lsp import LanguageClient
from support import FIXTURES, JAX_PYTHONS

JAX_PYTHON = JAX_PYTHONS["0.12.0.1"]
if not JAX_PYTHON.exists():
    pytest.skip("needs .venv-jax012 (.ci/jax-envs.sh)", allow_module_level=True)

FIXTURE = FIXTURES / "single" / "pal002" / "installed_reduce_scatter_axis_name.py"


async def test_finding_inside_jax_reduce_scatter_lands_on_the_users_line(client: LanguageClient) -> None:
    await initialize(client, {"interpreter": [str(JAX_PYTHON)]}, root=FIXTURE.parent)
    uri = FIXTURE.as_uri()
    open_doc(client, uri, FIXTURE.read_text(encoding="utf-8"))
    diagnostics = await wait_for_diagnostics(client, uri, lambda d: ("PAL002", 22) in codes_by_line(d))
    finding = next(d for d in diagnostics if d.code == "PAL002")
    places = {(Path(r.location.uri).name, r.location.range.start.line + 1)
              for r in finding.related_information or []}
    assert ("reduce_scatter_mgpu.py", 157) in places  # JAX's line, as related information
    assert (FIXTURE.name, 17) in places  # the program's call into JAX's code
