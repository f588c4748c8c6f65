"""An analysis worker process: heavy documents are analysed here, off the server's GIL.

The language server (lsp/analysis_pool.py) starts it as ``python -c <bootstrap>`` in "/",
with this package's folder put on ``sys.path`` explicitly: nothing of the user's folder
is importable. It imports the pure analysis core and the project's installed-module
reader, never JAX.

Protocol, on stdin and a private copy of stdout (the real stdout goes to stderr, so that
nothing printed can corrupt a frame): each message is a 4-byte big-endian length, then a
pickle. The server sends ``Job`` and ``Cancel``; the worker answers each job, in order,
with ``{"job": id, "jax": bool, ...}`` and one of ``"analysis"`` (an
``analysis.Analysis``), ``"cancelled"`` or ``"error"`` (the exception's text; the server
logs it). ``jax`` says whether JAX was imported in this process (the tests prove it
never is).

Cancelling (a newer text of the document arrived): a thread reads the frames; a
``Cancel`` of the job in progress sends this process SIGUSR1, whose handler raises
``Cancelled`` inside the analysis and unwinds it; a job cancelled before it started is
answered at once. The handler raises only while the analysis runs, once per job, so a
late signal never hits the next job or the answer being written. The worker lowers its
own priority, so that on a busy machine the server's light documents get the CPU first,
and it exits when its stdin closes or its parent dies.
"""

from __future__ import annotations

import ast
import contextlib
import os
import pickle
import queue
import signal
import struct
import sys
import threading
import time
import weakref
from dataclasses import dataclass, replace
from typing import Any, BinaryIO

from pallas_lsp.analysis import Analysis, Options, analyze, parse
from pallas_lsp.analysis.codegen import DEFAULT_LINE_LENGTH
from pallas_lsp.analysis.reparse import Reparser
from pallas_lsp.analysis.reuse import AnalysisMemo
from pallas_lsp.analysis.targets import merge_targets
from pallas_lsp.project.config import line_length_for
from pallas_lsp.project.installed import InstalledModules

HEADER = struct.Struct(">I")
NICENESS = 10


@dataclass(frozen=True)
class Job:
    ident: int
    source: str
    # Options per target release, their ``library`` replaced by None (it is not sent).
    targets: tuple[Any, ...]
    path: str
    # The installed-module search path of the configured interpreter (project.installed
    # SearchPath), or None: the worker builds its own reader (and parses what it follows).
    search_path: Any = None


@dataclass(frozen=True)
class Cancel:
    ident: int


class Cancelled(BaseException):
    """Raised inside the analysis by SIGUSR1; a BaseException so no ``except Exception`` in
    the core can swallow it."""


