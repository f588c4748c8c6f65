"""`[tool.pallas-lsp]` in pyproject.toml (project/config.py): found by walking up from each
file as ruff finds `[tool.ruff]`, overridden by flags, shown by `check --show-settings`, and
honoured by `pallas-lsp check` (the server's side: tests/lsp/test_project_config_lsp.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pallas_lsp.project import ConfigError, Setting, find_config, resolve
from pallas_lsp.project.config import ignored_codes, selected_codes
from support import EXAMPLES, server_env

PALLAS_LSP = Path(sys.executable).with_name("pallas-lsp")


def check(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PALLAS_LSP), "check", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env=server_env(), check=False)


def project(tmp_path: Path, table: str) -> Path:
    """A project: pyproject.toml with ``table`` under [tool.pallas-lsp], examples in sub/ and gen/."""
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "demo"\n\n[tool.pallas-lsp]\n{table}\n',
                                             encoding="utf-8")
    for folder, names in (("sub", ("broadcast_string_axis.py", "reduce_lane_no_layout.py",
                                   "signal_barrier.py", "reduce_splat_layout.py")),
                          ("gen", ("allreduce_no_mesh.py",))):
        (tmp_path / folder).mkdir()
        for name in names:
            shutil.copy(EXAMPLES / name, tmp_path / folder / name)
    return tmp_path


def codes(stdout: str) -> set[tuple[str, str]]:
    return {(Path(row["path"]).name, row["code"]) for row in json.loads(stdout)}


def test_found_walking_up_past_a_pyproject_without_the_table(tmp_path: Path) -> None:
    root = project(tmp_path, 'ignore = ["PAL004"]')
    (root / "sub" / "pyproject.toml").write_text('[tool.ruff]\nline-length = 100\n', encoding="utf-8")
    config = find_config(root / "sub" / "signal_barrier.py")
    assert config is not None and config.path == root / "pyproject.toml"
    assert find_config(root.parent) != config  # outside the project folder it does not apply


def test_each_key_is_honoured_by_check(tmp_path: Path) -> None:
    root = project(tmp_path, '\n'.join([
        'ignore = ["PAL004"]',
        'per-file-ignores = {"sub/signal_barrier.py" = ["PAL001"]}',
        'exclude = ["gen/*"]',
        'jax-version = "0.10.2"',
    ]))
    done = check("--format", "json", cwd=root)
    assert done.returncode == 1, done.stderr
    # PAL004 ignored, signal_barrier's PAL001 ignored, gen/ excluded, and on 0.10.2
    # pl.pallas_call still lowers (no PAL008): only the PAL002 and PAL003 remain.
    assert codes(done.stdout) == {("broadcast_string_axis.py", "PAL002"),
                                  ("reduce_lane_no_layout.py", "PAL003")}
    # A file named on the command line gets its per-file-ignores as well.
    single = check("sub/signal_barrier.py", "--format", "json", cwd=root)
    assert single.returncode == 0 and json.loads(single.stdout) == []


def test_flags_beat_the_project(tmp_path: Path) -> None:
    root = project(tmp_path, 'ignore = ["PAL004"]\njax-version = "0.10.2"\nselect = ["PAL00"]')
    done = check("--format", "json", "--jax-version", "0.12.0.1", "--ignore", "PAL002", cwd=root)
    found = codes(done.stdout)
    assert ("reduce_lane_no_layout.py", "PAL008") in found  # 0.12.0.1 from the flag
    assert ("reduce_splat_layout.py", "PAL004") in found  # --ignore replaced the project's list
    assert not any(code == "PAL002" for _, code in found)


def test_select_by_rule_name_and_a_selected_rule_the_project_ignores(tmp_path: Path) -> None:
    root = project(tmp_path, 'ignore = ["PAL002"]')
    # A rule's name selects it, as explain takes it; the project's ignore still drops it,
    # and that is said instead of an empty, silent result.
    # With nothing left to check, the run says so and exits 2: never "All checks passed.".
    done = check("--format", "json", "--select", "axes_mismatch", cwd=root)
    assert done.returncode == 2 and json.loads(done.stdout) == []
    [note] = [json.loads(line) for line in done.stderr.splitlines()]
    assert note["level"] == "error"
    assert str(note["message"]).startswith("--select PAL002: it is ignored by [tool.pallas-lsp] ignore")
    assert "no rule is left to check" in str(note["message"])
    assert "give --ignore with the rules to skip instead" in str(note["message"])
    text = check("--select", "axes_mismatch", cwd=root)
    assert text.returncode == 2 and "All checks passed." not in text.stdout
    assert "kept the check from finishing" in text.stdout
    # With another selected rule still checked, a warning, and the run goes on.
    done = check("--format", "json", "--select", "PAL002,PAL001", cwd=root)
    assert done.returncode == 1 and {code for _, code in codes(done.stdout)} == {"PAL001"}
    [note] = [json.loads(line) for line in done.stderr.splitlines()]
    assert note["level"] == "warning" and "no rule is left" not in str(note["message"])
    # As the note says: the flag's list replaces the project's.
    done = check("--format", "json", "--select", "axes_mismatch", "--ignore", "", cwd=root)
    assert done.returncode == 1 and {code for _, code in codes(done.stdout)} == {"PAL002"}
    assert done.stderr == ""


def test_show_settings_says_where_each_value_came_from(tmp_path: Path) -> None:
    root = project(tmp_path, 'ignore = ["PAL004"]\njax-version = "0.10.2"\npython = ".venv/bin/python"')
    done = check("--show-settings", "sub/signal_barrier.py", "--select", "PAL001,PAL002", cwd=root)
    assert done.returncode == 0, done.stderr
    pyproject = f"[pyproject.toml ({root / 'pyproject.toml'})]"
    lines = [" ".join(line.split()) for line in done.stdout.splitlines()]
    assert lines[0] == "Settings for sub/signal_barrier.py"
    assert lines[1] == f"project file: {root / 'pyproject.toml'}"
    assert "select PAL001, PAL002 [--select]" in lines
    assert f"ignore PAL004 {pyproject}" in lines
    assert f"jax-version 0.10.2 {pyproject}" in lines
    # A relative interpreter path is the project's, not the current folder's.
    assert f"python {root / '.venv/bin/python'} {pyproject}" in lines
    assert "per-file-ignores none [default]" in lines


@pytest.mark.parametrize(("table", "message"), [
    ('ignore = "PAL004"', "ignore must be a list of strings"),
    ('ignore = ["PAL999"]', "ignore names unknown rule code(s) PAL999"),
    ('colour = "red"', "has unknown key(s) colour (known: select, ignore,"),
    ('jax-version = 10', "jax-version must be a string"),
])
def test_a_bad_table_stops_check_naming_the_file(tmp_path: Path, table: str, message: str) -> None:
    root = project(tmp_path, table)
    done = check(cwd=root)
    assert done.returncode == 2
    assert f"pallas-lsp: {root / 'pyproject.toml'}: [tool.pallas-lsp] {message}" in done.stderr


def test_resolve_adds_per_file_ignores_to_ignore_and_expands_prefixes(tmp_path: Path) -> None:
    root = project(tmp_path, 'select = ["PAL00"]\nignore = ["PAL004"]\n'
                             'per-file-ignores = {"signal_*.py" = ["PAL001"]}')
    resolved = resolve(str(root / "sub" / "signal_barrier.py"), {})
    assert ignored_codes(resolved) == {"PAL001", "PAL004"}
    assert selected_codes(resolved) is not None and "PAL009" in selected_codes(resolved)
    flag = {"ignore": Setting(("PAL002",), "--ignore")}
    other = resolve(str(root / "sub" / "reduce_splat_layout.py"), flag)
    assert ignored_codes(other) == {"PAL002"}
    with pytest.raises(ConfigError):
        (root / "pyproject.toml").write_text("[tool.pallas-lsp\n", encoding="utf-8")
        resolve(str(root / "sub" / "x.py"), {})
