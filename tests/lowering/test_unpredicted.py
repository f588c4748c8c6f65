"""Learning from disagreement: an error real lowering raised that no static finding predicted
is marked ``"unpredicted": true`` in ``check --confirm --format json`` (README's JSON contract).

cases/axis_from_file.py reads its axis name from axis.txt at run time: the static analysis
cannot see it; lowering raises PAL005's NameError (an unbound axis name) on line 12.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from lowering_env import CASES, jax_python
from support import REPO

pytestmark = pytest.mark.lowering


def test_unpredicted_rows_are_marked(version: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pallas_lsp", "check", "axis_from_file.py", "--confirm", "local",
         "--python", jax_python(version), "--format", "json"],
        cwd=CASES, capture_output=True, text=True, timeout=300)
    rows = json.loads(done.stdout)
    assert [(row["code"], row["line"], row["unpredicted"]) for row in rows] == [("PAL005", 12, True)], rows
    assert "unbound axis name" in rows[0]["message"]


def test_predicted_rows_are_not_marked(version: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pallas_lsp", "check", "unbound_axis.py", "--confirm", "local",
         "--python", jax_python(version), "--format", "json"],
        cwd=CASES, capture_output=True, text=True, timeout=300)
    rows = json.loads(done.stdout)
    assert rows and all(row["unpredicted"] is False for row in rows), rows
    assert any(row["lowering"] == "confirmed" for row in rows), rows


def test_sarif_marks_unpredicted_results(version: str) -> None:
    """The same mark in SARIF, as a result property (code-scanning uploads keep it)."""
    done = subprocess.run(
        [sys.executable, "-m", "pallas_lsp", "check", "axis_from_file.py", "--confirm", "local",
         "--python", jax_python(version), "--format", "sarif"],
        cwd=CASES, capture_output=True, text=True, timeout=300)
    [run] = json.loads(done.stdout)["runs"]
    marked = [(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
              for r in run["results"] if r.get("properties", {}).get("unpredicted")]
    assert marked == [("PAL005", 12)], run["results"]


def test_unpredicted_errors_name_their_raise_site() -> None:
    """An error no rule predicts names its site in JAX's raise-site table and its family
    (issue 27 item 5): a GMEM ref loaded straight into a tiled layout under Lane semantics on
    0.10.2. (It was the quickstart's add_vectors with 32 values until PAL027 predicted that
    one, then a reduction along an axis until PAL051 did.)"""
    fixture = REPO / "tests" / "fixtures" / "single" / "other" / "layout_cast_gmem_load_lane.py"
    done = subprocess.run(
        [sys.executable, "-m", "pallas_lsp", "check", str(fixture), "--confirm", "local",
         "--python", jax_python("0.10.2"), "--format", "json"],
        capture_output=True, text=True, timeout=300)
    rows = json.loads(done.stdout)
    assert [(row["code"], row["line"], row["unpredicted"]) for row in rows] == [
        ("lowering", 16, True)], rows
    message = rows[0]["message"]
    assert "Only optimized transfers to SMEM supported" in message
    # fragmented_array.py's site of 0.10.2 (its line there), its family, the page to read.
    assert "(not predicted yet: mosaic/gpu/fragmented_array.py:" in message, message
    family = message.rsplit("pallas-lsp explain ", 1)[1].rstrip(")")
    explained = subprocess.run([sys.executable, "-m", "pallas_lsp", "explain", family],
                               capture_output=True, text=True, timeout=60)
    assert explained.returncode == 0 and "## How to fix" in explained.stdout, explained.stderr
