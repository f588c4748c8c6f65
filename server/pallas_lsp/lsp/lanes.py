"""Two analysis lanes, so that one heavy document cannot starve the others (issue 12, item 8).

Light documents are analysed on one thread of the server, in order: the workspace index
they share is not thread-safe. But a document whose analysis runs into the per-file
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
from concurrent.futures import ThreadPoolExecutor

from .analysis_pool import AnalysisPool

HEAVY_S = 1.0
# One heavy analysis at a time on a small machine; two where there are cores to spare.
HEAVY_WORKERS = 2 if (os.cpu_count() or 1) > 4 else 1


class AnalysisLanes:
    def __init__(self) -> None:
        self.light = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analysis")
        # Each thread waits on one worker process's answer (no GIL held while it waits).
        self.heavy = ThreadPoolExecutor(max_workers=HEAVY_WORKERS, thread_name_prefix="analysis-heavy")
        self.processes = AnalysisPool()

    @staticmethod
    def is_heavy(seconds: float, stopped: str | None) -> bool:
        return stopped is not None or seconds > HEAVY_S

    def cancel(self, uri: str) -> None:
        self.processes.cancel(uri)

    def close(self) -> None:
        self.processes.close()
