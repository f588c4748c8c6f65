"""Two analysis lanes, so that one heavy document cannot starve the others (issue 12, item 8).

Analyses run on one thread, in order: the workspace index they share is not thread-safe,
and two analyses would fight for the GIL. But a document whose analysis runs into the
per-file budget (5 s) would then hold every other document's keystroke behind it. A
document whose last analysis stopped at the budget or took longer than HEAVY_S (1 s) is
heavy: its keystrokes are analysed on a lane of its own, alone (the pure core, without
the index: no other document waits for it, and the index is never touched from two
threads). Light documents keep the first lane and the index. A heavy document whose
analysis gets quick again goes back to the first lane on its next keystroke.

While a heavy analysis runs, a light one shares the GIL with it (CPython switches threads
every few milliseconds): bench/heavy_bench.py measures what that costs.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

HEAVY_S = 1.0


class AnalysisLanes:
    def __init__(self) -> None:
        self.light = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analysis")
        self.heavy = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analysis-heavy")

    @staticmethod
    def is_heavy(seconds: float, stopped: str | None) -> bool:
        return stopped is not None or seconds > HEAVY_S
