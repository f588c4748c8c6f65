"""Two analysis lanes, so that one heavy document cannot starve the others (issue 12, item 8).

Light documents are analysed on one thread of the server, in order: the workspace index
they share is not thread-safe (a quick one on the event loop itself while that thread is
idle: ``AnalysisLanes.inline``). But a document whose analysis runs into the per-file
budget (5 s) would then hold every other document's keystroke behind it. A document
whose last analysis stopped at the budget or took longer than HEAVY_S (1 s) is heavy:
its keystrokes are analysed in a worker process (analysis_pool.py), alone (the pure
core, without the workspace index, which stays in the server: fewer cross-file findings
for it, never false ones). A process, not a thread: a thread would share the GIL with the
light lane, and a light keystroke would wait for the heavy analysis' time slices. A
heavy document whose analysis gets quick again goes back to the light lane on its next
keystroke. A newer text of a heavy document cancels its analysis in progress.

bench/heavy_bench.py measures a light document's keystrokes while a heavy one is edited.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from .analysis_pool import AnalysisPool

HEAVY_S = 1.0
# A quick document (its last analysis took at most INLINE_S) is analysed on the event loop
# itself while the light lane is idle: no thread hop there and back for a keystroke (two
# wake-ups, each a scheduler's latency on a busy machine). The run there has a budget of
# INLINE_BUDGET_S: one that a keystroke made slow stops there and runs again on the lane,
# so the loop is never held longer than that. A text much longer than the quick one goes
# to the lane directly.
INLINE_S = 0.005
INLINE_BUDGET_S = 0.05
# One heavy analysis at a time on a small machine; two where there are cores to spare.
HEAVY_WORKERS = 2 if (os.cpu_count() or 1) > 4 else 1


class CountingExecutor(ThreadPoolExecutor):
    """A ThreadPoolExecutor that knows whether any work it was given is unfinished: its
    count drops in the future's first done callback, before the event loop hears of it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lock = threading.Lock()
        self._unfinished = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self._lock:
            self._unfinished += 1
        try:
            future = super().submit(fn, *args, **kwargs)
        except BaseException:
            self._finished(None)
            raise
        future.add_done_callback(self._finished)
        return future

    def _finished(self, _future: Future[Any] | None) -> None:
        with self._lock:
            self._unfinished -= 1

    def idle(self) -> bool:
        return self._unfinished == 0


class AnalysisLanes:
    def __init__(self) -> None:
        self.light = CountingExecutor(max_workers=1, thread_name_prefix="analysis")
        # Each thread waits on one worker process's answer (no GIL held while it waits).
        self.heavy = ThreadPoolExecutor(max_workers=HEAVY_WORKERS, thread_name_prefix="analysis-heavy")
        self.processes = AnalysisPool()

    @staticmethod
    def is_heavy(seconds: float, stopped: str | None) -> bool:
        return stopped is not None or seconds > HEAVY_S

    def inline(self, quick_length: int, length: int) -> bool:
        """Whether a light document's text of ``length`` characters is analysed on the loop:
        its last analysis, of ``quick_length`` characters (-1: none quick), took at most
        INLINE_S, this text is not much longer, and no work of the light lane is unfinished
        (so the one thread's state, the index and the document's reparser, is never shared)."""
        return quick_length >= 0 and length <= quick_length + quick_length // 4 + 1024 \
            and self.light.idle()

    def cancel(self, uri: str) -> None:
        self.processes.cancel(uri)

    def close(self) -> None:
        self.processes.close()
