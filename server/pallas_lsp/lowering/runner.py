"""Run the lowering worker in another interpreter and read its report.

Three ways, one protocol (worker.py's docstring):
  * ``lower_local``: the user's interpreter (never the server's) runs the worker;
  * ``lower_remote``: a configured argument list (``["ssh", "gpu-box", "python3",
    "-"]``) receives the worker and the file as ONE payload on stdin, so the host
    needs nothing but JAX; no shell is involved and no path is put into a command;
  * ``WarmWorkerPool``: one long-lived worker per interpreter keeps JAX imported.

Every child is started through ``pallas_lsp.interpreters`` (the one door), with the
permit its caller got for it; a plain interpreter path or command list (a program calling
these functions directly) is its caller's own choice and is permitted as such.
Every child starts in its own session, so a timeout or a cancellation kills the
whole process group (the interpreter and anything the user's code started).
Nothing is written to disk: the payload travels on stdin.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import re
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from pallas_lsp import interpreters, reader
from pallas_lsp.interpreters import PIPE, Consent, Interpreter, Origin, Permit, Process, Purpose
from pallas_lsp.lowering.classify import classes_of
from pallas_lsp.lowering.reaper import end_run, new_run
from pallas_lsp.lowering.report import (
    DEFAULT_TIMEOUT_S,
    LoweredLaunch,
    LoweringError,
    LoweringReport,
    fatal_report,
)

WORKER_PATH = Path(__file__).with_name("worker.py")
GUARD_PATH = Path(__file__).with_name("guard.py")
# The worker's private temp folder (worker.py reads it): made here, removed after the run.
PRIVATE_TMP_VARIABLE = "PALLAS_LSP_PRIVATE_TMP"
MARKER = "@@pallas-lsp-lowering-result@@"
# How much of a child's stderr a message may quote (ssh's complaint, a traceback tail).
STDERR_TAIL = 2000
_POLL_S = 0.02
# How long a warm worker has to stop a cancelled check (the user's code unwinds; a long
# XLA call finishes first) before it is killed and the next check starts a fresh one.
_CANCEL_GRACE_S = 10.0
# A warm worker still not ready after this long (JAX's import hangs) is killed.
_START_LIMIT_S = 600.0
# How long the pipes may stay open after the worker itself has exited.
_LINGER_S = 0.5


_fatal = fatal_report
_WORKER_CAP_BYTES = 1_000_000  # worker.py, pallas-lsp's own (about 35 kB)
# A file sent to a remote host whole: the size limit of a program file (project.files).
_REMOTE_SOURCE_CAP_BYTES = 64_000_000


# ---------------------------------------------------------------- the protocol

def build_request(
    path: str, *, entry: str | None, source: str | None, devices: str = "auto",
    allow_side_effects: bool = False,
) -> dict:
    """``allow_side_effects``: run the file without the lowering guard (guard.py)."""
    return {"path": os.path.abspath(path), "entry": entry, "source": source, "devices": devices,
            "allow_side_effects": allow_side_effects}


def build_payload(request: dict) -> bytes:
    """The worker, preceded by the request and the guard's source, as one program for ``python -``."""
    guard = reader.read_text(str(GUARD_PATH), _WORKER_CAP_BYTES)
    prefix = ("_PALLAS_LSP_REQUEST = " + repr(json.dumps(request)) + "\n"
              "_PALLAS_LSP_GUARD_SOURCE = " + repr(guard) + "\n")
    return (prefix + reader.read_text(str(WORKER_PATH), _WORKER_CAP_BYTES)).encode("utf-8")


