"""What early.py must not change: every first frame that is not a well-formed
``initialize`` pygls accepts is answered as before (pygls answers it), and a stream that
breaks off early ends the server as before. Each case runs the server with early
answering on and off, and holds the frames written and the exit status equal."""

from __future__ import annotations

import json

import pytest
from early_raw import EXIT, SHUTDOWN_EXIT, first_answer, frame, initialize, run

MINIMAL = {"processId": None, "rootUri": None, "capabilities": {}}
INVALID_PARAMS = -32602


def _init(params: object, **message: object) -> bytes:
    return frame({**initialize(MINIMAL), "params": params, **message})


CASES: dict[str, list[bytes]] = {
    # Params lsprotocol refuses, deep in the capabilities tree: pygls answers -32602.
    "contentFormat=[5]": [_init({**MINIMAL, "capabilities": {"textDocument": {"hover": {
        "contentFormat": [5]}}}}), SHUTDOWN_EXIT],
    "semanticTokens without tokenTypes": [_init({**MINIMAL, "capabilities": {"textDocument": {
        "semanticTokens": {"requests": {}, "tokenModifiers": [], "formats": []}}}}), SHUTDOWN_EXIT],
    "capabilities missing": [_init({"processId": None, "rootUri": None}), SHUTDOWN_EXIT],
    "capabilities null": [_init({**MINIMAL, "capabilities": None}), SHUTDOWN_EXIT],
    "params null": [_init(None), SHUTDOWN_EXIT],
    "params a list": [_init([1, 2]), SHUTDOWN_EXIT],
    # Params pygls takes and the check does not (it takes less): pygls answers, success.
    "willSave a string": [_init({**MINIMAL, "capabilities": {"textDocument": {"synchronization": {
        "willSave": "yes"}}}}), SHUTDOWN_EXIT],
    "processId -1": [_init({**MINIMAL, "processId": -1}), SHUTDOWN_EXIT],
    "id 0 as a float": [_init(MINIMAL, id=1.0), SHUTDOWN_EXIT],
    # A root pygls's lsp_initialize cannot make a path of (urllib raises).
    "rootUri file://[": [_init({**MINIMAL, "rootUri": "file://["}), SHUTDOWN_EXIT],
    "rootPath //[x": [_init({**MINIMAL, "rootPath": "//[x/y"}), SHUTDOWN_EXIT],
    # An object that says "jsonrpc" inside the params: pygls judges it as a message too.
    "a message inside initializationOptions": [_init({**MINIMAL, "initializationOptions": {
        "jsonrpc": "2.0", "id": 5}}), SHUTDOWN_EXIT],
    "jsonrpc 1.0": [_init(MINIMAL, jsonrpc="1.0"), SHUTDOWN_EXIT],
    "an extra member": [_init(MINIMAL, extra=True), SHUTDOWN_EXIT],
    "not JSON": [b"Content-Length: 9\r\n\r\n{not json", SHUTDOWN_EXIT],
    "NaN in the options": [b'Content-Length: 107\r\n\r\n{"jsonrpc": "2.0", "id": 1, "method": "initialize", '
                           b'"params": {"capabilities": {}, "initializationOptions": NaN}}', SHUTDOWN_EXIT],
    "not UTF-8": [b"Content-Length: 4\r\n\r\n\xff\xfe\x00{", SHUTDOWN_EXIT],
    # Other first messages.
    "a request before initialize": [frame({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover",
                                           "params": {"textDocument": {"uri": "file:///a.py"},
                                                      "position": {"line": 0, "character": 0}}}),
                                    SHUTDOWN_EXIT],
    "exit before initialize": [EXIT],
    "shutdown before initialize": [SHUTDOWN_EXIT],
    # Framing: lenient headers (the server's reader takes them), a huge frame, a cut stream.
    "LF-only header": [frame(initialize(MINIMAL)).replace(b"\r\n\r\n", b"\n\n", 1), SHUTDOWN_EXIT],
    "lowercase header": [frame(initialize(MINIMAL)).replace(b"Content-Length", b"content-length", 1),
                         SHUTDOWN_EXIT],
    "another header first": [b"X-Header: 1\r\n" + frame(initialize(MINIMAL)), SHUTDOWN_EXIT],
    "a blank line first": [b"\r\n" + frame(initialize(MINIMAL)), SHUTDOWN_EXIT],
    "Content-Length 0": [b"Content-Length: 0\r\n\r\n", frame(initialize(MINIMAL)), SHUTDOWN_EXIT],
    "a 2 MB initialize": [frame(initialize({**MINIMAL, "initializationOptions": {"pad": "x" * 2_000_000}})),
                          SHUTDOWN_EXIT],
    "EOF inside the body": [frame(initialize(MINIMAL))[:-10]],
    "EOF inside the header": [b"Content-Length: 12"],
    "EOF at once": [],
    "garbage, then initialize": [b"hello\r\n\r\n" + frame(initialize(MINIMAL)), SHUTDOWN_EXIT],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_before(name: str) -> None:
    early = run(CASES[name], early=True)
    late = run(CASES[name], early=False)
    assert early.frames() == late.frames(), (early.out[:400], late.out[:400])
    assert early.returncode == late.returncode
    assert "differs" not in early.stderr, early.stderr
    # Tracebacks only where there were before (a request before initialize has one, on exit).
    assert ("Traceback" in early.stderr) == ("Traceback" in late.stderr), early.stderr


def test_malformed_params_get_the_invalid_params_error_not_a_success() -> None:
    early = run(CASES["contentFormat=[5]"], early=True)
    (answer,) = [m for m in early.messages() if m.get("id") == 1]
    assert answer["error"]["code"] == INVALID_PARAMS and "result" not in answer
    assert early.answers("down")  # the server goes on after it


def test_a_frame_split_across_reads_is_answered_early() -> None:
    request = frame(initialize(MINIMAL))
    pieces = [request[:10], request[10:25], request[25:60], request[60:]]
    answer, _ = first_answer(pieces, pause_s=0.15)
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["id"] == 1
    split = run(pieces, early=True, pause_s=0.15)  # and nothing else changes
    assert split.answers(1) == run([request], early=False).answers(1)


def test_a_lenient_first_frame_is_answered_while_the_client_waits() -> None:
    """A header early.py does not take whole must not make it wait for more bytes: the
    client waits for the answer, and the server's reader must get the frame."""
    for request in (frame(initialize(MINIMAL)).replace(b"\r\n\r\n", b"\n\n", 1),
                    frame(initialize(MINIMAL)).replace(b"Content-Length", b"content-length", 1)):
        answer, _ = first_answer([request])
        assert json.loads(answer.partition(b"\r\n\r\n")[2])["id"] == 1


def test_settings_problems_are_said_after_the_early_answer() -> None:
    """The one change in order: a bad setting's window/showMessage came before pygls's answer
    (the handler ran first); now the answer is first, which LSP prefers."""
    pieces = [frame(initialize({**MINIMAL, "initializationOptions": {"pallasLsp": {"debounceMs": "x"}}})),
              SHUTDOWN_EXIT]
    early, late = run(pieces, early=True), run(pieces, early=False)
    assert sorted(early.frames()) == sorted(late.frames())
    assert early.messages()[0]["id"] == 1
    assert any(m.get("method") == "window/showMessage" for m in early.messages())


def test_an_install_without_pygls_fails_before_any_answer_as_before() -> None:
    """``python -S``: no site-packages, so no pygls. The editor must see the server end without
    an answer (it says the server did not start, with the traceback), never a success first."""
    import subprocess
    import sys

    from support import server_env

    results = []
    for early in ("1", "0"):
        done = subprocess.run([sys.executable, "-S", "-m", "pallas_lsp", "serve"],
                              input=frame(initialize(MINIMAL)) + EXIT, capture_output=True, timeout=60,
                              env=server_env(PALLAS_LSP_EARLY=early), check=False)
        results.append((done.stdout, done.returncode, "ModuleNotFoundError" in done.stderr.decode()))
    assert results[0] == results[1] == (b"", 1, True)
