"""Jupyter notebooks: the code cells as one module, and every face placing findings by cell.

The notebook fixtures (tests/fixtures/notebooks) carry ``# expect`` markers in their
cells; test_oracle.py lowers them for real, this file checks the static analysis and
the CLI's text, JSON and SARIF against the same markers, and the cell map itself.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fixture_markers import notebook_fixtures, notebook_static
from pallas_lsp.project import Cell, is_notebook, read_notebook
from pallas_lsp.project.notebook import build, parse_ipynb
from support import FIXTURES, JAX_PYTHONS, cli_command, server_env

NOTEBOOKS = FIXTURES / "notebooks"


def check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cli_command("check", *args), capture_output=True, text=True,
                          env=server_env(), timeout=120)


def notebook_json(cells: list[tuple[str, str]], language: str = "python") -> str:
    return json.dumps({
        "cells": [{"cell_type": kind, "metadata": {}, "source": text.splitlines(keepends=True),
                   **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                  for kind, text in cells],
        "metadata": {"language_info": {"name": language}},
        "nbformat": 4, "nbformat_minor": 5,
    })


# -- the cell map ------------------------------------------------------------------------

def test_code_cells_make_one_module_and_map_back() -> None:
    module = build([
        Cell("markdown", "# title\ntext"),
        Cell("code", "import jax\nx = 1\n"),
        Cell("code", "y = x"),
        Cell("raw", "raw"),
        Cell("code", ""),
        Cell("code", "z = y\n\nw = z"),
    ])
    assert module.text == "import jax\nx = 1\ny = x\n\nz = y\n\nw = z\n"
    assert [(c.number, c.first, c.count) for c in module.cells] == [
        (2, 1, 2), (3, 3, 1), (5, 4, 1), (6, 5, 3)]
    assert module.to_cell(2) == (2, 2)
    assert module.to_cell(3) == (3, 1)
    assert module.to_cell(7) == (6, 3)


def test_magics_and_shell_escapes_keep_every_position() -> None:
    module = build([Cell("code", "%matplotlib inline\n!pip install jax\nfiles = !ls\n"
                                 "if True:\n    %time x = 1\n?jax\nx = 5 % 2\ny = x != 1")])
    lines = module.text.splitlines()
    assert lines == ["...", "...", "files = ...", "if True:", "    ...", "...", "x = 5 % 2", "y = x != 1"]
    compile(module.text, "<nb>", "exec")


def test_cell_magics_skip_the_cell_unless_its_body_is_python() -> None:
    module = build([Cell("code", "%%bash\necho hi"), Cell("code", "%%time\nx = 1"),
                    Cell("code", "%%writefile k.py\nimport os")])
    assert module.text == "...\nx = 1\n"
    assert [c.number for c in module.cells] == [2]


def test_cells_in_other_languages_are_not_python() -> None:
    assert build([Cell("code", "SELECT 1", language="sql"), Cell("code", "x = 1")]).text == "x = 1\n"
    assert parse_ipynb(notebook_json([("code", "x <- 1")], language="R")).text == ""


def test_messages_name_cells_instead_of_module_lines() -> None:
    module = build([Cell("markdown", "m"), Cell("code", "a\nb"), Cell("code", "c")])
    assert module.relabel("the mesh built at line 3 has axes") == "the mesh built at cell 3, line 1 has axes"
    other_file = "the mesh built at line 3 of topology.py"
    assert module.relabel(other_file) == other_file


def test_notebook_files_join_the_program() -> None:
    from pallas_lsp.project import in_program, python_files

    files, _ = python_files([str(NOTEBOOKS)])
    assert {Path(f).name for f in files} >= {"reduce_redefined.ipynb", "store_one_axis.ipynb", "topology.py"}
    assert in_program(str(NOTEBOOKS / "new.ipynb"), [str(NOTEBOOKS)])
    assert is_notebook("a/b.ipynb") and not is_notebook("a/b.py")


# -- the CLI against the markers ------------------------------------------------------------

@pytest.mark.parametrize("version", sorted(JAX_PYTHONS))
def test_check_reports_each_marker_in_its_cell(version: str) -> None:
    result = check(str(NOTEBOOKS), "--format", "json", "--jax-version", version)
    assert result.returncode == 1, result.stderr
    rows = json.loads(result.stdout)
    got: dict[str, set[tuple[int, str, int]]] = {}
    for row in rows:
        got.setdefault(Path(row["path"]).name, set()).add((row["cell"], row["code"], row["line"]))
    for notebook in notebook_fixtures():
        assert got.get(notebook.name, set()) == notebook_static(notebook, version), notebook.name
    # A sibling module the notebook imports holds the mesh: its span keeps plain lines.
    sibling = next(r for r in rows if Path(r["path"]).name == "store_one_axis.ipynb")
    mesh = next(r for r in sibling["related"] if r["path"].endswith("topology.py"))
    assert mesh["cell"] is None and mesh["line"] == 10
    assert "line 10 of topology.py" in sibling["message"]


def test_text_output_is_path_cell_line_column() -> None:
    path = NOTEBOOKS / "reduce_redefined.ipynb"
    result = check(str(path), "--jax-version", "0.12.0.1")
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{path}:cell 7:2:13: PAL002 ")
    assert "the mesh built at cell 5, line 2 has axes" in first
    assert f"  {path}:cell 5:2:8: related: this mesh has axes" in result.stdout


def test_sarif_names_the_cell() -> None:
    result = check(str(NOTEBOOKS / "reduce_redefined.ipynb"), "--format", "sarif")
    (finding,) = json.loads(result.stdout)["runs"][0]["results"]
    location = finding["locations"][0]
    assert location["properties"] == {"cell": 7}
    assert location["logicalLocations"] == [{"name": "cell 7", "kind": "module"}]
    assert location["physicalLocation"]["region"]["startLine"] == 2
    assert {r["properties"]["cell"] for r in finding["relatedLocations"]} == {5, 8}


def test_noqa_in_a_cell(tmp_path: Path) -> None:
    source = json.loads((NOTEBOOKS / "reduce_redefined.ipynb").read_text(encoding="utf-8"))
    kernel = source["cells"][6]["source"]
    kernel[1] = kernel[1].replace("# expect: PAL002", "# noqa: PAL002")
    path = tmp_path / "quiet.ipynb"
    path.write_text(json.dumps(source), encoding="utf-8")
    result = check(str(path))
    assert result.returncode == 0, result.stdout
    assert "All checks passed." in result.stdout


def test_a_file_that_is_no_notebook_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "broken.ipynb"
    path.write_text("{not json", encoding="utf-8")
    result = check(str(path))
    assert result.returncode == 2
    # An io-error row of the report (issue 13), like every path that cannot be read.
    assert f"{path}:1:1: io-error cannot read: not a notebook: invalid JSON" in result.stdout


def test_the_size_limit_is_for_the_code_not_the_outputs(tmp_path: Path) -> None:
    """A plot of 2 MB in a cell's outputs does not make the notebook "too large"; code over
    the limit does, and says it is the code."""
    source = json.loads((NOTEBOOKS / "reduce_redefined.ipynb").read_text(encoding="utf-8"))
    source["cells"][1].setdefault("outputs", []).append(
        {"output_type": "display_data", "metadata": {}, "data": {"image/png": "A" * 2_000_000}})
    with_plot = tmp_path / "with_plot.ipynb"
    with_plot.write_text(json.dumps(source), encoding="utf-8")
    rows = json.loads(check(str(with_plot), "--format", "json").stdout)
    assert "PAL002" in {r["code"] for r in rows}, rows

    big_code = tmp_path / "big_code.ipynb"
    big_code.write_text(notebook_json([("code", "x = 1\n" * 200_000)]), encoding="utf-8")
    result = check(str(big_code))
    assert result.returncode == 2
    # An io-error row of the report (issue 13).
    assert "io-error cannot read: notebook code too large for pallas-lsp (1.2 MB > 1 MB limit)" \
        in result.stdout


def test_a_syntax_error_names_its_cell(tmp_path: Path) -> None:
    path = tmp_path / "typo.ipynb"
    cells = [("markdown", "m"), ("code", "x = 1"), ("code", "y = (")]
    path.write_text(notebook_json(cells), encoding="utf-8")
    rows = json.loads(check(str(path), "--format", "json").stdout)
    assert [(r["code"], r["cell"], r["line"]) for r in rows] == [("syntax-error", 3, 1)]


@pytest.mark.lowering
def test_confirm_lowers_the_notebook() -> None:
    python = JAX_PYTHONS["0.12.0.1"]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/jax-envs.sh")
    result = subprocess.run(
        [sys.executable, "-m", "pallas_lsp", "check", str(NOTEBOOKS / "sibling"), "--format", "json",
         "--confirm", "local", "--python", str(python)],
        capture_output=True, text=True, env=server_env(), timeout=300)
    rows = json.loads(result.stdout)
    assert [(Path(r["path"]).name, r["cell"], r["line"], r["code"], r["confirmed"]) for r in rows] == [
        ("store_one_axis.ipynb", 3, 2, "PAL002", True)], result.stderr


def test_read_notebook_of_a_fixture() -> None:
    module = read_notebook(str(NOTEBOOKS / "reduce_redefined.ipynb"))
    # cell 3 is %%bash: not in the module; the markdown cells 1 and 6 count in the numbering.
    assert [c.number for c in module.cells] == [2, 4, 5, 7, 8]


def test_upgrade_fix_leaves_notebooks_alone(tmp_path: Path) -> None:
    # The fixes are edits of the cells' module: written into the .ipynb JSON they would break it.
    path = tmp_path / "kernel.ipynb"
    original = (NOTEBOOKS / "reduce_redefined_ok.ipynb").read_text(encoding="utf-8")
    path.write_text(original, encoding="utf-8")
    result = subprocess.run(cli_command("upgrade", "--from", "0.12.0.1", "--to", "0.8.3", "--fix", str(path)),
                            capture_output=True, text=True, env=server_env(), timeout=120)
    assert path.read_text(encoding="utf-8") == original
    assert f"{path}: notebooks are not rewritten: apply these fixes in the editor" in result.stdout
    assert f"{path}:cell 8:2:8: PAL009 " in result.stdout
