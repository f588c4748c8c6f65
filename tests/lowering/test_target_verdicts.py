"""Per-release verdicts ("fails", "does not fail", "not reached: stopped earlier at line N")
hold under real lowering of the file as written on each release.

The static analysis runs once per release (as ``check --jax-version A,B,C`` does);
each finding's verdict on each release (analysis/targets.py) is then checked
against that release's real lowering: a finding not reached there must have the
lowering stop at the named line and report nothing at the finding's line; one
that does not fail there must have lowering report nothing at its line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lowering_env import EXAMPLES, jax_python
from pallas_lsp.analysis import Options, analyze
from pallas_lsp.analysis.targets import DOES_NOT_FAIL, NOT_REACHED, verdict
from pallas_lsp.analysis.versions import parse_jax_version
from pallas_lsp.lowering.classify import CLASS_TO_CODE
from pallas_lsp.lowering.runner import WarmWorkerPool
from support import FIXTURES, REPO

pytestmark = pytest.mark.lowering

# 0.8.3 lowers plgpu.kernel(out_type=...) as written only to fail at the kernel's creation
# (PAL009), the case where later findings are not reached.
PYTHONS = {"0.8.3": REPO / ".venv-jax083" / "bin" / "python"}
PROGRAMS = [
    EXAMPLES / "broadcast_axes_mismatch.py",
    EXAMPLES / "reduce_lane_no_layout.py",
    EXAMPLES / "reduce_splat_layout.py",
    FIXTURES / "single" / "pal006" / "reduce_max_f32_warpgroup.py",
    FIXTURES / "single" / "pal007" / "strided_f32_vec8_warpgroup.py",
]
VERSIONS = ("0.8.3", "0.10.2", "0.12.0.1")


def _python(version: str) -> str:
    python = PYTHONS.get(version)
    if python is not None:
        if not python.exists():
            pytest.skip(f"{python} is missing: run scripts/setup-and-check.sh (JAX {version})")
        return str(python)
    return jax_python(version)


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_each_release_verdict_holds_under_its_lowering(pool: WarmWorkerPool, program: Path) -> None:
    source = program.read_text(encoding="utf-8")
    findings = {v: analyze(source, Options(jax_version=parse_jax_version(v)), path=str(program)).findings
                for v in VERSIONS}
    every = {(f.code, f.span): f for v in VERSIONS for f in findings[v]}.values()
    judged = 0
    for version in VERSIONS:
        report = pool.check(str(program), python=_python(version), timeout=180)
        assert report.fatal is None, report.fatal
        error_lines = {error.line for error in report.errors}
        coded_errors = {(CLASS_TO_CODE.get(error.cls), error.line) for error in report.errors}
        for finding in every:
            said = verdict(finding, findings[version])
            where = f"{finding.code} at line {finding.span.line} on JAX {version}: {report.errors}"
            if said.state == NOT_REACHED:
                assert said.stopped_at in error_lines and finding.span.line not in error_lines, where
                judged += 1
            elif said.state == DOES_NOT_FAIL:
                # Nothing of its class there: another rule's error may share the line on that
                # release (PAL024 before 0.10 and PAL006 from 0.10 on one multimem op).
                assert (finding.code, finding.span.line) not in coded_errors, where
                judged += 1
    assert judged, "no verdict here says 'not reached' or 'does not fail': nothing was tested"

