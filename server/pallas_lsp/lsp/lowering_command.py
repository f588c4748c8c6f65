"""``pallasLsp.confirmLowering``: confirm the static findings with real JAX lowering.

Like rust-analyzer's flycheck, but only on request (the command, or the opt-in
``lowering.onSave``), because lowering runs the user's file: never in a
workspace the client has not declared trusted. The check itself lives in
``pallas_lsp.lowering`` (another process; this server never imports jax); here
it is wired to LSP:
- it runs on a worker thread, with work-done progress that the user can cancel
  (the cancel sets a ``threading.Event`` the runner polls and kills the process group);
- its results belong to the document version they ran on: each static finding's
  source says what lowering made of it ("pallas-lsp ✓ JAX x" confirmed, "pallas-lsp ✗
  JAX x" refuted, "pallas-lsp · not reached" with why at the end of the message), and
  ``data.lowering`` says the same (not a second diagnostic); an error no rule predicted
  is published with source "pallas-lsp lowering" at its traceback line. The next edit
  clears all of it;
- the command's ``version`` argument names the document version to check: an older
  one is not lowered (the result says so; the client may run the check again);
- the result and a ``pallasLsp/loweringStatus`` notification tell the client how it went.

The judging (which finding lowering confirmed, where an error of another module
goes) is ``pallas_lsp.lowering.outcome``'s, shared with ``check --confirm``; this
module renders it as diagnostics. It does not import the server: ``LoweringHost``
says what it needs.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from lsprotocol import types
from pygls.progress import Progress
from pygls.workspace import TextDocument

from pallas_lsp import interpreters
from pallas_lsp.analysis import Finding
from pallas_lsp.interpreters import Consent, Interpreter, Origin, Purpose, Refused
from pallas_lsp.lowering import outcome, runner
from pallas_lsp.lowering.outcome import Failure
from pallas_lsp.lowering.report import LoweringReport, fatal_report

from . import progress as work_progress
from .convert import LOWERING_SOURCE, Positions
from .protocol import LOWERING_STATUS
from .settings import Settings
from .state import DocState, ShownLowering

logger = logging.getLogger(__name__)

UNTRUSTED = (
    "The lowering check runs this file's code, so it runs only in a trusted workspace "
    "(the client has not said this workspace is trusted; set pallasLsp.workspaceTrusted "
    "in editors without workspace trust)."
)


class LoweringHost(Protocol):
    """What the lowering service needs from the server (PallasServer provides it)."""

    settings: Settings
    docs: dict[str, DocState]

    @property
    def encoding(self) -> str: ...

    def open_document(self, uri: str) -> TextDocument | None: ...

    async def lint(self, uri: str) -> None: ...

    def publish(self, uri: str, state: DocState, version: int | None) -> None: ...

    def interpreter_for(self, path: str | None) -> Interpreter: ...

    def progress(self) -> Progress | None:
        """Work-done progress, or None when the client cannot show it."""
        ...

    def notify(self, method: str, params: Mapping[str, object]) -> None: ...

    def log_info(self, message: str) -> None: ...


def _result(state: str, message: str, *, errors: int = 0, confirmed: int = 0, refuted: int = 0,
            not_reached: int = 0, unpredicted: int = 0, jax_version: str = "",
            reason: str = "") -> dict[str, Any]:
    """The command's result (the client's contract, docs/vscode.md): the counts are of this
    file's findings; ``reason`` is the runner's fatal kind (e.g. "no_jax") when the check
    could not run."""
    return {"state": state, "message": message, "errors": errors, "confirmed": confirmed,
            "refuted": refuted, "notReached": not_reached, "unpredicted": unpredicted,
            "jaxVersion": jax_version, "reason": reason}


def launch_results(report: LoweringReport) -> dict[str, Any]:
    """Each launch's own result, for the code lens on its line: whether it lowered, the rule
    codes of its errors; and the line of the first error no launch owns (a kernel that
    fails where it is created, so no launch after it is reached)."""
    launches = [{"line": launch.line, "ok": launch.ok,
                 "codes": sorted({e.code for e in report.errors if e.launch_line == launch.line and e.code})}
                for launch in report.launches if launch.line is not None]
    unowned = [e.line for e in report.errors if e.launch_line is None and e.line is not None]
    stopped = report.stopped_at if report.stopped_at is not None else (unowned[0] if unowned else None)
    return {"launches": launches, "stoppedAt": stopped}


def _failure_diagnostic(failure: Failure, uri: str, positions: Positions) -> types.Diagnostic:
    if failure.user_code:
        return types.Diagnostic(
            range=positions.range(failure.span),
            message=failure.message,
            severity=types.DiagnosticSeverity.Warning,
            source=LOWERING_SOURCE,
            data={"lowering": "user_code"},
        )
    related = None
    if failure.raised_at is not None:
        where, range_ = positions.location(failure.raised_at, uri)
        related = [types.DiagnosticRelatedInformation(
            location=types.Location(uri=where, range=range_),
            message="the lowering error was raised here",
        )]
    return types.Diagnostic(
        range=positions.range(failure.span),
        message=failure.message,
        severity=types.DiagnosticSeverity.Error,
        code=failure.code or failure.exc_type or None,
        source=LOWERING_SOURCE,
        related_information=related,
        data={"lowering": "unpredicted", "class": failure.cls},
    )


def build_outcome(
    version: int | None,
    source: str,
    findings: tuple[Finding, ...],
    report: LoweringReport,
    encoding: str,
    edits: int = 0,
    path: str | None = None,
) -> tuple[ShownLowering, dict[str, Any]]:
    """The lowering outcome (``lowering.outcome``, shared with ``check --confirm``) as
    diagnostics for ``version``; also the command's result."""
    judged = outcome.build_outcome(path or "", source, findings, report)
    shown = ShownLowering(version, edits)
    ran = judged.state not in ("cancelled", "error")
    statuses = list(judged.statuses.values()) if ran else []
    result = _result(
        judged.state, judged.message, errors=judged.errors, confirmed=statuses.count(True),
        refuted=statuses.count(False), not_reached=statuses.count(None),
        unpredicted=sum(not failure.user_code for failure in judged.failures),
        jax_version=judged.jax_version if judged.jax_version != "?" else "",
        reason=str(report.fatal_kind or "") if not ran or report.fatal_kind == "refused" else "",
    )
    if ran:
        result.update(launch_results(report))
    if not ran and not judged.failures:
        return shown, result
    positions = Positions(source, encoding)
    uri = Path(path).as_uri() if path and os.path.isabs(path) else (path or "")
    # The same states and reason the CLI reports (lowering.outcome: verdict, not_reached_why).
    for finding, verdict in (judged.verdicts().items() if ran else ()):
        shown.notes[(finding.code, finding.span)] = (
            verdict, judged.jax_version, judged.not_reached_why if verdict == outcome.NOT_REACHED else "")
    shown.diagnostics.extend(_failure_diagnostic(f, uri, positions) for f in judged.failures)
    return shown, result


