"""Start-up order: ``initialize`` is answered before the analysis core is imported, and the
first diagnostics still come (lsp/server.py's docstring, docs/design.md change 88)."""

from __future__ import annotations

import subprocess
import sys

from lsp_helpers import codes_by_line, example, initialize, open_doc, wait_for_diagnostics
from pytest_lsp import LanguageClient
from support import server_env

# What must wait until `initialize` is answered: the interpreter, the rules, the pipeline,
# the workspace index, the analysis lanes, the features no first diagnostics use.
DEFERRED = ("pallas_lsp.analysis.interpreter", "pallas_lsp.analysis.pipeline", "pallas_lsp.analysis.rules",
            "pallas_lsp.project.index", "pallas_lsp.project.installed", "pallas_lsp.lsp.analysis_worker",
            "pallas_lsp.lsp.lanes", "pallas_lsp.lsp.indexing", "pallas_lsp.lsp.hover",
            "pallas_lsp.lsp.actions", "pallas_lsp.lsp.axes_features", "pallas_lsp.lsp.lowering_command")


def _loaded_after(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", f"import sys\n{code}\nprint(sorted(sys.modules))"],
                          env=server_env(), capture_output=True, text=True, check=True)
    return [name for name in DEFERRED if f"'{name}'" in done.stdout]


def test_the_server_module_imports_none_of_the_deferred() -> None:
    assert _loaded_after("import pallas_lsp.lsp.server") == []


def test_the_first_diagnostics_path_is_loaded_after_initialize() -> None:
    loaded = _loaded_after("from pallas_lsp.lsp.server import server\nserver.load_first_diagnostics_path()")
    # What the first diagnostics use is there; hover, actions, axes and lowering wait for first use.
    assert loaded == list(DEFERRED[:8])


async def test_initialize_is_answered_before_the_core_is_imported(client: LanguageClient) -> None:
    await initialize(client)
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    diagnostics = await wait_for_diagnostics(client, uri)
    assert codes_by_line(diagnostics)  # the first diagnostics came, with findings
    info = await client.protocol.send_request_async("pallasLsp/debugInfo", {})
    assert info.coreAtInitialize is False
