"""The light lane's idleness and the choice to analyse a quick document on the event loop
(lsp/lanes.py): the loop runs an analysis only while no work of the lane is unfinished."""

from __future__ import annotations

import threading

from pallas_lsp.lsp.lanes import INLINE_BUDGET_S, INLINE_S, AnalysisLanes, CountingExecutor


def test_counting_executor_is_idle_only_when_every_job_is_done() -> None:
    executor = CountingExecutor(max_workers=1)
    try:
        assert executor.idle()
        release = threading.Event()
        first = executor.submit(release.wait, 10)
        second = executor.submit(lambda: 7)
        assert not executor.idle()
        release.set()
        first.result(10)
        assert second.result(10) == 7
        assert executor.idle()
        failing = executor.submit(lambda: 1 / 0)
        assert isinstance(failing.exception(10), ZeroDivisionError)
        assert executor.idle()  # a job that raised is finished too
    finally:
        executor.shutdown()


def test_inline_needs_a_quick_last_run_a_text_not_much_longer_and_an_idle_lane() -> None:
    lanes = AnalysisLanes()
    try:
        assert INLINE_S < INLINE_BUDGET_S
        assert not lanes.inline(-1, 100)  # never quick, or the last run was slow
        assert lanes.inline(4000, 4000)
        assert lanes.inline(4000, 4000 + 1000 + 1024)
        assert not lanes.inline(4000, 4000 + 1000 + 1025)  # pasted into: the lane
        release = threading.Event()
        busy = lanes.light.submit(release.wait, 10)
        assert not lanes.inline(4000, 4000)  # the lane's thread holds the state
        release.set()
        busy.result(10)
        assert lanes.inline(4000, 4000)
    finally:
        lanes.light.shutdown()
        lanes.heavy.shutdown()
        lanes.close()


def test_a_run_on_the_loop_that_reaches_its_budget_runs_again_on_the_lane(monkeypatch) -> None:
    """The loop's run has a budget of INLINE_BUDGET_S; one that stops there is not shown: the
    same text runs again on the lane with the full budget, and its findings are those."""
    import asyncio

    from lsp_helpers import example
    from pallas_lsp.analysis import Options
    from pallas_lsp.lsp import lanes
    from pallas_lsp.lsp.analysis_worker import analyse_alone
    from pallas_lsp.lsp.server import PallasServer
    from pallas_lsp.lsp.state import DocState

    _, text = example("allreduce_no_mesh.py")
    expected = analyse_alone(text, [Options()], "/bench/allreduce_no_mesh.py").findings
    assert expected
    host = PallasServer()
    state = DocState()
    try:
        first = asyncio.run(host.analyse_light(state, text, [Options()], "/bench/allreduce_no_mesh.py"))
        assert first.findings == expected
        state.quick_length = len(text)  # as if that run was quick, whatever this machine's load
        monkeypatch.setattr(lanes, "INLINE_BUDGET_S", 0.0)  # every run on the loop stops at once
        again = asyncio.run(host.analyse_light(state, text, [Options()], "/bench/allreduce_no_mesh.py"))
        assert again.stopped is None and again.findings == expected
    finally:
        host.close_lanes()
        host.lanes.light.shutdown()
        host.lanes.heavy.shutdown()
