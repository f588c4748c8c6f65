"""Worker processes for heavy documents' analyses (issue 12, item 8).

A heavy document (lanes.py) is analysed in a process of its own, so its seconds of
analysis hold neither the server's GIL nor its light documents' keystrokes. The pool
starts a worker (analysis_worker.py) on the first heavy analysis and keeps it warm.
Each heavy lane thread sends one job at a time and waits for the answer, blocked in
``select`` (no GIL held).

What a job can end in:
- its analysis, or a cancellation: a newer text of the document arrived (``cancel``
  sends the worker a ``Cancel`` of the job; a worker that does not answer within
  CANCEL_GRACE_S is killed and replaced; a text that went stale before its worker was
  registered, where no cancel could reach it, is never sent);
- the worker died (a crash, the OOM killer, a kill by hand), or it did not answer within
  the analysis budget plus HANG_GRACE_S (then it is killed): the document is told why
  (``Outcome.failure``), a fresh worker takes the next job.
Workers die with the server: ``close`` kills them on shutdown and exit, and a worker
whose parent is gone (kill -9 of the server) leaves by itself.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from pallas_lsp import interpreters
from pallas_lsp.analysis import Analysis, Options
from pallas_lsp.interpreters import PIPE, Consent, Purpose
from pallas_lsp.project.installed import InstalledModules

from .analysis_worker import HEADER, Cancel, Job, write_frame

logger = logging.getLogger("pallas_lsp.lsp")

# A cancel lands within milliseconds; on a busy machine a low-priority worker waits its turn.
CANCEL_GRACE_S = 10.0


def _seconds_from_environment(name: str, default: float) -> float:
    """A grace period an environment variable may lengthen (a very slow machine, a test
    that freezes a worker on purpose); a value that is not a positive number is ignored."""
    text = os.environ.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        logger.warning("%s=%r is not a positive number of seconds; using %g s", name, text, default)
        return default
    return value


# Past the analysis budget (analysis stops itself there): pickling, and a busy machine.
HANG_GRACE_S = _seconds_from_environment("PALLAS_LSP_HANG_GRACE_S", 10.0)
# A fresh worker imports the analysis core before it reads its first job.
START_GRACE_S = 10.0
AGAIN = ("It is analysed again after your next edit; if this happens again, "
         "please report it with the file.")


@dataclass(frozen=True)
class Outcome:
    analysis: Analysis | None = None
    # What to tell the user when the analysis process failed (no analysis then).
    failure: str | None = None

    @property
    def cancelled(self) -> bool:
        return self.analysis is None and self.failure is None


class Died(Exception):
    """The worker's pipe closed: it is gone."""


class Worker:
    """One analysis process and its pipes."""

    def __init__(self) -> None:
        bootstrap = (f"import sys; sys.path[:] = {[p for p in sys.path if p not in ('', '.')]!r}; "
                     f"from pallas_lsp.lsp.analysis_worker import main; main({os.getpid()})")
        # In "/", with an explicit sys.path: nothing of the user's folder is importable.
        own = interpreters.permit(interpreters.own_interpreter(), Purpose.ANALYSIS_WORKER,
                                  Consent(False, "the analysis worker runs no code of the user's"))
        self.proc = interpreters.start(own, ["-c", bootstrap], cwd="/", stdin=PIPE, stdout=PIPE)
        self.fresh = True
        self.waited_s = 0.0  # how long the last job was given
        self.document: str | None = None  # the URI whose job runs now
        self.cancelled_at: float | None = None
        self.jax_imported = False
        self.cancelled_jobs = 0  # answered "cancelled" (the debug-info request shows it)
        self.job: int | None = None
        self._buffer = b""
        self._writing = threading.Lock()  # a job (lane thread) and a cancel (event loop) may cross

    @property
    def pid(self) -> int:
        return self.proc.pid

    def exchange(self, job: Job, timeout_s: float) -> dict[str, Any] | None:
        """The worker's answer, or None when it did not answer in time (it is killed then)."""
        assert self.proc.stdin is not None
        try:
            with self._writing:
                write_frame(self.proc.stdin, job)  # type: ignore[arg-type]
        except (OSError, ValueError) as exc:
            raise Died from exc
        self.waited_s = timeout_s + (START_GRACE_S if self.fresh else 0)
        deadline = time.monotonic() + self.waited_s
        self.fresh = False
        while True:
            reply = self._take_frame()
            if reply is not None:
                return reply
            limit = deadline
            if self.cancelled_at is not None:
                limit = min(deadline, self.cancelled_at + CANCEL_GRACE_S)
            left = limit - time.monotonic()
            if left <= 0:
                self.kill()
                return None
            self._read(min(left, 0.5))

    def _read(self, wait_s: float) -> None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        try:
            ready, _, _ = select.select([fd], [], [], wait_s)
            chunk = os.read(fd, 1 << 20) if ready else None
        except (OSError, ValueError) as exc:  # closed under us: the pool is closing
            raise Died from exc
        if chunk == b"":
            raise Died
        if chunk:
            self._buffer += chunk

    def _take_frame(self) -> dict[str, Any] | None:
        if len(self._buffer) < HEADER.size:
            return None
        (length,) = HEADER.unpack_from(self._buffer)
        if len(self._buffer) < HEADER.size + length:
            return None
        data = self._buffer[HEADER.size:HEADER.size + length]
        self._buffer = self._buffer[HEADER.size + length:]
        reply = pickle.loads(data)  # our own child's answer
        self.jax_imported = bool(reply.get("jax"))
        self.cancelled_jobs += bool(reply.get("cancelled"))
        return reply

    def cancel(self) -> None:
        if self.cancelled_at is None and self.job is not None:
            self.cancelled_at = time.monotonic()
            assert self.proc.stdin is not None
            with self._writing, contextlib.suppress(OSError, ValueError):
                write_frame(self.proc.stdin, Cancel(self.job))  # type: ignore[arg-type]

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            self.proc.kill()
        with contextlib.suppress(Exception):
            self.proc.wait(timeout=5)
        for stream in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(Exception):
                stream.close()  # type: ignore[union-attr]

    def how_it_ended(self) -> str:
        with contextlib.suppress(interpreters.TimeoutExpired):
            self.proc.wait(timeout=2)
        code = self.proc.returncode
        if code is None:
            return "its process stopped answering"
        if code < 0:
            with contextlib.suppress(ValueError):
                return f"its process was killed by {signal.Signals(-code).name}"
            return f"its process was killed by signal {-code}"
        return f"its process exited with status {code}"