@contextlib.contextmanager
def _private_tmp(env: dict[str, str]) -> Iterator[dict[str, str]]:
    """A private temp folder for one worker's JAX (worker.py): removed when it is done,
    also after a kill, which the worker itself could not clean up after."""
    folder = tempfile.mkdtemp(prefix="pallas-lsp-lowering-")
    try:
        yield {**env, PRIVATE_TMP_VARIABLE: folder}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _error_classes(error: dict, jax_version: str | None) -> tuple[str, ...]:
    """The rule classes of one error of the worker's reply. A bare AssertionError is JAX's
    (pl.pallas_call's refusal on 0.11.2+, PAL008 / PAL020) only when JAX raised it: an `assert`
    of the user's own files that fails while the kernel is traced has no rule class; an
    "unhashable type" TypeError of the user's own statement likewise (PAL079's, not PAL011's)."""
    exc_type = error.get("exc_type", "")
    if exc_type == "AssertionError" and error.get("raised_in_user_file"):
        return (PROGRAM_ERROR,)
    if exc_type == "TypeError" and error.get("raised_in_user_file") \
            and str(error.get("message", "")).startswith("unhashable type: "):
        # Python's own words for any unhashable key: PAL011's where JAX hashes a primitive's
        # parameters, the program's own where its own statement builds a dict or set.
        return (PROGRAM_ERROR,)
    found = classes_of(exc_type, error.get("message", ""), jax_version, error.get("raised_at") or None)
    return found or _program_error(exc_type, error.get("raised_by_program"))


# The class of an error the user's program raised itself, which no rule's text claims (a
# failed `assert`, a `raise` of its own, `int("")`): PAL079's, whose findings predict it.
PROGRAM_ERROR = "operator_error"
# Exits, not errors (the worker reports a non-zero exit on its own).
_EXITS = frozenset({"SystemExit", "KeyboardInterrupt", "GeneratorExit"})


def _program_error(exc_type: str, raised_by_program: object) -> tuple[str, ...]:
    return (PROGRAM_ERROR,) if raised_by_program is True and exc_type not in _EXITS else ()


def parse_reply(obj: dict, python: str | None = None) -> LoweringReport:
    """A LoweringReport from the worker's JSON object."""
    jax_version = obj.get("jax_version")
    errors = tuple(
        LoweringError(
            exc_type=e.get("exc_type", ""),
            message=e.get("message", ""),
            line=e.get("line"),
            file=e.get("file"),
            cls=(_error_classes(e, jax_version) or ("other",))[0],
            launch_line=e.get("launch_line"),
            also=_error_classes(e, jax_version)[1:],
        )
        for e in obj.get("errors", ())
    )
    fatal = obj.get("fatal")
    message = kind = line = None
    lowered = int(obj.get("lowered", 0))
    if fatal:
        kind, line, message = fatal.get("kind"), fatal.get("line"), fatal.get("message", "")
        predicted = _predicted_user_error(kind, line, message, jax_version, fatal.get("raised_by_program"),
                                          fatal.get("raised_in_user_file"), fatal.get("raised_at"))
        if predicted is not None:
            # The file's own call of a JAX API raised an error a rule predicts (PAL009: an
            # argument the release does not have): a finding, not a failed check.
            errors = (*errors, predicted)
            fatal = kind = line = message = None
    if fatal:
        if kind == "refused":
            where = f" at line {line}" if line else ""
            message = f"lowering stopped{where}: {message}"
        elif kind == "user_code":
            where = f" (line {line})" if line else ""
            reached = lowered or errors
            before = "after a launch" if reached else "before reaching any kernel"
            message = f"The file raised {before}{where}: {message}"
        elif kind == "no_jax" and python:
            message = f"JAX is not installed in {python}"
        elif kind in ("bad_entry", "unreadable"):
            kind = "user_code"
    return LoweringReport(
        jax_version=jax_version,
        device_kind=obj.get("device_kind"),
        lowered=lowered,
        errors=errors,
        fatal=message,
        fatal_kind=kind,
        fatal_line=line,
        stopped_at=obj.get("stopped_at"),
        platform=obj.get("platform"),
        launches=tuple(
            LoweredLaunch(launch.get("line"), bool(launch.get("ok")),
                   frozenset(launch.get("traced_lines", ())))
            for launch in obj.get("launches", ())
        ),
    )


