"""Issue 12, items 6 and 10: cancels cancel, and the lifecycle ends as LSP says, on a
spawned ``python -m pallas_lsp serve`` spoken to byte by byte (raw_lsp)."""

from __future__ import annotations

import pytest
from raw_lsp import RawServer, notification, request
from support import FIXTURES, server_command, server_env

KERNEL = (FIXTURES / "single" / "pal001" / "allreduce_jit_no_mesh.py").read_text()
URI = "file:///robustness/kernel.py"
HOVER = {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}
CANCELLED = -32800
INVALID_REQUEST = -32600


@pytest.fixture
def server():
    started = RawServer(server_command(), server_env())
    yield started
    started.kill()


def no_error_traces(server: RawServer) -> None:
    for message in server.seen:
        assert not ("error" in message and message.get("id") is None), message
        if message.get("method") == "window/showMessage":
            assert message["params"]["type"] > 2, message  # no error or warning popup
    assert b"Traceback" not in server.stderr, server.stderr.decode()[-2000:]


def test_cancel_request_cancels_without_errors(server: RawServer) -> None:
    server.initialize()
    server.open(URI, KERNEL)
    # Hover and its cancel in one write: the cancel is read before the hover runs.
    server.send(request(5, "textDocument/hover", HOVER), notification("$/cancelRequest", {"id": 5}))
    server.send(request(6, "textDocument/codeAction", {
        "textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0},
                                                 "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}}), notification("$/cancelRequest", {"id": 6}))
    assert server.response(5)["error"]["code"] == CANCELLED
    assert server.response(6)["error"]["code"] == CANCELLED
    # A cancel for a request long answered, and notifications whose params hold an
    # id-shaped object: nothing is answered to them, nothing is logged as an error.
    server.send(request(7, "textDocument/hover", HOVER))
    assert "error" not in server.response(7)
    server.send(notification("$/cancelRequest", {"id": 7}),
                notification("$/cancelRequest", {"id": "no-such-request"}),
                notification("workspace/didChangeConfiguration", {"settings": {"id": 3, "pallasLsp": {}}}),
                notification("$/setTrace", {"value": "off", "id": 4}),
                notification("window/workDoneProgress/cancel", {"token": {"id": 1}}),
                request(8, "textDocument/hover", HOVER))
    assert "error" not in server.response(8)
    for ident in range(100, 600):  # a burst of cancels, as a fast typist's editor sends
        server.send(request(ident, "textDocument/hover", HOVER),
                    notification("$/cancelRequest", {"id": ident}))
    server.response(599)
    server.send(request(9, "shutdown"), notification("exit"))
    assert server.exit_status(10) == 0
    no_error_traces(server)


def test_requests_after_shutdown_are_invalid_and_exit_is_prompt(server: RawServer) -> None:
    server.initialize()
    server.send(request(1, "shutdown"))
    assert "error" not in server.response(1)
    server.send(request(2, "textDocument/hover", HOVER))
    assert server.response(2)["error"]["code"] == INVALID_REQUEST
    server.send(notification("exit"))
    assert server.exit_status(2) == 0


def test_exit_without_shutdown_is_status_1(server: RawServer) -> None:
    server.initialize()
    server.send(notification("exit"))
    assert server.exit_status(5) == 1


def test_open_of_a_uri_with_a_nul_is_reported(server: RawServer) -> None:
    server.initialize()
    bad = "file:///robustness/ker%00nel.py"
    server.open(bad, KERNEL)
    said = server.wait_for(lambda m: m.get("method") in ("window/logMessage", "window/showMessage",
                                                         "textDocument/publishDiagnostics")
                           and ("%00" in str(m["params"]) or "NUL" in str(m["params"])))
    assert said
    server.send(request(3, "textDocument/hover", {**HOVER, "textDocument": {"uri": bad}}))
    assert "error" not in server.response(3)
