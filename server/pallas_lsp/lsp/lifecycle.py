"""How the server process ends: at once, with LSP's exit status, whatever still blocks.

After the message loop stops (``exit``, or the client's pipe closed) a thread may still
be blocked: the indexer reading a file, a lowering check waiting on a worker. Python's
normal exit joins such threads and would hang; the language client then kills the
server after its own timeout. So the warm lowering workers are stopped, the streams
flushed, and the process leaves through ``os._exit`` with the status LSP asks for
(0 after ``shutdown``, 1 for an ``exit`` without it).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Callable

logger = logging.getLogger("pallas_lsp.lsp")


def end_process(exit_code: int, cleanups: tuple[Callable[[], None], ...]) -> None:
    for cleanup in cleanups:
        try:
            cleanup()
        except Exception:  # the process ends anyway; say why the cleanup failed
            logger.exception("while the server exits")
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(exit_code)
