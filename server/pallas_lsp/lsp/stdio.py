"""The server's stdin: read in chunks, so that messages that arrived together are handled
together.

pygls reads stdin one line (and one body) per trip to a thread pool, so the event loop
runs between any two messages: a hover's task starts before the ``$/cancelRequest``
sent right behind it is read, and the cancel can never cancel anything. This reader
takes whatever the pipe holds at once and serves lines and bodies from its buffer
without yielding to the loop; the cancel is then read before the cancelled request's
task first runs, and pygls answers it RequestCancelled (-32800), as LSP asks. Framing
(headers, bodies, what is done with a malformed one) is framing.py's.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, BinaryIO

from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer

from .framing import FrameReader, StreamCut, serve_frames

if TYPE_CHECKING:
    from .early import EarlyStart

logger = logging.getLogger("pallas_lsp.lsp")

CHUNK = 1 << 16


class ChunkedReader:
    """Whatever the pipe holds at once; framing.FrameReader cuts it into messages.

    Read on the event loop when the loop can wait for the descriptor (a pipe, a socket, a
    terminal: ``add_reader``), so a keystroke's message takes no thread hop; a read when the
    descriptor is ready returns what the pipe holds (the descriptor stays blocking: nothing
    else reads it, and children that inherit it see it as it was). Else (a regular file,
    which epoll refuses) on a thread of its own, which may stay blocked in read() until the
    process ends."""

    def __init__(self, stream: BinaryIO) -> None:
        self.fd = stream.fileno()
        self.executor: ThreadPoolExecutor | None = None
        self.on_loop = True

    async def read(self) -> bytes:
        loop = asyncio.get_running_loop()
        if self.on_loop:
            ready: asyncio.Future[bytes] = loop.create_future()
            try:
                loop.add_reader(self.fd, self._ready, loop, ready)
            except (OSError, ValueError, NotImplementedError):
                self.on_loop = False  # not pollable: the thread below from now on
            else:
                try:
                    return await ready
                finally:
                    loop.remove_reader(self.fd)
        if self.executor is None:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pallas-lsp-stdin")
        return await loop.run_in_executor(self.executor, os.read, self.fd, CHUNK)

    def _ready(self, loop: asyncio.AbstractEventLoop, ready: asyncio.Future[bytes]) -> None:
        loop.remove_reader(self.fd)
        if ready.done():
            return
        try:
            ready.set_result(os.read(self.fd, CHUNK))
        except OSError as exc:
            ready.set_exception(exc)


def run_stdio(server: LanguageServer, early: EarlyStart | None = None) -> None:
    """``server.start_io()`` with the chunked reader and framing.py's loop; returns when the
    client exits or leaves. A stream cut inside a message ends the server with exit status 1
    and a line on stderr, so the client restarts it. ``early``: what early.py read (read
    again here from its first byte, as if it had just arrived) and answered."""
    server._stop_event = stop_event = threading.Event()
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))
    reader = FrameReader(ChunkedReader(sys.stdin.buffer).read)
    if early is not None:
        reader.give_back(early.consumed)
        reader.eof = early.eof
        if early.answered_body is not None:
            server.protocol.early_answer = (early.answered_id, early.answered_body)  # type: ignore[attr-defined]
    try:
        asyncio.run(serve_frames(stop_event, reader, server.protocol, server.report_server_error))
    except StreamCut as exc:
        print(f"pallas-lsp: {exc}: the server stops (the editor starts a new one)", file=sys.stderr,
              flush=True)
        server.protocol.exit_code = 1  # type: ignore[attr-defined]
    except BrokenPipeError:
        logger.error("the connection to the client is lost: the server stops")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()
