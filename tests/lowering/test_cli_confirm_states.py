"""`check --confirm local` through the real `pallas-lsp` console script and real lowering:
each finding's state is explicit (confirmed / refuted / not_reached, and why) in text,
JSON and SARIF, each file's lowering line says what happened, the summary counts the
states, and progress is streamed on stderr as each file completes (issue 13)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from lowering_env import jax_python
from support import EXAMPLES, FIXTURES, server_env

pytestmark = pytest.mark.lowering

PALLAS_LSP = Path(sys.executable).with_name("pallas-lsp")
# Lane kernel launched through pl.pallas_call: on 0.12.0.1 lowering stops at the launch
# (PAL008, line 23) before it reaches the layout error (PAL003, line 11).
STOPPED_EARLY = str(EXAMPLES / "reduce_lane_no_layout.py")


def confirm(python: str, *paths: str, form: str = "text") -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PALLAS_LSP), "check", *paths, "--confirm", "local", "--python", python,
                           "--format", form], capture_output=True, text=True, timeout=300,
                          env=server_env(), check=False)


def test_confirmed_and_not_reached_on_012() -> None:
    python = jax_python("0.12.0.1")
    text = confirm(python, STOPPED_EARLY)
    assert text.returncode == 1, text.stderr
    lines = text.stdout.splitlines()
    assert any(line.endswith("[not reached: lowering stopped at line 23, PAL008]")
               and ": PAL003 " in line for line in lines), lines
    assert any(line.endswith("[confirmed by lowering]") and ": PAL008 " in line for line in lines)
    assert (f"{STOPPED_EARLY}: lowered with JAX 0.12.0.1 on cpu: 1 confirmed, 1 not reached "
            "(lowering stopped at line 23, PAL008)") in lines
    assert lines[-1] == "Found 2 findings (2 errors): 1 confirmed by lowering, 1 not reached."
    [progress] = [line for line in text.stderr.splitlines() if line.startswith("[")]
    assert progress.startswith("[1/1] reduce_lane_no_layout.py: 2 errors, 1 confirmed, 1 not reached "
                               "(JAX 0.12.0.1, ")
    assert progress.endswith(" s)")

    rows = {row["code"]: row for row in json.loads(confirm(python, STOPPED_EARLY, form="json").stdout)}
    assert (rows["PAL008"]["confirmed"], rows["PAL008"]["lowering"], rows["PAL008"]["lowering_note"]) == (
        True, "confirmed", None)
    assert (rows["PAL003"]["confirmed"], rows["PAL003"]["lowering"], rows["PAL003"]["lowering_note"]) == (
        None, "not_reached", "lowering stopped at line 23, PAL008")

    sarif = json.loads(confirm(python, STOPPED_EARLY, form="sarif").stdout)["runs"][0]
    properties = {result["ruleId"]: result["properties"] for result in sarif["results"]}
    assert properties["PAL003"] == {"confirmedByLowering": None, "lowering": "not_reached",
                                    "loweringNote": "lowering stopped at line 23, PAL008"}
    assert properties["PAL008"]["lowering"] == "confirmed"
    assert sarif["invocations"][0]["executionSuccessful"] is True


def test_files_stream_one_progress_line_each_and_clean_files_say_so() -> None:
    python = jax_python("0.10.2")
    clean = str(EXAMPLES / "allreduce_ok.py")
    done = confirm(python, STOPPED_EARLY, clean)
    assert done.returncode == 1, done.stderr
    progress = sorted(line for line in done.stderr.splitlines() if line.startswith("["))
    assert [line[:6] for line in progress] == ["[1/2] ", "[2/2] "]
    assert any("allreduce_ok.py: no errors, lowered cleanly (JAX 0.10.2, " in line for line in progress)
    assert f"{clean}: lowered with JAX 0.10.2 on cpu: lowered cleanly" in done.stdout.splitlines()
    # On 0.10.2 pl.pallas_call still lowers: the layout error itself is reached and confirmed.
    assert done.stdout.splitlines()[-1] == "Found 1 finding (1 error): 1 confirmed by lowering."


def test_a_file_whose_lowering_times_out_is_an_error_not_a_pass() -> None:
    python = jax_python("0.12.0.1")
    done = subprocess.run([str(PALLAS_LSP), "check", STOPPED_EARLY, "--confirm", "local", "--python",
                           python, "--timeout", "0.05", "--format", "json"], capture_output=True,
                          text=True, timeout=120, env=server_env(), check=False)
    assert done.returncode == 2
    rows = json.loads(done.stdout)
    assert {row["code"] for row in rows} == {"PAL003", "PAL008"}
    assert all(row["lowering"] is None for row in rows)  # nothing judged: the check did not run
    errors = [json.loads(line) for line in done.stderr.splitlines()
              if line.startswith("{") and json.loads(line)["level"] == "error"]
    [error] = errors
    assert error["path"] == STOPPED_EARLY
    assert str(error["message"]).startswith("the lowering check could not run: ")
    assert "give it more time with --timeout" in str(error["message"])
    assert str(error["message"]).endswith("Its findings are not confirmed.")


@pytest.mark.parametrize("version", ["0.10.2", "0.12.0.1"])
@pytest.mark.parametrize("name", ["strided_f32_vec8_warpgroup.py", "strided_f32_vec8_launcher.py"])
def test_a_warpgroup_width_error_is_confirmed_on_the_op_line(version: str, name: str) -> None:
    # Warpgroup finds the width after tracing (the traceback ends at the jitted call); the
    # worker reads the op's MLIR location, so the static finding's line is confirmed and
    # nothing is left over as an unpredicted error on the call line.
    path = FIXTURES / "single" / "pal007" / name
    op_line = next(number for number, text in enumerate(path.read_text().splitlines(), 1)
                   if "multimem_load_reduce(" in text)
    done = confirm(jax_python(version), str(path), form="json")
    [row] = json.loads(done.stdout)
    assert (row["code"], row["line"], row["lowering"]) == ("PAL007", op_line, "confirmed"), done.stdout
