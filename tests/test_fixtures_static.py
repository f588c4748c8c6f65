"""The static analysis agrees with the functional fixtures and with the shared examples.

For each fixture and JAX version (in that release's plgpu.kernel spelling,
fixture_markers.fixture_for_release), ``analyze()`` must report exactly the
(code, line) pairs of the file's ``# expect`` and ``# expect-hidden`` markers for
that version: what lowering raises, plus the true errors that lowering cannot
reach because an earlier one stops it. ``# expect-other`` lines (lowering
errors of no rule class) must stay silent. The markers are proven against real
lowering by test_oracle.py, so this file is the analysis' spec.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fixture_markers import (
    JAX_VENVS,
    expected,
    fixture_for_release,
    hidden,
    package_expected,
    package_fixtures,
    package_hidden,
    single_fixtures,
    version_probes,
)
from pallas_lsp.analysis import Options, analyze, parse_jax_version
from pallas_lsp.lowering.classify import CLASS_TO_CODE
from pallas_lsp.project import library_for
from support import EXAMPLES

VERSIONS = sorted(JAX_VENVS)


def findings_of(path: Path, version: str) -> set[tuple[str, int]]:
    source = path.read_text(encoding="utf-8")
    # The release's venv: imports of its installed packages are followed as they are there.
    python = JAX_VENVS.get(version)
    library = library_for(str(python)) if python is not None and python.exists() else None
    result = analyze(source, Options(jax_version=parse_jax_version(version), library=library),
                     path=str(path))
    assert result.syntax_error is None, result.syntax_error
    return {(f.code, f.span.line) for f in result.findings}


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("fixture", single_fixtures() + version_probes(), ids=lambda p: p.name)
def test_single_file_fixture(fixture: Path, version: str, tmp_path: Path) -> None:
    got = findings_of(fixture_for_release(fixture, version, tmp_path), version)
    want = expected(fixture, version) | hidden(fixture, version)
    assert sorted(got) == sorted(want), f"{fixture.name} under JAX {version}"


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("package", package_fixtures(), ids=lambda p: p.name)
def test_multi_file_fixture(package: Path, version: str, tmp_path: Path) -> None:
    # The CLI checks a directory as one program (DESIGN.md): kernels, launchers
    # and meshes in different modules.
    proc = subprocess.run(
        [sys.executable, "-m", "pallas_lsp", "check", "--format", "json",
         "--jax-version", version,
         str(fixture_for_release(package / "main.py", version, tmp_path).parent)],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    got = {(Path(f["path"]).name, f["code"], f["line"]) for f in json.loads(proc.stdout)}
    want = package_expected(package, version) | package_hidden(package, version)
    assert sorted(got) == sorted(want), f"{package.name} under JAX {version}"


def example_cases() -> list[tuple[str, str, dict]]:
    results = EXAMPLES / "lowering-results.json"
    if not results.exists():
        return []
    labels = json.loads(results.read_text())
    return [(name, version, record) for name, by_version in sorted(labels.items())
            for version, record in sorted(by_version.items())]


def example_code(record: dict, version: str) -> str | None:
    cls = record.get("class")
    if cls in (None, "other") and record.get("exc_type") == "AssertionError" \
            and version.startswith("0.12"):
        cls = "api_removed"  # as ../shared/tools/score.py reads it
    return CLASS_TO_CODE.get(cls)


@pytest.mark.skipif(not example_cases(), reason=f"no {EXAMPLES}/lowering-results.json")
@pytest.mark.parametrize(("name", "version", "record"), example_cases(),
                         ids=[f"{n}-{v}" for n, v, _ in example_cases()])
def test_shared_example(name: str, version: str, record: dict) -> None:
    """Scored as ../shared/tools/score.py does: the first lowering error must be found,
    a file that lowers must get no finding, nothing else may sit on the error line."""
    got = findings_of(EXAMPLES / name, version)
    if record["outcome"] == "ok":
        assert got == set(), f"{name} lowers cleanly under JAX {version}"
        return
    code, line = example_code(record, version), record["line"]
    assert code is not None, f"{name}: lowering error of no rule class: {record}"
    if code == "PAL008":
        assert any(c == "PAL008" for c, _ in got), f"{name} under JAX {version}: {sorted(got)}"
        return
    assert (code, line) in got, f"{name} under JAX {version}: want {code}@{line}, got {sorted(got)}"
    wrong = {(c, n) for c, n in got if n == line and c != code}
    assert not wrong, f"{name} under JAX {version}: wrong code on the error line: {sorted(wrong)}"