def _predicted_user_error(kind: str | None, line: int | None, message: str,
                          jax_version: str | None, raised_by_program: object = None,
                          raised_in_user_file: object = None, raised_at: object = None,
                          ) -> LoweringError | None:
    """A user-code error ("TypeError: ...", on a line of the file) of a rule class, or None.
    One the program raised itself (its own code or the standard library it called) is
    PAL079's where no rule's text claims it."""
    if kind != "user_code" or line is None:
        return None
    exc_type, sep, text = message.partition(": ")
    if not all(part.isidentifier() for part in exc_type.split(".")):
        return None  # (a standard library class is named with its module: statistics.StatisticsError)
    # (No ": ": a bare exception, `raise ConfigError` or a failed `assert` with no message.)
    site = raised_at if isinstance(raised_at, str) else None
    classes = classes_of(exc_type, text, jax_version, site) if sep else ()
    if raised_in_user_file is True and exc_type == "TypeError" and text.startswith("unhashable type: "):
        classes = ()  # the program's own statement's (as _error_classes says)
    classes = classes or _program_error(exc_type, raised_by_program)
    if not classes:
        return None
    return LoweringError(exc_type=exc_type, message=text, line=line, file=None, cls=classes[0],
                         launch_line=None, also=classes[1:])


def _last_reply(stdout: str) -> dict | None:
    _head, sep, tail = stdout.rpartition(MARKER + "\n")
    if not sep:
        return None
    try:
        return json.loads(tail.splitlines()[0])
    except (ValueError, IndexError):
        return None


def _tail(text: str) -> str:
    text = text.strip()
    return text if len(text) <= STDERR_TAIL else "…" + text[-STDERR_TAIL:]


# ---------------------------------------------------------------- one-shot runs

@dataclass(frozen=True)
class _Finished:
    stdout: str
    stderr: str
    returncode: int | None
    stopped: str | None  # 'timeout' | 'cancelled' | None


def _permitted(chosen: str | Permit, purpose: Purpose, leading: tuple[str, ...] = ()) -> Permit:
    """The caller's permit, or one for an interpreter a program passed to these functions."""
    if isinstance(chosen, Permit):
        if chosen.purpose is not purpose:
            raise interpreters.Refused(f"a permit for {chosen.purpose.value} cannot start {purpose.value}")
        return chosen
    direct = Interpreter(chosen, Origin.CALLER, "the program calling pallas_lsp.lowering", leading=leading)
    return interpreters.permit(direct, purpose, Consent.asked("a direct call of pallas_lsp.lowering"))


def _run_with_payload(
    granted: Permit,
    args: list[str],
    payload: bytes,
    *,
    timeout: float,
    cancel: threading.Event | None,
    cwd: str | None,
) -> _Finished:
    token, env = new_run()
    with _private_tmp(env) as env:
        proc = interpreters.start(
            granted, args,
            stdin=PIPE,
            stdout=PIPE,
            stderr=PIPE,
            cwd=cwd,
            env=env,
            start_new_session=True,
        )
        try:
            return _talk(proc, token, payload, timeout=timeout, cancel=cancel)
        finally:
            # Finished, stopped or interrupted (Ctrl-C in `pallas-lsp lower`): the user's code
            # may have left processes behind, in this group or out of it.
            end_run(proc, token)


def _talk(proc: Process, token: str, payload: bytes, *, timeout: float,
          cancel: threading.Event | None) -> _Finished:
    result: dict[str, tuple[bytes, bytes]] = {}

    def communicate() -> None:
        try:
            result["io"] = proc.communicate(payload)
        except (OSError, ValueError):
            result["io"] = (b"", b"")

    talker = threading.Thread(target=communicate, daemon=True)
    talker.start()
    deadline = time.monotonic() + timeout
    stopped = None
    leader_gone_at = None
    while talker.is_alive():
        talker.join(_POLL_S)
        if cancel is not None and cancel.is_set():
            stopped = "cancelled"
        elif time.monotonic() > deadline:
            stopped = "timeout"
        if stopped and talker.is_alive():
            end_run(proc, token)
            talker.join(5)
            break
        if proc.poll() is not None and talker.is_alive():
            # The worker exited but a process the user's code started still holds
            # the pipes open: its report is complete, so end the group.
            leader_gone_at = leader_gone_at or time.monotonic()
            if time.monotonic() - leader_gone_at > _LINGER_S:
                end_run(proc, token)
                talker.join(5)
    out, err = result.get("io", (b"", b""))
    return _Finished(out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
                     proc.returncode, stopped)