class LoweringService:
    """Runs lowering checks for the server's documents (one at a time per document)."""

    def __init__(self, host: LoweringHost) -> None:
        self.host = host
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="lowering")
        self.pool = runner.WarmWorkerPool()
        self.running: dict[str, threading.Event] = {}
        # Files whose on-save check reached no launch: said once each, in the status bar.
        self.said_no_launch: set[str] = set()

    def close(self) -> None:
        for cancel in list(self.running.values()):
            cancel.set()
        self.pool.close()

    def _status(self, uri: str, state: str, message: str) -> None:
        self.host.notify(LOWERING_STATUS, {"uri": uri, "state": state, "message": message})

    def run(self, path: str, source: str, cancel: threading.Event,
            timeout: float | None = None) -> tuple[LoweringReport, str]:
        """The report, and which interpreter lowered (or would have), named by who chose it."""
        settings = self.host.settings
        timeout = settings.lowering.timeout if timeout is None else timeout
        allow = settings.lowering.allow_side_effects
        if settings.lowering.mode == "remote":
            if not settings.lowering.remote_command:
                return fatal_report(
                    "remote_failed",
                    "pallasLsp.lowering.mode is 'remote' but pallasLsp.lowering.remoteCommand is empty",
                ), ""
            command = settings.lowering.remote_command
            chosen = Interpreter(command[0], Origin.USER_SETTING, "pallasLsp.lowering.remoteCommand",
                                 leading=tuple(command[1:]))
            purpose = Purpose.REMOTE_LOWERING
        else:
            chosen, purpose = self.host.interpreter_for(path), Purpose.LOWERING
        try:
            granted = interpreters.permit(chosen, purpose, Consent.workspace(settings.workspace_trusted))
        except Refused as exc:
            return fatal_report("untrusted", str(exc)), chosen.described
        logger.info("lowering %s with %s", path, chosen.described)
        if purpose is Purpose.REMOTE_LOWERING:
            return runner.lower_remote(path, command=granted, timeout=timeout, source=source,
                                       cancel=cancel, allow_side_effects=allow), chosen.described
        return self.pool.check(path, python=granted, source=source, timeout=timeout,
                               cancel=cancel, allow_side_effects=allow), chosen.described

    async def confirm(self, uri: str, *, version: int | None = None,
                      on_save: bool = False) -> dict[str, Any]:
        """Lower the open document ``uri`` (``version``: the one the client means, if it says).

        ``on_save``: the check of a save (lowering.onSave), bounded by lowering.saveTimeout;
        a file with no launch reached says so once in the status bar, not as a result."""
        host = self.host
        if not host.settings.workspace_trusted:
            self._status(uri, "error", UNTRUSTED)
            return _result("error", UNTRUSTED)
        document = host.open_document(uri)
        state = host.docs.get(uri)
        if document is None or state is None:
            return _result("error", f"{uri} is not open in the editor")
        if version is not None and version != document.version:
            message = (f"version {version} of the document was asked for, but the editor's is "
                       f"{document.version}: nothing was lowered; run the check again")
            self._status(uri, "idle", message)
            return _result("cancelled", message)
        version, source, edits = document.version, document.source, state.edits
        if state.analysed_edits != edits:
            await host.lint(uri)  # the static findings of exactly this text
        current_findings = state.analysed_edits == edits and state.analysis is not None
        findings = state.findings if current_findings else ()

        previous = self.running.pop(uri, None)
        if previous is not None:
            previous.set()  # a newer check of the same file supersedes the old one
        cancel = threading.Event()
        self.running[uri] = cancel
        progress = host.progress()
        token = await work_progress.begin(progress, "pallas-lowering", "Pallas: lowering with JAX",
                                          cancellable=True, message=uri.rsplit("/", 1)[-1],
                                          on_cancel=cancel.set)
        self._status(uri, "running", "lowering with JAX")
        path = document.path or uri
        loop = asyncio.get_running_loop()
        described = ""
        try:
            timeout = host.settings.lowering.save_timeout if on_save else None
            report, described = await loop.run_in_executor(self.executor, self.run, path, source, cancel,
                                                           timeout)
        except asyncio.CancelledError:
            cancel.set()
            raise
        except Exception as exc:
            logger.exception("lowering check of %s failed", uri)
            report = fatal_report("worker_crashed", f"the lowering check failed: {exc}")
        finally:
            if self.running.get(uri) is cancel:
                del self.running[uri]
        if cancel.is_set() and report.fatal_kind is None:
            report = fatal_report("cancelled", "The lowering check was cancelled")
        shown, result = build_outcome(version, source, findings, report, host.encoding, edits, path)
        if described:
            result["message"] += f" (lowering with {described})"
        work_progress.end(progress, token, result["message"])

        if result["state"] == "cancelled":
            self._status(uri, "idle", result["message"])
            return result
        if host.docs.get(uri) is not state or state.edits != edits:
            result["message"] += " (the document changed during the check: results not shown)"
            self._status(uri, "idle", result["message"])
            return result
        self._log_unpredicted(path, shown)
        if on_save and _no_launch(report):
            if uri not in self.said_no_launch:
                self.said_no_launch.add(uri)
                self._status(uri, "idle", NO_LAUNCH)
                host.log_info(f"{path}: {NO_LAUNCH}")
            return result
        # The status goes first: a client that reacts to the diagnostics (a test, a toast
        # keyed on them) then already knows the outcome they belong to.
        self._status(uri, result["state"], result["message"])
        if result["state"] != "error" or shown.diagnostics:
            state.lowering = shown
            host.publish(uri, state, version)
        return result


    def _log_unpredicted(self, path: str, shown: ShownLowering) -> None:
        """Learn from disagreement: an error lowering raised that no static finding predicted
        is named in the output channel with its rule class and line, to report the gap."""
        for diagnostic in shown.diagnostics:
            data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
            if data.get("lowering") != "unpredicted":
                continue
            code = f" {diagnostic.code}" if diagnostic.code else ""
            self.host.log_info(
                f"lowering raised an error no static finding predicted: {path}:"
                f"{diagnostic.range.start.line + 1}: class {data.get('class')}{code}: "
                f"{diagnostic.message.splitlines()[0][:200]} (a static gap worth reporting)")


NO_LAUNCH = ("the on-save lowering check reached no kernel launch under __main__, so it had "
             "nothing to confirm; launch the kernels in the file's __main__ block, or run "
             "Pallas: Confirm with real lowering on the file that launches them")


def _no_launch(report: LoweringReport) -> bool:
    return report.fatal_kind is None and not report.launches and not report.errors


def command_target(args: tuple[Any, ...]) -> tuple[str, int | None] | str:
    """(uri, version or None) from the command's arguments, or the error to answer with."""
    target = args[0] if args else None
    if isinstance(target, str):
        target = {"uri": target}
    if not isinstance(target, dict) or not isinstance(target.get("uri"), str):
        return f'expected [{{"uri": ..., "version": ...}}], got {args!r}'
    version = target.get("version")
    return target["uri"], version if isinstance(version, int) and not isinstance(version, bool) else None


def bad_arguments(message: str) -> dict[str, Any]:
    return _result("error", message)
