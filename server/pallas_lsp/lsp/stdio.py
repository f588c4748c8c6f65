"""The server's stdin: read in chunks, so that messages that arrived together are handled
together.

pygls reads stdin one line (and one body) per trip to a thread pool, so the event loop
runs between any two messages: a hover's task starts before the ``$/cancelRequest``
sent right behind it is read, and the cancel can never cancel anything. This reader
takes whatever the pipe holds at once and serves lines and bodies from its buffer
without yielding to the loop; the cancel is then read before the cancelled request's
task first runs, and pygls answers it RequestCancelled (-32800), as LSP asks.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import BinaryIO

from pygls.io_ import StdoutWriter, run_async
from pygls.lsp.server import LanguageServer

logger = logging.getLogger("pallas_lsp.lsp")

CHUNK = 1 << 16


class ChunkedReader:
    """pygls's AsyncReader (readline, readexactly) over a file descriptor."""

    def __init__(self, stream: BinaryIO) -> None:
        self.fd = stream.fileno()
        self.buffer = bytearray()
        self.eof = False
        # One thread of its own: it may stay blocked in read() until the process ends.
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pallas-lsp-stdin")

    async def _fill(self) -> None:
        chunk = await asyncio.get_running_loop().run_in_executor(self.executor, os.read, self.fd, CHUNK)
        if chunk:
            self.buffer += chunk
        else:
            self.eof = True

    def _take(self, n: int) -> bytes:
        data = bytes(self.buffer[:n])
        del self.buffer[:n]
        return data

    async def readline(self) -> bytes:
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                return self._take(end + 1)
            if self.eof:
                return self._take(len(self.buffer))
            await self._fill()

    async def readexactly(self, n: int) -> bytes:
        while len(self.buffer) < n and not self.eof:
            await self._fill()
        return self._take(min(n, len(self.buffer)))


def run_stdio(server: LanguageServer) -> None:
    """``server.start_io()`` with the chunked reader; returns when the client exits or leaves."""
    server._stop_event = stop_event = threading.Event()
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))
    try:
        asyncio.run(run_async(stop_event=stop_event, reader=ChunkedReader(sys.stdin.buffer),
                              protocol=server.protocol, logger=logger,
                              error_handler=server.report_server_error))
    except BrokenPipeError:
        logger.error("the connection to the client is lost: the server stops")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()
