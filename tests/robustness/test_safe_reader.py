"""Issue 23, item 3: one safe reader for every file pallas-lsp reads.

A FIFO or ``/dev/zero`` as a ``.pth``, ``METADATA``, ``pyvenv.cfg`` or ``pyproject.toml``
never hangs a check or ends it in MemoryError; every path a check skips or cannot read is a
row of the report (never silence), "No Python files found" only when none were found, a
path past PATH_MAX is reported. Unreadable files: as root (who reads everything) the CLI
runs under ``setpriv`` without the capabilities that bypass file permissions, so the test
means the same for every user.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from support import FIXTURES, cli_command, server_env
from test_environments import fake_venv, project

KERNEL = (FIXTURES / "single" / "pal001" / "allreduce_jit_no_mesh.py").read_text()
SITE = ("lib", "python3.12", "site-packages")
SETPRIV = shutil.which("setpriv")
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def check(*args: str, cwd: Path, drop_privileges: bool = False) -> subprocess.CompletedProcess[str]:
    command = cli_command("check", "--format", "json", *args)
    if drop_privileges and AS_ROOT:
        # Root without CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH obeys file permissions.
        command = [str(SETPRIV), "--bounding-set=-dac_override,-dac_read_search", *command]
    env = server_env()
    for variable in ("VIRTUAL_ENV", "CONDA_PREFIX"):
        env.pop(variable, None)
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, timeout=60, check=False)


def rows(done: subprocess.CompletedProcess[str]) -> list[dict]:
    return json.loads(done.stdout)


def unreadable_rows(done: subprocess.CompletedProcess[str]) -> dict[str, str]:
    return {Path(row["path"]).name: row["message"] for row in rows(done) if row["code"] == "io-error"}


@pytest.mark.parametrize("special", ["fifo", "dev-zero"])
@pytest.mark.parametrize("where", ["pth", "METADATA", "pyvenv.cfg"])
def test_special_files_in_an_environment_never_hang(tmp_path: Path, special: str, where: str) -> None:
    root = project(tmp_path)
    venv = fake_venv(root / ".venv")
    target = {"pth": venv.joinpath(*SITE, "evil.pth"),
              "METADATA": venv.joinpath(*SITE, "jax-0.12.0.1.dist-info", "METADATA"),
              "pyvenv.cfg": venv / "pyvenv.cfg"}[where]
    target.unlink(missing_ok=True)
    if special == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/zero")
    done = check("--jax-version", "0.12.0.1", str(root / "src" / "user.py"), cwd=tmp_path)  # 60 s cap
    assert "MemoryError" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert done.returncode in (0, 1), done.stderr


@pytest.mark.parametrize("special", ["fifo", "dev-zero"])
def test_a_special_pyproject_is_reported_not_hung_on(tmp_path: Path, special: str) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    (root / "k.py").write_text(KERNEL)
    if special == "fifo":
        os.mkfifo(root / "pyproject.toml")
    else:
        (root / "pyproject.toml").symlink_to("/dev/zero")
    done = check("k.py", cwd=root)
    assert done.returncode == 2
    assert "pyproject.toml: cannot be read (not a regular file" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_every_skipped_path_of_a_folder_is_a_row(tmp_path: Path) -> None:
    folder = tmp_path / "proj"
    folder.mkdir()
    (folder / "good.py").write_text(KERNEL)
    os.mkfifo(folder / "pipe.py")
    (folder / "gone.py").symlink_to(folder / "nowhere.py")
    found = check(".", cwd=folder)
    skipped = unreadable_rows(found)
    assert skipped["pipe.py"] == "skipped: not a regular file (a FIFO, device or socket)"
    assert skipped["gone.py"] == "skipped: no such file or directory"
    assert any(row["code"] == "PAL001" for row in rows(found))  # the other files' results stay
    assert found.returncode == 2
    assert "No Python files found" not in found.stderr


@pytest.mark.skipif(AS_ROOT and SETPRIV is None,
                    reason="as root every file is readable, and setpriv is missing to drop that")
def test_unreadable_files_and_folders_are_rows(tmp_path: Path) -> None:
    folder = tmp_path / "proj"
    (folder / "locked").mkdir(parents=True)
    (folder / "locked" / "inner.py").write_text(KERNEL)
    (folder / "secret.py").write_text(KERNEL)
    (folder / "secret.py").chmod(0)
    (folder / "locked").chmod(0)
    try:
        done = check(".", cwd=folder, drop_privileges=True)
        alone = check("secret.py", cwd=folder, drop_privileges=True)
    finally:
        (folder / "locked").chmod(0o755)
    skipped = unreadable_rows(done)
    assert skipped["secret.py"] == "cannot read: permission denied", skipped
    assert skipped["locked"] == "skipped: permission denied", skipped
    assert "No Python files found" not in done.stderr
    assert done.returncode == 2
    assert unreadable_rows(alone) == {"secret.py": "cannot read: permission denied"}


@pytest.mark.skipif(AS_ROOT and SETPRIV is None,
                    reason="as root every file is readable, and setpriv is missing to drop that")
def test_an_unreadable_pyproject_is_said(tmp_path: Path) -> None:
    folder = tmp_path / "proj"
    folder.mkdir()
    (folder / "k.py").write_text(KERNEL)
    (folder / "pyproject.toml").write_text("[tool.pallas-lsp]\nignore = ['PAL001']\n")
    (folder / "pyproject.toml").chmod(0)
    done = check("k.py", cwd=folder, drop_privileges=True)
    assert done.returncode == 2
    assert "pyproject.toml: cannot be read (permission denied)" in done.stderr, done.stderr


def test_a_path_past_path_max_is_reported(tmp_path: Path) -> None:
    deep = "/".join(["d" * 200] * 25) + "/k.py"  # 5 kB: past Linux's PATH_MAX (4096)
    done = check(deep, cwd=tmp_path)
    assert done.returncode == 2
    assert [row["message"] for row in rows(done)] == ["file name too long"], done.stdout
    assert "No Python files found" not in done.stderr


def test_a_file_that_is_not_utf8_is_a_row(tmp_path: Path) -> None:
    (tmp_path / "latin.py").write_bytes(b"x = '\xe9'\n")
    done = check("latin.py", cwd=tmp_path)
    assert unreadable_rows(done) == {"latin.py": "cannot read: not UTF-8 (byte 5)"}


# ---------------------------------------------------------------- the reader is the only one

PACKAGE = Path(__file__).resolve().parents[2] / "server" / "pallas_lsp"
READER = PACKAGE / "reader.py"
# Each with why it may read another way.
ALLOWED = {
    # Sent as a script to the user's interpreter (python -): it cannot import pallas_lsp.
    ("lowering/worker.py", None),
    # upgrade --fix reads the file it rewrites: that read-modify-write is the safe writer's
    # (issue 23 item 4, another change), which keeps the file's BOM and line endings.
    ("cli.py", "_upgrade"),
    # The safe writer's own read of the file it will replace (non-blocking, judged on the
    # descriptor: a regular file under the size limit, as the reader does), kept beside the
    # write so the bytes compared before the replace are the bytes read (issue 23 item 4).
    ("project/writer.py", "read_for_edit"),
}
READ_METHODS = {"read_text", "read_bytes"}


def _opens(tree: ast.Module) -> list[tuple[str | None, str]]:
    """(enclosing function, what) for each way of opening a file by path."""
    found: list[tuple[str | None, str]] = []

    def visit(node: ast.AST, function: str | None) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        if isinstance(node, ast.Call):
            callee = node.func
            if isinstance(callee, ast.Name) and callee.id == "open":
                found.append((function, "open()"))
            elif isinstance(callee, ast.Attribute):
                owner = callee.value
                owner_name = owner.id if isinstance(owner, ast.Name) else None
                if owner_name == "reader":
                    pass  # pallas_lsp.reader itself
                elif callee.attr in READ_METHODS:
                    found.append((function, f".{callee.attr}()"))
                elif callee.attr == "open" and owner_name in ("os", "io", "codecs"):
                    found.append((function, f"{owner_name}.open()"))
                elif callee.attr == "open" and isinstance(owner, ast.Call) and \
                        getattr(owner.func, "id", getattr(owner.func, "attr", "")) in ("Path", "PurePath"):
                    found.append((function, "Path().open()"))
                elif callee.attr == "load" and owner_name == "tomllib":
                    found.append((function, "tomllib.load()"))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, None)
    return found


def test_only_the_reader_opens_files() -> None:
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == READER:
            continue
        module = str(path.relative_to(PACKAGE))
        found = [(function, what) for function, what in _opens(ast.parse(path.read_text(encoding="utf-8")))
                 if (module, None) not in ALLOWED and (module, function) not in ALLOWED]
        if found:
            offenders[module] = found
    assert offenders == {}


def test_the_scan_sees_each_way_to_open_a_file() -> None:
    for source in ("open('x')", "Path('x').read_text()", "p.read_bytes()", "os.open('x', 0)",
                   "io.open('x')", "Path('x').open()", "tomllib.load(h)"):
        assert _opens(ast.parse(source)), source
    assert not _opens(ast.parse("index.open(path, text)\nos.fdopen(fd)\np.write_text('x')"))