class AnalysisPool:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: list[Worker] = []
        self._running: dict[int, Worker] = {}  # by pid
        self._closed = False
        self._next_job = 0
        # False once no heavy document is open: a worker that finishes then is ended, not kept.
        self._keep_warm = True

    def analyse(self, uri: str, source: str, targets: list[Options], path: str,
                still_current: Callable[[], bool]) -> Outcome:
        """Analyse ``source`` alone in a worker; blocks (run it on a heavy lane thread)."""
        if not still_current():
            return Outcome()  # a newer text is already queued behind this one
        library = targets[0].library if targets else None
        with self._lock:
            if self._closed:
                return Outcome()
            self._keep_warm = True
            worker = self._idle.pop() if self._idle else None
            self._next_job += 1
            ident = self._next_job
        if worker is None:
            worker = Worker()
        worker.document, worker.job, worker.cancelled_at = uri, ident, None
        with self._lock:
            self._running[worker.pid] = worker
        job = Job(ident, source, tuple(replace(o, library=None) for o in targets), path,
                  search_path=library.search_path if isinstance(library, InstalledModules) else None)
        budget = sum(o.budget_s for o in targets)
        alive = False
        try:
            if not still_current():
                # A newer text arrived between the check above and the registration: its
                # cancel found no running job of this document, so none will come. Sending
                # the job would hold the heavy lane for a stale text (and a frozen worker
                # on it would never be reported: its document moved on).
                alive = True
                return Outcome()
            reply = worker.exchange(job, budget + HANG_GRACE_S)
            if reply is None:
                if worker.cancelled_at is not None:
                    return Outcome()
                return Outcome(failure=(f"pallas-lsp: the analysis of this document did not finish within "
                                        f"{worker.waited_s:.0f} s and its process was stopped; no "
                                        f"findings are shown. {AGAIN}"))
            alive = True
            if "error" in reply:
                raise RuntimeError(reply["error"])
            return Outcome(analysis=reply.get("analysis"))
        except Died:
            if worker.cancelled_at is not None or self._closed:
                return Outcome()
            how = worker.how_it_ended()
            logger.warning("the analysis process of %s ended: %s", uri, how)
            return Outcome(failure=(f"pallas-lsp: the analysis of this document failed: {how}; no findings "
                                    f"are shown. {AGAIN}"))
        finally:
            with self._lock:
                self._running.pop(worker.pid, None)
                worker.document = None
                if alive and not self._closed and self._keep_warm:
                    self._idle.append(worker)
                else:
                    worker.kill()

    def cancel(self, uri: str) -> None:
        """A newer text of ``uri`` arrived: stop its analysis in progress, if any."""
        with self._lock:
            for worker in self._running.values():
                if worker.document == uri:
                    worker.cancel()

    def release_idle(self) -> None:
        """No heavy document is open any more: end the idle workers (their memory with them),
        and the busy ones when they finish."""
        with self._lock:
            self._keep_warm = False
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.kill()

    def describe(self) -> list[dict[str, object]]:
        """The workers (for the debug-info request): pid, the document analysed now, whether
        that analysis was cancelled (a newer text follows on another worker), JAX imported."""
        with self._lock:
            workers = list(self._running.values()) + list(self._idle)
        return [{"pid": w.pid, "document": w.document, "cancelling": w.cancelled_at is not None,
                 "jaxImported": w.jax_imported, "cancelledJobs": w.cancelled_jobs} for w in workers]

    def close(self) -> None:
        """Kill every worker (shutdown, exit): a worker never outlives the server."""
        with self._lock:
            self._closed = True
            workers = list(self._running.values()) + self._idle
            self._idle = []
        for worker in workers:
            worker.kill()
