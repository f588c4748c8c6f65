"""A protocol layer that answers everything (issue 23, item 7), byte by byte (raw_lsp).

Each malformed frame is followed by a good request: the good one must be answered
(nothing after a bad frame is lost in silence) and stderr must say what was wrong. A
stream cut inside a message ends the server with status 1 and a line on stderr (the
client restarts it). Bodies JSON cannot represent here get a JSON-RPC error; unknown
notebooks are a log line; a failing handler answers without a traceback; a closed
document leaves nothing behind.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from raw_lsp import RawServer, frame, notification, request
from support import server_command, server_env

URI = "file:///robustness/answers/k.py"
TEXT = 'import jax\n\nmesh = jax.make_mesh((2,), ("x",))\nprint(jax.lax.axis_index("x"))\n'
INVALID_PARAMS = -32602
INVALID_REQUEST = -32600
REQUEST_FAILED = -32803


def hover(ident: int) -> dict[str, object]:
    return request(ident, "textDocument/hover", {"textDocument": {"uri": URI},
                                                 "position": {"line": 0, "character": 0}})


@pytest.fixture
def server() -> Iterator[RawServer]:
    started = RawServer(server_command(), server_env())
    started.initialize()
    started.open(URI, TEXT)
    yield started
    started.kill()


def no_popups_or_tracebacks(server: RawServer) -> None:
    for message in server.seen:
        if message.get("method") == "window/showMessage":
            assert message["params"]["type"] > 2, message  # no error or warning popup
        if "error" in message:
            assert "data" not in message["error"] or "traceback" not in (message["error"]["data"] or {})
    assert b"Traceback" not in server.stderr, server.stderr.decode()[-3000:]


def end(server: RawServer) -> None:
    server.send(request(999, "shutdown"), notification("exit"))
    assert server.exit_status(10) == 0
    no_popups_or_tracebacks(server)


def _body(ident: int) -> bytes:
    return json.dumps(hover(ident)).encode()


# (the bytes of one malformed frame, what stderr must then say)
MALFORMED = {
    "non-numeric": (b"Content-Length: abc\r\n\r\n" + _body(1), b"no non-negative number (b'abc')"),
    "negative": (b"Content-Length: -5\r\n\r\n" + _body(1), b"no non-negative number (b'-5')"),
    "zero": (b"Content-Length: 0\r\n\r\n", b"Content-Length: 0 (no body) was skipped"),
    "huge": (b"Content-Length: 999999999999\r\n\r\n" + _body(1), b"is over the 128 MB pallas-lsp reads"),
    "no colon": (b"Content-Length 12\r\n\r\n" + _body(1), b"a message header line without a colon"),
    "no length": (b"Content-Type: application/json\r\n\r\n" + _body(1), b"without Content-Length"),
    "endless header": (b"X" * 20_000, b"(over 8192): skipped"),
    "two lengths": (b"Content-Length: 5\r\nContent-Length: 6\r\n\r\n" + _body(1),
                    b"two different Content-Length headers"),
    "not json": (b"Content-Length: 9\r\n\r\n{not json", b"ignored: the message is not valid JSON"),
    "not utf-8": (b"Content-Length: 4\r\n\r\n\xff\xfe{}", b"a message was ignored"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_frame_is_logged_and_the_next_message_answered(server: RawServer, case: str) -> None:
    data, said = MALFORMED[case]
    server.send_raw(data)
    server.send(hover(2))
    assert "error" not in server.response(2)
    assert server.stderr_has(said), server.stderr.decode()[-2000:]
    end(server)


def test_lenient_headers_are_read(server: RawServer) -> None:
    body = _body(3)
    server.send_raw(b"content-length: %d\r\n\r\n" % len(body) + body)  # a lowercase name
    assert "error" not in server.response(3)
    body = _body(4)
    server.send_raw(b"Content-Length: %d\n\n" % len(body) + body)  # LF-only line ends
    assert "error" not in server.response(4)
    assert server.stderr_has(b"read as Content-Length"), server.stderr.decode()[-2000:]
    assert server.stderr_has(b"LF only"), server.stderr.decode()[-2000:]
    end(server)


def test_a_length_longer_than_its_message_loses_no_later_message(server: RawServer) -> None:
    body = _body(5)
    server.send_raw(b"Content-Length: %d\r\n\r\n" % (len(body) + 40) + body + frame(hover(6)))
    assert "error" not in server.response(5)
    assert "error" not in server.response(6)
    end(server)


def test_a_stream_cut_inside_a_message_ends_the_server_with_a_message() -> None:
    server = RawServer(server_command(), server_env())
    try:
        server.initialize()
        server.send_raw(b'Content-Length: 100\r\n\r\n{"jsonrpc": "2.0", "id": 7')
        server.close_stdin()
        assert server.exit_status(20) == 1
        assert server.stderr_has(b"the client's stream ended inside a message (26 of 100 bytes)")
    finally:
        server.kill()


def test_too_deep_and_too_long_params_get_an_error(server: RawServer) -> None:
    deep = ('{"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover", "params": '
            + "[" * 5000 + "]" * 5000 + "}").encode()
    digits = ('{"jsonrpc": "2.0", "id": 9, "method": "textDocument/hover", "params": {"textDocument": '
              f'{{"uri": "{URI}"}}, "position": {{"line": {"9" * 5000}, "character": 0}}}}}}').encode()
    deep_note = ('{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": '
                 + "{\"a\": " * 5000 + "1" + "}" * 5000 + "}").encode()
    for body in (deep, digits, deep_note):
        server.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert server.response(8)["error"] == {
        "code": INVALID_PARAMS, "message": "the message is nested too deeply for pallas-lsp to read"}
    assert server.response(9)["error"]["code"] == INVALID_PARAMS
    assert "more than 4300 digits" in server.response(9)["error"]["message"]
    server.send(hover(10))
    assert "error" not in server.response(10)
    assert server.stderr_has(b"a message was ignored: the message is nested too deeply")  # the notification
    end(server)


def test_bodies_that_are_no_message_are_answered_or_logged(server: RawServer) -> None:
    for body in (b"[" + _body(17) + b"]", b'"hello"', b"42", b"null", b'{"id": 18, "method": "x"}'):
        server.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert server.response(17)["error"] == {
        "code": INVALID_REQUEST, "message": "LSP has no JSON-RPC batches: send each message in its own frame"}
    assert server.response(18)["error"]["code"] == INVALID_REQUEST  # no "jsonrpc": "2.0"
    server.send(hover(19))
    assert "error" not in server.response(19)
    deadline = time.monotonic() + 30
    while server.stderr.count(b"a message was ignored: not a JSON-RPC 2.0 message") < 3 \
            and time.monotonic() < deadline:  # the reader thread may not have read them yet
        time.sleep(0.02)
    assert server.stderr.count(b"a message was ignored: not a JSON-RPC 2.0 message") == 3
    end(server)


def test_changes_to_what_is_not_open_are_log_lines(server: RawServer) -> None:
    server.send(notification("notebookDocument/didChange", {
        "notebookDocument": {"uri": "file:///robustness/none.ipynb", "version": 2},
        "change": {"cells": {"textContent": [{"document": {"uri": "cell-1", "version": 2},
                                              "changes": [{"text": "x = 1\n"}]}]}}}))
    server.send(notification("textDocument/didChange", {
        "textDocument": {"uri": "file:///robustness/none.py", "version": 2},
        "contentChanges": [{"text": "x = 1\n"}]}))
    server.send(hover(11))
    assert "error" not in server.response(11)
    assert server.stderr_has(b"notebookDocument/didChange for a notebook that is not open")
    assert server.stderr_has(b"didChange for a document that is not open")
    end(server)


def test_completion_on_the_empty_last_line_is_answered(server: RawServer) -> None:
    last = TEXT.count("\n")  # the empty line after the final newline
    for ident, line in ((12, last), (13, last + 5), (14, 2**31 - 1)):
        server.send(request(ident, "textDocument/completion", {
            "textDocument": {"uri": URI}, "position": {"line": line, "character": 0}}))
        assert "error" not in server.response(ident), server.seen[-1]
    end(server)


@pytest.mark.parametrize("new_name", ["y\n", "y\r", "a\x00b", "", "a'b", 'a"b', "a\\b", "x\x1b[2J",
                                      "x\u2028", "x\u202e"])
def test_rename_refuses_a_name_that_breaks_the_literal(server: RawServer, new_name: str) -> None:
    server.send(request(15, "textDocument/rename", {
        "textDocument": {"uri": URI}, "position": {"line": 2, "character": 30}, "newName": new_name}))
    error = server.response(15)["error"]
    assert error["code"] == REQUEST_FAILED
    assert "control characters: type another name" in error["message"]
    end(server)


def test_a_closed_document_leaves_nothing_behind(server: RawServer) -> None:
    edits = 10_000
    for start in range(0, edits, 500):
        server.send(*(notification("textDocument/didChange", {
            "textDocument": {"uri": URI, "version": version + 2},
            "contentChanges": [{"range": {"start": {"line": 2, "character": 0},
                                          "end": {"line": 2, "character": 4}},
                                "text": "mesh"}]}) for version in range(start, start + 500)))
    server.send(notification("textDocument/didClose", {"textDocument": {"uri": URI}}))
    server.send(request(16, "pallasLsp/debugInfo", {}))
    held = server.response(16, timeout=120)["result"]["held"]
    # pygls kept a future per didChange (about 1.8 KB each) in _request_futures forever.
    assert held["documents"] == 0 and held["states"] == 0
    assert held["futures"] < 10, held
    end(server)