FEW_GPUS_NOTE = ("The GPU host has fewer GPUs than the file's mesh needs: "
                 "cross-lowered for CUDA on its CPU (forced host devices) instead")
# What jax.make_mesh / np.reshape say when a 1-GPU host meets a 2-device mesh
# (measured on an H200 with JAX 0.11.2, docs/gpu-lowering-h200.md).
_FEW_DEVICES = re.compile(r"Number of devices \d+ must be >=|cannot reshape array of size")


def needs_more_devices(report: LoweringReport) -> bool:
    """A native GPU run that failed building its mesh before any launch."""
    return (report.platform == "gpu" and report.fatal_kind == "user_code"
            and not report.launches and bool(_FEW_DEVICES.search(report.fatal or "")))


def _with_note(report: LoweringReport, note: str) -> LoweringReport:
    return replace(report, note=note)


def _stopped_report(stopped: str, timeout: float) -> LoweringReport:
    if stopped == "timeout":
        return _fatal("timeout", f"The lowering check timed out after {timeout:g} s "
                                 "(its processes were killed)")
    return _fatal("cancelled", "The lowering check was cancelled")


def lower_local(
    path: str,
    *,
    python: str | Permit,
    timeout: float = DEFAULT_TIMEOUT_S,
    entry: str | None = None,
    source: str | None = None,
    cancel: threading.Event | None = None,
    devices: str = "auto",
    allow_side_effects: bool = False,
) -> LoweringReport:
    """Lower every jitted launch of ``path`` under the user's interpreter ``python`` (a permit
    from ``interpreters.permit``, or a path this function's caller chose).

    The file runs under the lowering guard (guard.py) unless ``allow_side_effects``.

    ``devices``: "auto" lowers natively on a GPU host and cross-lowers elsewhere;
    "cpu" always cross-lowers (forced host devices). With "auto", a GPU host with
    too few GPUs for the file's mesh is checked again with "cpu" (see ``note``).
    """
    deadline = time.monotonic() + timeout
    granted = _permitted(python, Purpose.LOWERING)
    python = granted.interpreter.program  # for the messages; the door resolves it to start it

    def once(devices: str) -> LoweringReport:
        request = build_request(path, entry=entry, source=source, devices=devices,
                                allow_side_effects=allow_side_effects)
        cwd = os.path.dirname(request["path"])
        try:
            finished = _run_with_payload(
                granted, ["-"], build_payload(request), timeout=deadline - time.monotonic(),
                cancel=cancel, cwd=cwd if os.path.isdir(cwd) else None,
            )
        except OSError as exc:
            return _fatal("no_jax", f"Cannot start the interpreter {python}: {exc.strerror}")
        if finished.stopped:
            return _stopped_report(finished.stopped, timeout)
        reply = _last_reply(finished.stdout)
        if reply is None:
            return _fatal("worker_crashed", "The lowering worker stopped without a report "
                          f"(exit status {finished.returncode}): {_tail(finished.stderr)}")
        return parse_reply(reply, python)

    return _with_fallback(once, devices)


def _with_fallback(once, devices: str) -> LoweringReport:
    report = once(devices)
    if devices == "auto" and needs_more_devices(report):
        return _with_note(once("cpu"), FEW_GPUS_NOTE)
    return report