def write_frame(stream: BinaryIO, message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(HEADER.pack(len(data)) + data)
    stream.flush()


def read_frame(stream: BinaryIO) -> object | None:
    """The next message, or None at the end of the stream."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (length,) = HEADER.unpack(header)
    data = stream.read(length)
    if len(data) < length:
        return None
    return pickle.loads(data)


# Shared by the main thread (the analysis), the frame reader and the signal handler.
_cancelled: set[int] = set()
_current: int | None = None  # the job being analysed
_interruptible = False  # the analysis runs: SIGUSR1 may unwind it


def _cancel(signum: int, frame: object) -> None:
    global _interruptible
    if _interruptible and _current in _cancelled:
        _interruptible = False  # once per job
        raise Cancelled


def _read_frames(requests: BinaryIO, jobs: queue.SimpleQueue[Job | None]) -> None:
    while True:
        message = read_frame(requests)
        if isinstance(message, Cancel):
            _cancelled.add(message.ident)
            if _current == message.ident:  # (set before the main thread checks _cancelled)
                os.kill(os.getpid(), signal.SIGUSR1)
        elif isinstance(message, Job):
            jobs.put(message)
        else:
            jobs.put(None)  # stdin closed: the server is gone or done with us
            return


def _watch_parent(server: int) -> None:
    """Leave when the server is gone (kill -9 of it hands this process to init), even
    when it went while this process was still importing."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(0.2)
        os._exit(1)

    threading.Thread(target=watch, name="pallas-lsp-parent-watch", daemon=True).start()


class Analyser:
    def __init__(self) -> None:
        self.libraries: dict[Any, InstalledModules] = {}

    def run(self, job: Job) -> Analysis:
        library = self.library(job.search_path)
        targets = [replace(options, library=library) for options in job.targets]
        return analyse_alone(job.source, targets, job.path)

    def library(self, search_path: Any) -> InstalledModules | None:
        if search_path is None:
            return None
        if search_path not in self.libraries:
            self.libraries[search_path] = InstalledModules(search_path)
        return self.libraries[search_path]


def analyse_alone(source: str, targets: list[Options], path: str,
                  reparser: Reparser | None = None) -> Analysis:
    """The document alone (no workspace index), once per target release, merged. With the
    document's ``reparser``, only the statements its last edit touched are parsed again."""
    length = line_length_for(path) if os.path.isabs(path) else DEFAULT_LINE_LENGTH
    targets = [replace(options, line_length=length) for options in targets]
    tree = reparser.parse(source, path) if reparser is not None else parse(source, path)
    if reparser is None or not isinstance(tree, ast.Module):
        analyses = [analyze(source, options, path=path, tree=tree) for options in targets]
    else:
        # An edit the analysis does not see (a comment, the module docstring) reuses the last runs.
        memo = _MEMOS.get(reparser)
        if memo is None:
            memo = _MEMOS[reparser] = AnalysisMemo()
        memo.advance(reparser.generation, reparser.same_tree, reparser.changed_lines)
        analyses = [memo.analyze(source, options, path, tree) for options in targets]
    return merged(targets, analyses)


# Each document's kept analyses, as long as its reparser lives (the document is open).
_MEMOS: weakref.WeakKeyDictionary[Reparser, AnalysisMemo] = weakref.WeakKeyDictionary()


def merged(targets: list[Options], analyses: list[Analysis]) -> Analysis:
    """The first target's analysis, with every target's findings merged into one list."""
    first = analyses[0]
    if len(analyses) == 1 or first.syntax_error is not None:
        return first
    findings = merge_targets({o.jax_version: a.findings for o, a in zip(targets, analyses, strict=True)})
    return replace(first, findings=findings)


def answer(analyser: Analyser, job: Job) -> dict[str, object]:
    global _current, _interruptible
    reply: dict[str, object] = {"job": job.ident}
    _current = job.ident
    if job.ident in _cancelled:
        reply["cancelled"] = True
        return reply
    try:
        try:
            _interruptible = True
            analysis = analyser.run(job)
            _interruptible = False
            reply["analysis"] = analysis
        except Exception as exc:  # a bug in a rule: the server logs it and keeps the worker
            _interruptible = False
            reply["error"] = f"{type(exc).__name__}: {exc}"
    except Cancelled:  # from the analysis, or from the lines right after it
        reply = {"job": job.ident, "cancelled": True}
    _cancelled.discard(job.ident)
    return reply


def main(server: int) -> None:
    """Serve jobs until stdin closes; ``server`` is the pid of the process that started us."""
    requests = sys.stdin.buffer
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # a print anywhere lands in the server's log, never in a frame
    signal.signal(signal.SIGUSR1, _cancel)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in a terminal is the server's to handle
    _watch_parent(server)
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
    threading.Thread(target=_read_frames, args=(requests, jobs), name="frames", daemon=True).start()
    analyser = Analyser()
    while (job := jobs.get()) is not None:
        reply = answer(analyser, job)
        reply["jax"] = any(name == "jax" or name.startswith(("jax.", "jaxlib")) for name in sys.modules)
        write_frame(replies, reply)
