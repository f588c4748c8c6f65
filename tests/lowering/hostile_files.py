"""The hostile kernel files (hostile/) and a fresh workspace for them to attack.

Each file launches a kernel and then tries one side effect; the line that tries it
carries a marker:
- ``# refused: <part of the message>``: the check stops there with that message;
- ``# dropped`` (an exit hook), ``# lingers`` (a thread that outlives the check),
  ``# allowed`` (tempfile in the private folder): not refused, and nothing changes.

The workspace holds what they go for: a victim file, a checkpoint folder, and the
port of a listening socket (port.txt) that nobody may connect to.
"""

from __future__ import annotations

import re
import shutil
import socket
from dataclasses import dataclass
from pathlib import Path

HOSTILE = Path(__file__).resolve().parent / "hostile"
HOSTILE_FILES = sorted(p.name for p in HOSTILE.glob("tries_*.py"))
_MARK = re.compile(r"#\s*(refused|dropped|lingers|allowed)(?::\s*(.*))?$")
# The thread of tries_thread.py writes one second after the check: tests wait past it.
THREAD_WRITES_AFTER_S = 1.5


@dataclass(frozen=True)
class Expected:
    kind: str  # refused | dropped | lingers | allowed
    line: int
    fragment: str


def expected(name: str) -> Expected:
    for number, text in enumerate((HOSTILE / name).read_text().splitlines(), 1):
        match = _MARK.search(text)
        if match:
            return Expected(match.group(1), number, (match.group(2) or "").strip())
    raise AssertionError(f"{name} has no marker")


@dataclass
class Workspace:
    root: Path
    listener: socket.socket

    def nobody_connected(self) -> bool:
        self.listener.setblocking(False)
        try:
            connection, _ = self.listener.accept()
        except BlockingIOError:
            return True
        connection.close()
        return False


def make_workspace(root: Path, names: list[str]) -> Workspace:
    root.mkdir()
    (root / "victim.txt").write_text("the user's results\n")
    (root / "ckpt").mkdir()
    (root / "ckpt" / "old.npz").write_bytes(b"old weights")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    (root / "port.txt").write_text(str(listener.getsockname()[1]))
    for name in names:
        shutil.copy(HOSTILE / name, root / name)
    return Workspace(root, listener)