def lower_remote(
    path: str,
    *,
    command: list[str] | Permit,
    timeout: float = DEFAULT_TIMEOUT_S,
    entry: str | None = None,
    source: str | None = None,
    cancel: threading.Event | None = None,
    devices: str = "auto",
    allow_side_effects: bool = False,
) -> LoweringReport:
    """Lower through ``command`` (an argument list ending in a ``python -``; or a permit for it),
    guarded as ``lower_local`` is (the guard travels in the payload)."""
    if isinstance(command, Permit):
        granted = _permitted(command, Purpose.REMOTE_LOWERING)
    elif not command or not all(isinstance(part, str) for part in command):
        return _fatal("remote_failed", "The remote command must be a non-empty list of strings")
    else:
        granted = _permitted(command[0], Purpose.REMOTE_LOWERING, tuple(command[1:]))
    program = granted.interpreter.program
    if source is None:
        try:
            source = reader.read_text(path, _REMOTE_SOURCE_CAP_BYTES)
        except reader.UnreadableFile as exc:
            return _fatal("user_code", f"Cannot read {path}: {exc.reason}")
    deadline = time.monotonic() + timeout

    def once(devices: str) -> LoweringReport:
        request = build_request(path, entry=entry, source=source, devices=devices,
                                allow_side_effects=allow_side_effects)
        try:
            finished = _run_with_payload(
                granted, [], build_payload(request), timeout=deadline - time.monotonic(),
                cancel=cancel, cwd=None,
            )
        except OSError as exc:
            return _fatal("remote_failed", f"Cannot start {program}: {exc.strerror}")
        if finished.stopped:
            return _stopped_report(finished.stopped, timeout)
        reply = _last_reply(finished.stdout)
        if reply is None:
            return _fatal("remote_failed", f"{program} failed (exit status "
                          f"{finished.returncode}): {_tail(finished.stderr)}")
        return parse_reply(reply)

    return _with_fallback(once, devices)


# ---------------------------------------------------------------- the warm worker

