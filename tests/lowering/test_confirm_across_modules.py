"""`check --confirm` judges a lowering error raised in another module of the folder the way the
server's confirm command does (one builder: pallas_lsp.lowering.outcome): at the launch line of
the lowered file, with the raising line as a related location in its own module."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from lowering_env import REPO, jax_python
from pallas_lsp.cli import main
from pallas_lsp.lowering.outcome import build_outcome
from pallas_lsp.lowering.report import LoweringError, LoweringReport

pytestmark = pytest.mark.lowering

PACKAGE = REPO / "tests" / "fixtures" / "multifile" / "axes_across_modules"


def test_error_raised_in_another_module() -> None:
    python = jax_python("0.12.0.1")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(["check", "--format", "json", "--confirm", "local", "--python", python,
                       "--jax-version", "0.12.0.1", str(PACKAGE)])
    assert status == 1
    rows = json.loads(out.getvalue())
    lowered = [r for r in rows if r["message"].startswith("real lowering failed here")]
    assert len(lowered) == 1, rows
    row = lowered[0]
    # main.py launches (line 16); kernels.py line 6 raised: never matched against main.py's line 6.
    assert (Path(row["path"]).name, row["line"], row["code"]) == ("main.py", 16, "PAL002"), row
    assert "(raised in kernels.py:6)" in row["message"]
    assert [(Path(r["path"]).name, r["line"]) for r in row["related"]] == [("kernels.py", 6)]


def test_outcome_keeps_other_module_errors_off_this_files_lines(tmp_path: Path) -> None:
    """No JAX needed: a report whose error names another existing file."""
    other = tmp_path / "kernels.py"
    other.write_text("x = 1\n" * 8)
    error = LoweringError("NotImplementedError", "Only collective_axes …", 6, str(other), "axes_mismatch", 3)
    report = LoweringReport("0.12.0.1", "cpu", 0, (error,), None, None)
    main_py = tmp_path / "main.py"
    outcome = build_outcome(str(main_py), "a = 1\nb = 2\n    launch()\n", (), report)
    assert outcome.state == "failed" and outcome.errors == 1
    (failure,) = outcome.failures
    assert (failure.span.line, failure.span.col, failure.span.path) == (3, 4, None)
    assert failure.raised_at is not None
    assert (failure.raised_at.path, failure.raised_at.line) == (str(other), 6)
    assert failure.message.endswith("(raised in kernels.py:6)")
