"""merge(): which static findings lowering confirms, refutes or cannot judge."""

from __future__ import annotations

import pytest
from lowering_env import EXAMPLES, jax_python
from pallas_lsp.analysis.model import Finding, Related, Span
from pallas_lsp.lowering.merge import merge
from pallas_lsp.lowering.report import LoweredLaunch, LoweringError, LoweringReport
from pallas_lsp.lowering.runner import WarmWorkerPool


def finding(code: str, line: int, end_line: int | None = None, *related: int) -> Finding:
    return Finding(
        code=code,
        span=Span(line, 4, end_line or line, 20),
        message=code,
        related=tuple(Related(Span(r, 0, r, 10), "launch") for r in related),
    )


def error(cls: str, line: int | None, launch_line: int | None = 30) -> LoweringError:
    return LoweringError("ValueError", cls, line, "/k.py", cls, launch_line)


def report(
    *errors: LoweringError, launches: tuple[LoweredLaunch, ...] = (), **kw: object
) -> LoweringReport:
    fields: dict = dict(jax_version="0.12.0.1", device_kind="cpu",
                        lowered=sum(launch.ok for launch in launches), errors=errors,
                        fatal=None, fatal_kind=None, launches=launches)
    fields.update(kw)
    return LoweringReport(**fields)


def launch(line: int, ok: bool, *traced: int) -> LoweredLaunch:
    return LoweredLaunch(line, ok, frozenset(traced))


def test_same_code_same_line_confirms() -> None:
    f = finding("PAL001", 11)
    merged = merge([f], report(error("mesh_required", 11), launches=(launch(30, False, 10, 11),)))
    assert merged.statuses == {f: True}
    assert merged.unpredicted == ()


def test_error_inside_a_multiline_finding_confirms() -> None:
    f = finding("PAL004", 10, 13)
    merged = merge([f], report(error("layout_unsupported", 11)))
    assert merged.status(f) is True


def test_other_code_on_the_line_does_not_confirm_and_is_unpredicted() -> None:
    f = finding("PAL002", 11)
    e = error("mesh_required", 11)
    merged = merge([f], report(e, launches=(launch(30, False, 10, 11),)))
    # Lowering failed on that line for another reason: nothing said about PAL002.
    assert merged.status(f) is None
    assert merged.unpredicted == (e,)


def test_finding_later_in_a_failing_kernel_is_undecided() -> None:
    later = finding("PAL006", 14)
    merged = merge([later], report(error("mesh_required", 11),
                                   launches=(launch(30, False, 10, 11, 14),)))
    assert merged.status(later) is None


def test_clean_launch_refutes_the_lines_it_traced() -> None:
    traced, untraced = finding("PAL002", 13), finding("PAL001", 40)
    merged = merge([traced, untraced], report(launches=(launch(34, True, 12, 13, 14),)))
    assert merged.status(traced) is False
    # A kernel the file never launched says nothing.
    assert merged.status(untraced) is None


def test_line_traced_by_a_clean_and_a_failing_launch_is_undecided() -> None:
    f = finding("PAL003", 12)
    merged = merge([f], report(error("mesh_required", 11, 37),
                               launches=(launch(36, True, 11, 12), launch(37, False, 11, 12))))
    assert merged.status(f) is None


def test_api_removed_matches_through_the_launch_span() -> None:
    # 0.12's bare AssertionError has no kernel line: it is blamed on the launch.
    f = finding("PAL008", 16, 22, 23)
    e = LoweringError("AssertionError", "AssertionError()", 23, "/k.py", "api_removed", 23)
    merged = merge([f], report(e))
    assert merged.status(f) is True
    assert merged.unpredicted == ()


@pytest.mark.parametrize("kind", ["timeout", "no_jax", "cancelled", "remote_failed",
                                  "worker_crashed"])
def test_unfinished_runs_decide_nothing(kind: str) -> None:
    f = finding("PAL001", 11)
    merged = merge([f], report(launches=(launch(30, True, 11),), fatal="x", fatal_kind=kind))
    assert merged.status(f) is None


def test_run_stopped_at_an_untraceable_launch_refutes_nothing() -> None:
    f = finding("PAL002", 12)
    merged = merge([f], report(error("axis_unknown", 9, 15),
                               launches=(launch(14, True, 12), launch(15, False, 9)),
                               stopped_at=15))
    assert merged.status(f) is None


@pytest.mark.lowering
def test_merge_with_real_lowering_of_signal_barrier(pool: WarmWorkerPool) -> None:
    python = jax_python("0.12.0.1")
    real = pool.check(str(EXAMPLES / "signal_barrier.py"), python=python)
    right = finding("PAL001", 11, None, 37)
    wrong_code = finding("PAL002", 11)
    merged = merge([right, wrong_code], real)
    assert merged.statuses == {right: True, wrong_code: None}
    assert merged.unpredicted == ()


@pytest.mark.lowering
def test_merge_with_real_lowering_of_a_correct_file(pool: WarmWorkerPool) -> None:
    python = jax_python("0.10.2")
    real = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
    false_alarm = finding("PAL003", 13)
    merged = merge([false_alarm], real)
    assert merged.status(false_alarm) is False
