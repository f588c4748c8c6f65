"""The heavy documents' worker pool (lsp/analysis_pool.py) against a real worker process.

A newer text may arrive while a lane thread is between its currency check and the
worker's registration: the cancel then finds no running job of the document. The pool
must not send that stale job (it would hold the one heavy lane for a text nobody shows,
and a worker frozen on it would never be reported: test_heavy_worker's timeout of one
full CI run, on 5c2c37a).
"""

from __future__ import annotations

import time

from pallas_lsp.analysis import Options
from pallas_lsp.lsp.analysis_pool import AnalysisPool

URI = "file:///work/heavy.py"
SOURCE = "import jax\n\nx = 1\n"


def test_an_edit_between_the_check_and_the_registration_cancels_the_job() -> None:
    pool = AnalysisPool()
    edits = {"now": 0}
    checks: list[bool] = []

    def still_current() -> bool:
        current = edits["now"] == 0
        checks.append(current)
        if len(checks) == 1:
            # The editor's keystroke lands right after this check (the event loop runs
            # did_change while the lane thread goes on): a newer text, and its cancel.
            edits["now"] += 1
            pool.cancel(URI)
        return current

    try:
        outcome = pool.analyse(URI, SOURCE, [Options()], "/work/heavy.py", still_current)
        assert outcome.cancelled
        assert checks == [True, False]
        # The worker answered no job and is kept warm for the next text.
        assert [(w["document"], w["cancelledJobs"]) for w in pool.describe()] == [(None, 0)]
        started = time.monotonic()
        outcome = pool.analyse(URI, SOURCE, [Options()], "/work/heavy.py", lambda: True)
        assert outcome.analysis is not None and outcome.failure is None, outcome
        assert time.monotonic() - started < 60  # a guard against hanging, not a speed target
    finally:
        pool.close()


def test_a_current_job_is_analysed_and_its_worker_kept() -> None:
    pool = AnalysisPool()
    try:
        outcome = pool.analyse(URI, SOURCE, [Options()], "/work/heavy.py", lambda: True)
        assert outcome.analysis is not None
        assert outcome.analysis.syntax_error is None
        (worker,) = pool.describe()
        assert worker["document"] is None and not worker["jaxImported"]
    finally:
        pool.close()
