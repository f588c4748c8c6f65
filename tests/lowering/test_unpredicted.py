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
