"""PAL024 on the releases the oracle cannot hold it to: JAX 0.9.1 and 0.9.2 lower no
multimem / multicast op when one process drives several devices (the oracle skips them,
fixture_markers.UNLOWERABLE). The lines and messages here were measured by lowering under
0.9.1 and 0.9.2 (docs/measurements/issue25/, docs/jax-releases.md); the Warpgroup case
(before 0.10) is held to real lowering by the oracle's 0.8.3 markers."""

from __future__ import annotations

from pathlib import Path

import pytest
from fixture_markers import FIXTURES, REPO, fixture_for_release
from pallas_lsp.analysis import Options, analyze, parse_jax_version
from pallas_lsp.lowering.classify import classify
from pallas_lsp.project import library_for

CLEAN = FIXTURES / "single" / "clean"
# fixture -> the line JAX 0.9.1 and 0.9.2 blame (measured): the op's own line, but the
# jitted call for a multicast copy.
MEASURED_LINES = {
    "allreduce_shard_map_ok.py": 11,
    "signal_multicast_string_ok.py": 11,
    "multicast_copy_ok.py": 26,
}


def pal024_lines(path: Path, version: str, tmp_path: Path, source: str | None = None) -> list[int]:
    path = fixture_for_release(path, version, tmp_path)
    text = source if source is not None else path.read_text(encoding="utf-8")
    result = analyze(text, Options(jax_version=parse_jax_version(version)), path=str(path))
    return sorted(f.span.line for f in result.findings if f.code == "PAL024")


@pytest.mark.parametrize("version", ["0.9.1", "0.9.2"])
@pytest.mark.parametrize("name", sorted(MEASURED_LINES))
def test_one_process_collectives_fail_on_0_9_1_and_0_9_2(name: str, version: str, tmp_path: Path) -> None:
    assert pal024_lines(CLEAN / name, version, tmp_path) == [MEASURED_LINES[name]]


@pytest.mark.parametrize("version", ["0.8.3", "0.9.0.1", "0.10.0", "0.10.2", "0.12.0.1"])
@pytest.mark.parametrize("name", sorted(MEASURED_LINES))
def test_releases_around_them_lower_these_ops(name: str, version: str, tmp_path: Path) -> None:
    assert pal024_lines(CLEAN / name, version, tmp_path) == []


def test_one_process_per_device_is_not_reported(tmp_path: Path) -> None:
    """jax.distributed.initialize(): one process per GPU, no collective metadata."""
    path = CLEAN / "allreduce_shard_map_ok.py"
    source = fixture_for_release(path, "0.9.2", tmp_path).read_text(encoding="utf-8")
    source = source.replace("if __name__ == \"__main__\":\n", "if __name__ == \"__main__\":\n"
                            "    jax.distributed.initialize()\n")
    assert "jax.distributed.initialize()" in source
    assert pal024_lines(path, "0.9.2", tmp_path, source) == []


@pytest.mark.parametrize(("message", "version", "expected"), [
    ("Multicast lowering with collective metadata is not implemented yet", "0.9.1", "release_cannot_lower"),
    ("GlobalBroadcast not supported with collective metadata", "0.9.2", "release_cannot_lower"),
    ("Multicast lowering with collective metadata is not implemented yet", "0.10.2", "other"),
    ("Unimplemented primitive in Pallas Mosaic GPU lowering: multimem_store for lowering semantics "
     "LoweringSemantics.Warpgroup and user thread semantics", "0.8.3", "release_cannot_lower"),
])
def test_measured_messages_classify(message: str, version: str, expected: str) -> None:
    assert classify("NotImplementedError", message, version) == expected


# The installed kernels JAX ships (all_gather, reduce_scatter): on 0.9.1 / 0.9.2 the error is
# raised while lowering, on the jitted call (measured: lines 21 and 22), not on the op's line in
# the installed module. Read from that release's own environment (.ci/jax-envs.sh's layout, or
# the one the issue-25 measurements built), skipped where it is absent.
INSTALLED_LINES = {"installed_all_gather_ok.py": 21, "installed_reduce_scatter_ok.py": 22}


def _release_python(version: str) -> Path | None:
    for candidate in (REPO / ".venv-jax-all" / version / "bin" / "python",
                      Path("/work/jaxenvs") / version / "bin" / "python"):
        if candidate.exists():
            return candidate
    return None


@pytest.mark.parametrize("version", ["0.9.1", "0.9.2"])
@pytest.mark.parametrize("name", sorted(INSTALLED_LINES))
def test_installed_kernels_are_blamed_on_the_jitted_call(name: str, version: str) -> None:
    python = _release_python(version)
    if python is None:
        pytest.skip(f"no JAX {version} environment")
    path = CLEAN / name
    options = Options(jax_version=parse_jax_version(version), library=library_for(str(python)))
    result = analyze(path.read_text(encoding="utf-8"), options, path=str(path))
    assert sorted((f.code, f.span.line, f.span.path) for f in result.findings if f.code == "PAL024") \
        == [("PAL024", INSTALLED_LINES[name], None)]  # None: the analysed file itself
