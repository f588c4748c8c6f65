"""Issue 12: the server in a hostile workspace. Planted standard-library modules, a
``/dev/zero`` symlink and a FIFO named ``*.py``, a 50 MB file, a folder named ``x.py``, a
symlink loop, an unreadable file and the tuple hash bomb. The server indexes the folder,
answers every hover on a normal document while it does (none waits behind the index or the
bomb's analysis), runs none of the planted code, stays under 300 MB resident, and exits
with status 0 on ``exit``. How fast the hovers come is a benchmark's figure, not a test's
(a loaded machine makes any time bound a coin toss): the slowest is printed (`-s`).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from raw_lsp import RawServer, notification, request
from support import FIXTURES, server_command, server_env
from test_cli_safety import HASH_BOMB
from test_untrusted_workspace import PLANTED

KERNEL = (FIXTURES / "single" / "pal001" / "allreduce_jit_no_mesh.py").read_text()


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


def test_hostile_workspace(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    marker = tmp_path / "planted-code-ran"
    for name in PLANTED:
        (workspace / f"{name}.py").write_text(f"open({str(marker)!r}, 'a').write({name!r})\n")
    (workspace / "zero.py").symlink_to("/dev/zero")
    os.mkfifo(workspace / "fifo.py")
    (workspace / "folder.py").mkdir()
    (workspace / "loop.py").symlink_to(workspace / "loop.py")
    (workspace / "secret.py").write_text("x = 1\n")
    (workspace / "secret.py").chmod(0)
    with open(workspace / "big.py", "w") as handle:
        line = "x = 1\n" * 100_000
        for _ in range(90):  # 54 MB
            handle.write(line)
    (workspace / "bomb.py").write_text(HASH_BOMB)
    (workspace / "deep.py").write_text("x = " + "(" * 5000 + ")" * 5000 + "\n")
    (workspace / "long_line.py").write_text("x = [" + "1, " * 80_000 + "]\n")  # one 240 kB line
    (workspace / "kernel.py").write_text(KERNEL)

    server = RawServer(server_command(), server_env(), cwd=str(workspace))
    try:
        server.initialize(root_uri=workspace.as_uri(), options={"pallasLsp": {"debounceMs": 0}})
        kernel_uri = (workspace / "kernel.py").as_uri()
        bomb_uri = (workspace / "bomb.py").as_uri()
        server.open(kernel_uri, KERNEL)
        server.open(bomb_uri, HASH_BOMB)
        slowest = 0.0
        # Each answer is awaited before the next hover: all 40 answered means none was held.
        for ident in range(1, 41):  # about 4 s of hovers while the folder is indexed
            if ident % 5 == 0:  # and the hash bomb is edited
                server.send(notification("textDocument/didChange", {
                    "textDocument": {"uri": bomb_uri, "version": ident},
                    "contentChanges": [{"text": HASH_BOMB + f"y = {ident}\n"}]}))
            sent = time.monotonic()
            server.send(request(ident, "textDocument/hover", {
                "textDocument": {"uri": kernel_uri}, "position": {"line": 0, "character": 0}}))
            assert "error" not in server.response(ident)
            slowest = max(slowest, time.monotonic() - sent)
            time.sleep(0.1)
        print(f"slowest hover while the hostile folder was indexed: {slowest * 1000:.0f} ms")
        server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                        and m["params"]["uri"] == kernel_uri and m["params"]["diagnostics"])
        assert peak_rss_mb(server.proc.pid) < 300
        server.send(request(100, "shutdown"))
        server.response(100)
        server.send(notification("exit"))
        asked = time.monotonic()
        assert server.exit_status(60) == 0  # a guard against a hang, not a speed target
        print(f"exit after the exit notification: {(time.monotonic() - asked) * 1000:.0f} ms")
    finally:
        server.kill()
        (workspace / "secret.py").chmod(0o600)
    assert not marker.exists(), marker.read_text()
