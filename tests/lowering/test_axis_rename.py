"""Renaming every axis name of every fixture changes nothing real lowering says, names aside.

For each fixture program and each supported JAX version: lower the original and the
program with every renamable axis symbol renamed to a fresh name (rename_all), and
compare the reports: the same launches lowered, the same errors (class, exception,
line), the same messages once the fresh names are mapped back.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lowering_env import jax_python
from pallas_lsp.analysis import Options
from pallas_lsp.lowering.report import LoweringReport
from pallas_lsp.lowering.runner import WarmWorkerPool
from pallas_lsp.project import library_for
from rename_all import fixture_programs, program_texts, rename_all
from support import EXAMPLES, JAX_PYTHONS

pytestmark = pytest.mark.lowering

# The seed example a new user renames first (its shard_map's specs name no axis).
PROGRAMS = [p for p in fixture_programs() if p.is_dir() or "__main__" in p.read_text(encoding="utf-8")] + [
    EXAMPLES / "broadcast_axes_mismatch.py"]


def _summary(report: LoweringReport, fresh_to_old: dict[str, str], root: str) -> tuple[object, ...]:
    def plain(text: str | None) -> str | None:
        if text is None:
            return None
        text = text.replace(root, "<root>")
        # MLIR locations carry columns ("f.py":11:17 to :97): a longer name moves them.
        text = re.sub(r'":(\d+):\d+(?: to :?(?:\d+:)?\d+)?', r'":\1', text)
        # An object's repr in a message ("<...OpResult object at 0x7f6e94349df0>"): its address
        # differs from one process to the next.
        text = re.sub(r"\bat 0x[0-9a-f]+", "at 0x...", text)
        for fresh, old in fresh_to_old.items():
            text = re.sub(rf"\b{re.escape(fresh)}\b", old, text)
        return text

    return (
        report.jax_version, report.lowered, report.fatal_kind, plain(report.fatal), report.stopped_at,
        tuple((e.cls, e.exc_type, e.line, Path(e.file).name if e.file else None, plain(e.message))
              for e in report.errors),
        tuple((launch.line, launch.ok) for launch in report.launches),
    )


@pytest.mark.parametrize("version", sorted(JAX_PYTHONS))
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_renamed_program_lowers_as_before(pool: WarmWorkerPool, tmp_path: Path, program: Path,
                                          version: str) -> None:
    python = jax_python(version)
    texts = program_texts(program)
    # As the server analyses: the interpreter's installed packages are followed.
    renamed = rename_all(texts, Options(library=library_for(python)))
    if not renamed.fresh_to_old:
        pytest.skip(f"no axis name here can be renamed: {sorted(renamed.refused)}")
    original_root, renamed_root = tmp_path / "original", tmp_path / "renamed"
    base = program.parent if program.is_file() else program
    reports = []
    for root, version_texts in ((original_root, texts), (renamed_root, renamed.texts)):
        entries = []
        for path, text in version_texts.items():
            target = root / Path(path).relative_to(base)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            if "__main__" in text:
                entries.append(target)
        reports.append([_summary(pool.check(str(entry), python=python, timeout=180),
                                 renamed.fresh_to_old if root == renamed_root else {}, str(root))
                        for entry in sorted(entries)])
    before, after = reports
    assert after == before, renamed.fresh_to_old
