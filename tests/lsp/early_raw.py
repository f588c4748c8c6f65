"""Raw stdio exchanges with a spawned server for the early-initialize tests (lsp/early.py):
the bytes the server writes, its exit status and stderr, with early answering on or off
(``PALLAS_LSP_EARLY``), so each case can be held to what the server did before."""

from __future__ import annotations

import json
import subprocess
import time
from dataclasses import dataclass
from typing import Any

from support import server_command, server_env

WAIT_S = 60.0


def frame(message: Any) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def initialize(params: dict[str, Any], ident: int | str = 1) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "method": "initialize", "params": params}


EXIT = frame({"jsonrpc": "2.0", "method": "exit"})
SHUTDOWN_EXIT = frame({"jsonrpc": "2.0", "id": "down", "method": "shutdown"}) + EXIT


@dataclass
class Run:
    out: bytes
    returncode: int
    stderr: str

    def frames(self) -> list[bytes]:
        """Each frame (header and body) the server wrote, in order."""
        frames, rest = [], self.out
        while rest:
            head, _, body = rest.partition(b"\r\n\r\n")
            length = int(head.split(b"Content-Length: ")[1].split(b"\r\n")[0])
            frames.append(head + b"\r\n\r\n" + body[:length])
            rest = body[length:]
        return frames

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(f.partition(b"\r\n\r\n")[2]) for f in self.frames()]

    def answers(self, ident: object) -> list[bytes]:
        return [f for f, m in zip(self.frames(), self.messages(), strict=True)
                if "method" not in m and m.get("id") == ident and type(m.get("id")) is type(ident)]


def run(pieces: list[bytes], early: bool, pause_s: float = 0.0, close: bool = True) -> Run:
    """Write ``pieces`` (``pause_s`` apart), close stdin when ``close``, collect everything."""
    proc = subprocess.Popen(server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=server_env(PALLAS_LSP_EARLY="1" if early else "0"))
    assert proc.stdin is not None
    for index, piece in enumerate(pieces):
        if index and pause_s:
            time.sleep(pause_s)
        proc.stdin.write(piece)
        proc.stdin.flush()
    if not close:
        raise ValueError("use first_answer for a stream left open")
    out, err = proc.communicate(timeout=WAIT_S)
    return Run(out, proc.returncode, err.decode(errors="replace"))


def first_answer(pieces: list[bytes], pause_s: float = 0.0) -> tuple[bytes, float]:
    """The first bytes the server (early answering on) writes while stdin stays open, and
    the seconds from spawn to them; the server is then told to exit."""
    started = time.perf_counter()
    proc = subprocess.Popen(server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=server_env(PALLAS_LSP_EARLY="1"))
    assert proc.stdin is not None and proc.stdout is not None
    for index, piece in enumerate(pieces):
        if index and pause_s:
            time.sleep(pause_s)
        proc.stdin.write(piece)
        proc.stdin.flush()
    first = proc.stdout.read1(1 << 20)
    elapsed = time.perf_counter() - started
    proc.communicate(SHUTDOWN_EXIT, timeout=WAIT_S)
    return first, elapsed
