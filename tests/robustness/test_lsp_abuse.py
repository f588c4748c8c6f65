"""The language server under protocol abuse: it stays up (or exits cleanly) and ends right.

A real client over stdio (pytest-lsp) sends unknown methods, positions far
outside the document, edits to documents never opened and a thousand rapid
edits. A raw subprocess writes malformed JSON-RPC to the server's stdin and
then walks away with the pipes closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from fuzz_helpers import corpus_text, mutated_kernels
from hypothesis import HealthCheck, given, settings
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient, client_capabilities
from support import server_command, server_env

URI = "file:///robustness/kernel.py"
# Waits for the server, not speed limits: generous, so only a dead or stuck server trips them.
WAIT_S = 30.0


async def initialize(client: LanguageClient, debounce_ms: int = 0) -> None:
    await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            initialization_options={"pallasLsp": {"debounceMs": debounce_ms}},
        )
    )


def open_doc(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=version, text=text)))


def change_doc(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def diagnostics_for(client: LanguageClient, uri: str, version: int,
                          predicate: Callable[[list[types.Diagnostic]], bool] = lambda d: True,
                          ) -> list[types.Diagnostic]:
    """The diagnostics published for ``uri`` at ``version`` (or later), once ``predicate`` holds."""

    async def poll() -> list[types.Diagnostic]:
        while True:
            published = client.diagnostics.get(uri)
            seen = client.diagnostic_versions.get(uri)  # type: ignore[attr-defined]
            if published is not None and seen is not None and seen >= version \
                    and predicate(list(published)):
                return list(published)
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    return await asyncio.wait_for(poll(), WAIT_S)


def codes(diagnostics: list[types.Diagnostic]) -> set[tuple[str, int]]:
    return {(str(d.code), d.range.start.line + 1) for d in diagnostics if d.source == "pallas-lsp"}


async def still_answers(client: LanguageClient, uri: str) -> None:
    """The server is alive and serving: a hover request gets an answer (None is an answer)."""
    await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=0, character=0))), WAIT_S)


BUGGY = corpus_text("allreduce_jit_no_mesh.py")


def expected_codes() -> set[tuple[str, int]]:
    from pallas_lsp.analysis import analyze

    return {(f.code, f.span.line) for f in analyze(BUGGY).findings}


async def test_unknown_methods(client: LanguageClient) -> None:
    await initialize(client)
    with pytest.raises(JsonRpcException):
        await asyncio.wait_for(client.protocol.send_request_async("pallas/noSuchMethod", {"x": 1}),
                               WAIT_S)
    with pytest.raises(JsonRpcException):
        await asyncio.wait_for(client.protocol.send_request_async("textDocument/noSuchThing", None),
                               WAIT_S)
    client.protocol.notify("pallas/noSuchNotification", {"x": [1, 2, 3]})
    client.protocol.notify("$/noSuchNotification", None)
    open_doc(client, URI, BUGGY)
    assert codes(await diagnostics_for(client, URI, 1, lambda d: bool(d))) == expected_codes()


@pytest.mark.parametrize("line,character", [(10**6, 0), (0, 10**6), (10**6, 10**6), (3, 2**31 - 1)])
async def test_out_of_range_positions(client: LanguageClient, line: int, character: int) -> None:
    await initialize(client)
    open_doc(client, URI, BUGGY)
    await diagnostics_for(client, URI, 1, lambda d: bool(d))
    where = types.Position(line=line, character=character)
    for uri in (URI, "file:///robustness/never_opened.py"):
        document = types.TextDocumentIdentifier(uri=uri)
        # An error answer is fine; silence or a crash is not.
        with contextlib.suppress(JsonRpcException):
            await asyncio.wait_for(client.text_document_hover_async(
                types.HoverParams(text_document=document, position=where)), WAIT_S)
        for start, end in ((where, where), (types.Position(line=0, character=0), where),
                           (where, types.Position(line=0, character=0))):
            with contextlib.suppress(JsonRpcException):
                await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
                    text_document=document, range=types.Range(start=start, end=end),
                    context=types.CodeActionContext(diagnostics=[]))), WAIT_S)
    await still_answers(client, URI)
    # And the document still lints: an edit is diagnosed as before.
    change_doc(client, URI, BUGGY + "\n", 2)
    assert codes(await diagnostics_for(client, URI, 2, lambda d: bool(d))) == expected_codes()


async def test_edits_to_documents_never_opened(client: LanguageClient) -> None:
    await initialize(client)
    ghost = "file:///robustness/ghost.py"
    change_doc(client, ghost, BUGGY, 7)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=ghost, version=8),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=50, character=3),
                              end=types.Position(line=2, character=0)), text="x")]))
    client.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=ghost)))
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=ghost)))
    open_doc(client, URI, BUGGY)
    assert codes(await diagnostics_for(client, URI, 1, lambda d: bool(d))) == expected_codes()
    await still_answers(client, ghost)


async def test_incremental_edit_out_of_range(client: LanguageClient) -> None:
    """An incremental change whose range lies past the end of the document."""
    await initialize(client)
    open_doc(client, URI, BUGGY)
    await diagnostics_for(client, URI, 1, lambda d: bool(d))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=10**5, character=9),
                              end=types.Position(line=10**5 + 1, character=0)), text="# tail\n")]))
    await still_answers(client, URI)
    change_doc(client, URI, BUGGY, 3)
    assert codes(await diagnostics_for(client, URI, 3, lambda d: bool(d))) == expected_codes()


async def test_thousand_rapid_edits_end_right(client: LanguageClient) -> None:
    """1,000 whole-document edits as fast as the pipe takes them, alternating between a
    correct and a broken text, ending on the broken one: its diagnostics come last."""
    await initialize(client, debounce_ms=20)
    correct = corpus_text("allreduce_shard_map_ok.py")
    open_doc(client, URI, correct)
    for version in range(2, 1001):
        change_doc(client, URI, BUGGY if version % 2 else correct, version)
    change_doc(client, URI, BUGGY, 1001)
    want = expected_codes()
    got = await diagnostics_for(client, URI, 1001, lambda d: codes(d) == want)
    assert codes(got) == want
    # Nothing stale arrives after the final diagnostics.
    await still_answers(client, URI)
    assert codes(client.diagnostics[URI]) == want


async def test_thousand_rapid_keystrokes_end_right(client: LanguageClient) -> None:
    """1,000 single-character incremental edits (typed and deleted) ending on a text whose
    axis no longer matches the mesh: the final diagnostics are those of the final text."""
    await initialize(client, debounce_ms=20)
    text = corpus_text("allreduce_shard_map_ok.py")
    open_doc(client, URI, text)
    await diagnostics_for(client, URI, 1)
    version = 1
    for n in range(500):
        version += 1
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=0, character=0),
                                  end=types.Position(line=0, character=0)), text="#")]))
        version += 1
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=0, character=0),
                                  end=types.Position(line=0, character=1)), text="")]))
        del n
    # The last keystroke types over the axis name: "x" becomes "y", which no mesh axis is.
    row = next(n for n, line in enumerate(text.splitlines()) if 'collective_axes=("x",)' in line)
    column = text.splitlines()[row].index('collective_axes=("x",)') + len('collective_axes=("')
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version + 1),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=row, character=column),
                              end=types.Position(line=row, character=column + 1)), text="y")]))
    final = text.replace('collective_axes=("x",)', 'collective_axes=("y",)')
    from pallas_lsp.analysis import analyze

    want = {(f.code, f.span.line) for f in analyze(final).findings}
    assert want, "the final text must have findings for this test to mean anything"
    got = await diagnostics_for(client, URI, version + 1, lambda d: codes(d) == want)
    assert codes(got) == want


def mutated_texts(count: int) -> list[str]:
    """``count`` mutated kernel files, drawn by hypothesis (outside any server session)."""
    texts: list[str] = []

    @settings(max_examples=count, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(mutated_kernels())
    def collect(text: str) -> None:
        texts.append(text)

    collect()
    return texts or [BUGGY]


async def test_mutated_texts_in_one_session(client: LanguageClient) -> None:
    """60 mutated kernel files sent as edits of one document, then a known one: its
    diagnostics are right, and the server answered throughout."""
    texts = mutated_texts(60)
    await initialize(client)
    open_doc(client, URI, texts[0])
    for version, text in enumerate(texts[1:], start=2):
        change_doc(client, URI, text, version)
        if version % 10 == 0:
            await still_answers(client, URI)
    final = len(texts) + 1
    change_doc(client, URI, BUGGY, final)
    want = expected_codes()
    assert codes(await diagnostics_for(client, URI, final, lambda d: codes(d) == want)) == want


# ---- raw stdio: malformed JSON-RPC and a client that disappears -----------------------------

class RawServer:
    """The server process with its pipes in our hands; a thread reads what it writes."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=server_env())
        self.messages: list[dict[str, Any]] = []
        self.stderr = b""
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read(self) -> None:
        stream = self.proc.stdout
        assert stream is not None
        while True:
            length = None
            while True:
                try:
                    line = stream.readline()
                except (OSError, ValueError):  # the test closed the pipe under us
                    return
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                continue
            body = stream.read(length)
            with self._lock:
                self.messages.append(json.loads(body))

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        self.stderr = self.proc.stderr.read()

    def write(self, raw: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(raw)
        self.proc.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def wait_for(self, predicate: Callable[[dict[str, Any]], bool],
                 wait_s: float = WAIT_S) -> dict[str, Any] | None:
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            with self._lock:
                for message in self.messages:
                    if predicate(message):
                        return message
            if self.proc.poll() is not None:
                return None
            time.sleep(0.02)
        return None

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def initialize_raw(server: RawServer) -> None:
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"processId": None, "rootUri": None, "capabilities": {},
                            "initializationOptions": {"pallasLsp": {"debounceMs": 0}}}})
    assert server.wait_for(lambda m: m.get("id") == 1 and "result" in m) is not None
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})


