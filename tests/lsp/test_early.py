"""lsp/early.py answers ``initialize`` before pygls is imported: its answer must be the
one pygls gives, byte for byte, for every client, and sent once.

- early_tables.py is what early_gen.py writes from this lsprotocol and this server;
- in process, for real clients' capabilities and thousands of random variations of
  them, whatever early_check.py accepts lsprotocol's converter structures, and
  ``result_for`` equals the InitializeResult pygls's ServerCapabilitiesBuilder builds;
- end to end (a spawned server, raw stdio), the bytes of the answer with early answering
  on equal those with it off, the answer comes once, and the server logs no difference.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp.clients
from early_raw import SHUTDOWN_EXIT, first_answer, frame, initialize, run
from pallas_lsp import __version__
from pallas_lsp.lsp.early import result_for
from pallas_lsp.lsp.early_check import initialize_params_accepted
from pallas_lsp.lsp.early_tables import RESULT, SCHEMA

# The generator is a developer's script (it starts a server), outside the package.
_GENERATOR = Path(__file__).resolve().parents[2] / "scripts" / "early_gen.py"
_spec = importlib.util.spec_from_file_location("early_gen", _GENERATOR)
assert _spec is not None and _spec.loader is not None
early_gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(early_gen)

CLIENTS = Path(pytest_lsp.clients.__file__).parent


def client_params(name: str) -> dict[str, Any]:
    """The initialize params pytest-lsp recorded from a real editor (clientInfo, capabilities)."""
    recorded = json.loads((CLIENTS / name).read_text(encoding="utf-8"))
    return {"processId": 4242, "rootUri": "file:///work/project", **recorded,
            "initializationOptions": {"pallasLsp": {"debounceMs": 50}},
            "workspaceFolders": [{"uri": "file:///work/project", "name": "project"}]}


REAL = sorted(p.name for p in CLIENTS.glob("*.json"))
MINIMAL: dict[str, Any] = {"processId": None, "rootUri": None, "capabilities": {}}


def variants() -> dict[str, dict[str, Any]]:
    """Real clients, a minimal one, and each client-dependent capability on and off."""
    found = {name: client_params(name) for name in REAL}
    found["minimal"] = MINIMAL
    for encodings in (["utf-8"], ["utf-16"], ["utf-32"], ["utf-32", "utf-8"], ["utf-7", "utf-8"], ["utf-7"],
                      []):
        found[f"positionEncodings={encodings}"] = {**MINIMAL, "capabilities": {
            "general": {"positionEncodings": encodings}}}
    for prepare in (True, False, None):
        found[f"prepareSupport={prepare}"] = {**MINIMAL, "capabilities": {
            "textDocument": {"rename": {"prepareSupport": prepare}}}}
    for flag in ("willSave", "willSaveWaitUntil"):
        for value in (True, False):
            found[f"{flag}={value}"] = {**MINIMAL, "capabilities": {
                "textDocument": {"synchronization": {flag: value}}}}
    found["notebookDocument"] = {**MINIMAL, "capabilities": {"notebookDocument": {"synchronization": {}}}}
    found["fileOperations"] = {**MINIMAL, "capabilities": {"workspace": {"fileOperations": {
        "didCreate": True, "willRename": True}}}}
    vscode = client_params("visual_studio_code_v1.65.2.json")
    vscode["capabilities"] = copy.deepcopy(vscode["capabilities"])
    vscode["capabilities"]["general"]["positionEncodings"] = ["utf-8", "utf-16"]
    found["vscode+utf-8"] = vscode
    return found


# -- in process -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pygls_side() -> Any:
    from pallas_lsp.lsp.server import server

    return server


def _pygls_result(server: Any, params: dict[str, Any]) -> str:
    """What pygls's lsp_initialize answers these params with, serialised as it sends it."""
    from lsprotocol import types
    from pygls.capabilities import ServerCapabilitiesBuilder

    protocol = server.protocol
    request = protocol._converter.structure(initialize(params), types.InitializeRequest)
    caps = request.params.capabilities
    fm = protocol.fm
    built = ServerCapabilitiesBuilder(
        caps, set({**fm.features, **fm.builtin_features}.keys()), fm.feature_options,
        list(fm.commands.keys()),
        server._text_document_sync_kind, server._notebook_document_sync,
        ServerCapabilitiesBuilder.choose_position_encoding(caps)).build()
    result = types.InitializeResult(capabilities=built, server_info=protocol.server_info)
    return json.dumps(protocol._converter.unstructure(result))


def test_the_schema_is_this_lsprotocols() -> None:
    assert early_gen.schema() == SCHEMA, "run: .venv/bin/python scripts/early_gen.py"


def test_the_result_is_this_servers() -> None:
    """RESULT is what the server (early answering off) answers the fullest client: a new
    handler, option or pygls changes it, and this says to generate the tables again."""
    answer = early_gen.result_of(early_gen.server_answer(early_gen.full_client_params()))
    assert answer == RESULT, "run: .venv/bin/python scripts/early_gen.py"


# Neovim 0.9.1 sends textDocument.callHierarchy as a list: lsprotocol's converter reads it,
# early_check.py does not (it takes less, never more), so pygls answers that client itself.
DECLINED = {"neovim_v0.9.1.json"}


