"""Ctrl-C and SIGTERM during ``check --confirm``: stop promptly, keep what is done.

The lowering checks run in threads, each waiting on a worker process in its own
session, which the terminal's Ctrl-C does not reach. While the checks run, SIGINT and
SIGTERM only set an event: every running check sees it within its poll interval and
kills its run's processes (lowering/reaper.py), checks not started yet do not start,
and the CLI prints what it has and exits 128 + the signal's number (130, 143).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@dataclass
class Stop:
    event: threading.Event = field(default_factory=threading.Event)
    signum: int | None = None

    @property
    def exit_status(self) -> int | None:
        return None if self.signum is None else 128 + self.signum


@contextmanager
def stop_on_signals() -> Iterator[Stop]:
    stop = Stop()

    def handler(signum: int, _frame: object) -> None:
        stop.signum = stop.signum or signum
        stop.event.set()

    if threading.current_thread() is not threading.main_thread():
        yield stop  # signals are the main thread's: nothing to install
        return
    previous = {signum: signal.signal(signum, handler) for signum in STOP_SIGNALS}
    try:
        yield stop
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)
