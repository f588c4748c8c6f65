"""`pallas-lsp upgrade --fix` yields code that lowers on the target release as predicted.

Every fixture (single-file, version probe, multi-file package) is copied, moved
with ``upgrade --from A --to B --fix``, and lowered for real under B: no
PAL008 / PAL009 error is left that A does not have too, every rule error lowering raises is one the
analysis predicts for the fixed file, and where the fixture has a twin in B's
spelling (fixture_markers.fixture_for_release, for releases before 0.10.2) the
fixed file lowers exactly as that twin does. The moves are the newest release to
the oldest measured (every out_type= renamed) and 0.10.2 to the newest
(pl.pallas_call rewritten, out_shape= renamed).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from fixture_markers import JAX_VENVS, fixture_for_release, package_fixtures, single_fixtures, version_probes
from pallas_lsp.analysis import Options, analyze_workspace, parse_jax_version
from pallas_lsp.analysis.upgrade import mechanical_fixes
from pallas_lsp.cli import main
from pallas_lsp.project import library_for

pytestmark = pytest.mark.lowering

MOVES = [("0.12.0.1", "0.8.3"), ("0.10.2", "0.12.0.1")]
TIMEOUT_S = 120.0

# Misses the analysis is known to have: each must still fail (strict), so a fix shows up.
KNOWN_GAPS = {
    # Found when this session's branches were merged (CI on e0d9f8a); issue 27's note.
    ("grid_zero.py", "0.8.3"): "0.8.3's MLIR refusal of emit_pipeline's wait_group(-1) is PAL013's class",
    # (copy_into_transposed_view.py and copy_from_scratch_T.py left this table in the twelfth
    # session: before 0.11 a transposed view of a buffer without transforms is judged, design.md
    # 270.) The same gap for the transposed tiled buffer (helper wip-copy, design.md 147; found by CI
    # on 56e5355).
    ("copy_into_transposed_tiled_buffer.py", "0.8.3"): "PAL013 through a transposed view is not judged "
                                                       "before 0.11",
    # Found by the three CI runs on 5329361 (2026-12-03): tests/test_oracle.py's gap of the same
    # fixtures (PAL030 starts at 0.10; 0.8.3 stores into an ACC through swap, PAL026's texts).
    # The same gap for copies out of a transposed view of the kernel's own scratch buffer
    # (design.md 193; found by CI on 6a081e1).
    ("copy_from_transposed_scratch.py", "0.8.3"): "PAL013 through a transposed view is not judged "
                                                  "before 0.11",
    ("acc_store_shape.py", "0.8.3"): "0.8.3 stores into an accumulator through swap (PAL026's texts)",
    ("acc_store_dtype.py", "0.8.3"): "0.8.3 stores into an accumulator through swap (PAL026's texts)",
    # tests/test_oracle.py's gap of the same fixtures (design.md 216): 0.8.3's Warpgroup
    # inference fails as a whole on the jitted call; PAL075 judges Warpgroup casts from 0.10.
    ("cast_tiled_misfit_warpgroup.py", "0.8.3"): "PAL075 judges Warpgroup casts from 0.10 only",
    ("cast_tiled_misfit_warpgroup_loaded.py", "0.8.3"): "PAL075 judges Warpgroup casts from 0.10 only",
}


def entries() -> list[Path]:
    return [*single_fixtures(), *version_probes(), *(p / "main.py" for p in package_fixtures())]


def lowered(pool, path: Path, version: str,
            named: frozenset[tuple[str, str, int]] = frozenset()) -> set[tuple[str, str, int]]:
    """(file, code, line) of each lowering error. An error two rules' patterns match (0.12's
    bare AssertionError is PAL008's and PAL020's: both raised by the same `assert rule is not
    None` of pallas_call.py's gpu_lowering) has the code of the finding ``named`` on its line,
    as merge.confirms reads it; else its first."""
    python = JAX_VENVS.get(version)
    if python is None or not python.exists():
        pytest.skip(f"no JAX {version} venv: run .ci/jax-envs.sh")
    report = pool.check(str(path), python=str(python), timeout=TIMEOUT_S)
    # The file itself may raise outside any launch (it ran past the fixed error into one
    # of no rule class): that is its first error, named by the report's message.
    assert report.fatal_kind in (None, "user_code"), report.fatal
    found = set()
    for e in report.errors:
        name = Path(e.file).name if e.file else path.name
        code = next((c for c in e.codes if (name, c, e.line) in named), e.code or e.exc_type)
        found.add((name, code, e.line))
    if report.fatal_kind:
        found.add((path.name, "raised: " + (report.fatal or "").split(": ")[1], report.fatal_line))
    return found


def predicted(folder: Path, version: str) -> set[tuple[str, str, int, bool]]:
    """(file, code, line, whether a mechanical fix is offered) of every finding."""
    files = {str(p): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.py"))}  # sub-packages too
    # The target's venv: imports of its installed packages are followed as they are there.
    python = JAX_VENVS.get(version)
    library = library_for(str(python)) if python is not None and python.exists() else None
    options = Options(jax_version=parse_jax_version(version), library=library)
    return {(Path(f.span.path or path).name, f.code, f.span.line, bool(mechanical_fixes([f])))
            for path, analysis in analyze_workspace(files, options).items()
            for f in analysis.findings}


@pytest.mark.parametrize(("source", "target"), MOVES, ids=lambda v: v)
@pytest.mark.parametrize("entry", entries(), ids=lambda p: p.parent.name if p.name == "main.py" else p.name)
def test_upgrade_fix_lowers_on_the_target(entry: Path, source: str, target: str, tmp_path: Path,
                                          lowering_pool, request: pytest.FixtureRequest) -> None:
    gap = KNOWN_GAPS.get((entry.name, target))
    if gap:
        request.applymarker(pytest.mark.xfail(strict=True, reason=gap))
    package = entry.name == "main.py"
    moved = tmp_path / "moved"
    if package:
        shutil.copytree(entry.parent, moved, ignore=shutil.ignore_patterns("*.txt"))
    else:
        moved.mkdir()
        shutil.copy(entry, moved / entry.name)
    status = main(["upgrade", "--from", source, "--to", target, "--fix", "--format", "json",
                   str(moved if package else moved / entry.name)])
    assert status in (0, 1)
    fixed = moved / entry.name
    findings = predicted(moved, target)
    named = frozenset(f[:3] for f in findings)
    got = lowered(lowering_pool, fixed, target, named)
    # What is left of PAL008 / PAL009 is what the analysis offers no mechanical fix for
    # (a pallas_call whose rewrite is not known to be right).
    unfixable = {(name, code, line) for name, code, line, fixable in findings if not fixable}
    # `upgrade` fixes what the move breaks; a name no release of the two has (PAL009 on
    # jax.sharding.use_mesh) is the source's error as much as the target's: it stays.
    both = {f[:3] for f in findings} & {f[:3] for f in predicted(moved, source)}
    assert {e for e in got if e[1] in ("PAL008", "PAL009")} <= unfixable | both, got
    rule_errors = {e for e in got if e[1].startswith("PAL")}
    assert rule_errors <= {f[:3] for f in findings}, f"{entry.name}: lowering {got}"
    twin = fixture_for_release(entry, target, tmp_path / "twin")
    # The twin renames plgpu.kernel's arguments only; the version probes test other names.
    if twin != entry and entry.parent.name != "versions":
        assert got == lowered(lowering_pool, twin, target, named), f"{entry.name}: the twin lowers otherwise"