@pytest.mark.parametrize("name", sorted(variants()))
def test_the_template_is_pygls_answer(pygls_side: Any, name: str) -> None:
    params = variants()[name]
    assert initialize_params_accepted(params) is (name not in DECLINED)
    assert json.dumps(result_for(params, __version__)) == _pygls_result(pygls_side, params)


# Values a fuzzed capability takes: the right type and the wrong ones, edges of the ranges.
_POOL: list[Any] = [None, True, False, 0, 1, -1, 2**31 - 1, 2**31, 1.5, "", "x", "utf-8", "utf-32",
                    "markdown", "relative", [], [1], ["x"], [True], {}, {"x": 1}, {"jsonrpc": "2.0"},
                    {"delta": True}, {"delta": 1}]


def _mutate(value: Any, rng: random.Random) -> Any:
    """``value`` with one node somewhere in it replaced by a value from the pool."""
    if isinstance(value, dict) and value and rng.random() < 0.85:
        key = rng.choice(sorted(value))
        return {**value, key: _mutate(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.85:
        index = rng.randrange(len(value))
        return [*value[:index], _mutate(value[index], rng), *value[index + 1:]]
    if isinstance(value, dict) and rng.random() < 0.3:
        return {**value, rng.choice(["x", "delta", "dynamicRegistration", "valueSet"]): rng.choice(_POOL)}
    return copy.deepcopy(rng.choice(_POOL))


def test_whatever_the_check_accepts_pygls_accepts_and_answers_alike(pygls_side: Any) -> None:
    from pygls.uris import from_fs_path, to_fs_path

    rng = random.Random(22)
    bases = [client_params(name) for name in REAL] + [MINIMAL]
    accepted = refused = 0
    for _ in range(3000):
        params = _mutate(rng.choice(bases), rng)
        if not initialize_params_accepted(params):
            refused += 1
            continue
        accepted += 1
        # lsp_initialize's own steps that can raise: the root as a path.
        root = params.get("rootUri") or (from_fs_path(params["rootPath"]) if params.get("rootPath") else None)
        if root is not None:
            to_fs_path(root)
        assert json.dumps(result_for(params, __version__)) == _pygls_result(pygls_side, params), params
    assert accepted > 500 and refused > 500  # both sides of the check were reached


# -- end to end -----------------------------------------------------------------------------

E2E = ["visual_studio_code_v1.65.2.json", "neovim_v0.11.0.json", "neovim_v0.9.1.json", "emacs_v29.1.json",
       "minimal", "positionEncodings=['utf-32', 'utf-8']", "prepareSupport=False",
       "willSave=True", "vscode+utf-8"]


@pytest.mark.parametrize("name", E2E)
def test_the_early_answer_is_the_servers_own_byte_for_byte(name: str) -> None:
    request = frame(initialize(variants()[name]))
    early = run([request, SHUTDOWN_EXIT], early=True)
    late = run([request, SHUTDOWN_EXIT], early=False)
    assert len(early.answers(1)) == 1, early.out[:300]
    assert early.answers(1) == late.answers(1)
    assert early.frames()[0] == early.answers(1)[0]  # first: answered before anything else
    assert "differs" not in early.stderr, early.stderr
    assert (early.returncode, early.answers("down")) == (late.returncode, late.answers("down"))


def test_a_string_id_is_answered_early_with_that_id() -> None:
    request = frame(initialize(MINIMAL, ident="init-1"))
    early = run([request, SHUTDOWN_EXIT], early=True)
    late = run([request, SHUTDOWN_EXIT], early=False)
    assert len(early.answers("init-1")) == 1
    assert early.answers("init-1") == late.answers("init-1")
    assert early.answers(1) == []


def test_the_answer_comes_before_the_server_is_imported() -> None:
    """With stdin left open the answer comes at once: the frame was answered by early.py
    (pygls, in the same process, would take the import first; test_startup.py times nothing)."""
    answer, _ = first_answer([frame(initialize(client_params("visual_studio_code_v1.65.2.json")))])
    message = json.loads(answer.partition(b"\r\n\r\n")[2])
    assert message["id"] == 1 and message["result"]["serverInfo"] == {"name": "pallas-lsp",
                                                                      "version": __version__}


def test_the_servers_own_answer_is_dropped_and_a_difference_logged(caplog: pytest.LogCaptureFixture) -> None:
    """PallasProtocol._send_data: pygls's answer for the early id is never written; one that
    differs from the bytes sent is an error in the log, not a second answer or a crash."""
    from lsprotocol import types
    from pallas_lsp.lsp.server import server

    protocol = server.protocol
    written: list[bytes] = []

    class Writer:
        def write(self, data: bytes) -> None:
            written.append(data)

    saved_writer, saved_early = protocol.writer, protocol.early_answer
    protocol.set_writer(Writer())
    try:
        protocol.early_answer = (7, b'{"id": 7, "jsonrpc": "2.0", "result": {"not": "this"}}')
        protocol._send_data(types.ShowMessageRequest(id=7, params=types.ShowMessageRequestParams(
            type=types.MessageType.Info, message="a request of the server's, same id")))
        assert len(written) == 1  # a request is no answer: sent
        with caplog.at_level("ERROR", logger="pallas_lsp.lsp"):
            protocol._send_response(7, result=None)
        assert len(written) == 1 and protocol.early_answer is None
        assert "differs" in caplog.text
        protocol._send_response(7, result=None)  # once only: a later answer is sent
        assert len(written) == 2
    finally:
        protocol.writer, protocol.early_answer = saved_writer, saved_early
