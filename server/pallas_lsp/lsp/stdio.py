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
from typing import BinaryIO

from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer

from .framing import FrameReader, StreamCut, serve_frames

logger = logging.getLogger("pallas_lsp.lsp")

CHUNK = 1 << 16


class ChunkedReader:
    """Whatever the pipe holds at once, read on a thread of its own (it may stay blocked
    in read() until the process ends); framing.FrameReader cuts it into messages."""

    def __init__(self, stream: BinaryIO) -> None:
        self.fd = stream.fileno()
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pallas-lsp-stdin")

    async def read(self) -> bytes:
        return await asyncio.get_running_loop().run_in_executor(self.executor, os.read, self.fd, CHUNK)


def run_stdio(server: LanguageServer) -> None:
    """``server.start_io()`` with the chunked reader and framing.py's loop; returns when the
    client exits or leaves. A stream cut inside a message ends the server with exit status 1
    and a line on stderr, so the client restarts it."""
    server._stop_event = stop_event = threading.Event()
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))
    reader = FrameReader(ChunkedReader(sys.stdin.buffer).read)
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
