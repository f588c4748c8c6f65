"""A GPU host with fewer GPUs than the file's mesh falls back to cross-lowering."""

from __future__ import annotations

from pallas_lsp.lowering.report import LoweringReport
from pallas_lsp.lowering.runner import FEW_GPUS_NOTE, _with_fallback, needs_more_devices

# What the worker reported natively on a 1-GPU H200 (docs/gpu-lowering-h200.md).
NATIVE_FAILURE = LoweringReport(
    jax_version="0.11.2", device_kind="NVIDIA H200", lowered=0, errors=(),
    fatal="The file raised before reaching any kernel (line 35): ValueError: Number of "
          "devices 1 must be >= the product of mesh_shape (2,)",
    fatal_kind="user_code", fatal_line=35, platform="gpu",
)
CROSS = LoweringReport("0.11.2", "cpu", 1, (), None, None, platform="cpu")


def test_too_few_gpus_is_recognised() -> None:
    assert needs_more_devices(NATIVE_FAILURE)
    assert not needs_more_devices(CROSS)
    on_cpu = LoweringReport("0.11.2", "cpu", 0, (), NATIVE_FAILURE.fatal, "user_code",
                            platform="cpu")
    assert not needs_more_devices(on_cpu)  # nothing to fall back to


def test_auto_falls_back_to_cpu_with_a_note() -> None:
    tried: list[str] = []

    def once(devices: str) -> LoweringReport:
        tried.append(devices)
        return NATIVE_FAILURE if devices == "auto" else CROSS

    report = _with_fallback(once, "auto")
    assert tried == ["auto", "cpu"]
    assert report.platform == "cpu" and report.note == FEW_GPUS_NOTE


def test_explicit_devices_never_fall_back() -> None:
    tried: list[str] = []

    def once(devices: str) -> LoweringReport:
        tried.append(devices)
        return NATIVE_FAILURE

    assert _with_fallback(once, "cpu") is NATIVE_FAILURE
    assert tried == ["cpu"]