def framed(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


MALFORMED: list[bytes] = [
    framed(b"{oops"),  # not JSON
    framed(b"[]"),  # JSON, not an object
    framed(b"null"),
    framed(b"42"),
    framed(b'{"jsonrpc":"2"}'),  # no method, no id
    framed(b'{"jsonrpc":"2.0","id":7,"params":{}}'),  # a request without a method
    framed(b'{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}'),  # an id of a bad type
    framed(b'{"jsonrpc":"2.0","id":8,"method":"textDocument/hover","params":5}'),
    framed(b'{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{"textDocument":3}}'),
    framed(b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}'),
    framed(b'{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{}}}'),
    framed(b"\xff\xfe\x00"),  # not UTF-8
    framed(b'{"jsonrpc":"2.0","id":10,"result":{"x":1}}'),  # a response to nothing we asked
    b"X-Nonsense: yes\r\n\r\n",  # a header block without Content-Length
    b"Content-Length: -3\r\n\r\n",
    b"Content-Length: abc\r\n\r\n",
]


def test_malformed_json_rpc_then_a_good_request() -> None:
    """After each malformed message the server still answers the next good request, and it
    exits with status 0 after shutdown/exit. (pygls logs each bad message with a traceback on
    stderr: a log line, not a crash.)"""
    server = RawServer()
    try:
        initialize_raw(server)
        for index, raw in enumerate(MALFORMED):
            server.write(raw)
            ident = 100 + index
            server.send({"jsonrpc": "2.0", "id": ident, "method": "textDocument/hover",
                         "params": {"textDocument": {"uri": URI},
                                    "position": {"line": 0, "character": 0}}})
            answer = server.wait_for(lambda m, ident=ident: m.get("id") == ident)
            assert answer is not None, (
                f"no answer after malformed message {raw!r}; exit status {server.proc.poll()}; "
                f"stderr: {server.stderr[-1500:]!r}")
        server.send({"jsonrpc": "2.0", "id": 999, "method": "shutdown"})
        assert server.wait_for(lambda m: m.get("id") == 999) is not None
        server.send({"jsonrpc": "2.0", "method": "exit"})
        assert server.proc.wait(timeout=WAIT_S) == 0
    finally:
        server.kill()


def test_requests_with_invalid_params_are_answered() -> None:
    """JSON-RPC 2.0: a request whose params cannot be read still gets a response, an error
    (-32602 Invalid params). Without one the client's request waits forever."""
    server = RawServer()
    try:
        initialize_raw(server)
        bad = {
            8: {"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover", "params": 5},
            9: {"jsonrpc": "2.0", "id": 9, "method": "textDocument/hover",
                "params": {"textDocument": 3}},
            10: {"jsonrpc": "2.0", "id": 10, "method": "textDocument/codeAction",
                 "params": {"textDocument": {"uri": URI}, "range": None, "context": {}}},
        }
        for message in bad.values():
            server.send(message)
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        assert server.wait_for(lambda m: m.get("id") == 99) is not None
        # Messages are handled in order: once shutdown is answered, the others were read.
        for ident in bad:
            answer = server.wait_for(lambda m, ident=ident: m.get("id") == ident, wait_s=2.0)
            assert answer is not None and "error" in answer, f"request {ident}: no error response"
    finally:
        server.kill()


def test_invalid_requests_get_an_invalid_request_error_without_a_traceback() -> None:
    """An id but no method, or an id that is an object: -32600 with id null, nothing leaked."""
    server = RawServer()
    try:
        initialize_raw(server)
        server.send({"jsonrpc": "2.0", "id": 21})
        server.send({"jsonrpc": "2.0", "id": {"nested": 1}, "method": "textDocument/hover",
                     "params": {}})
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        assert server.wait_for(lambda m: m.get("id") == 99) is not None
        time.sleep(0.5)  # responses are written in order; let both land
        with server._lock:
            errors = [m for m in server.messages if "error" in m and m.get("id") is None]
        assert len(errors) == 2, errors
        for answer in errors:
            assert answer["error"]["code"] == -32600
            assert "Traceback" not in json.dumps(answer)
    finally:
        server.kill()


def test_cancel_request_is_not_an_invalid_request() -> None:
    """$/cancelRequest's params are {"id": n}: an id with no method, like an invalid request,
    but nested. VS Code cancels a hover each time the mouse moves on: no error, no popup."""
    server = RawServer()
    try:
        initialize_raw(server)
        server.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 5}})
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        assert server.wait_for(lambda m: m.get("id") == 99) is not None
        time.sleep(0.5)
        with server._lock:
            noise = [m for m in server.messages if "error" in m
                     or m.get("method") in ("window/showMessage", "window/logMessage")]
        assert noise == [], noise
    finally:
        server.kill()


