"""`upgrade --fix` loses nothing (issue 23, item 4): every in-place edit goes through
project.writer. Each test reproduces one defect of the earlier in-place write
(``Path.write_text`` after ``read_text``): line ends rewritten, a symlinked twin edited
twice, a failed write leaving the file empty, stale offsets written under "Nothing
breaks", a traceback on the first unwritable file.

Unwritable files are made unwritable for real: as root (where permissions do not
stop anything) the command runs as ``nobody`` in a subprocess; a failed write is a
real EFBIG from a file-size limit (RLIMIT_FSIZE), which binds root too. Without setpriv,
as root, the unwritable-file test is skipped and says why.
"""

from __future__ import annotations

import os
import pwd
import resource
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from pallas_lsp import cli
from support import FIXTURES, cli_command, server_env

KERNEL = FIXTURES / "single" / "pal009" / "kernel_out_shape_keyword.py"
MOVE = ("--from", "0.8.3", "--to", "0.12.0")
BROKEN = "        out_shape=jax.ShapeDtypeStruct"
FIXED = "        out_type=jax.ShapeDtypeStruct"


def kernel_text(newline: str = "\n") -> str:
    return KERNEL.read_text(encoding="utf-8").replace("\n", newline)


def fixed_text(newline: str = "\n") -> str:
    return kernel_text(newline).replace(BROKEN, FIXED)


def upgrade(*paths: Path | str) -> int:
    return cli.main(["upgrade", *MOVE, "--fix", *map(str, paths)])


