"""What a lowering check could have changed on this machine, to compare before and after.

- every file and folder of the workspace (path, kind, size, mode, mtime, content digest);
- the temp folders' entries that a check or a hostile file would leave: names starting
  with "pallas-" in the test run's own temp folder (the runner's private folders are
  "pallas-lsp-lowering-*"), and the hostile files' markers ("pallas-hostile-*") in the
  machine's shared temp folders too;
- the processes descending from this test process, except warm lowering workers
  (one may be replaced), and any process anywhere whose command line names a hostile
  marker.

``assert_unchanged`` polls for a few seconds: a one-shot worker, its ssh session, takes a
moment to be reaped after its report arrives.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

MARKER = "pallas-hostile"
# The private temp folders of the warm workers seen alive (they are the check's own).
LIVE_PRIVATE: set[str] = set()


def _entry(path: Path) -> tuple:
    stat = path.lstat()
    if path.is_symlink():
        return ("link", os.readlink(path))
    if path.is_dir():
        return ("dir", stat.st_mode, stat.st_mtime_ns)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return ("file", stat.st_mode, stat.st_size, stat.st_mtime_ns, digest)


def files_of(root: Path) -> dict[str, tuple]:
    found = {".": _entry(root)}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            found[str(path.relative_to(root))] = _entry(path)
    return found


def temp_entries() -> set[str]:
    """The run's own temp folder (tests/conftest.py: TMPDIR of every process the tests
    start): its pallas-* entries; the machine's shared temp folders: the hostile markers
    (a file that escaped the run's TMPDIR), not what other programs of the machine make."""
    own = tempfile.gettempdir()
    found = set()
    for folder in {own, "/tmp", "/var/tmp", "/dev/shm"}:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        prefix = "pallas-" if folder == own else MARKER
        found.update(os.path.join(folder, n) for n in names if n.startswith(prefix))
    return found


def _read(pid: str, name: str) -> bytes:
    try:
        with open(f"/proc/{pid}/{name}", "rb") as handle:
            return handle.read()
    except OSError:
        return b""


def processes() -> tuple[frozenset[tuple[int, str]], frozenset[tuple[int, str]]]:
    """(descendants of this process that are not lowering workers, processes naming MARKER)."""
    parents: dict[int, int] = {}
    commands: dict[int, str] = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        stat = _read(pid, "stat").decode("utf-8", "replace")
        if not stat:
            continue
        fields = stat.rsplit(")", 1)[-1].split()
        if fields and fields[0] == "Z":
            continue  # a zombie has done all it will ever do
        parents[int(pid)] = int(fields[1]) if len(fields) > 1 else 0
        commands[int(pid)] = _read(pid, "cmdline").replace(b"\0", b" ").decode("utf-8", "replace")
    me = os.getpid()

    def descends(pid: int) -> bool:
        seen = set()
        while pid and pid not in seen:
            seen.add(pid)
            pid = parents.get(pid, 0)
            if pid == me:
                return True
        return False

    def warm_worker(pid: int) -> bool:
        # A warm worker may be replaced during a check; a process it forked is not one
        # (same command line, but its parent is the worker).
        serving = "worker.py --serve"
        return serving in commands[pid] and serving not in commands.get(parents[pid], "")

    mine = frozenset((pid, commands[pid]) for pid in parents
                     if descends(pid) and not warm_worker(pid))
    # A warm worker's private folder lives as long as it does (it may be new: a replaced worker).
    needle = b"PALLAS_LSP_PRIVATE_TMP="
    for pid in parents:
        if warm_worker(pid):
            for item in _read(str(pid), "environ").split(b"\0"):
                if item.startswith(needle):
                    LIVE_PRIVATE.add(item[len(needle):].decode("utf-8", "replace"))
    marked = frozenset((pid, cmd) for pid, cmd in commands.items() if MARKER in cmd and pid != me)
    return mine, marked


@dataclass(frozen=True)
class MachineState:
    files: dict[str, tuple]
    temp: set[str]
    descendants: frozenset[tuple[int, str]]
    marked: frozenset[tuple[int, str]]

    @classmethod
    def of(cls, workspace: Path) -> MachineState:
        descendants, marked = processes()
        return cls(files_of(workspace), temp_entries(), descendants, marked)

    def changes_since(self, before: MachineState) -> list[str]:
        """What differs, in words (empty: nothing changed)."""
        changes = []
        for path in sorted(set(before.files) | set(self.files)):
            if before.files.get(path) != self.files.get(path):
                changes.append(f"workspace {path}: {before.files.get(path)} -> {self.files.get(path)}")
        changes += [f"new temp entry {p}" for p in sorted(self.temp - before.temp) if p not in LIVE_PRIVATE]
        changes += [f"temp entry gone {p}" for p in sorted(before.temp - self.temp)
                    if not os.path.basename(p).startswith("pallas-lsp-lowering-")]
        # By pid: a long-lived process (sshd's listener) rewrites its own command line.
        known = {pid for pid, _ in before.descendants}
        changes += [f"new process {pid}: {cmd}" for pid, cmd in sorted(self.descendants) if pid not in known]
        changes += [f"process naming {MARKER} {pid}: {cmd}" for pid, cmd in sorted(self.marked)]
        return changes


def assert_unchanged(before: MachineState, workspace: Path, settle_s: float = 5.0) -> None:
    deadline = time.monotonic() + settle_s
    while True:
        changes = MachineState.of(workspace).changes_since(before)
        if not changes or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert not changes, "the check changed the machine:\n" + "\n".join(changes)