def test_malformed_messages_pop_up_once() -> None:
    """Ten malformed messages: one error popup for the session, the rest in the log."""
    server = RawServer()
    try:
        initialize_raw(server)
        for _ in range(10):
            server.write(b"Content-Length: 9\r\n\r\n{broken!}")
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        assert server.wait_for(lambda m: m.get("id") == 99) is not None
        time.sleep(0.5)
        with server._lock:
            popups = [m for m in server.messages if m.get("method") == "window/showMessage"]
        assert len(popups) <= 1, popups
    finally:
        server.kill()


def test_content_length_longer_than_the_body_then_disconnect() -> None:
    """A header that promises more bytes than ever come, then the client goes: clean exit."""
    server = RawServer()
    try:
        initialize_raw(server)
        server.write(b"Content-Length: 1000\r\n\r\n{\"jsonrpc\":")
        assert server.proc.stdin is not None
        server.proc.stdin.close()
        assert server.proc.wait(timeout=WAIT_S) in (0, 1)
    finally:
        server.kill()


@pytest.mark.parametrize("busy", [False, True])
def test_client_disappears(busy: bool) -> None:
    """The client's pipes close without shutdown/exit (a crashed editor): the server exits on
    its own, without a traceback; ``busy`` leaves an open document with a lint pending."""
    server = RawServer()
    try:
        initialize_raw(server)
        if busy:
            server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": URI, "languageId": "python", "version": 1, "text": BUGGY}}})
            assert server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
            for version in range(2, 50):
                server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": URI, "version": version},
                    "contentChanges": [{"text": BUGGY + "#" * version}]}})
        assert server.proc.stdin is not None and server.proc.stdout is not None
        server.proc.stdin.close()
        server.proc.stdout.close()
        status = server.proc.wait(timeout=WAIT_S)
        assert status in (0, 1), (status, server.stderr[-2000:])
        if not busy:
            time.sleep(0.1)  # let the stderr reader finish
            assert b"Traceback" not in server.stderr, server.stderr[-2000:]
    finally:
        server.kill()


def test_exit_without_shutdown() -> None:
    server = RawServer()
    try:
        initialize_raw(server)
        server.send({"jsonrpc": "2.0", "method": "exit"})
        assert server.proc.wait(timeout=WAIT_S) in (0, 1)
    finally:
        server.kill()


async def test_huge_document_stays_responsive(client: LanguageClient) -> None:
    """A 30,000-line document: requests are answered while it is analysed, and an edit to a
    small text right after it ends with the small text's diagnostics (no stale overwrite)."""
    from fuzz_helpers import generated_kernels

    await initialize(client)
    huge = generated_kernels(30_000, seed=30)
    open_doc(client, URI, huge)
    await still_answers(client, URI)
    await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        range=types.Range(start=types.Position(line=100, character=0),
                          end=types.Position(line=200, character=0)),
        context=types.CodeActionContext(diagnostics=[]))), WAIT_S)
    change_doc(client, URI, BUGGY, 2)
    want = expected_codes()
    assert codes(await diagnostics_for(client, URI, 2, lambda d: codes(d) == want)) == want
