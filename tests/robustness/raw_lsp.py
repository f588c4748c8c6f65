"""A bare JSON-RPC client over a spawned server's stdio, for tests that need what a
library client hides: several messages in one write, ids of our choosing, the exit
status, stderr. Messages the server sends are collected by a reader thread."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from typing import Any

WAIT_S = 30.0


def frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def request(ident: object, method: str, params: object = None) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": ident, "method": method}
    if params is not None:
        message["params"] = params
    return message


def notification(method: str, params: object = None) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return message


class RawServer:
    def __init__(self, command: list[str], env: dict[str, str], cwd: str | None = None) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env, cwd=cwd)
        self.received: queue.Queue[dict[str, Any]] = queue.Queue()
        self.seen: list[dict[str, Any]] = []
        self.stderr = b""
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if length is None:
                continue
            self.received.put(json.loads(out.read(length)))

    def _drain_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr += line

    def stderr_has(self, fragment: bytes, timeout: float = WAIT_S) -> bool:
        """Whether the server's stderr holds ``fragment`` (waiting for the reader thread,
        which may not have read a line the server wrote before its last answer)."""
        deadline = time.monotonic() + timeout
        while fragment not in self.stderr:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are: frames a library client would never write."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def close_stdin(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()

    def send(self, *messages: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"".join(frame(m) for m in messages))
        self.proc.stdin.flush()

    def wait_for(self, predicate, timeout: float = WAIT_S) -> dict[str, Any]:  # type: ignore[no-untyped-def]
        for message in self.seen:
            if predicate(message):
                return message
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no such message in {timeout} s; seen: {self.seen[-5:]}")
            try:
                message = self.received.get(timeout=left)
            except queue.Empty:
                continue
            self.seen.append(message)
            # Answer the server's own requests as an editor would (configuration, registrations).
            if "method" in message and "id" in message:
                result: object = [{}] if message["method"] == "workspace/configuration" else None
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})
            if predicate(message):
                return message

    def response(self, ident: object, timeout: float = WAIT_S) -> dict[str, Any]:
        return self.wait_for(lambda m: m.get("id") == ident and "method" not in m, timeout)

    def initialize(self, root_uri: str | None = None, options: dict[str, Any] | None = None) -> None:
        self.send(request(0, "initialize", {"processId": None, "rootUri": root_uri, "capabilities": {},
                                            "initializationOptions": options or {"pallasLsp": {}}}))
        self.response(0)
        self.send(notification("initialized", {}))

    def open(self, uri: str, text: str) -> None:
        self.send(notification("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": text}}))

    def exit_status(self, timeout: float) -> int | None:
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
