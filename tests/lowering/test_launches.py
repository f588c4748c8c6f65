"""Every launch of one run is reported; entries; trace-time errors; version-specific errors."""

from __future__ import annotations

import pytest
from lowering_env import CASES
from pallas_lsp.lowering.runner import WarmWorkerPool, lower_local

pytestmark = pytest.mark.lowering


def test_two_failing_launches_are_both_reported(pool: WarmWorkerPool, python: str) -> None:
    report = pool.check(str(CASES / "two_failing_launches.py"), python=python)
    assert report.fatal is None, report.fatal
    assert [(e.cls, e.line, e.launch_line) for e in report.errors] == [
        ("mesh_required", 12, 24),
        ("axes_mismatch", 19, 28),
    ]


def test_trace_time_error_is_a_launch_error(pool: WarmWorkerPool, python: str) -> None:
    report = pool.check(str(CASES / "unbound_axis.py"), python=python)
    [error] = report.errors
    assert (error.exc_type, error.cls, error.line) == ("NameError", "axis_unknown", 9)
    # No output shape without a trace: the script stops at that launch.
    assert report.stopped_at == 15


def test_user_file_raising_before_any_kernel(pool: WarmWorkerPool, python: str) -> None:
    report = pool.check(str(CASES / "raises_before_kernel.py"), python=python)
    assert report.fatal_kind == "user_code"
    assert report.fatal_line == 19
    assert report.fatal is not None
    assert "before reaching any kernel" in report.fatal and "TypeError" in report.fatal


def test_program_error_before_any_kernel_is_a_predicted_error(pool: WarmWorkerPool, python: str) -> None:
    # int() of the user's setting, raised on the user's line (no library frame): PAL079's.
    report = pool.check(str(CASES / "program_raises_before_kernel.py"), python=python)
    assert report.fatal is None, report.fatal
    [error] = report.errors
    assert (error.code, error.exc_type, error.line) == ("PAL079", "ValueError", 16)


def test_user_file_key_error_is_a_predicted_error(pool: WarmWorkerPool, python: str) -> None:
    report = pool.check(str(CASES / "key_error_before_kernel.py"), python=python)
    assert report.fatal is None, report.fatal
    [error] = report.errors
    assert (error.code, error.exc_type, error.line) == ("PAL079", "KeyError", 15)


@pytest.mark.parametrize(
    "entry",
    ["launch_without_mesh", "tests/lowering/cases/entry_points.py::test_signal_without_mesh"],
)
def test_entry_function_and_pytest_node_id(pool: WarmWorkerPool, python: str, entry: str) -> None:
    report = pool.check(str(CASES / "entry_points.py"), python=python, entry=entry)
    assert report.fatal is None, report.fatal
    [error] = report.errors
    assert (error.cls, error.line, error.launch_line) == ("mesh_required", 8, 18)


def test_missing_entry_is_reported(pool: WarmWorkerPool, python: str) -> None:
    report = pool.check(str(CASES / "entry_points.py"), python=python, entry="no_such_function")
    assert report.fatal_kind == "user_code"
    assert "no_such_function" in (report.fatal or "")


def test_warpgroup_splat_layout_names_the_layout_cast_line(
    pool: WarmWorkerPool, python: str, version: str
) -> None:
    # 0.10.2: a raw MLIRError whose only user line is the MLIR location in its text;
    # 0.12.0.1: a VerificationError (jax-facts.md).
    report = pool.check(str(CASES / "wg_splat.py"), python=python)
    [error] = report.errors
    expected_type = "MLIRError" if version.startswith("0.10") else "VerificationError"
    assert (error.exc_type, error.cls, error.line) == (expected_type, "layout_unsupported", 10)


def test_user_output_and_stdin_cannot_corrupt_the_protocol(
    pool: WarmWorkerPool, python: str
) -> None:
    noisy = str(CASES / "noisy.py")
    for report in (pool.check(noisy, python=python), lower_local(noisy, python=python)):
        assert report.fatal is None, report.fatal
        assert report.lowered == 0
        [error] = report.errors
        assert (error.cls, error.line, error.launch_line) == ("mesh_required", 18, 27)
    # The warm worker still answers the next request (input() did not eat it).
    again = pool.check(str(CASES / "two_failing_launches.py"), python=python)
    assert len(again.errors) == 2


def test_explicit_lower_is_a_launch(pool: WarmWorkerPool, python: str) -> None:
    report = pool.check(str(CASES / "explicit_lower.py"), python=python)
    assert report.fatal is None, report.fatal
    assert report.lowered == 1
    [error] = report.errors
    assert (error.cls, error.line, error.launch_line) == ("mesh_required", 10, 22)
    assert report.stopped_at == 22


def test_warpgroup_width_errors_name_the_op_line(pool: WarmWorkerPool, python: str) -> None:
    # Raised while Mosaic GPU lowers its dialect, after tracing: the traceback ends at
    # the jitted call (the launch line), the op's MLIR location names the kernel line.
    report = pool.check(str(CASES / "wg_width_in_helper.py"), python=python)
    assert report.fatal is None, report.fatal
    assert [(e.cls, e.line, e.launch_line) for e in report.errors] == [
        ("vector_width", 17, 37),
        ("vector_width", 27, 38),  # multimem_store's own width error: PAL007 too
    ]
    assert "bit stores are supported" in report.errors[1].message
