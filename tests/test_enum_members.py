"""PAL063 beyond its fixtures: the members come from each release's data, a read under a
handler that may catch AttributeError is a probe (no finding), the quick fix writes the member
a name respells, and names that are no members of an enum class are not judged."""

from __future__ import annotations

import pytest
from pallas_lsp.analysis import Options, analyze, parse_jax_version
from pallas_lsp.analysis.api_surface import DATA_RELEASES, shipped
from pallas_lsp.analysis.upgrade import apply_edits

HEAD = '''
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
from jax.experimental.pallas import tpu as pltpu
'''


def findings(source: str, version: str = "0.12.0.1") -> list:
    analysis = analyze(HEAD + source, Options(jax_version=parse_jax_version(version)))
    return [f for f in analysis.findings if f.code == "PAL063"]


@pytest.mark.parametrize("release", DATA_RELEASES, ids=lambda r: ".".join(map(str, r)))
def test_each_release_records_the_gpu_and_tpu_semaphore_members(release: tuple[int, ...]) -> None:
    surface = shipped(release)
    assert surface is not None
    gpu = surface.enum("jax.experimental.pallas.mosaic_gpu", "SemaphoreType")
    tpu = surface.enum("jax.experimental.pallas.tpu", "SemaphoreType")
    assert gpu is not None and gpu[0] == ("REGULAR", "BARRIER")
    assert tpu is not None and "DMA" in tpu[0]
    assert surface.enum("jax.experimental.pallas.mosaic_gpu", "kernel") is None


def test_a_member_the_class_lacks_names_the_members_and_the_tpu_class() -> None:
    [finding] = findings("SEM = plgpu.SemaphoreType.DMA\n")
    assert "its members: REGULAR, BARRIER" in finding.message
    assert "pltpu.SemaphoreType" in finding.message
    assert not finding.fixes  # DMA respells no member: nothing determined to write


def test_the_quick_fix_writes_the_member_a_name_respells() -> None:
    source = "SEM = plgpu.SemaphoreType.Regular\n"
    [finding] = findings(source)
    [fix] = finding.fixes
    text, applied = apply_edits(HEAD + source, fix.edits)
    assert applied == 1 and text.endswith("SEM = plgpu.SemaphoreType.REGULAR\n")


@pytest.mark.parametrize("source", [
    "try:\n    SEM = plgpu.SemaphoreType.DMA\nexcept AttributeError:\n    SEM = None\n",
    "try:\n    SEM = plgpu.SemaphoreType.DMA\nexcept (KeyError, Exception):\n    SEM = None\n",
    "try:\n    SEM = plgpu.SemaphoreType.DMA\nexcept:\n    SEM = None\n",
    "SEM = plgpu.SemaphoreType.REGULAR\nNAME = plgpu.SemaphoreType.REGULAR.name\n",
    "SEM = pltpu.SemaphoreType.DMA\n",
    "K = plgpu.kernel\nX = plgpu.not_a_name_of_any_release\n",
])
def test_probes_members_and_other_names_are_not_judged(source: str) -> None:
    assert findings(source) == []


def test_a_handler_for_other_errors_does_not_hide_it() -> None:
    source = "try:\n    SEM = plgpu.SemaphoreType.DMA\nexcept (ImportError, ValueError):\n    SEM = None\n"
    assert [f.code for f in findings(source)] == ["PAL063"]


def test_a_release_the_data_does_not_cover_is_not_judged() -> None:
    assert findings("SEM = plgpu.SemaphoreType.DMA\n", version="0.9.0") == []


def test_a_read_on_a_path_that_may_not_run_is_not_judged() -> None:
    source = ("import jax\nif jax.devices()[0].platform == 'tpu':\n    SEM = pltpu.SemaphoreType.DMA\n"
              "elif jax.devices()[0].device_kind.startswith('H'):\n    SEM = plgpu.SemaphoreType.DMA\n")
    assert findings(source) == []


def test_a_read_in_a_callback_code_we_cannot_see_may_never_call_is_not_judged() -> None:
    # A function handed to an unknown library call is followed as if called, but may never be.
    source = ("import some_library\n\ndef later():\n    return plgpu.Layout.WGMMA_ROW\n\n"
              "some_library.register(later)\n")
    assert findings(source) == []
