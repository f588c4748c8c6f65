"""Every message `pallas-lsp check` / `explain` prints besides findings, through the real
`pallas-lsp` console script (issue 13): nothing is reported as passed that did not happen,
each failure says what to do, and every link the reports carry is one the project declares.
(The lowering states after a real --confirm: tests/lowering/test_cli_confirm_states.py.)"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pallas_lsp.analysis import format_jax_version
from pallas_lsp.analysis.versions import MEASURED
from pallas_lsp.lowering.report import DEFAULT_TIMEOUT_S
from pallas_lsp.project.config import tomllib  # tomli on Python 3.10
from support import EXAMPLES, REPO, server_env

PALLAS_LSP = Path(sys.executable).with_name("pallas-lsp")
# An interpreter without JAX: the test environment's own (the server never imports JAX).
NO_JAX_PYTHON = sys.executable
EXAMPLE = str(EXAMPLES / "allreduce_no_mesh.py")


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    assert PALLAS_LSP.is_file(), f"the console script is installed with the package: {PALLAS_LSP}"
    return subprocess.run([str(PALLAS_LSP), *args], capture_output=True, text=True, timeout=120,
                          cwd=cwd, env=server_env(), check=False)


def check(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run("check", *args, cwd=cwd)


def stderr_notifications(stderr: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]


# ------------------------------------------------------------------ paths


def test_missing_path_is_an_error_row_like_ruff(tmp_path: Path) -> None:
    done = check("nope.py", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout.splitlines() == ["nope.py:1:1: io-error no such file or directory", "Found 1 error."]
    assert "passed" not in done.stdout

    as_json = check("nope.py", "--format", "json", cwd=tmp_path)
    assert as_json.returncode == 2
    [row] = json.loads(as_json.stdout)
    assert (row["path"], row["code"], row["severity"], row["line"]) == ("nope.py", "io-error", "error", 1)

    sarif = json.loads(check("nope.py", "--format", "sarif", cwd=tmp_path).stdout)
    [result] = sarif["runs"][0]["results"]
    rule_ids = {rule["id"] for rule in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert result["ruleId"] == "io-error" and "io-error" in rule_ids
    # The check could not finish (exit status 2): SARIF says so too.
    assert sarif["runs"][0]["invocations"][0]["executionSuccessful"] is False


def test_missing_path_beside_a_good_one_still_checks_the_good_one(tmp_path: Path) -> None:
    done = check("nope.py", EXAMPLE, cwd=tmp_path)
    assert done.returncode == 2
    assert "PAL001" in done.stdout and "io-error" in done.stdout
    assert done.stdout.splitlines()[-1] == "Found 2 errors."


@pytest.mark.parametrize("what", ["text_file", "empty_folder"])
def test_no_python_files_found(tmp_path: Path, what: str) -> None:
    if what == "text_file":
        (tmp_path / "notes.md").write_text("# notes\n", encoding="utf-8")
        target = "notes.md"
    else:
        (tmp_path / "empty").mkdir()
        target = "empty"
    done = check(target, cwd=tmp_path)
    assert done.returncode == 0
    assert "pallas-lsp: warning: No Python files found under the given path(s)" in done.stderr
    assert done.stdout.strip() == "Nothing checked."
    if what == "text_file":
        assert "notes.md: not a Python file (.py, .pyi or .ipynb): skipped" in done.stderr


def test_missing_python_without_confirm_is_said(tmp_path: Path) -> None:
    done = check(EXAMPLE, "--python", str(tmp_path / "nope" / "python"))
    assert done.returncode == 1  # the findings still decide the status
    assert ("pallas-lsp: warning: --python " in done.stderr
            and "no such interpreter, so it does not choose the JAX version" in done.stderr)


# ------------------------------------------------------------------ --confirm that cannot run


def test_confirm_with_missing_python_is_an_error_in_every_format(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope" / "python")
    text = check(EXAMPLE, "--confirm", "local", "--python", missing)
    assert text.returncode == 2
    assert f"pallas-lsp: error: --python {missing}: no such interpreter" in text.stderr
    assert "passed" not in text.stdout
    assert text.stdout.splitlines()[-1] == "Found 1 error. 1 problem above kept the check from finishing."

    as_json = check(EXAMPLE, "--confirm", "local", "--python", missing, "--format", "json")
    assert as_json.returncode == 2
    rows = json.loads(as_json.stdout)  # stdout keeps the array contract: the static findings
    assert [row["code"] for row in rows] == ["PAL001"] and rows[0]["lowering"] is None
    [note] = stderr_notifications(as_json.stderr)
    assert note["level"] == "error" and "no such interpreter" in str(note["message"])

    sarif = json.loads(check(EXAMPLE, "--confirm", "local", "--python", missing, "--format", "sarif").stdout)
    [invocation] = sarif["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    [notification] = invocation["toolExecutionNotifications"]
    assert notification["level"] == "error" and "no such interpreter" in notification["message"]["text"]


def test_confirm_without_jax_says_how_to_fix() -> None:
    done = check(EXAMPLE, "--confirm", "local", "--python", NO_JAX_PYTHON)
    assert done.returncode == 2
    assert (f"--confirm local: JAX is not installed for {NO_JAX_PYTHON}, so nothing can be lowered; "
            f"install it there (`{NO_JAX_PYTHON} -m pip install jax`)") in done.stderr
    assert "lowered with" not in done.stdout


@pytest.mark.parametrize("timeout", ["0", "-5", "nan"])
def test_confirm_with_a_bad_timeout(timeout: str) -> None:
    # A usage error, said by the parser (cli_args, issue 12) before anything runs.
    done = check(EXAMPLE, "--confirm", "local", f"--timeout={timeout}", "--format", "json")
    assert done.returncode == 2 and done.stdout == ""
    assert f"expected a positive number of seconds, got '{timeout}'" in done.stderr


def test_confirm_remote_that_cannot_start() -> None:
    done = check(EXAMPLE, "--confirm", "remote", "--remote-command", "no-such-program-pallas python3 -",
               "--format", "sarif")
    assert done.returncode == 2
    [invocation] = json.loads(done.stdout)["runs"][0]["invocations"]
    [notification] = invocation["toolExecutionNotifications"]
    assert "cannot run 'no-such-program-pallas' on this machine" in notification["message"]["text"]

    missing = check(EXAMPLE, "--confirm", "remote")
    assert missing.returncode == 2 and "--confirm remote needs --remote-command" in missing.stderr


def test_a_plain_check_reports_an_empty_notification_list() -> None:
    sarif = json.loads(check(EXAMPLE, "--format", "sarif").stdout)
    assert sarif["runs"][0]["invocations"] == [
        {"executionSuccessful": True, "toolExecutionNotifications": []}]


# ------------------------------------------------------------------ explain, help, defaults


def test_explain_takes_names_and_several_rules() -> None:
    done = run("explain", "mesh_required", "PAL002", "axes-mismatch")
    assert done.returncode == 0
    headings = [line for line in done.stdout.splitlines() if line.startswith("# PAL")]
    assert [h.split()[1] for h in headings] == ["PAL001", "PAL002", "PAL002"]

    unknown = run("explain", "PAL001", "nonsense")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert "unknown rule or family 'nonsense'" in unknown.stderr
    assert "PAL001 (mesh_required)" in unknown.stderr and "copy_tma" in unknown.stderr


def test_explain_takes_a_family_of_the_raise_site_table() -> None:
    """An error no rule predicts names its family ("pallas-lsp explain copy_tma")."""
    done = run("explain", "copy_tma", "PAL001")
    assert done.returncode == 0
    assert done.stdout.startswith("# copy_tma: ") and "## How to fix" in done.stdout
    assert "\n# PAL001 mesh_required" in done.stdout


def test_check_help_documents_path_and_format() -> None:
    text = " ".join(run("check", "--help").stdout.split())
    assert "with none, the current folder" in text
    assert "--format {text,json,sarif}" in text and "notifications as JSON lines on stderr" in text
    assert f"(default {DEFAULT_TIMEOUT_S:g}, as in the editor)" in text


def test_one_timeout_default_for_cli_server_and_editor() -> None:
    manifest = json.loads((REPO / "package.json").read_text(encoding="utf-8"))

    def find(node: object) -> object:
        if isinstance(node, dict):
            if "pallasLsp.lowering.timeout" in node:
                return node["pallasLsp.lowering.timeout"]["default"]
            for value in node.values():
                found = find(value)
                if found is not None:
                    return found
        if isinstance(node, list):
            for value in node:
                found = find(value)
                if found is not None:
                    return found
        return None

    from pallas_lsp.lsp.settings import LoweringSettings

    assert find(manifest) == DEFAULT_TIMEOUT_S == LoweringSettings().timeout
    assert f"(default {DEFAULT_TIMEOUT_S:g})" in " ".join(run("lower", "--help").stdout.split())


# ------------------------------------------------------------------ SARIF rules and links


def declared_urls() -> list[str]:
    with (REPO / "pyproject.toml").open("rb") as handle:
        return list(tomllib.load(handle)["project"]["urls"].values())


def test_every_sarif_rule_id_has_a_rule_and_every_link_resolves(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text("def f(:\n", encoding="utf-8")
    done = check(str(tmp_path / "broken.py"), EXAMPLE, "--format", "sarif")
    sarif_run = json.loads(done.stdout)["runs"][0]
    rule_ids = {rule["id"] for rule in sarif_run["tool"]["driver"]["rules"]}
    assert {result["ruleId"] for result in sarif_run["results"]} == {"syntax-error", "PAL001"}
    assert {"syntax-error", "io-error", "lowering"} <= rule_ids

    repository = next(url for url in declared_urls() if url.rstrip("/").count("/") == 4)
    links = re.findall(r'https?://[^\s"\')\]]+', done.stdout.replace("https://json.schemastore.org/"
                                                                    "sarif-2.1.0.json", ""))
    assert links, "the SARIF report links the rules' pages"
    for link in links:
        assert link == repository or link.startswith(repository + "/blob/main/"), link
        if "/blob/main/" in link:
            # The page is shipped in the repository the link names.
            assert (REPO / link.split("/blob/main/", 1)[1]).is_file(), link


def test_package_json_declares_the_same_repository() -> None:
    manifest = json.loads((REPO / "package.json").read_text(encoding="utf-8"))
    repository = manifest.get("repository")
    if repository is None:
        pytest.skip("package.json's repository is added by the VS Code client work (issue 13)")
    url = repository["url"] if isinstance(repository, dict) else repository
    assert url.removesuffix(".git") in declared_urls()


def test_a_version_outside_the_measured_range_says_which_release_is_followed() -> None:
    text = check(EXAMPLE, "--jax-version", "0.4.30")
    oldest = format_jax_version(MEASURED[0].version)
    assert ("pallas-lsp: warning: JAX 0.4.30 is older than every measured release: the rules "
            f"follow JAX {oldest}, the nearest measured release") in text.stderr
    as_json = check(EXAMPLE, "--jax-version", "0.4.30", "--format", "json")
    json.loads(as_json.stdout)  # stdout stays the findings array
    [note] = [n for n in stderr_notifications(as_json.stderr) if n["level"] == "warning"]
    assert str(note["message"]).startswith("JAX 0.4.30 is older than every measured release")