@pytest.mark.parametrize("newline", ["\r\n", "\r"], ids=["crlf", "cr"])
def test_line_ends_are_kept(tmp_path: Path, newline: str, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "k.py"
    target.write_bytes(kernel_text(newline).encode())
    assert upgrade(target) == 0
    assert "Applied 1 fix(es) in 1 file(s)" in capsys.readouterr().out
    assert target.read_bytes() == fixed_text(newline).encode()


def test_byte_order_mark_and_mode_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "k.py"
    target.write_bytes(b"\xef\xbb\xbf" + kernel_text("\r\n").encode())
    target.chmod(0o640)
    assert upgrade(target) == 0
    assert target.read_bytes() == b"\xef\xbb\xbf" + fixed_text("\r\n").encode()
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_symlinked_twin_is_edited_once(tmp_path: Path) -> None:
    target = tmp_path / "k.py"
    target.write_text(kernel_text(), encoding="utf-8")
    (tmp_path / "twin.py").symlink_to("k.py")
    assert upgrade(tmp_path) == 0
    assert target.read_text(encoding="utf-8") == fixed_text()
    compile(target.read_text(encoding="utf-8"), str(target), "exec")
    assert (tmp_path / "twin.py").is_symlink()  # written at the target: the link stays a link


def test_a_link_from_another_folder_is_written_at_its_target(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (real / "k.py").write_text(kernel_text(), encoding="utf-8")
    linked = tmp_path / "project"
    linked.mkdir()
    (linked / "k.py").symlink_to(real / "k.py")
    assert upgrade(linked) == 0
    assert (linked / "k.py").is_symlink()
    assert (real / "k.py").read_text(encoding="utf-8") == fixed_text()
    assert sorted(p.name for p in real.iterdir()) == ["k.py"]  # no temporary file left behind


def test_a_file_changed_after_the_analysis_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "k.py"
    target.write_text(kernel_text(), encoding="utf-8")
    other = tmp_path / "other.py"
    other.write_text(kernel_text(), encoding="utf-8")
    changed = "# a line the user added while upgrade ran\n" + kernel_text()
    analyse = cli._breaking

    def then_edit(*args: object, **kwargs: object) -> object:
        result = analyse(*args, **kwargs)  # type: ignore[arg-type]
        if target.read_text(encoding="utf-8") != changed:
            target.write_text(changed, encoding="utf-8")  # between the analysis and the write
        return result

    monkeypatch.setattr(cli, "_breaking", then_edit)
    status = upgrade(tmp_path)
    out = capsys.readouterr().out
    assert target.read_text(encoding="utf-8") == changed  # never edited at stale offsets
    assert other.read_text(encoding="utf-8") == fixed_text()  # the rest is still fixed
    assert "k.py:1:1: io-error not written: it changed since it was analysed" in out
    assert "Nothing breaks" not in out
    assert status == 2


def test_a_failed_write_leaves_the_file_whole(tmp_path: Path) -> None:
    # A file-size limit below the file's size: the write fails with EFBIG (Python ignores
    # SIGXFSZ), for root as for anyone. The in-place write had truncated the file first.
    target = tmp_path / "k.py"
    target.write_text(kernel_text(), encoding="utf-8")
    limit = len(kernel_text()) // 2

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run(cli_command("upgrade", *MOVE, "--fix", str(target)), env=server_env(),
                          capture_output=True, text=True, timeout=120, preexec_fn=small_files)
    assert target.read_text(encoding="utf-8") == kernel_text()
    assert "Traceback" not in done.stderr
    assert "k.py:1:1: io-error not written: File too large; the file is unchanged" in done.stdout
    assert "Nothing breaks" not in done.stdout
    assert done.returncode == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.py"]


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder another user can reach (pytest's tmp_path is private to its owner)."""
    folder = Path(tempfile.mkdtemp(prefix="pallas-lsp-writer-"))
    folder.chmod(0o755)
    yield folder
    for path in folder.rglob("*"):
        if path.is_dir():
            path.chmod(0o755)
    shutil.rmtree(folder)


def _unprivileged(command: list[str]) -> list[str]:
    """``command`` run as a user permissions apply to: as root, through setpriv as nobody
    (subprocess's user= is refused by this machine's exec for a root-owned interpreter)."""
    if os.geteuid() != 0:
        return command
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: no unprivileged user to make a file unwritable for")
    nobody = pwd.getpwnam("nobody")
    return [setpriv, f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups", *command]


def _give_away(path: Path) -> None:
    """``path`` owned by whoever runs the command (``_unprivileged``)."""
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.chown(path, nobody.pw_uid, nobody.pw_gid)


def test_unwritable_files_are_reported_and_the_rest_fixed(shared_dir: Path) -> None:
    # read-only/k.py: the user may not write the file; locked/k.py: the user owns the
    # file but may not create a file in its folder; open/k.py: nothing stops it.
    for name in ("read-only", "locked", "open"):
        (shared_dir / name).mkdir()
        (shared_dir / name / "k.py").write_text(kernel_text(), encoding="utf-8")
    (shared_dir / "read-only" / "k.py").chmod(0o444)
    _give_away(shared_dir / "read-only" / "k.py")
    _give_away(shared_dir / "locked" / "k.py")
    (shared_dir / "locked").chmod(0o555)
    for name in ("open", "open/k.py"):
        _give_away(shared_dir / name)
    cache = shared_dir / "cache"
    cache.mkdir()
    _give_away(cache)
    done = subprocess.run(
        _unprivileged(cli_command("upgrade", *MOVE, "--fix", "read-only", "locked", "open")),
        cwd=shared_dir, env=server_env(XDG_CACHE_HOME=str(cache), HOME=str(cache)),
        capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    assert (shared_dir / "open" / "k.py").read_text(encoding="utf-8") == fixed_text()
    for name in ("read-only", "locked"):
        assert (shared_dir / name / "k.py").read_text(encoding="utf-8") == kernel_text()
    assert ("read-only/k.py:1:1: io-error not written: the file is read-only for you; make it "
            "writable and run again") in done.stdout
    assert "locked/k.py:1:1: io-error not written: cannot create a file in" in done.stdout
    assert "Applied 1 fix(es) in 1 file(s)" in done.stdout
    assert "Nothing breaks" not in done.stdout
    assert done.returncode == 2