class _WarmProcess:
    """One ``worker.py --serve`` child: JAX imported once, one check per request line."""

    def __init__(self, granted: Permit, devices: str) -> None:
        self.python = granted.interpreter.program
        self.token, env = new_run()
        self.private_tmp = tempfile.mkdtemp(prefix="pallas-lsp-lowering-")
        try:
            self.proc = interpreters.start(
                granted, [str(WORKER_PATH), "--serve", "--devices", devices],
                stdin=PIPE,
                stdout=PIPE,
                stderr=PIPE,
                env={**env, PRIVATE_TMP_VARIABLE: self.private_tmp},
                start_new_session=True,
            )
        except OSError:
            shutil.rmtree(self.private_tmp, ignore_errors=True)
            raise
        self.replies: queue.Queue[dict | None] = queue.Queue()
        self.stderr: collections.deque[str] = collections.deque(maxlen=200)
        self.header: dict | None = None
        self.started_at = time.monotonic()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        expect_json = False
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if line == MARKER:
                expect_json = True
            elif expect_json:
                expect_json = False
                with contextlib.suppress(ValueError):
                    self.replies.put(json.loads(line))
        self.replies.put(None)  # end of file: the worker died

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            self.stderr.append(raw.decode("utf-8", "replace"))

    def alive(self) -> bool:
        return self.proc.poll() is None

    def wait_reply(self, deadline: float, cancel: threading.Event | None) -> dict | str:
        """The next reply, or 'timeout' / 'cancelled' / 'died'."""
        while True:
            if cancel is not None and cancel.is_set():
                return "cancelled"
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return "timeout"
            try:
                reply = self.replies.get(timeout=min(_POLL_S * 5, remaining))
            except queue.Empty:
                continue
            return "died" if reply is None else reply

    def interrupt(self, grace_s: float) -> dict | str:
        """Ask the worker to stop its check (SIGUSR2: the user's code unwinds, the worker
        undoes the check as after any other) and wait for that check's reply: a dict (the
        check stopped, or it had just finished), or 'timeout' / 'died'."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, signal.SIGUSR2)
        return self.wait_reply(time.monotonic() + grace_s, None)

    def send(self, request: dict) -> bool:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps(request) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def kill(self) -> None:
        end_run(self.proc, self.token)
        with contextlib.suppress(interpreters.TimeoutExpired):
            self.proc.wait(5)
        shutil.rmtree(self.private_tmp, ignore_errors=True)

    def stderr_tail(self) -> str:
        return _tail("".join(self.stderr))


class WarmWorkerPool:
    """One warm worker per interpreter; a dead or stopped worker is replaced on the next check.

    Checks on one interpreter run one at a time (the worker is single-threaded);
    each check runs the user's file in a fresh module namespace. Workers are
    keyed by (interpreter, devices): a GPU host whose GPUs are too few for the
    file's mesh gets a second, cross-lowering worker (see ``lower_local``).
    """

    def __init__(self, devices: str = "auto") -> None:
        self._devices = devices
        self._workers: dict[tuple[str, str], _WarmProcess] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def _lock_for(self, python: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(python, threading.Lock())

    def check(
        self,
        path: str,
        *,
        python: str | Permit,
        source: str | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
        cancel: threading.Event | None = None,
        entry: str | None = None,
        allow_side_effects: bool = False,
    ) -> LoweringReport:
        """``python``: a permit from ``interpreters.permit``, or a path the caller chose."""
        deadline = time.monotonic() + timeout
        request = build_request(path, entry=entry, source=source,
                                allow_side_effects=allow_side_effects)
        granted = _permitted(python, Purpose.LOWERING)
        program = granted.interpreter.program
        with self._lock_for(program):
            report = self._check_on((program, self._devices), granted, request, deadline, cancel, timeout)
            if self._devices == "auto" and needs_more_devices(report):
                report = _with_note(
                    self._check_on((program, "cpu"), granted, request, deadline, cancel, timeout),
                    FEW_GPUS_NOTE)
            return report

    def _check_on(self, key: tuple[str, str], granted: Permit, request: dict, deadline: float,
                  cancel: threading.Event | None, timeout: float) -> LoweringReport:
        python, devices = key
        worker = self._workers.get(key)
        if worker is None or not worker.alive():
            if worker is not None:
                worker.kill()
            try:
                worker = _WarmProcess(granted, devices)
            except OSError as exc:
                return _fatal("no_jax", f"Cannot start the interpreter {python}: "
                                        f"{exc.strerror}")
            self._workers[key] = worker
        if worker.header is None:
            header = worker.wait_reply(deadline, cancel)
            starting_s = time.monotonic() - worker.started_at
            if header in ("cancelled", "timeout") and starting_s < _START_LIMIT_S:
                # Still importing JAX: it is kept starting, for the check that comes next (a
                # short save timeout on a slow machine would otherwise kill every worker
                # before it is ready, and no save would ever be checked).
                if header == "cancelled":
                    return _stopped_report("cancelled", timeout)
                return _fatal("timeout", f"The lowering check timed out after {timeout:g} s "
                              f"while its worker was still starting (importing JAX, "
                              f"{starting_s:.0f} s so far); the worker keeps starting, "
                              "and the next check uses it")
            if not isinstance(header, dict) or not header.get("ready"):
                return self._failed(key, worker, header, timeout)
            worker.header = header
        if not worker.send(request):
            return self._failed(key, worker, "died", timeout)
        reply = worker.wait_reply(deadline, cancel)
        if reply == "cancelled":
            reply = worker.interrupt(min(_CANCEL_GRACE_S, max(deadline - time.monotonic(), 1.0)))
            if isinstance(reply, dict):
                if reply.get("retire"):
                    worker.kill()
                    self._workers.pop(key, None)
                return _stopped_report("cancelled", timeout)  # the worker stays warm
            return self._failed(key, worker, "cancelled", timeout)
        if not isinstance(reply, dict):
            return self._failed(key, worker, reply, timeout)
        if reply.get("retire"):
            # A thread the file started outlived its check (worker.py): not reused.
            worker.kill()
            self._workers.pop(key, None)
        return parse_reply(reply, python)

    def _failed(self, key: tuple[str, str], worker: _WarmProcess, why: dict | str,
                timeout: float) -> LoweringReport:
        """Drop the worker (the next check starts a fresh one) and say why."""
        worker.kill()
        self._workers.pop(key, None)
        if isinstance(why, dict):  # a fatal start reply: no JAX, or JAX failed to import
            return parse_reply(why, key[0])
        if why in ("timeout", "cancelled"):
            return _stopped_report(why, timeout)
        return _fatal("worker_crashed", "The lowering worker died during the check: "
                      f"{worker.stderr_tail() or 'no output'}")

    def worker_pids(self) -> list[int]:
        """The process ids of the warm workers alive now (for the debug info and tests)."""
        with self._guard:
            return sorted(w.proc.pid for w in self._workers.values() if w.alive())

    def close(self) -> None:
        with self._guard:
            workers, self._workers = list(self._workers.values()), {}
        for worker in workers:
            worker.kill()

    def __enter__(self) -> WarmWorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
