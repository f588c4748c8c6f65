"""`pallas-lsp check --format json` on broken input: valid JSON, exit status 0/1/2, no traceback.

The property tests call the CLI's ``main`` in process (fast, and an escaping
exception fails the test as a traceback would); a few cases also run the real
``python -m pallas_lsp check`` process end to end.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import tempfile
from pathlib import Path

import pytest
from fuzz_helpers import corpus_text, mutated_kernels
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pallas_lsp.cli import main
from support import cli_command, server_env

KEYS = {"path", "cell", "line", "column", "end_line", "end_column", "code", "severity", "message",
        "confirmed", "lowering", "lowering_note", "unpredicted", "related"}
RELATED_KEYS = {"path", "cell", "line", "column", "message"}
FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ARGS = ["check", "--format", "json", "--jax-version", "0.12.0.1"]
# A hang guard, not a speed limit: only a blocked process runs this long.
HANG_GUARD_S = 30.0


def run_main(*paths: str, fmt: str = "json") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["check", "--format", fmt, "--jax-version", "0.12.0.1", *paths])
    return status, out.getvalue(), err.getvalue()


def check_report(status: int, stdout: str, stderr: str) -> list[dict[str, object]]:
    assert status in (0, 1, 2), (status, stderr)
    assert "Traceback" not in stderr
    items = json.loads(stdout)
    assert isinstance(items, list)
    for item in items:
        assert set(item) == KEYS, item
        assert isinstance(item["line"], int) and item["line"] >= 1
        assert isinstance(item["column"], int) and item["column"] >= 1
        assert isinstance(item["end_line"], int) and item["end_line"] >= item["line"]
        assert isinstance(item["end_column"], int) and item["end_column"] >= 1
        assert item["severity"] in ("error", "warning", "information", "hint")
        assert item["confirmed"] is None and item["lowering"] is None and item["lowering_note"] is None
        for related in item["related"]:
            assert set(related) == RELATED_KEYS, related
            assert isinstance(related["line"], int) and related["line"] >= 1
            assert isinstance(related["column"], int) and related["column"] >= 1
    has_error = any(item["severity"] == "error" for item in items)
    if status != 2:
        assert status == (1 if has_error else 0), (status, items)
    return items


@FUZZ
@given(mutated_kernels())
def test_mutated_file(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kernel.py"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        check_report(*run_main(str(path)))


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kernel.py"
        path.write_bytes(data)
        status, stdout, stderr = run_main(str(path))
        items = check_report(status, stdout, stderr)
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            # An io-error row of its own (issue 13), never silence.
            assert status == 2 and any(item["code"] == "io-error"
                                       and str(item["message"]).startswith("cannot read") for item in items)


@settings(max_examples=30, deadline=None)
@given(mutated_kernels())
def test_sarif_is_json(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kernel.py"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        status, stdout, _ = run_main(str(path), fmt="sarif")
        assert status in (0, 1, 2)
        assert isinstance(json.loads(stdout), dict)


def run_process(*args: str, cwd: Path | None = None) -> tuple[int, str, str]:
    done = subprocess.run(cli_command(*args), capture_output=True, text=True, timeout=120,
                          check=False, env=server_env(), cwd=cwd)
    return done.returncode, done.stdout, done.stderr


def test_process_bad_files_beside_good_ones(tmp_path: Path) -> None:
    """Non-UTF-8 bytes, NUL bytes, an empty file and a missing path: status 2, the readable
    files still checked, one JSON array out, no traceback."""
    good = corpus_text("allreduce_jit_no_mesh.py")
    (tmp_path / "a_latin1.py").write_bytes("x = 'café'\n".encode("latin-1"))
    (tmp_path / "b_nul.py").write_bytes(b"import jax\x00\n")
    (tmp_path / "c_empty.py").write_bytes(b"")
    (tmp_path / "d_crlf.py").write_bytes(good.replace("\n", "\r\n").encode())
    (tmp_path / "e_good.py").write_text(good, encoding="utf-8")
    (tmp_path / "f_truncated.py").write_bytes(good.encode()[: len(good) // 2] + b"\xe2\x82")
    status, stdout, stderr = run_process(*ARGS, str(tmp_path), str(tmp_path / "missing.py"))
    items = check_report(status, stdout, stderr)
    assert status == 2
    # A path that cannot be read is an io-error row of its own (issue 13).
    io_errors = {Path(str(i["path"])).name: str(i["message"]) for i in items if i["code"] == "io-error"}
    assert io_errors["a_latin1.py"].startswith("cannot read")
    assert io_errors["missing.py"] == "no such file or directory"
    assert io_errors["f_truncated.py"].startswith("cannot read")
    paths = {Path(str(item["path"])).name for item in items}
    assert {"b_nul.py", "d_crlf.py", "e_good.py"} <= paths
    crlf = [(i["code"], i["line"]) for i in items if str(i["path"]).endswith("d_crlf.py")]
    plain = [(i["code"], i["line"]) for i in items if str(i["path"]).endswith("e_good.py")]
    assert crlf == plain and plain


def test_process_broken_pipe(tmp_path: Path) -> None:
    """stdout closed by the reader (``| head -0``): no traceback."""
    for n in range(30):
        (tmp_path / f"k{n}.py").write_text(corpus_text("allreduce_jit_no_mesh.py"), encoding="utf-8")
    proc = subprocess.Popen(cli_command("check", "--jax-version", "0.12.0.1", str(tmp_path)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=server_env())
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    stderr = proc.stderr.read().decode()
    assert proc.wait(timeout=120) in (0, 1, 2)
    assert "Traceback" not in stderr


def test_process_utf8_bom(tmp_path: Path) -> None:
    """A UTF-8 BOM is legal at the start of a Python file (CPython skips it when it reads the
    file): the findings are those of the same file without it."""
    good = corpus_text("allreduce_jit_no_mesh.py")
    (tmp_path / "plain.py").write_text(good, encoding="utf-8")
    (tmp_path / "bom.py").write_bytes(b"\xef\xbb\xbf" + good.encode())
    status, stdout, stderr = run_process(*ARGS, str(tmp_path))
    items = check_report(status, stdout, stderr)
    by_file: dict[str, list[tuple[object, object]]] = {"plain.py": [], "bom.py": []}
    for item in items:
        by_file[Path(str(item["path"])).name].append((item["code"], item["line"]))
    assert by_file["bom.py"] == by_file["plain.py"], by_file


@pytest.mark.parametrize("args", [["check", "--select", "NOPE"], ["check", "--format", "xml"],
                                  ["explain", "PAL999"], ["frobnicate"], []])
def test_process_bad_usage(args: list[str]) -> None:
    status, _, stderr = run_process(*args)
    assert status == 2
    assert "Traceback" not in stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_process_named_pipe_in_folder(tmp_path: Path) -> None:
    """A FIFO named like a module (left by a tool, or a socket-like special file) must not
    block the check: it is no regular file, so it is skipped or reported, never read."""
    os.mkfifo(tmp_path / "pipe.py")
    (tmp_path / "good.py").write_text(corpus_text("allreduce_jit_no_mesh.py"), encoding="utf-8")
    try:
        done = subprocess.run(cli_command(*ARGS, str(tmp_path)), capture_output=True, text=True,
                              timeout=HANG_GUARD_S, check=False, env=server_env())
    except subprocess.TimeoutExpired:
        pytest.fail(f"check DIR still ran after {HANG_GUARD_S:.0f} s: it is blocked reading the FIFO")
    items = check_report(done.returncode, done.stdout, done.stderr)
    assert any(str(item["path"]).endswith("good.py") for item in items)
