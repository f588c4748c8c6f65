"""The check lowers and never compiles or runs: proven on files that would show it.

These files report what happened by writing a file, so they run with the escape hatch
(``allow_side_effects``): lowering-only holds without the lowering guard too. The guard
itself is proven in test_guard.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from lowering_env import CASES
from pallas_lsp.lowering.runner import lower_local

pytestmark = pytest.mark.lowering


def test_jitted_side_effects_never_happen(
    python: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "side-effect"
    monkeypatch.setenv("PALLAS_LSP_SIDE_EFFECT_FILE", str(out))
    report = lower_local(str(CASES / "side_effect.py"), python=python,
                         allow_side_effects=True)
    assert report.fatal is None, report.fatal
    assert report.lowered == 1
    assert not out.exists(), "a host callback inside a jitted function ran"
    # Executed, the function would return 2.0; the check hands back zeros.
    assert (tmp_path / "side-effect.result").read_text() == "0.0"


def test_compile_on_a_lowered_is_refused(python: str) -> None:
    report = lower_local(str(CASES / "compile_refused.py"), python=python)
    assert report.fatal_kind == "user_code"
    assert report.fatal_line == 12
    assert "compiling is refused" in (report.fatal or "")


def test_xla_compile_entry_refuses_gpu_kernels(
    python: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "verdict"
    monkeypatch.setenv("PALLAS_LSP_SIDE_EFFECT_FILE", str(out))
    report = lower_local(str(CASES / "compile_guard.py"), python=python,
                         allow_side_effects=True)
    assert report.fatal is None, report.fatal
    assert "refusing to compile a module holding a GPU kernel" in out.read_text()


def test_unjitted_launches_are_lowered_not_run(python: str) -> None:
    """shard_map and plgpu.kernel called eagerly count as launches (not 'interpret mode')."""
    report = lower_local(str(CASES / "eager_launch.py"), python=python)
    assert report.fatal is None, report.fatal
    assert report.lowered == 1
    [error] = report.errors
    assert (error.cls, error.line, error.launch_line) == ("mesh_required", 12, 22)
