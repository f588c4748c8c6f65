"""Real lowering reproduces ../shared/examples/lowering-results.json, class and line."""

from __future__ import annotations

import pytest
from lowering_env import EXAMPLES, expected_results, jax_python
from pallas_lsp.lowering.runner import WarmWorkerPool, lower_local

pytestmark = pytest.mark.lowering

EXPECTED = expected_results()
CASES = [(name, version) for name, by_version in sorted(EXPECTED.items()) for version in by_version]


@pytest.mark.skipif(not EXPECTED, reason=f"no lowering-results.json under {EXAMPLES}")
@pytest.mark.parametrize(("name", "version"), CASES)
def test_example_matches_recorded_lowering(pool: WarmWorkerPool, name: str, version: str) -> None:
    python = jax_python(version)
    expected = EXPECTED[name][version]
    report = pool.check(str(EXAMPLES / name), python=python, timeout=120)
    assert report.fatal is None, report.fatal
    assert report.jax_version == version
    if expected["outcome"] == "ok":
        assert report.errors == ()
        return
    first = report.errors[0]
    assert (first.cls, first.line, first.exc_type) == (
        expected["class"], expected["line"], expected["exc_type"]
    )
    assert first.message.startswith(expected["message"][:60])
    assert first.code == f"PAL00{list(CODE_ORDER).index(expected['class']) + 1}"


CODE_ORDER = (
    "mesh_required", "axes_mismatch", "layout_missing", "layout_unsupported",
    "axis_unknown", "reduction_dtype", "vector_width", "api_removed",
)


def test_cold_check_of_one_example(python: str, version: str) -> None:
    """The one-shot path (payload on stdin) gives what the warm worker gives."""
    report = lower_local(str(EXAMPLES / "signal_barrier.py"), python=python, timeout=120)
    assert report.jax_version == version
    assert report.lowered == 1  # the launch under shard_map
    [error] = report.errors
    assert (error.cls, error.line, error.launch_line) == ("mesh_required", 11, 37)
    assert [(launch.line, launch.ok) for launch in report.launches] == [(36, True), (37, False)]


def test_unsaved_buffer_is_checked_instead_of_the_file(pool: WarmWorkerPool) -> None:
    python = jax_python("0.12.0.1")
    path = EXAMPLES / "allreduce_ok.py"
    broken = path.read_text().replace('collective_axes=("dev",)', "collective_axes=()")
    report = pool.check(str(path), python=python, source=broken)
    [error] = report.errors
    assert (error.cls, error.line) == ("axes_mismatch", 13)


def test_report_as_json_carries_codes(pool: WarmWorkerPool) -> None:
    python = jax_python("0.12.0.1")
    report = pool.check(str(EXAMPLES / "signal_barrier.py"), python=python)
    obj = report.as_json()
    assert obj["errors"][0]["code"] == "PAL001"
    assert obj["launches"][0] == {"line": 36, "ok": True, "traced_lines": [10, 11, 12, 13, 36]}
