"""Per-document debouncing of lint runs.

While the user types, every keystroke is a ``didChange``. Each one re-arms a
timer for its document; only when the document has been quiet for the delay
does the lint run. A newer keystroke cancels the pending timer (and the
scheduled task, if it has not started the analysis yet). A task that already
started is left to finish: its result carries the version it analysed, and the
publisher drops it when the document has moved on, so a stale result is never
shown.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

logger = logging.getLogger(__name__)


class Debouncer:
    def __init__(self) -> None:
        self._pending: dict[str, asyncio.TimerHandle] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def schedule(self, key: str, delay_s: float, run: Callable[[], Awaitable[None]]) -> None:
        """Run ``run()`` once ``key`` has been quiet for ``delay_s`` seconds."""
        self.cancel(key)
        loop = asyncio.get_running_loop()
        self._pending[key] = loop.call_later(max(delay_s, 0.0), self._start, key, run)

    def _start(self, key: str, run: Callable[[], Awaitable[None]]) -> None:
        self._pending.pop(key, None)
        task = asyncio.ensure_future(_logged(key, run))
        self._tasks[key] = task
        task.add_done_callback(lambda done, key=key: self._forget(key, done))

    def _forget(self, key: str, task: asyncio.Task[None]) -> None:
        if self._tasks.get(key) is task:
            del self._tasks[key]

    def pending(self, key: str) -> bool:
        """Is a run of ``key`` waiting for its delay?"""
        return key in self._pending

    def cancel(self, key: str) -> None:
        """Forget the pending run of ``key``; a run already analysing finishes (and is dropped)."""
        handle = self._pending.pop(key, None)
        if handle is not None:
            handle.cancel()

    def cancel_all(self) -> None:
        for key in list(self._pending):
            self.cancel(key)


async def _logged(key: str, run: Callable[[], Awaitable[None]]) -> None:
    # A failing lint must not surface as "Task exception was never retrieved" and
    # must not stop later lints of the same document.
    try:
        await run()
    except asyncio.CancelledError:
        raise
    except Exception:
        logger.exception("lint of %s failed", key)
