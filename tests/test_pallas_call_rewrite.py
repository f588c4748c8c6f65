"""The PAL008 quick fix (pl.pallas_call -> plgpu.kernel) is right: lowered for real.

Each pallas_call fixture is rewritten with the fix the analysis offers, then
lowered with JAX 0.12.0.1: the bare AssertionError is gone, and whatever
lowering still reports is exactly what the analysis predicts for the rewritten
file (the latent errors PAL008 hid, such as a Lane kernel's missing layout_cast).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fixture_markers import JAX_VENVS
from pallas_lsp.analysis import Options, TextEdit, analyze, parse_jax_version
from support import EXAMPLES, FIXTURES

pytestmark = pytest.mark.lowering

# The pallas_call fixtures PAL008 fires on under 0.12 (a pallas_call that never builds a
# Mosaic GPU kernel there, such as backend= or another platform's params, gets no rewrite).
FILES = sorted((p for p in (FIXTURES / "single").rglob("pallas_call*.py")
                if "PAL008" in p.read_text(encoding="utf-8")), key=lambda p: p.name)
if (EXAMPLES / "reduce_lane_no_layout.py").exists():
    FILES.append(EXAMPLES / "reduce_lane_no_layout.py")
VERSION = "0.12.0.1"


def apply(source: str, edit: TextEdit) -> str:
    lines = source.encode("utf-8").splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    data = source.encode("utf-8")
    start = offsets[edit.span.line - 1] + edit.span.col
    end = offsets[edit.span.end_line - 1] + edit.span.end_col
    return (data[:start] + edit.new_text.encode("utf-8") + data[end:]).decode("utf-8")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_rewrite_to_plgpu_kernel_lowers(path: Path, tmp_path: Path, lowering_pool) -> None:
    python = JAX_VENVS[VERSION]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/jax-envs.sh")
    options = Options(jax_version=parse_jax_version(VERSION))
    source = path.read_text(encoding="utf-8")
    fixes = [fix for f in analyze(source, options).findings if f.code == "PAL008" for fix in f.fixes]
    assert fixes, f"{path.name}: no PAL008 rewrite offered"
    [edit] = fixes[0].edits
    fixed = apply(source, edit)
    target = tmp_path / path.name
    target.write_text(fixed, encoding="utf-8")
    report = lowering_pool.check(str(target), python=str(python), timeout=300)
    assert report.fatal is None, report.fatal
    lowered = {(e.code, e.line) for e in report.errors}
    assert ("PAL008", None) not in lowered and all(code != "PAL008" for code, _ in lowered)
    predicted = {(f.code, f.span.line) for f in analyze(fixed, options).findings}
    assert lowered == predicted, f"{path.name}: lowering {lowered}, analysis {predicted}"
